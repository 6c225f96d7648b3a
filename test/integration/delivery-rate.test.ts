import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedis } from '../../src/redis.js';
import { DeliveryRate, startSpacingUs } from '../../src/domain/webhooks/delivery-rate.js';

/**
 * The shared schedule of a subscription's starts (delivery-rate.ts) against the real Redis:
 * slots one spacing apart however many ask at once, a gate that opens one spacing after the
 * last start, and a schedule of its own for each rate.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis;
let other: Redis;

beforeAll(async () => {
  const prefix = `test:delivery-rate:${randomUUID()}:`;
  redis = createRedis(REDIS_URL, prefix);
  other = createRedis(REDIS_URL, prefix);
  await Promise.all([redis, other].map((r) => new Promise<void>((resolve, reject) => { r.once('ready', resolve).once('error', reject); })));
});
afterAll(() => {
  redis.disconnect();
  other.disconnect();
});

const spacingMs = (rate: number) => startSpacingUs(rate) / 1000;

describe('DeliveryRate', () => {
  it('ten deliveries asking at once, through two connections (two workers), get slots one spacing apart; the first starts now', async () => {
    const webhook = randomUUID();
    const rates = [new DeliveryRate(redis), new DeliveryRate(other)];
    const waits = await Promise.all(Array.from({ length: 10 }, (_, i) => rates[i % 2]!.take(webhook, 5, 'slot')));
    const sorted = [...waits].sort((a, b) => a - b);
    expect(sorted[0]).toBe(0);
    for (let i = 1; i < sorted.length; i++) {
      // Each slot one spacing (210 ms at 5 a second) after the one before, less the milliseconds the asks took.
      expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(spacingMs(5) - 20);
      expect(sorted[i]! - sorted[i - 1]!).toBeLessThanOrEqual(spacingMs(5) + 1);
    }
  });

  it('the gate: closed for one spacing after a start, then open once', async () => {
    const webhook = randomUUID();
    const rate = new DeliveryRate(redis);
    expect(await rate.take(webhook, 2, 'gate')).toBe(0);
    const closed = await rate.take(webhook, 2, 'gate');
    expect(closed).toBeGreaterThan(spacingMs(2) - 50);
    expect(closed).toBeLessThanOrEqual(spacingMs(2));
    await new Promise((resolve) => { setTimeout(resolve, closed + 5); });
    expect(await rate.take(webhook, 2, 'gate')).toBe(0);
    expect(await rate.take(webhook, 2, 'gate')).toBeGreaterThan(0);
  });

  it('a changed rate is a schedule of its own: a backlog at 1 a second does not delay the first start at 100', async () => {
    const webhook = randomUUID();
    const rate = new DeliveryRate(redis);
    for (let i = 0; i < 5; i++) await rate.take(webhook, 1, 'slot');
    expect(await rate.take(webhook, 1, 'slot')).toBeGreaterThan(4_000);
    expect(await rate.take(webhook, 100, 'slot')).toBe(0);
  });

  it('its keys expire once the schedule has passed', async () => {
    const webhook = randomUUID();
    await new DeliveryRate(redis).take(webhook, 1000, 'slot');
    const ttls = await Promise.all(['next', 'last'].map((k) => redis.pttl(`webhook-rate:${webhook}:1000:${k}`)));
    for (const ttl of ttls) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(1_002);
    }
  });
});
