import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { sqlClient } from '../harness/database.js';
import { countPgRoundTrips, type PgRoundTrips } from '../harness/pg-round-trips.js';
import { countRedisRoundTrips, type RedisRoundTrips } from '../harness/redis-round-trips.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';

/**
 * Issue 39 item 4: GET /dashboards/overview costs the caller's statement and one more, whatever
 * blocks it answers (every block's live figures, the zone and the snapshot state in one
 * prepared statement; the rollups from the cache in one Redis round trip), where it cost 13;
 * GET /analytics/timeseries the caller's and one. Counted on the wire by proxies in front of
 * PostgreSQL and Redis, on an api without caller caches (so the caller costs one statement).
 */

let db: PgRoundTrips;
let redis: RedisRoundTrips;
let api: TestApi;
let sql: pg.Client;
let shop: Caller;

/** The ru cell's zone, which a tenant without one of its own has. */
const ZONE = 'Europe/Moscow';

beforeAll(async () => {
  db = await countPgRoundTrips(process.env.DATABASE_URL!);
  redis = await countRedisRoundTrips(process.env.REDIS_URL!);
  // The request log is written in batches of its own, not by a request: kept out of the counted windows.
  api = await startApi({ DATABASE_URL: db.url, REDIS_URL: redis.url, REQUEST_LOG_FLUSH_MS: '3600000' });
  sql = await sqlClient(process.env.DATABASE_URL!);
  shop = await newCaller(api.services);
  // A page view of yesterday: its day's rollups, and a rollup version for the cache to be keyed by.
  const yesterday = addDays(dayIn(new Date(), ZONE), -1);
  const res = await call(api.base, 'POST', '/events', {
    key: shop.apiKey, body: { events: [{ id: 'rt-1', type: 'page_view', occurred_at: `${yesterday}T12:00:00+03:00`, visitor_id: 'v1', properties: { url: 'https://shop.example/a' } }] },
  });
  expect(res.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await api?.close();
  await sql?.end();
  await db?.close();
  await redis?.close();
});

/** `path` of the shop, with the round trips of each proxy meanwhile. */
async function counted(path: string) {
  db.reset();
  redis.reset();
  const res = await call(api.base, 'GET', path, { key: shop.apiKey });
  return { status: res.status, body: res.body as { data: Record<string, unknown> }, pg: db.trips(), redis: redis.trips() };
}

/** Fails naming every round trip when there were more than `max`. */
function expectAtMost(max: number, trips: string[], of: string): void {
  if (trips.length > max) throw new Error(`${trips.length} ${of} round trips, at most ${max} wanted:\n${trips.map((t) => `- ${t.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n')}`);
}

describe('round trips of a read', () => {
  it('GET /dashboards/overview, every block: two statements (the caller, then the blocks) and two Redis round trips', async () => {
    // The first read finds the tenant's zone and fills the rollup cache.
    expect((await counted('/dashboards/overview')).status).toBe(200);
    const read = await counted('/dashboards/overview');
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.data.blocks as object)).toHaveLength(11);
    expect(read.body.data).toMatchObject({ time_zone: ZONE, to: addDays(dayIn(new Date(), ZONE), -1) });
    expectAtMost(2, read.pg, 'database');
    // The rate limit's, and the rollup cache's (one MGET for every block's rollups).
    expectAtMost(2, read.redis, 'Redis');
  });

  it('the overview with include_today: the same two statements once today was refreshed', async () => {
    expect((await counted('/dashboards/overview?include_today=true')).status).toBe(200);
    const read = await counted('/dashboards/overview?include_today=true');
    expect(read.status).toBe(200);
    expect(read.body.data.to).toBe(dayIn(new Date(), ZONE));
    expectAtMost(2, read.pg, 'database');
    // Today's refresh key, taken by the read before for 30 seconds, is not asked for again meanwhile.
    expectAtMost(2, read.redis, 'Redis');
  });

  it('GET /analytics/timeseries: two statements', async () => {
    expect((await counted('/analytics/timeseries?metric=page_views')).status).toBe(200);
    const read = await counted('/analytics/timeseries?metric=page_views');
    expect(read.status).toBe(200);
    expect(read.body.data.total).toBe(1);
    expectAtMost(2, read.pg, 'database');
  });

  it('a tenant whose zone changed: the overview is read again in its zone (once), then two statements again', async () => {
    await sql.query(`update tenants set time_zone = 'Asia/Jakarta' where id = $1`, [shop.tenantId]);
    try {
      const read = await counted('/dashboards/overview?blocks=kpi');
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ time_zone: 'Asia/Jakarta', to: addDays(dayIn(new Date(), 'Asia/Jakarta'), -1) });
      // The caller's, the statement in the zone the last read found, again in the tenant's, and the rollups of the days of that zone (not cached yet).
      expectAtMost(4, read.pg, 'database');
      expectAtMost(2, (await counted('/dashboards/overview?blocks=kpi')).pg, 'database');
    } finally {
      await sql.query('update tenants set time_zone = null where id = $1', [shop.tenantId]);
    }
  });
});
