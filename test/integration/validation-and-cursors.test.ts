import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { PinnedClock } from '../../src/clock.js';

const T0 = new Date('2026-11-20T08:00:00.000Z');

let api: TestApi;
let sql: pg.Client;
let caller: Caller;
let stranger: Caller;
const clock = new PinnedClock(new Date('2026-11-21T12:00:30.000Z'));
/** The rows of `caller`, in the order GET /disclosures pages through them. */
let expected: { id: string; at: string; channel: string }[] = [];

async function insertDisclosure(owner: Caller, id: string, at: string, channel: 'api' | 'webhook'): Promise<void> {
  await sql.query(
    `insert into disclosure_log (id, tenant_id, integration_id, key_id, channel, request_id, route, resource_type, resource_ids, recipient_country, occurred_at)
     values ($1, $2, $3, $4, $5, $6, 'GET /leads', 'lead', $7, 'RU', $8)`,
    [id, owner.tenantId, owner.integrationId, owner.keyId, channel, `req_${id.slice(0, 8)}`, [randomUUID()], at],
  );
}

beforeAll(async () => {
  api = await startApi({}, { clock });
  sql = await sqlClient();
  caller = await newCaller(api.services);
  stranger = await newCaller(api.services);
  // Seven rows: two share a timestamp (ties are broken by id), the fifth is a webhook disclosure.
  const seconds = [0, 1, 1, 2, 3, 4, 5];
  for (const [i, s] of seconds.entries()) {
    const row = { id: randomUUID(), at: new Date(T0.getTime() + s * 1000).toISOString(), channel: i === 4 ? 'webhook' : 'api' };
    await insertDisclosure(caller, row.id, row.at, row.channel as 'api' | 'webhook');
    expected.push(row);
  }
  expected = expected.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  await insertDisclosure(stranger, randomUUID(), T0.toISOString(), 'api');
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

const list = (query: string, who: Caller = caller) => call(api.base, 'GET', `/disclosures${query}`, { key: who.apiKey });

async function firstCursor(query = ''): Promise<string> {
  const res = await list(`?limit=2${query}`);
  expect(res.status).toBe(200);
  expect(typeof res.body.next_cursor).toBe('string');
  return res.body.next_cursor as string;
}

describe('limit', () => {
  it.each([['0', 'out_of_range'], ['101', 'out_of_range'], ['-1', 'out_of_range'], ['abc', 'invalid_format'], ['2.5', 'invalid_format']])(
    'limit=%s answers 422 validation_failed at /limit (%s)',
    async (limit, code) => {
      expectProblem(await list(`?limit=${limit}`), 'validation_failed', { errors: [{ field: '/limit', code, message: expect.any(String) }] });
    },
  );

  it('a repeated limit answers 422 validation_failed at /limit, never a 500', async () => {
    expectProblem(await list('?limit=1&limit=2'), 'validation_failed', { errors: [{ field: '/limit', code: 'invalid_format', message: expect.any(String) }] });
  });

  it('limit 1 and 100 are accepted', async () => {
    expect((await list('?limit=1')).body.data).toHaveLength(1);
    expect((await list('?limit=100')).body.data).toHaveLength(expected.length);
  });

  it('without limit a page holds 25', async () => {
    const busy = await newCaller(api.services);
    await sql.query(
      `insert into disclosure_log (id, tenant_id, integration_id, channel, route, resource_type, occurred_at)
       select gen_random_uuid(), $1, $2, 'api', 'GET /leads', 'lead', $3::timestamptz + n * interval '1 second' from generate_series(1, 26) n`,
      [busy.tenantId, busy.integrationId, T0.toISOString()],
    );
    const first = await list('', busy);
    expect(first.body.data).toHaveLength(25);
    const rest = await list(`?cursor=${encodeURIComponent(first.body.next_cursor)}`, busy);
    expect(rest.body.data).toHaveLength(1);
    expect(rest.body.next_cursor).toBeNull();
  });
});

describe('query parameters', () => {
  it('a route without parameters answers 422 to any query parameter (GET /me?verbose=1)', async () => {
    const res = await call(api.base, 'GET', '/me?verbose=1', { key: caller.apiKey });
    expectProblem(res, 'validation_failed', { errors: [{ field: '/verbose', code: 'unknown_field', message: expect.any(String) }] });
  });

  it('an unknown query parameter answers 422 validation_failed pointing at it', async () => {
    expectProblem(await list('?colour=red'), 'validation_failed', { errors: [{ field: '/colour', code: 'unknown_field', message: expect.any(String) }] });
  });

  it('lists every field at fault, not only the first', async () => {
    const res = await list('?limit=0&channel=fax');
    expectProblem(res, 'validation_failed', {
      errors: expect.arrayContaining([
        { field: '/limit', code: 'out_of_range', message: expect.any(String) },
        { field: '/channel', code: 'not_supported', message: expect.any(String) },
      ]),
    });
    expect(res.body.errors).toHaveLength(2);
  });
});

describe('paging through GET /disclosures', () => {
  it('returns every row exactly once when the database stamped them with microseconds', async () => {
    const owner = await newCaller(api.services);
    await sql.query(
      `insert into disclosure_log (id, tenant_id, integration_id, channel, route, resource_type, occurred_at)
       select gen_random_uuid(), $1, $2, 'api', 'GET /leads', 'lead', $3::timestamptz + n * interval '1 microsecond' * 123457
         from generate_series(1, 5) n`,
      [owner.tenantId, owner.integrationId, T0.toISOString()],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, owner);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((d: { id: string }) => d.id));
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('walks three pages oldest first, ties broken by id, and ends with next_cursor null', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      sizes.push(res.body.data.length);
      seen.push(...res.body.data.map((d: { id: string }) => d.id));
      cursor = res.body.next_cursor;
    } while (cursor && sizes.length < 10);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('shows only the calling integration\'s rows, in the Disclosure shape', async () => {
    const res = await list('?limit=1');
    expect(res.body.data[0]).toEqual({
      id: expected[0]!.id, occurred_at: expected[0]!.at, channel: 'api', route: 'GET /leads', resource_type: 'lead',
      resource_ids: [expect.any(String)], request_id: expect.stringMatching(/^req_/), key_id: caller.keyId, recipient_country: 'RU', livemode: true,
    });
    const theirs = await list('', stranger);
    expect(theirs.body.data).toHaveLength(1);
    expect(expected.map((r) => r.id)).not.toContain(theirs.body.data[0].id);
  });

  it('a page that exactly fills the filtered list ends with next_cursor null', async () => {
    const first = await list('?limit=3&channel=api');
    expect(first.body.data).toHaveLength(3);
    const second = await list(`?limit=3&channel=api&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data).toHaveLength(3);
    expect(second.body.next_cursor).toBeNull();
    expect([...first.body.data, ...second.body.data].map((d: { id: string }) => d.id)).toEqual(expected.filter((r) => r.channel === 'api').map((r) => r.id));
  });

  it('a cursor may come with another limit: it binds the filters, not the page size', async () => {
    const cursor = await firstCursor();
    const res = await list(`?limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(expected.slice(2, 7).map((r) => r.id));
  });
});

describe('cursors', () => {
  const cursorError = (code: string) => ({ errors: [{ field: '/cursor', code, message: expect.any(String) }] });

  it('an invalid cursor answers 422 validation_failed at /cursor', async () => {
    expectProblem(await list('?cursor=not-a-cursor'), 'validation_failed', cursorError('invalid_format'));
  });

  it('a tampered cursor (one character flipped) answers 422 at /cursor', async () => {
    const cursor = await firstCursor();
    for (const at of [3, cursor.indexOf('.') + 3]) {
      const flipped = `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'B' : 'A'}${cursor.slice(at + 1)}`;
      expectProblem(await list(`?cursor=${encodeURIComponent(flipped)}`), 'validation_failed', cursorError('invalid_format'));
    }
  });

  it('a cursor issued to another integration answers 422 at /cursor', async () => {
    const cursor = await firstCursor();
    expectProblem(await list(`?cursor=${encodeURIComponent(cursor)}`, stranger), 'validation_failed', cursorError('invalid_format'));
  });

  it('a cursor bound to other filters answers 422 at /cursor', async () => {
    const cursor = await firstCursor('&channel=api');
    expectProblem(await list(`?channel=webhook&cursor=${encodeURIComponent(cursor)}`), 'validation_failed', cursorError('invalid_format'));
    expectProblem(await list(`?cursor=${encodeURIComponent(cursor)}`), 'validation_failed', cursorError('invalid_format'));
  });

  it('a cursor is valid for 24 hours and answers 422 at /cursor once expired', async () => {
    const issuedAt = clock.now();
    const cursor = await firstCursor();
    clock.advance(24 * 3600 * 1000 - 1000);
    expect((await list(`?cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    clock.set(new Date(issuedAt.getTime() + 24 * 3600 * 1000 + 1000));
    try {
      expectProblem(await list(`?cursor=${encodeURIComponent(cursor)}`), 'validation_failed', cursorError('expired'));
    } finally {
      clock.set(issuedAt);
    }
  });

  it('a cursor longer than any this API issues answers 422 at /cursor', async () => {
    expectProblem(await list(`?cursor=${'a'.repeat(2049)}`), 'validation_failed', cursorError('out_of_range'));
  });
});
