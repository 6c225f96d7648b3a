import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { COMMAND_DEADLINE_MS, createRedis } from '../../src/redis.js';

/**
 * The limits connection's command deadline (src/redis.ts) against the real Redis: a stall of
 * this process longer than the deadline does not fail a command Redis had answered (with
 * ioredis's own commandTimeout it did: "Command timed out", and the request answered 503),
 * while an answer that is really late still fails at the deadline.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis;

beforeAll(async () => {
  redis = createRedis(REDIS_URL, `test:redis-deadline:${randomUUID()}:`);
  await new Promise<void>((resolve, reject) => { redis.once('ready', resolve).once('error', reject); });
});
afterAll(() => { redis.disconnect(); });

/** Holds the event loop, as a long GC or a busy machine does: no timer and no socket is served meanwhile. */
function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) { /* busy */ }
}

describe('the limits connection: a deadline of its answers, not of the process', () => {
  it('a command answered while the process stalled past the deadline succeeds', async () => {
    const answers = [redis.ping(), redis.incr('n'), redis.eval('return 7', 0)];
    stall(COMMAND_DEADLINE_MS + 500);
    await expect(Promise.all(answers)).resolves.toEqual(['PONG', 1, 7]);
  });

  it('an answer that really comes late fails at the deadline (BLPOP on an empty list answers null after 3 s)', async () => {
    const started = Date.now();
    await expect(redis.blpop('empty', 3)).rejects.toThrow('Command timed out');
    expect(Date.now() - started).toBeGreaterThanOrEqual(COMMAND_DEADLINE_MS);
    // The connection goes on: the late answer is read and dropped.
    await new Promise((resolve) => { setTimeout(resolve, 2_500); });
    expect(await redis.ping()).toBe('PONG');
  });
});
