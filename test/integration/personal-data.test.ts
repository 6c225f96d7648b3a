import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller, type CallerOptions } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { sqlClient } from '../harness/database.js';
import { contactsProbe, scopedProbe, PROBE_CONTACT_IDS, type ProbeReads } from '../harness/probe-routes.js';
import { SPEC_PII_SCOPES, SPEC_SCOPES } from '../harness/spec-scopes.js';

const reads: ProbeReads = { count: 0 };
let ru: TestApi;
let sql: pg.Client;

beforeAll(async () => {
  ru = await startApi({}, { extraRoutes: [contactsProbe(reads), scopedProbe('leads:read'), scopedProbe('articles:read')] });
  sql = await sqlClient();
});
afterAll(async () => {
  await sql.end();
  await ru.close();
});

const contacts = (api: TestApi, key: string) => call(api.base, 'GET', '/test/contacts', { key });

async function logRows(integrationId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql.query('select * from disclosure_log where integration_id = $1 order by occurred_at, id', [integrationId]);
  return rows;
}

describe('a read carrying personal data', () => {
  it('answers its data with Cache-Control: private, no-store', async () => {
    const caller = await newCaller(ru.services);
    const res = await contacts(ru, caller.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual(PROBE_CONTACT_IDS);
  });

  it('writes one disclosure_log row per read, naming the key, the request and the recipient country', async () => {
    const caller = await newCaller(ru.services);
    const first = await contacts(ru, caller.apiKey);
    const second = await contacts(ru, caller.apiKey);
    const rows = await logRows(caller.integrationId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.request_id).sort()).toEqual([first.headers.get('x-request-id'), second.headers.get('x-request-id')].sort());
    expect(rows[0]).toMatchObject({
      tenant_id: caller.tenantId, integration_id: caller.integrationId, key_id: caller.keyId, channel: 'api',
      route: 'GET /test/contacts', resource_type: 'contact', resource_ids: PROBE_CONTACT_IDS, recipient_country: 'RU',
    });
  });
});

