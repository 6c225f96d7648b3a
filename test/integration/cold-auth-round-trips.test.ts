import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, sandboxCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';
import { countPgRoundTrips, type PgRoundTrips } from '../harness/pg-round-trips.js';

/**
 * Issue 30 item 9: a request that finds nothing cached resolves its key, integration, tenant,
 * scopes, limits and wallet state in at most two database round trips (counted on the wire by
 * a proxy in front of PostgreSQL): one statement when the wallet answers in time, a second
 * (the caller alone) when it does not and the wallet state is unknown.
 */

let pg: PgRoundTrips;
let cold: TestApi;
let cached: TestApi;

beforeAll(async () => {
  pg = await countPgRoundTrips(process.env.DATABASE_URL!);
  // The test api runs without caches unless told (AUTH_CACHE_MS=0 WALLET_CACHE_MS=0): every request is cold.
  cold = await startApi({ DATABASE_URL: pg.url });
  cached = await startApi({ DATABASE_URL: pg.url, AUTH_CACHE_MS: '30000', WALLET_CACHE_MS: '30000' });
});
afterAll(async () => {
  await cold?.close();
  await cached?.close();
  await pg?.close();
});

interface Counted {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  trips: string[];
}

/** GET /me of `key` on `api`, with the round trips `proxy` saw meanwhile. */
async function meCounted(api: TestApi, key: string, proxy = pg): Promise<Counted> {
  proxy.reset();
  const res = await call(api.base, 'GET', '/me', { key });
  return { status: res.status, headers: res.headers, body: res.body as Record<string, unknown>, trips: proxy.trips() };
}

/** Fails naming every round trip's SQL when there were more than `max`. */
function expectAtMost(max: number, trips: string[]): void {
  if (trips.length > max) throw new Error(`${trips.length} database round trips, at most ${max} wanted:\n${trips.map((t) => `- ${t.replace(/\s+/g, ' ')}`).join('\n')}`);
}

describe('a request that finds nothing cached', () => {
  let live: Caller;
  let test: Caller;
  beforeAll(async () => {
    live = await newCaller(cold.services);
    test = await sandboxCaller(cold.services, live);
    // Opens the pools' connections and reads the applied migrations once (the migration gate).
    for (const api of [cold, cached]) expect((await call(api.base, 'GET', '/me', { key: live.apiKey })).status).toBe(200);
  });

  it('GET /me with a live key and no caches: one database round trip', async () => {
    const me = await meCounted(cold, live.apiKey);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      tenant: { id: live.tenantId }, integration: { id: live.integrationId }, channel_id: live.channelId,
      key: { key_id: live.keyId, mode: 'live' }, wallet: { balance: { amount: '1000.00' }, state: 'ok', exchange: 'active' },
    });
    expectAtMost(1, me.trips);
  });

  it('GET /me with a test key and no caches: one database round trip, showing the live owners', async () => {
    const me = await meCounted(cold, test.apiKey);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ tenant: { id: live.tenantId }, integration: { id: live.integrationId }, channel_id: test.channelId, key: { mode: 'test' } });
    expectAtMost(1, me.trips);
  });

  it('a key an api with caches has not seen yet: one round trip, then none while cached', async () => {
    const fresh = await newCaller(cached.services);
    const first = await meCounted(cached, fresh.apiKey);
    expect(first.status).toBe(200);
    expectAtMost(1, first.trips);
    const second = await meCounted(cached, fresh.apiKey);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.trips).toEqual([]);
  });
});

describe('a wallet that does not answer in time', () => {
  it('GET /me answers with the wallet state unknown after at most two round trips', async () => {
    // A database of its own: the wallets table is locked for the length of the test.
    const url = await freshDatabase('cold_auth_locked');
    const proxy = await countPgRoundTrips(url);
    const api = await startApi({ DATABASE_URL: proxy.url, WALLET_READ_TIMEOUT_MS: '200' });
    const locker = await sqlClient(url);
    try {
      const shop = await newCaller(api.services);
      expect((await call(api.base, 'GET', '/me', { key: shop.apiKey })).status).toBe(200);
      await locker.query('begin');
      await locker.query('lock table wallets in access exclusive mode');
      const me = await meCounted(api, shop.apiKey, proxy);
      expect(me.status).toBe(200);
      expect(me.headers.get('svc-wallet-state')).toBe('unknown');
      expect(me.body).toMatchObject({ tenant: { id: shop.tenantId }, wallet: { balance: null, state: 'unknown', exchange: 'active' } });
      expectAtMost(2, me.trips);
    } finally {
      await locker.query('rollback');
      await locker.end();
      await api.close();
      await proxy.close();
      await dropDatabase(url);
    }
  }, 60_000);
});
