import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness, ctlProcess, onlyJson, uniq } from '../harness/ctl.js';
import { expectProblem } from '../harness/http.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { DEMO_INTEGRATION_ID, DEMO_TENANT_ID } from '../../src/domain/provisioning/demo.js';
import { SPEC_SCOPES } from '../harness/spec-scopes.js';

/** A bin/ctl process loads the whole stack; under a busy full run that takes seconds. */
const PROCESS_TIMEOUT_MS = 60_000;
const h = new CtlHarness();
const { ctl, count } = h;
const me = (key: string) => h.get('/me', key);

beforeAll(() => h.start());
afterAll(() => h.stop());

describe('bin/ctl as a process', () => {
  it('demo seed twice reuses the demo tenant and prints a fresh working key each time', async () => {
    const runs = [await ctlProcess(['demo', 'seed', '--json']), await ctlProcess(['--json', 'demo', 'seed'])];
    expect(runs.map((r) => r.stderr)).toEqual(['', '']);
    const [first, second] = runs.map(onlyJson) as [Record<string, any>, Record<string, any>];
    expect(Object.keys(first).sort()).toEqual(['api_key', 'base_url', 'cards', 'cell', 'channel_id', 'history', 'integration_id', 'key_id', 'primary_domain', 'tenant_id', 'website_channel_id']);
    expect(first).toMatchObject({ tenant_id: DEMO_TENANT_ID, integration_id: DEMO_INTEGRATION_ID, cell: 'ru', base_url: expect.stringMatching(/\/api\/public\/v1$/) });
    expect(second).toMatchObject({ tenant_id: first.tenant_id, integration_id: first.integration_id, channel_id: first.channel_id, website_channel_id: first.website_channel_id });
    expect(second.key_id).not.toBe(first.key_id);
    expect(second.api_key).not.toBe(first.api_key);
    for (const seed of [first, second]) {
      const res = await me(seed.api_key);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ tenant: { id: DEMO_TENANT_ID }, integration: { id: DEMO_INTEGRATION_ID }, channel_id: seed.channel_id, key: { key_id: seed.key_id, mode: 'live' } });
      expect(res.body.key.scopes).toEqual([...SPEC_SCOPES]);
    }
    expect(await count('tenants where id = $1', DEMO_TENANT_ID)).toBe(1);
    expect(await count("channels where integration_id = $1 and type = 'api'", DEMO_INTEGRATION_ID)).toBe(1);
  }, PROCESS_TIMEOUT_MS);

  it('log lines go to stderr, so stdout holds only the answer even while Redis is down', async () => {
    const run = await ctlProcess(['tenant', 'create', '--name', `Logged ${uniq()}`, '--json'], { REDIS_URL: 'redis://127.0.0.1:1/0', LOG_LEVEL: 'warn' });
    expect(onlyJson(run)).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(run.stderr).toMatch(/redis connection error/);
  }, PROCESS_TIMEOUT_MS);

  it('an error goes to stderr with a non-zero exit and nothing on stdout', async () => {
    const name = `Bad ${uniq()}`;
    const run = await ctlProcess(['tenant', 'create', '--name', name, '--features', 'api_access,teleport', '--json']);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/unknown feature\(s\) teleport/);
    expect(await count('tenants where name = $1', name)).toBe(0);
  }, PROCESS_TIMEOUT_MS);

  it('an unknown option is an error naming it', async () => {
    const name = `Typo ${uniq()}`;
    const run = await ctlProcess(['tenant', 'create', '--name', name, '--colour', 'red', '--json']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/unknown option\(s\): --colour/);
    expect(await count('tenants where name = $1', name)).toBe(0);
  }, PROCESS_TIMEOUT_MS);

  it('an unknown command is an error that shows the usage', async () => {
    const run = await ctlProcess(['tenant', 'destroy', '--json']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/unknown command "tenant destroy"/);
    expect(run.stderr).toMatch(/tenant create --name N/);
  }, PROCESS_TIMEOUT_MS);

  it('without its secrets it refuses to start, naming the variable, and writes nothing', async () => {
    const name = `No secrets ${uniq()}`;
    const run = await ctlProcess(['tenant', 'create', '--name', name, '--json'], { CURSOR_SECRET: '' });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^ctl: configuration: .*"CURSOR_SECRET"/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await count('tenants where name = $1', name)).toBe(0);
  }, PROCESS_TIMEOUT_MS);

  it('integration create for a missing tenant writes nothing', async () => {
    const tenant = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const name = `Orphan ${uniq()}`;
    const run = await ctlProcess(['integration', 'create', '--tenant', tenant, '--name', name, '--scopes', 'all', '--json']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(`no tenant ${tenant}`);
    expect(await count('integrations where name = $1 or tenant_id = $2', name, tenant)).toBe(0);
    expect(await count('channels where name = $1 or tenant_id = $2', `${name} (API)`, tenant)).toBe(0);
  }, PROCESS_TIMEOUT_MS);
});

