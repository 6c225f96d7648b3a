import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness, ctlProcess, onlyJson, uniq } from '../harness/ctl.js';
import { expectProblem } from '../harness/http.js';
import { SPEC_SCOPES } from '../harness/spec-scopes.js';

const h = new CtlHarness();
const { ctl, count } = h;
const me = (key: string) => h.get('/me', key);
const DAY_MS = 86_400_000;

let tenantId: string;
beforeAll(async () => {
  await h.start();
  ({ id: tenantId } = await ctl('tenant', 'create', '--name', 'Integrations'));
});
afterAll(() => h.stop());

const integrationRow = async (id: string) =>
  (await h.db.query('select tenant_id, name, status, scopes, ip_allowlist, hosting_country, transfer_basis from integrations where id = $1', [id])).rows[0];

describe('integration create', () => {
  it('answers {id, channel_id} and makes the integration with its api channel', async () => {
    const out = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'CRM sync', '--scopes', 'leads:read,webhooks:manage,leads:read');
    expect(Object.keys(out).sort()).toEqual(['channel_id', 'id']);
    expect(await integrationRow(out.id)).toMatchObject({ tenant_id: tenantId, name: 'CRM sync', status: 'active', scopes: ['leads:read', 'webhooks:manage'], ip_allowlist: null, hosting_country: null, transfer_basis: null });
    const channels = await h.db.query('select id, tenant_id, type from channels where integration_id = $1', [out.id]);
    expect(channels.rows).toEqual([{ id: out.channel_id, tenant_id: tenantId, type: 'api' }]);
    const key = await ctl('key', 'issue', '--integration', out.id);
    const res = await me(key.api_key);
    // Without the ru transfer conditions GET /me leaves out the personal-data scope leads:read.
    expect(res.body).toMatchObject({ channel_id: out.channel_id, key: { scopes: ['webhooks:manage'] } });
  });

  it('--scopes all grants every scope', async () => {
    const out = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'Everything', '--scopes', 'all');
    expect((await integrationRow(out.id)).scopes).toEqual([...SPEC_SCOPES]);
  });

  it('stores an allowlist of IPv4 and IPv6 addresses and CIDR networks, the hosting country and the transfer basis', async () => {
    const out = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'Declared', '--scopes', 'leads:read',
      '--ip-allowlist', '203.0.113.7, 2001:db8::1,10.0.0.0/8,2001:db8::/32', '--hosting-country', 'ru', '--transfer-basis', 'DPA of 2026-01-15');
    expect(await integrationRow(out.id)).toMatchObject({
      ip_allowlist: ['203.0.113.7', '2001:db8::1', '10.0.0.0/8', '2001:db8::/32'], hosting_country: 'RU', transfer_basis: 'DPA of 2026-01-15',
    });
  });

  it.each([
    ['an unknown scope', ['--scopes', 'leads:read,leads:delete'], /unknown scope\(s\) leads:delete/],
    ['an invalid allowlist entry', ['--scopes', 'all', '--ip-allowlist', '10.0.0.1,10.0.0.0/33'], /not an IP address or CIDR network: 10.0.0.0\/33/],
    ['a host name in the allowlist', ['--scopes', 'all', '--ip-allowlist', 'example.com'], /not an IP address or CIDR network: example.com/],
    ['a hosting country that is not a code', ['--scopes', 'all', '--hosting-country', 'Russia'], /ISO 3166 alpha-2/],
    ['no scopes', [], /--scopes is required/],
  ])('%s is an error and writes nothing', async (_why, args, message) => {
    const name = `Refused ${uniq()}`;
    await expect(ctl('integration', 'create', '--tenant', tenantId, '--name', name, ...args)).rejects.toThrow(message);
    expect(await count('integrations where name = $1', name)).toBe(0);
    expect(await count('channels where name = $1', `${name} (API)`)).toBe(0);
  });
});

