import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../support/app.js';
import { newCaller, type Caller } from '../support/fixtures.js';
import { dropDatabase, freshDatabase } from '../support/database.js';
import { call, expectProblem } from '../support/http.js';
import { initORM } from '../../src/db/orm.js';
import { migrateUp } from '../../src/db/migrations.js';

// Rolling deploys: new api code may start before `migrate` ran on the cell's database.
describe('a read whose migration is not applied yet', () => {
  let url: string;
  let api: TestApi;
  let caller: Caller;

  beforeAll(async () => {
    url = await freshDatabase('mech_migration_gate', 'Migration20261121000100Foundation');
    api = await startApi({ DATABASE_URL: url });
    caller = await newCaller(api.services);
  });
  afterAll(async () => {
    await api.close();
    await dropDatabase(url);
  });

  it('answers 503 service_unavailable with Retry-After until the migration is applied', async () => {
    const res = await call(api.base, 'GET', '/disclosures', { key: caller.apiKey });
    expectProblem(res, 'service_unavailable');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is refused before authentication, so no caller learns more than 503', async () => {
    expectProblem(await call(api.base, 'GET', '/disclosures'), 'service_unavailable');
  });

  it('routes whose tables exist keep working: GET /me answers 200', async () => {
    const me = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(me.status).toBe(200);
    expect(me.body.tenant.id).toBe(caller.tenantId);
  });

  it('answers 200 once the remaining migration is applied, without a restart', async () => {
    const orm = await initORM({ databaseUrl: url, dbPoolMax: 1 });
    try {
      expect(await migrateUp(orm, 'Migration20261121000200Disclosures')).toEqual(['Migration20261121000200Disclosures']);
    } finally {
      await orm.close(true);
    }
    const res = await call(api.base, 'GET', '/disclosures', { key: caller.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], next_cursor: null });
  });
});
