import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../support/app.js';
import { newCaller, type Caller } from '../support/fixtures.js';
import { call, expectProblem } from '../support/http.js';
import { dropDatabase, freshDatabase, sqlClient } from '../support/database.js';
import { contactsProbe, type ProbeReads } from '../support/probe-routes.js';

/**
 * The disclosure log is broken for real: a second connection holds an ACCESS EXCLUSIVE lock
 * on it, so the read's log row waits out its lock_timeout. This needs a database of its own,
 * so that other test files never wait on the lock.
 */
const reads: ProbeReads = { count: 0 };
let url: string;
let api: TestApi;
let caller: Caller;
let locker: pg.Client;

beforeAll(async () => {
  url = await freshDatabase('auth_disclosure_lock');
  api = await startApi({ DATABASE_URL: url }, { extraRoutes: [contactsProbe(reads)] });
  caller = await newCaller(api.services);
  locker = await sqlClient(url);
});
afterAll(async () => {
  await locker?.end();
  await api?.close();
  if (url) await dropDatabase(url);
});

const logRowCount = async () => Number((await locker.query('select count(*) from disclosure_log')).rows[0].count);

describe('a disclosure log that cannot be written', () => {
  it('makes a personal-data read answer 503 service_unavailable with no data', async () => {
    await locker.query('begin');
    await locker.query('lock table disclosure_log in access exclusive mode');
    let res;
    try {
      res = await call(api.base, 'GET', '/test/contacts', { key: caller.apiKey });
    } finally {
      await locker.query('rollback');
    }
    expectProblem(res, 'service_unavailable');
    expect(res.body.detail).toBe('The personal-data disclosure log cannot be written; no data is returned.');
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.text).not.toContain('contact-1');
    expect(reads.count).toBe(1);
    expect(await logRowCount()).toBe(0);
  });

  it('once the log can be written again the same read answers 200 and is logged', async () => {
    const res = await call(api.base, 'GET', '/test/contacts', { key: caller.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const { rows } = await locker.query('select request_id from disclosure_log');
    expect(rows).toEqual([{ request_id: res.headers.get('x-request-id') }]);
  });
});
