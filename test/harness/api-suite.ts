import { afterAll, beforeAll } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from './app.js';
import { sqlClient } from './database.js';
import { call } from './http.js';
import type { Schema } from './json-schema.js';

/** What most route test files share: a real api, a SQL client on the test database, and the OpenAPI document. */
export interface ApiSuite {
  api: TestApi;
  sql: pg.Client;
  doc: Schema;
}

/** Opens the suite before the file's tests (handing it to `take`) and closes it after them. */
export function useApiSuite(take: (suite: ApiSuite) => void, env: Record<string, string> = {}): void {
  let suite: Partial<ApiSuite> = {};
  beforeAll(async () => {
    const api = await startApi(env);
    suite = { api, sql: await sqlClient(), doc: (await call(api.base, 'GET', '/openapi.json')).body };
    take(suite as ApiSuite);
  });
  afterAll(async () => {
    await suite.sql?.end();
    await suite.api?.close();
  });
}
