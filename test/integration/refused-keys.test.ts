import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { countPgRoundTrips, type PgRoundTrips } from '../harness/pg-round-trips.js';
import { ownShare } from '../harness/isolation.js';
import { sqlClient } from '../harness/database.js';
import { randomBase62 } from '../../src/ids.js';
import { revokeApiKey } from '../../src/domain/provisioning/api-keys.js';

/**
 * Issue 41 item 6: an address never locks out a valid key. Only wrong secrets of issued key ids
 * count against an address (RATE_LIMIT_REFUSED_KEYS_PER_MIN); a made-up key id is refused
 * without a database lookup (counted on the wire by a proxy in front of PostgreSQL), so it needs
 * no throttle. Item 5: the api's log line of a refused key says why and which key id; the
 * answer does not.
 *
 * Two api processes of one stack (one Redis prefix), both without caches (AUTH_CACHE_MS=0):
 * `issuer` makes the keys (its services), `api` answers through the counting proxy and has
 * never seen them.
 */

const SHARE = ownShare('refused-keys');
const ENV = { RATE_LIMIT_REFUSED_KEYS_PER_MIN: '3', TRUSTED_PROXIES: '127.0.0.1', ...SHARE.env };
let pg: PgRoundTrips;
let issuer: TestApi;
let api: TestApi;
let sql: Awaited<ReturnType<typeof sqlClient>>;
/** The api's log lines (JSON), as its process would write them. */
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  pg = await countPgRoundTrips(process.env.DATABASE_URL!);
  issuer = await startApi(ENV);
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  api = await startApi({ ...ENV, DATABASE_URL: pg.url }, { log });
  sql = await sqlClient();
});
afterAll(async () => {
  await api?.close();
  await issuer?.close();
  await pg?.close();
  await sql?.end();
});

const newAddress = () => `2001:db8::${[1, 2, 3].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`;
const madeUp = (cell = 'ru') => `sk_live_${cell}_${randomBase62(20)}_${randomBase62(40)}`;
const wrongSecretOf = (c: Caller) => c.apiKey.slice(0, -1) + (c.apiKey.endsWith('A') ? 'B' : 'A');
const meFrom = (address: string, key: string) => call(api.base, 'GET', '/me', { key, headers: { 'x-forwarded-for': address } });
const newKey = () => newCaller(issuer.services, { integrationAllowlist: null });

/** `n` requests of `key` from `address`: their statuses, and the database round trips they made. */
async function statusesOf(address: string, keys: () => string, n: number) {
  pg.reset();
  const statuses = [];
  for (let i = 0; i < n; i++) statuses.push((await meFrom(address, keys())).status);
  return { statuses, trips: pg.trips() };
}

describe('an address at its refused-keys limit', () => {
  it('still gets 200 with a valid key no process holds, while its made-up keys cost no database lookup', async () => {
    const address = newAddress();
    const valid = await newKey();
    const guessed = await newKey();
    // Wrong secrets of an issued key id are the guesses that count: the address reaches its limit.
    expect((await statusesOf(address, () => wrongSecretOf(guessed), 4)).statuses).toEqual([401, 401, 401, 429]);

    // A valid key from that address, never looked up by this process: limited by its own rate classes only.
    const me = await meFrom(address, valid.apiKey);
    expect(me.status).toBe(200);
    expect(me.headers.get('ratelimit-policy')).toMatch(/name="read"$/);

    // Made-up keys from it: refused as any unknown key, without one database statement.
    const madeUps = await statusesOf(address, () => madeUp(), 5);
    expect(madeUps.statuses).toEqual([401, 401, 401, 401, 401]);
    expect(madeUps.trips).toEqual([]);

    // A further wrong secret is still held, and a minute's worth came from this address only.
    expectProblem(await meFrom(address, wrongSecretOf(guessed)), 'rate_limited');
    expect((await meFrom(newAddress(), wrongSecretOf(guessed))).status).toBe(401);
  });

  it('revoked and expired keys with their own secrets are refused without counting against the address', async () => {
    const address = newAddress();
    const revoked = await newKey();
    await revokeApiKey(issuer.services.orm.em.fork(), revoked.keyId, issuer.services.clock.now());
    const expired = await newKey();
    await sql.query(`update api_keys set expires_at = now() - interval '1 minute' where key_id = $1`, [expired.keyId]);
    expect((await statusesOf(address, () => revoked.apiKey, 4)).statuses).toEqual([401, 401, 401, 401]);
    expect((await statusesOf(address, () => expired.apiKey, 4)).statuses).toEqual([401, 401, 401, 401]);
  });
});

describe('the index of issued key ids', () => {
  it('lost from Redis, is filled from the database: a valid key is answered, made-up keys again cost nothing', async () => {
    const fresh = await newKey();
    await issuer.services.redis.del('issued-keys');
    const address = newAddress();
    const me = await statusesOf(address, () => fresh.apiKey, 1);
    expect(me.statuses).toEqual([200]);
    // The fill (every key id of api_keys), then the caller's lookup.
    expect(me.trips).toHaveLength(2);
    expect(me.trips[0]).toMatch(/select key_id from api_keys/);
    expect(await statusesOf(address, () => madeUp(), 3)).toEqual({ statuses: [401, 401, 401], trips: [] });
  });
});

describe('the log line of a refused key', () => {
  /** The answer and the api's refusal line of one request (by its request id). */
  async function refusal(key: string) {
    const res = await meFrom(newAddress(), key);
    const requestId = res.headers.get('x-request-id');
    const line = lines.find((l) => l.request_id === requestId && l.msg === 'api key refused');
    return { res, line };
  }

  it('says why and which key id; the answer says neither', async () => {
    const wrong = await newKey();
    const revoked = await newKey();
    await revokeApiKey(issuer.services.orm.em.fork(), revoked.keyId, issuer.services.clock.now());
    const expired = await newKey();
    await sql.query(`update api_keys set expires_at = now() - interval '1 minute' where key_id = $1`, [expired.keyId]);
    const unknown = madeUp();
    const otherCell = madeUp('en');
    const cases = [
      { key: unknown, reason: 'unknown' },
      { key: wrongSecretOf(wrong), reason: 'wrong_secret', keyId: wrong.keyId },
      { key: revoked.apiKey, reason: 'revoked', keyId: revoked.keyId },
      { key: expired.apiKey, reason: 'expired', keyId: expired.keyId },
      { key: otherCell, reason: 'wrong_cell' },
    ];
    for (const c of cases) {
      const keyId = c.keyId ?? `key_${c.key.split('_')[3]}`;
      const { res, line } = await refusal(c.key);
      expect(line).toMatchObject({ reason: c.reason, key_id: keyId });
      if (c.reason !== 'wrong_cell') {
        expectProblem(res, 'invalid_api_key');
        expect(res.body.detail).toBe('The API key is missing, unknown, revoked or expired.');
      }
      expect(JSON.stringify(res.body)).not.toContain(keyId);
    }
  });
});