describe('pii_transfer_not_allowed on the ru cell', () => {
  it.each<[string, CallerOptions, string]>([
    ['no IP allowlist', { integrationAllowlist: null }, 'an IP allowlist'],
    ['an empty IP allowlist', { integrationAllowlist: [] }, 'an IP allowlist'],
    ['an allowlist on its key only', { integrationAllowlist: null, keyAllowlist: ['127.0.0.1'] }, 'an IP allowlist'],
    ['hosting country DE', { hostingCountry: 'DE' }, 'hosting country RU'],
    ['no hosting country', { hostingCountry: null }, 'hosting country RU'],
    ['no transfer basis', { transferBasis: null }, 'a declared transfer basis'],
    ['a blank transfer basis', { transferBasis: '  ' }, 'a declared transfer basis'],
  ])('an integration with %s answers 403 pii_transfer_not_allowed before anything is read', async (_, options, missing) => {
    const caller = await newCaller(ru.services, options);
    const before = reads.count;
    const res = await contacts(ru, caller.apiKey);
    expectProblem(res, 'pii_transfer_not_allowed');
    expect(res.body.detail).toBe(`Personal data leaves the ru cell only to integrations with ${missing}.`);
    expect(reads.count).toBe(before);
    expect(await logRows(caller.integrationId)).toEqual([]);
  });

  it('the answer names every condition that is missing', async () => {
    const caller = await newCaller(ru.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
    const res = await contacts(ru, caller.apiKey);
    expectProblem(res, 'pii_transfer_not_allowed');
    expect(res.body.detail).toContain('an IP allowlist, hosting country RU, a declared transfer basis');
  });

  it('a route needing a personal-data scope (leads:read) is held to the same conditions', async () => {
    const caller = await newCaller(ru.services, { hostingCountry: 'DE' });
    expectProblem(await call(ru.base, 'GET', '/test/leads', { key: caller.apiKey }), 'pii_transfer_not_allowed');
  });

  it('a route without personal data is not', async () => {
    const caller = await newCaller(ru.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
    expect((await call(ru.base, 'GET', '/test/articles', { key: caller.apiKey })).status).toBe(200);
  });
});

describe('GET /me key.scopes on the ru cell', () => {
  const me = (api: TestApi, key: string) => call(api.base, 'GET', '/me', { key });

  it('lists the personal-data scopes when the transfer conditions hold', async () => {
    const caller = await newCaller(ru.services);
    expect((await me(ru, caller.apiKey)).body.key.scopes).toEqual(expect.arrayContaining([...SPEC_PII_SCOPES]));
  });

  it('leaves out the personal-data scopes an integration without the transfer conditions cannot use', async () => {
    const caller = await newCaller(ru.services, { hostingCountry: 'DE' });
    const scopes: string[] = (await me(ru, caller.apiKey)).body.key.scopes;
    expect(scopes).toEqual(SPEC_SCOPES.filter((s) => !(SPEC_PII_SCOPES as readonly string[]).includes(s)));
    // The route-level refusal stays.
    expectProblem(await contacts(ru, caller.apiKey), 'pii_transfer_not_allowed');
  });
});

describe('on the en cell', () => {
  let en: TestApi;
  beforeAll(async () => {
    en = await startApi({ CELL: 'en' }, { extraRoutes: [contactsProbe()] });
  });
  afterAll(async () => en.close());

  it('personal data is read without the ru conditions, still uncached and still logged', async () => {
    const caller = await newCaller(en.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
    const res = await contacts(en, caller.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const rows = await logRows(caller.integrationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ request_id: res.headers.get('x-request-id'), recipient_country: null });
  });

  it('GET /me lists the personal-data scopes without the ru conditions', async () => {
    const caller = await newCaller(en.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
    expect((await call(en.base, 'GET', '/me', { key: caller.apiKey })).body.key.scopes).toEqual([...SPEC_SCOPES]);
  });
});

describe('GET /disclosures', () => {
  let caller: Caller;
  let requestIds: string[];
  beforeAll(async () => {
    caller = await newCaller(ru.services);
    requestIds = [];
    for (let i = 0; i < 3; i++) requestIds.push((await contacts(ru, caller.apiKey)).headers.get('x-request-id')!);
    const other = await newCaller(ru.services);
    await contacts(ru, other.apiKey);
  });

  it('lists the integration\'s own disclosures, one per read', async () => {
    const res = await call(ru.base, 'GET', '/disclosures', { key: caller.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data.map((d: { request_id: string }) => d.request_id).sort()).toEqual([...requestIds].sort());
    expect(res.body.data[0]).toEqual({
      id: expect.any(String), occurred_at: expect.any(String), channel: 'api', route: 'GET /test/contacts', resource_type: 'contact',
      resource_ids: PROBE_CONTACT_IDS, request_id: expect.any(String), key_id: caller.keyId, recipient_country: 'RU', livemode: true,
    });
  });

  it('pages with its cursor without losing or repeating an entry', async () => {
    const first = await call(ru.base, 'GET', '/disclosures?limit=2', { key: caller.apiKey });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await call(ru.base, 'GET', `/disclosures?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, { key: caller.apiKey });
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
    const ids = [...first.body.data, ...second.body.data].map((d: { request_id: string }) => d.request_id);
    expect(ids.sort()).toEqual([...requestIds].sort());
  });

  it('refuses another integration\'s cursor with 422 validation_failed at /cursor', async () => {
    const first = await call(ru.base, 'GET', '/disclosures?limit=1', { key: caller.apiKey });
    const stranger = await newCaller(ru.services);
    const res = await call(ru.base, 'GET', `/disclosures?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`, { key: stranger.apiKey });
    expectProblem(res, 'validation_failed', { errors: [{ field: '/cursor', code: 'invalid_format', message: expect.any(String) }] });
  });
});
