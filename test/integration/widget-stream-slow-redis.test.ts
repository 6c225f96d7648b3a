import net from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { startApi } from '../harness/app.js';
import { sqlClient } from '../harness/database.js';
import { SseClient, eventsUrl, newVisitor } from './widget-stream-support.js';

/**
 * The live subscription of an api process is made on its first stream, on a new Redis
 * connection. That connection's connect and SUBSCRIBE are bounded by the hub's own wait
 * (3 s), not by the 1 s command timeout of the limits connection it is duplicated from: a
 * busy Redis (or a busy machine) that takes 1.5 s to answer a new connection still gives
 * the stream; one that takes longer than the wait gives a bounded 503 with Retry-After.
 */

/** A TCP proxy to the test Redis; while `holdMs` is set, a new connection's answers are held that long. */
class SlowRedisProxy {
  holdMs = 0;
  private readonly server = net.createServer((client) => {
    const upstream = net.connect(this.target.port, this.target.host);
    const hold = this.holdMs;
    client.pipe(upstream);
    setTimeout(() => upstream.pipe(client), hold);
    const end = () => { client.destroy(); upstream.destroy(); };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const proxy = new SlowRedisProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
let sql: pg.Client;
let viaProxy: Record<string, string>;
const apis: TestApi[] = [];
const open: SseClient[] = [];
beforeAll(async () => {
  const port = await proxy.listen();
  viaProxy = { REDIS_URL: Object.assign(new URL(redisUrl), { hostname: '127.0.0.1', port: String(port) }).toString() };
  sql = await sqlClient();
});
afterAll(async () => {
  for (const c of open.splice(0)) c.close();
  for (const api of apis.splice(0)) await api.close();
  await sql.end();
  await proxy.close();
});

/** A new api process (its hub not yet subscribed) on the proxy, and its first stream while new connections are held `holdMs`. */
async function firstStream(holdMs: number): Promise<{ c: SseClient; waitedMs: number }> {
  const api = await startApi(viaProxy);
  apis.push(api);
  const v = await newVisitor(api, sql);
  proxy.holdMs = holdMs;
  const started = Date.now();
  const c = await SseClient.open(eventsUrl(api, v.token));
  const waitedMs = Date.now() - started;
  proxy.holdMs = 0;
  open.push(c);
  return { c, waitedMs };
}

describe('the first stream of a process on a slow Redis', () => {
  it('waits past the command timeout (1 s) for the live subscription', async () => {
    const { c } = await firstStream(1500);
    expect({ status: c.status, problem: c.status === 200 ? undefined : await c.json() }).toEqual({ status: 200, problem: undefined });
    await c.nth('conversation:update', 1);
  });

  it('refuses with 503 and Retry-After once its own wait (3 s) is over', async () => {
    const { c, waitedMs } = await firstStream(4500);
    expect(c.status).toBe(503);
    expect(c.header('retry-after')).toBeDefined();
    expect((await c.json()).code).toBe('service_unavailable');
    expect(waitedMs).toBeGreaterThanOrEqual(2900);
  });
});
