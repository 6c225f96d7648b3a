import Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { newCard } from './cards-fixtures.js';
import { defineRoute } from '../../src/http/route.js';

/**
 * A backend killed while a route is inside its transaction (a failover, an idle-in-transaction
 * timeout, an operator's pg_terminate_backend) costs that one request a 503, never a pooled
 * connection: with a pool of two, more kills than the pool holds leave the api serving, and it
 * still closes at once. The route is the real PATCH /cards/{code}, whose transaction waits on
 * the card's row lock (select ... for update) that this test's own session holds; a test route
 * holds its transaction idle between two statements (as a route does while it calls another
 * service) for the idle-in-transaction case. A database of this file's own, so the lock and
 * the kills touch nobody else.
 */

const POOL_MAX = 2;
/** Longer than any answer here takes; a request that waits for a leaked connection waits forever. */
const ANSWER_MS = 10_000;

let url: string;
let api: TestApi;
let caller: Caller;
let code: string;
let db: pg.Client;
/** Another session: one inside a transaction sees pg_stat_activity as it was at its first look. */
let watcher: pg.Client;
let closed = false;

/** Opened by the test once it has killed the backend of POST /test/idle-in-transaction. */
let resumeIdle: () => void = () => undefined;

/** POST /test/idle-in-transaction: one statement, then idle inside its transaction until resumed, then another. */
const idleInTransaction = defineRoute({
  release: 'available', method: 'POST', path: '/test/idle-in-transaction', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Test: a transaction left idle between two statements', rateClass: 'write', responses: { 200: { description: 'done', schema: Joi.object() } },
  handler: async ({ em }) => {
    const resumed = new Promise<void>((resolve) => { resumeIdle = resolve; });
    await em.execute("select 'pool-kills-idle' as mark");
    await resumed;
    await em.execute('select 1');
    return { status: 200, body: {} };
  },
});

beforeAll(async () => {
  url = await freshDatabase('pool_kills');
  api = await startApi({ DATABASE_URL: url, DB_POOL_MAX: String(POOL_MAX) }, { extraRoutes: [idleInTransaction] });
  caller = await newCaller(api.services);
  code = (await newCard(api, caller)).code as string;
  db = await sqlClient(url);
  watcher = await sqlClient(url);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await watcher?.end();
  if (!closed) await api?.close();
  if (url) await dropDatabase(url);
}, 60_000);

/** Rejects when `work` has not settled within `ms`. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms); });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The api's pg pool: how many connections it holds and how many of them are checked out. */
async function poolCounts(): Promise<{ total: number; busy: number }> {
  const pool = await api.services.orm.em.getConnection().getNativeClient();
  return { total: pool.totalCount, busy: pool.totalCount - pool.idleCount };
}

/** Waits (a while, then gives up) for the pool to have every connection back. */
async function allBack(): Promise<void> {
  await eventually('no connection left checked out', async () => ((await poolCounts()).busy === 0 ? true : undefined), 5000, 20).catch(() => undefined);
}

/**
 * PATCH /cards/{code} waits inside its transaction on the row lock this session holds; its
 * backend is then terminated. Undefined when the PATCH never reached the lock (no connection).
 */
async function killInsideTransaction(): Promise<Answer | undefined> {
  await db.query('begin');
  try {
    await db.query('select 1 from cards where tenant_id = $1 and code = $2 for update', [caller.tenantId, code]);
    const answer = within(ANSWER_MS, 'PATCH /cards/{code}', call(api.base, 'PATCH', `/cards/${code}`, { key: caller.apiKey, body: { name: 'Sofa Bergen' } }));
    answer.catch(() => undefined); // awaited below, unless the PATCH never reaches the lock
    const pid = await eventually('the PATCH to wait on the card row lock', async () => {
      const { rows } = await watcher.query("select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()");
      return rows[0]?.pid as number | undefined;
    }, ANSWER_MS, 20).catch(() => undefined);
    if (pid === undefined) return undefined;
    await watcher.query('select pg_terminate_backend($1)', [pid]);
    return await answer;
  } finally {
    await db.query('rollback');
  }
}

/** What one kill did: the answer, and the connections still checked out once it came. */
async function kill(): Promise<{ answer: string; busy: number }> {
  const res = await killInsideTransaction();
  const answer = res ? `${res.status} ${res.body?.code ?? ''}` : 'never reached the lock';
  if (res?.status === 503) expectUnavailable(res);
  // The pool takes the connection back once the route has finished with it.
  await allBack();
  return { answer, busy: (await poolCounts()).busy };
}

function expectUnavailable(res: Answer): void {
  expectProblem(res, 'service_unavailable');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

const ANSWERED = { answer: '503 service_unavailable', busy: 0 };

describe('a backend terminated while a route is inside its transaction', () => {
  it('answers 503 service_unavailable with Retry-After, and the connection goes back to the pool', async () => {
    expect(await kill()).toEqual(ANSWERED);
  });

  it(`${POOL_MAX + 2} kills with a pool of ${POOL_MAX} leave the api serving reads and writes`, async () => {
    const kills = [];
    for (let i = 0; i < POOL_MAX + 2; i++) kills.push(await kill());
    const reads = await within(ANSWER_MS, 'reads after the kills',
      Promise.all(Array.from({ length: POOL_MAX * 2 }, () => call(api.base, 'GET', `/cards/${code}`, { key: caller.apiKey }))))
      .then((answers) => answers.map((r) => r.status), (err: Error) => err.message);
    const write = await within(ANSWER_MS, 'a write after the kills', call(api.base, 'PATCH', `/cards/${code}`, { key: caller.apiKey, body: { name: 'Sofa Oslo' } }))
      .then((r) => `${r.status} ${r.body.name}`, (err: Error) => err.message);
    expect({ kills, reads, write, pool: await poolCounts() }).toEqual({
      kills: Array(POOL_MAX + 2).fill(ANSWERED), reads: Array(POOL_MAX * 2).fill(200), write: '200 Sofa Oslo', pool: { total: expect.any(Number), busy: 0 },
    });
    expect((await poolCounts()).total).toBeLessThanOrEqual(POOL_MAX);
  });

  it('a backend terminated while its transaction is idle: the next statement answers 503, and the connection goes back', async () => {
    const answer = within(ANSWER_MS, 'POST /test/idle-in-transaction', call(api.base, 'POST', '/test/idle-in-transaction', { key: caller.apiKey }));
    const pid = await eventually('the route to sit idle in its transaction', async () => {
      const { rows } = await watcher.query("select pid from pg_stat_activity where state = 'idle in transaction' and query like '%pool-kills-idle%' and pid <> pg_backend_pid()");
      return rows[0]?.pid as number | undefined;
    }, 5000, 20);
    await watcher.query('select pg_terminate_backend($1)', [pid]);
    await eventually('the backend to be gone', async () => ((await watcher.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount === 0 ? true : undefined), 5000, 20);
    resumeIdle();
    const res = await answer;
    expect(`${res.status} ${res.body?.code}`).toBe('503 service_unavailable');
    expectUnavailable(res);
    await allBack();
    expect(await poolCounts()).toEqual({ total: expect.any(Number), busy: 0 });
  });

  it('the api closes within 5 s afterwards', async () => {
    const killed = await kill();
    closed = true;
    const closing = await within(5000, 'api.close()', api.close()).then(() => 'closed', (err: Error) => err.message);
    expect({ killed, closing }).toEqual({ killed: ANSWERED, closing: 'closed' });
  });
});
