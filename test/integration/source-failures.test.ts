import Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { defineRoute, type RouteDefinition } from '../../src/http/route.js';

/**
 * Spec 01: a source failure gives 503 service_unavailable (with Retry-After), never 500; a bug
 * stays 500 internal_error. Real PostgreSQL errors through the real pipeline: a statement
 * cancelled by statement_timeout (57014) on GET /cards while another session holds the table,
 * and a backend terminated by the administrator mid-query (57P01). A database of this file's
 * own, so the lock holds up nobody else.
 */

const STATEMENT_TIMEOUT_MS = 300;

/** GET /test/sql/<name>: runs one fixed statement through the pipeline. */
function sqlProbe(name: string, sql: string): RouteDefinition {
  return defineRoute({
    release: 'available', method: 'GET', path: `/test/sql/${name}`, family: 'test', migration: 'Migration20261121000100Foundation',
    summary: `Test: ${sql}`, rateClass: 'read', responses: { 200: { description: 'rows', schema: Joi.object() } },
    handler: async ({ em }) => ({ status: 200, body: { data: await em.execute(sql) } }),
  });
}

let url: string;
let api: TestApi;
/** The same database with the default statement timeout (30 s): only the administrator ends its sleep. */
let patient: TestApi;
let caller: Caller;
let db: pg.Client;

beforeAll(async () => {
  url = await freshDatabase('source_failures');
  api = await startApi({ DATABASE_URL: url, DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) }, {
    extraRoutes: [
      sqlProbe('syntax', 'selec 1'),
      sqlProbe('duplicate', 'insert into tenants select * from tenants limit 1'),
    ],
  });
  patient = await startApi({ DATABASE_URL: url }, { extraRoutes: [sqlProbe('sleep', "select pg_sleep(10), 'source-failures-sleep' as mark")] });
  caller = await newCaller(api.services);
  db = await sqlClient(url);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.close();
  await patient?.close();
  if (url) await dropDatabase(url);
}, 60_000);

function expectUnavailable(res: Awaited<ReturnType<typeof call>>): void {
  expectProblem(res, 'service_unavailable');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('a data source failing answers 503 service_unavailable with Retry-After', () => {
  it('a statement cancelled by its statement_timeout (57014) while another session holds the table', async () => {
    await db.query('begin');
    try {
      await db.query('lock table cards in access exclusive mode');
      expectUnavailable(await call(api.base, 'GET', '/cards', { key: caller.apiKey }));
    } finally {
      await db.query('rollback');
    }
    expect((await call(api.base, 'GET', '/cards', { key: caller.apiKey })).status).toBe(200);
  });

  it('a backend the administrator terminates mid-query (57P01 admin_shutdown)', async () => {
    const answer = call(patient.base, 'GET', '/test/sql/sleep', { key: caller.apiKey });
    const pid = await eventually('the sleeping statement to run', async () => {
      const { rows } = await db.query("select pid from pg_stat_activity where query like '%source-failures-sleep%' and pid <> pg_backend_pid()");
      return rows[0]?.pid as number | undefined;
    }, 5000, 20);
    await db.query('select pg_terminate_backend($1)', [pid]);
    expectUnavailable(await answer);
  });
});

describe('a bug stays 500 internal_error', () => {
  it('a syntax error (42601)', async () => {
    expectProblem(await call(api.base, 'GET', '/test/sql/syntax', { key: caller.apiKey }), 'internal_error');
  });

  it('a unique violation nobody handled (23505)', async () => {
    expectProblem(await call(api.base, 'GET', '/test/sql/duplicate', { key: caller.apiKey }), 'internal_error');
  });
});
