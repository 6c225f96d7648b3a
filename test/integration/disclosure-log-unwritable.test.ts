import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';
import { contactsProbe, type ProbeReads } from '../harness/probe-routes.js';
import { postJson, seedConversation } from './conversations-fixtures.js';

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

describe('a real personal-data route while the disclosure log cannot be written', () => {
  /** The log rows of one integration. */
  const logged = async (who: Caller) => (await locker.query('select route, resource_type, resource_ids from disclosure_log where integration_id = $1', [who.integrationId])).rows;

  it('GET /conversations/{id} answers 503 service_unavailable with none of the conversation while the log is locked; 200 and one log row after', async () => {
    const owner = await newCaller(api.services);
    const conversation = await seedConversation(locker, owner, { contact: { name: 'Anna Secret' } });
    await locker.query('begin');
    await locker.query('lock table disclosure_log in access exclusive mode');
    let res;
    try {
      res = await call(api.base, 'GET', `/conversations/${conversation.id}`, { key: owner.apiKey });
    } finally {
      await locker.query('rollback');
    }
    expectProblem(res, 'service_unavailable');
    expect(res.body.detail).toBe('The personal-data disclosure log cannot be written; no data is returned.');
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.text).not.toContain(conversation.id);
    expect(res.text).not.toContain('Anna Secret');
    expect(await logged(owner)).toEqual([]);

    const again = await call(api.base, 'GET', `/conversations/${conversation.id}`, { key: owner.apiKey });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(conversation.id);
    expect(await logged(owner)).toEqual([{ route: expect.any(String), resource_type: 'conversation', resource_ids: [conversation.id] }]);
  });

  it('POST /conversations/{id}/operator-messages whose log row the database refuses answers 503 and stores no message', async () => {
    const owner = await newCaller(api.services);
    const conversation = await seedConversation(locker, owner);
    const messages = async () => Number((await locker.query('select count(*) from messages where conversation_id = $1', [conversation.id])).rows[0].count);
    // Every new log row breaks a constraint: the insert fails at once (no lock to wait out).
    await locker.query('alter table disclosure_log add constraint test_unwritable check (false) not valid');
    let res;
    try {
      res = await postJson(api, owner, `/conversations/${conversation.id}/operator-messages`, { content: 'Your order is ready', operator: { name: 'Anna' } });
    } finally {
      await locker.query('alter table disclosure_log drop constraint test_unwritable');
    }
    expectProblem(res, 'service_unavailable');
    expect(res.body.detail).toBe('The personal-data disclosure log cannot be written; no data is returned.');
    expect(res.text).not.toContain('Your order is ready');
    expect(await messages()).toBe(0);
    expect(await logged(owner)).toEqual([]);
  });
});