describe('demo seed', () => {
  it('the demo integration declares what the ru cell asks before personal-data scopes', async () => {
    await ctl('demo', 'seed');
    const { rows } = await h.db.query('select ip_allowlist, hosting_country, transfer_basis, scopes from integrations where id = $1', [DEMO_INTEGRATION_ID]);
    expect(rows[0].ip_allowlist).toEqual(expect.arrayContaining(['127.0.0.0/8', '::1']));
    expect(rows[0].hosting_country).toBe('RU');
    expect(rows[0].transfer_basis).toEqual(expect.stringMatching(/\S/));
    expect([...rows[0].scopes].sort()).toEqual([...SPEC_SCOPES].sort());
  });
});

describe('tenant create', () => {
  it('by default gives a plan with every feature, api_access included, and an empty wallet', async () => {
    const { id } = await ctl('tenant', 'create', '--name', 'Full plan');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const { rows } = await h.db.query('select t.name, t.status, t.features, w.balance_rub from tenants t join wallets w on w.tenant_id = t.id where t.id = $1', [id]);
    expect(rows[0]).toMatchObject({ name: 'Full plan', status: 'active', balance_rub: '0.00' });
    expect([...rows[0].features].sort()).toEqual([...PLAN_FEATURES].sort());
    expect(rows[0].features).toContain('api_access');
  });

  it('--features picks the plan; none makes a plan without any, so the API answers feature_not_in_plan', async () => {
    const picked = await ctl('tenant', 'create', '--name', 'Picked', '--features', 'api_access, crm');
    expect((await h.db.query('select features from tenants where id = $1', [picked.id])).rows[0].features).toEqual(['api_access', 'crm']);
    const bare = await h.provision({ features: 'none' });
    expect((await h.db.query('select features from tenants where id = $1', [bare.tenantId])).rows[0].features).toEqual([]);
    expectProblem(await me(bare.key.api_key), 'feature_not_in_plan');
  });

  it('an unknown feature is an error and no tenant is made', async () => {
    const name = `Unknown feature ${uniq()}`;
    await expect(ctl('tenant', 'create', '--name', name, '--features', 'crm,warp')).rejects.toThrow(/unknown feature\(s\) warp/);
    expect(await count('tenants where name = $1', name)).toBe(0);
  });

  it('a name is required', async () => {
    await expect(ctl('tenant', 'create')).rejects.toThrow('--name is required');
  });
});

describe('tenant set-status', () => {
  it('inactive makes the API answer tenant_inactive; active lets it in again', async () => {
    const p = await h.provision();
    expect(await ctl('tenant', 'set-status', '--tenant', p.tenantId, '--status', 'inactive')).toEqual({ id: p.tenantId, status: 'inactive' });
    expectProblem(await me(p.key.api_key), 'tenant_inactive');
    expect(await ctl('tenant', 'set-status', '--tenant', p.tenantId, '--status', 'active')).toEqual({ id: p.tenantId, status: 'active' });
    expect((await me(p.key.api_key)).status).toBe(200);
  });

  it('another status or an unknown tenant is an error', async () => {
    const p = await h.provision();
    await expect(ctl('tenant', 'set-status', '--tenant', p.tenantId, '--status', 'paused')).rejects.toThrow('--status is active or inactive');
    await expect(ctl('tenant', 'set-status', '--tenant', 'nope', '--status', 'active')).rejects.toThrow('no tenant nope');
  });
});
