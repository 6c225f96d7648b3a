import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { randomBase62 } from '../../src/ids.js';
import { countRedisRoundTrips, type RedisRoundTrips } from '../harness/redis-round-trips.js';

/**
 * Issue 30 item 9: an authenticated request makes one Redis round trip, whether its caller is
 * cached (warm) or looked up now (cold): the count of its rate class (a key id the process once
 * found in the index of issued keys needs no round trip of its own; counted on the wire by a
 * proxy in front of Redis).
 */

let redis: RedisRoundTrips;
let cold: TestApi;
let warm: TestApi;

beforeAll(async () => {
  redis = await countRedisRoundTrips(process.env.REDIS_URL!);
  // The test api runs without caches unless told (AUTH_CACHE_MS=0 WALLET_CACHE_MS=0): every request is cold.
  // The request log is written in batches of its own (REQUEST_LOG_FLUSH_MS), not by a request:
  // its batch is kept out of the counted windows (written at close).
  const quiet = { REDIS_URL: redis.url, REQUEST_LOG_FLUSH_MS: '3600000' };
  cold = await startApi(quiet);
  warm = await startApi({ ...quiet, AUTH_CACHE_MS: '30000', WALLET_CACHE_MS: '30000' });
});
afterAll(async () => {
  await cold?.close();
  await warm?.close();
  await redis?.close();
});

/** `path` of `key` on `api`, with the round trips the proxy saw meanwhile. */
async function counted(api: TestApi, key: string, path = '/me') {
  redis.reset();
  const res = await call(api.base, 'GET', path, { key });
  return { status: res.status, headers: res.headers, trips: redis.trips() };
}

/** Fails naming every round trip's commands unless there was exactly one. */
function expectOne(trips: string[]): void {
  if (trips.length !== 1) throw new Error(`${trips.length} Redis round trips, one wanted:\n${trips.map((t) => `- ${t}`).join('\n')}`);
}

describe('an authenticated request', () => {
  let shop: Caller;
  beforeAll(async () => {
    shop = await newCaller(cold.services);
    // The scripts are loaded on each connection by its first use (EVAL, then EVALSHA).
    for (const api of [cold, warm]) expect((await call(api.base, 'GET', '/me', { key: shop.apiKey })).status).toBe(200);
  });

  it('GET /me with nothing cached: one Redis round trip, with its RateLimit headers', async () => {
    const me = await counted(cold, shop.apiKey);
    expect(me.status).toBe(200);
    expect(me.headers.get('ratelimit-policy')).toMatch(/;w=60;name="read"$/);
    expectOne(me.trips);
  });

  it('GET /me with the caller and wallet cached: one Redis round trip', async () => {
    const me = await counted(warm, shop.apiKey);
    expect(me.status).toBe(200);
    expect(me.headers.get('ratelimit-remaining')).not.toBeNull();
    expectOne(me.trips);
  });

  it('a made-up key: one Redis round trip (the index of issued key ids; nothing counted)', async () => {
    const refused = await counted(cold, `sk_live_ru_${randomBase62(20)}_${randomBase62(40)}`);
    expect(refused.status).toBe(401);
    expectOne(refused.trips);
    expect(refused.trips[0]).toMatch(/:issued-keys\b/);
  });

  it('another read route, cold and warm: one Redis round trip each', async () => {
    for (const api of [cold, warm]) {
      const wallet = await counted(api, shop.apiKey, '/wallet');
      expect(wallet.status).toBe(200);
      expectOne(wallet.trips);
    }
  });
});
