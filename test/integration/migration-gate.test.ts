import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { dropDatabase, freshDatabase } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { initORM } from '../../src/db/orm.js';
import { migrateUp } from '../../src/db/migrations.js';

/** A database migrated up to the foundation only (the disclosures migration left out), an api on it and a caller. */
async function gated(prefix: string): Promise<{ url: string; api: TestApi; caller: Caller; close: () => Promise<void> }> {
  const url = await freshDatabase(prefix, 'Migration20261121000100Foundation');
  const api = await startApi({ DATABASE_URL: url });
  const caller = await newCaller(api.services);
  return { url, api, caller, close: async () => {
    await api.close();
    await dropDatabase(url);
  } };
}

// Rolling deploys: new api code may start before `migrate` ran on the cell's database.
describe('a read whose migration is not applied yet', () => {
  // Read-only tests share one gated database; the test that applies the migration has its own.
  let g: Awaited<ReturnType<typeof gated>>;

  beforeAll(async () => {
    g = await gated('mech_migration_gate');
  });
  afterAll(async () => {
    await g?.close();
  });

  it('answers 503 service_unavailable with Retry-After until the migration is applied', async () => {
    const res = await call(g.api.base, 'GET', '/disclosures', { key: g.caller.apiKey });
    expectProblem(res, 'service_unavailable');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is refused before authentication, so no caller learns more than 503', async () => {
    expectProblem(await call(g.api.base, 'GET', '/disclosures'), 'service_unavailable');
  });

  it('routes whose tables exist keep working: GET /me answers 200', async () => {
    const me = await call(g.api.base, 'GET', '/me', { key: g.caller.apiKey });
    expect(me.status).toBe(200);
    expect(me.body.tenant.id).toBe(g.caller.tenantId);
  });

  it('answers 200 once the remaining migration is applied, without a restart', async () => {
    const own = await gated('mech_migration_apply');
    try {
      expectProblem(await call(own.api.base, 'GET', '/disclosures', { key: own.caller.apiKey }), 'service_unavailable');
      const orm = await initORM({ databaseUrl: own.url, dbPoolMax: 1 });
      try {
        expect(await migrateUp(orm, 'Migration20261121000200Disclosures')).toEqual(['Migration20261121000200Disclosures']);
      } finally {
        await orm.close(true);
      }
      const res = await call(own.api.base, 'GET', '/disclosures', { key: own.caller.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], next_cursor: null });
    } finally {
      await own.close();
    }
  });
});