describe('integration set-status', () => {
  it.each(['suspended', 'revoked'])('%s makes the API answer integration_inactive; active lets it in again', async (status) => {
    const p = await h.provision();
    expect(await ctl('integration', 'set-status', '--integration', p.integrationId, '--status', status)).toEqual({ id: p.integrationId, status });
    expectProblem(await me(p.key.api_key), 'integration_inactive');
    expect(await ctl('integration', 'set-status', '--integration', p.integrationId, '--status', 'active')).toEqual({ id: p.integrationId, status: 'active' });
    expect((await me(p.key.api_key)).status).toBe(200);
  });

  it('another status or an unknown integration is an error', async () => {
    const p = await h.provision();
    await expect(ctl('integration', 'set-status', '--integration', p.integrationId, '--status', 'paused')).rejects.toThrow('--status is one of active, suspended, revoked');
    await expect(ctl('integration', 'set-status', '--integration', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--status', 'active')).rejects.toThrow(/no integration/);
  });
});

describe('key issue', () => {
  let integrationId: string;
  beforeAll(async () => {
    ({ id: integrationId } = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'Keys', '--scopes', 'all'));
  });

  it('by default issues a live key of this cell for 365 days, shown once and stored as a hash', async () => {
    const key = await ctl('key', 'issue', '--integration', integrationId);
    expect(Object.keys(key).sort()).toEqual(['api_key', 'expires_at', 'key_id']);
    expect(key.api_key).toMatch(/^sk_live_ru_[0-9A-Za-z]{20}_[0-9A-Za-z]{40}$/);
    expect(key.key_id).toBe(`key_${key.api_key.split('_')[3]}`);
    expect(key.expires_at).toBe(new Date(h.clock.now().getTime() + 365 * DAY_MS).toISOString());
    const { rows } = await h.db.query('select * from api_keys where key_id = $1', [key.key_id]);
    expect(rows[0]).toMatchObject({ integration_id: integrationId, tenant_id: tenantId, mode: 'live', cell: 'ru', revoked_at: null });
    expect(JSON.stringify(rows[0])).not.toContain(key.api_key.split('_')[4]);
    expect((await me(key.api_key)).body.key).toMatchObject({ key_id: key.key_id, mode: 'live', expires_at: key.expires_at, ip_allowlist: null });
  });

  it('--mode test and --expires-in-days set the mode and the expiry; the key belongs to the sandbox shadows', async () => {
    const key = await ctl('key', 'issue', '--integration', integrationId, '--mode', 'test', '--expires-in-days', '10');
    expect(key.api_key).toMatch(/^sk_test_ru_/);
    expect(key.expires_at).toBe(new Date(h.clock.now().getTime() + 10 * DAY_MS).toISOString());
    const { rows } = await h.db.query(
      `select k.mode, k.expires_at, i.live_integration_id, t.live_tenant_id from api_keys k
         join integrations i on i.id = k.integration_id join tenants t on t.id = k.tenant_id where k.key_id = $1`, [key.key_id]);
    expect(rows[0]).toEqual({ mode: 'test', expires_at: new Date(key.expires_at), live_integration_id: integrationId, live_tenant_id: tenantId });
    expect((await me(key.api_key)).body.key).toMatchObject({ key_id: key.key_id, mode: 'test' });
  });

  it('--ip-allowlist limits the key to those addresses', async () => {
    const open = await ctl('key', 'issue', '--integration', integrationId, '--ip-allowlist', '127.0.0.1,::1');
    expect((await me(open.api_key)).body.key.ip_allowlist).toEqual(['127.0.0.1', '::1']);
    const closed = await ctl('key', 'issue', '--integration', integrationId, '--ip-allowlist', '203.0.113.0/24,2001:db8::/32');
    expectProblem(await me(closed.api_key), 'ip_not_allowed');
  });

  it('--cell en gives a key of the en format, which this ru cell answers with wrong_cell', async () => {
    const key = await ctl('key', 'issue', '--integration', integrationId, '--cell', 'en');
    expect(key.api_key).toMatch(/^sk_live_en_[0-9A-Za-z]{20}_[0-9A-Za-z]{40}$/);
    expectProblem(await me(key.api_key), 'wrong_cell', { correct_base_url: h.api.services.config.cellBaseUrls.en });
  });

  it.each([
    ['--mode sandbox', ['--mode', 'sandbox'], '--mode is live or test'],
    ['--cell us', ['--cell', 'us'], '--cell is one of ru, en, id'],
    ['--expires-in-days 0', ['--expires-in-days', '0'], 'expires-in-days is a whole number from 1 to 3650'],
    ['--expires-in-days 3651', ['--expires-in-days', '3651'], 'expires-in-days is a whole number from 1 to 3650'],
    ['--expires-in-days 1.5', ['--expires-in-days', '1.5'], '--expires-in-days is a whole number of days'],
    ['--ip-allowlist 10.0.0.256', ['--ip-allowlist', '10.0.0.256'], 'not an IP address or CIDR network: 10.0.0.256'],
    ['--colour red', ['--colour', 'red'], 'unknown option(s): --colour'],
  ])('a bad value (%s) is an error and issues no key', async (_why, args, message) => {
    const before = await count('api_keys where integration_id = $1', integrationId);
    await expect(ctl('key', 'issue', '--integration', integrationId, ...args)).rejects.toThrow(message);
    expect(await count('api_keys where integration_id = $1', integrationId)).toBe(before);
  });

  it('an unknown integration is an error', async () => {
    await expect(ctl('key', 'issue', '--integration', 'not-an-id')).rejects.toThrow('no integration not-an-id');
  });
});

describe('key revoke', () => {
  it('revokes the key: GET /me answers 401 invalid_api_key, and a second revoke keeps the first time', async () => {
    const p = await h.provision();
    expect((await me(p.key.api_key)).status).toBe(200);
    const revoked = await ctl('key', 'revoke', '--key', p.key.key_id);
    expect(revoked).toEqual({ key_id: p.key.key_id, revoked_at: h.clock.now().toISOString() });
    expectProblem(await me(p.key.api_key), 'invalid_api_key');
    h.clock.advance(1000);
    try {
      expect(await ctl('key', 'revoke', '--key', p.key.key_id)).toEqual(revoked);
    } finally {
      h.clock.advance(-1000);
    }
  });

  it('leaves the integration\'s other keys working', async () => {
    const p = await h.provision();
    const other = await ctl('key', 'issue', '--integration', p.integrationId);
    await ctl('key', 'revoke', '--key', p.key.key_id);
    expect((await me(other.api_key)).status).toBe(200);
  });

  it('an unknown key is an error', async () => {
    await expect(ctl('key', 'revoke', '--key', 'key_doesnotexist')).rejects.toThrow('no key key_doesnotexist');
  });
});

describe('integration set-scopes', () => {
  it('replaces the scopes (narrowing or widening; all = every scope) and answers them', async () => {
    const { id } = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'Narrowed', '--scopes', 'all');
    expect(await ctl('integration', 'set-scopes', '--integration', id, '--scopes', 'webhooks:manage,conversations:read'))
      .toEqual({ id, scopes: ['webhooks:manage', 'conversations:read'] });
    expect((await integrationRow(id)).scopes).toEqual(['webhooks:manage', 'conversations:read']);
    expect((await ctl('integration', 'set-scopes', '--integration', id, '--scopes', 'all')).scopes).toEqual([...SPEC_SCOPES]);
  });

  it('refuses unknown scopes, no scopes and unknown integrations', async () => {
    const { id } = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'Kept', '--scopes', 'leads:read');
    await expect(ctl('integration', 'set-scopes', '--integration', id, '--scopes', 'leads:read,leads:delete')).rejects.toThrow(/unknown scope\(s\) leads:delete/);
    await expect(ctl('integration', 'set-scopes', '--integration', id, '--scopes', ',')).rejects.toThrow(/at least one scope/);
    await expect(ctl('integration', 'set-scopes', '--integration', '00000000-0000-4000-8000-000000000000', '--scopes', 'all')).rejects.toThrow(/no integration/);
    expect((await integrationRow(id)).scopes).toEqual(['leads:read']);
  });
});

describe('webhook list|pause|resume|delete as a process', () => {
  it('prints one JSON object; an unknown subscription exits 2 with a message', async () => {
    const { id } = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'No hooks', '--scopes', 'all');
    expect(onlyJson(await ctlProcess(['webhook', 'list', '--integration', id, '--json']))).toEqual({ webhooks: [] });
    const run = await ctlProcess(['webhook', 'pause', '--webhook', '00000000-0000-4000-8000-000000000000', '--json']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^ctl: not_found: No webhook subscription 00000000-0000-4000-8000-000000000000\.$/m);
  });
});
