import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { sqlClient } from '../harness/database.js';
import { revokeApiKey } from '../../src/domain/provisioning/api-keys.js';
import { setIntegrationStatus } from '../../src/domain/provisioning/integrations.js';
import { setTenantStatus } from '../../src/domain/provisioning/tenants.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { PinnedClock } from '../../src/clock.js';

let api: TestApi;
let sql: pg.Client;

beforeAll(async () => {
  api = await startApi();
  sql = await sqlClient();
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

const em = () => api.services.orm.em.fork();
const now = () => api.services.clock.now();
const me = (key?: string | null, headers?: Record<string, string>) => call(api.base, 'GET', '/me', { key, headers });

/** The key's secret part (after the last `_`) replaced by another of the same shape. */
function withOtherSecret(apiKey: string): string {
  const cut = apiKey.lastIndexOf('_') + 1;
  const secret = apiKey.slice(cut);
  return apiKey.slice(0, cut) + (secret[0] === 'A' ? 'B' : 'A') + secret.slice(1);
}

/** A 401 answer also names the scheme to authenticate with (RFC 9110 §11.6.1). */
function expectChallenge(res: Answer): void {
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
}

describe('invalid_api_key', () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await newCaller(api.services);
  });

  it('a valid key answers 200 (the control for every refusal below)', async () => {
    expect((await me(caller.apiKey)).status).toBe(200);
  });

  it('a request without an Authorization header answers 401 invalid_api_key', async () => {
    const res = await me();
    expectProblem(res, 'invalid_api_key');
    expectChallenge(res);
  });

  it.each([
    ['another scheme (Basic)', (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`],
    ['the bare key without a scheme', (k: string) => k],
    ['Bearer without a key', () => 'Bearer'],
    ['Bearer with two tokens', (k: string) => `Bearer ${k} ${k}`],
  ])('an Authorization header with %s answers 401 invalid_api_key', async (_, header) => {
    const res = await me(null, { authorization: header(caller.apiKey) });
    expectProblem(res, 'invalid_api_key');
    expectChallenge(res);
  });

  it('the Bearer scheme name is case-insensitive (RFC 9110 §11.1)', async () => {
    expect((await me(null, { authorization: `bearer ${caller.apiKey}` })).status).toBe(200);
    expect((await me(null, { authorization: `BEARER ${caller.apiKey}` })).status).toBe(200);
  });

  it.each([
    ['a key of the wrong shape', 'not-a-key'],
    ['a truncated key', () => caller.apiKey.slice(0, -1)],
    ['an unknown mode', () => caller.apiKey.replace(/^sk_live_/, 'sk_prod_')],
    ['an unknown cell', () => caller.apiKey.replace(/^sk_live_ru_/, 'sk_live_us_')],
  ])('%s answers 401 invalid_api_key', async (_, key) => {
    expectProblem(await me(typeof key === 'string' ? key : key()), 'invalid_api_key');
  });

  it('a well-formed key with an unknown key_id answers 401 invalid_api_key', async () => {
    expectProblem(await me(`sk_live_ru_${'Z'.repeat(20)}_${'z'.repeat(40)}`), 'invalid_api_key');
  });

  it('the right key_id with a wrong secret answers 401 invalid_api_key', async () => {
    expectProblem(await me(withOtherSecret(caller.apiKey)), 'invalid_api_key');
  });

  it('the right key in the wrong mode (test instead of live) answers 401 invalid_api_key', async () => {
    expectProblem(await me(caller.apiKey.replace(/^sk_live_/, 'sk_test_')), 'invalid_api_key');
  });

  it('a revoked key answers 401 invalid_api_key', async () => {
    const revoked = await newCaller(api.services);
    expect((await me(revoked.apiKey)).status).toBe(200);
    await revokeApiKey(em(), revoked.keyId, now());
    expectProblem(await me(revoked.apiKey), 'invalid_api_key');
  });

  it('an expired key answers 401 invalid_api_key', async () => {
    const expired = await newCaller(api.services);
    await sql.query(`update api_keys set expires_at = now() - interval '1 minute' where key_id = $1`, [expired.keyId]);
    expectProblem(await me(expired.apiKey), 'invalid_api_key');
  });

  it('missing, unknown, wrong-secret, revoked and expired keys get the same answer but for request_id', async () => {
    const revoked = await newCaller(api.services);
    await revokeApiKey(em(), revoked.keyId, now());
    const expired = await newCaller(api.services);
    await sql.query(`update api_keys set expires_at = now() - interval '1 second' where key_id = $1`, [expired.keyId]);
    const answers = [
      await me(),
      await me(`sk_live_ru_${'Q'.repeat(20)}_${'q'.repeat(40)}`),
      await me(withOtherSecret(caller.apiKey)),
      await me(revoked.apiKey),
      await me(expired.apiKey),
    ];
    const shapes = answers.map((res) => ({
      status: res.status,
      contentType: res.headers.get('content-type'),
      challenge: res.headers.get('www-authenticate'),
      body: { ...res.body, request_id: undefined },
    }));
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
    expect(new Set(answers.map((res) => res.body.request_id)).size).toBe(answers.length);
    expect(shapes[0]!.body.detail).toBe('The API key is missing, unknown, revoked or expired.');
  });

  it('the refusal never echoes the key it was given', async () => {
    const res = await me(withOtherSecret(caller.apiKey));
    expect(res.text).not.toContain(caller.apiKey.slice(0, 20));
  });
});

describe('test-mode keys', () => {
  it('a valid sk_test_ key works in the sandbox: GET /me says mode test and names the live tenant and integration, not their sandbox shadows', async () => {
    const caller = await newCaller(api.services, { keyMode: 'test' });
    expect(caller.apiKey).toMatch(/^sk_test_/);
    const res = await me(caller.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.key).toMatchObject({ key_id: caller.keyId, mode: 'test' });
    expect(res.body.tenant.id).toBe(caller.tenantId);
    expect(res.body.integration.id).toBe(caller.integrationId);
    // The key itself is stored against the shadows (sandbox-isolation shows what lives there).
    const [stored] = await api.services.orm.em.fork().execute<{ tenant_id: string }[]>('select tenant_id from api_keys where key_id = ?', [caller.keyId]);
    expect(stored?.tenant_id).not.toBe(caller.tenantId);
  });

  it('a test key with a wrong secret is still just invalid_api_key', async () => {
    const caller = await newCaller(api.services, { keyMode: 'test' });
    expectProblem(await me(withOtherSecret(caller.apiKey)), 'invalid_api_key');
  });
});

describe('key expiry on the clock', () => {
  it('a key answers until its expires_at and 401 invalid_api_key from that instant on', async () => {
    const clock = new PinnedClock(new Date());
    const pinned = await startApi({}, { clock });
    try {
      const caller = await newCaller(pinned.services, { expiresInDays: 1 });
      const expiresAt = new Date(caller.expiresAt).getTime();
      clock.set(new Date(expiresAt - 1));
      const before = await call(pinned.base, 'GET', '/me', { key: caller.apiKey });
      expect(before.status).toBe(200);
      expect(before.body.key.expires_at).toBe(caller.expiresAt);
      clock.set(new Date(expiresAt));
      expectProblem(await call(pinned.base, 'GET', '/me', { key: caller.apiKey }), 'invalid_api_key');
    } finally {
      await pinned.close();
    }
  });
});

describe('with the key cache on (AUTH_CACHE_MS)', () => {
  it('a cached key is still refused with a wrong secret, and once its expires_at has passed', async () => {
    const clock = new PinnedClock(new Date());
    const cached = await startApi({ AUTH_CACHE_MS: '600000' }, { clock });
    try {
      const caller = await newCaller(cached.services, { expiresInDays: 1 });
      expect((await call(cached.base, 'GET', '/me', { key: caller.apiKey })).status).toBe(200);
      expectProblem(await call(cached.base, 'GET', '/me', { key: withOtherSecret(caller.apiKey) }), 'invalid_api_key');
      clock.set(new Date(caller.expiresAt));
      expectProblem(await call(cached.base, 'GET', '/me', { key: caller.apiKey }), 'invalid_api_key');
    } finally {
      await cached.close();
    }
  });
});

describe('wrong_cell', () => {
  it('a key issued for the en cell sent to the ru cell answers 401 wrong_cell with the en base URL', async () => {
    const enKey = await newCaller(api.services, { keyCell: 'en' });
    expect(enKey.apiKey).toMatch(/^sk_live_en_/);
    const res = await me(enKey.apiKey);
    expectProblem(res, 'wrong_cell', { correct_base_url: api.services.config.cellBaseUrls.en });
    expectChallenge(res);
    expect(res.body.correct_base_url).toMatch(/\/api\/public\/v1$/);
  });

  it('a key issued for the ru cell sent to the en cell answers 401 wrong_cell with the ru base URL', async () => {
    const en = await startApi({ CELL: 'en' });
    try {
      const ruKey = await newCaller(en.services, { keyCell: 'ru' });
      const res = await call(en.base, 'GET', '/me', { key: ruKey.apiKey });
      expectProblem(res, 'wrong_cell', { correct_base_url: en.services.config.cellBaseUrls.ru });
      expect(res.body.correct_base_url).not.toBe(en.base);
      const own = await newCaller(en.services);
      expect((await call(en.base, 'GET', '/me', { key: own.apiKey })).body.cell).toBe('en');
    } finally {
      await en.close();
    }
  });

  it('a key of another cell answers wrong_cell even if that cell does not know it (it is told by its format)', async () => {
    const res = await me(`sk_live_id_${'Z'.repeat(20)}_${'z'.repeat(40)}`);
    expectProblem(res, 'wrong_cell', { correct_base_url: api.services.config.cellBaseUrls.id });
  });
});

describe('integration_inactive', () => {
  it.each(['suspended', 'revoked'] as const)('an integration set %s answers 401 integration_inactive', async (status) => {
    const caller = await newCaller(api.services);
    await setIntegrationStatus(em(), caller.integrationId, status, now());
    const res = await me(caller.apiKey);
    expectProblem(res, 'integration_inactive');
    expectChallenge(res);
    expect(res.body.detail).toContain(status);
  });

  it('an integration whose owner lost access answers 401 integration_inactive', async () => {
    const caller = await newCaller(api.services);
    await sql.query('update integrations set owner_active = false where id = $1', [caller.integrationId]);
    const res = await me(caller.apiKey);
    expectProblem(res, 'integration_inactive');
    expectChallenge(res);
    expect(res.body.detail).toContain('owner lost access');
  });

  it('an integration set active again answers 200', async () => {
    const caller = await newCaller(api.services);
    await setIntegrationStatus(em(), caller.integrationId, 'suspended', now());
    expectProblem(await me(caller.apiKey), 'integration_inactive');
    await setIntegrationStatus(em(), caller.integrationId, 'active', now());
    expect((await me(caller.apiKey)).status).toBe(200);
  });
});

describe('tenant_inactive and feature_not_in_plan (licence)', () => {
  it('an inactive tenant answers 403 tenant_inactive', async () => {
    const caller = await newCaller(api.services);
    await setTenantStatus(em(), caller.tenantId, 'inactive', now());
    const res = await me(caller.apiKey);
    expectProblem(res, 'tenant_inactive');
    expect(res.headers.get('www-authenticate')).toBeNull();
    await setTenantStatus(em(), caller.tenantId, 'active', now());
    expect((await me(caller.apiKey)).status).toBe(200);
  });

  it('a plan without the api_access licence answers 403 feature_not_in_plan, also on GET /wallet', async () => {
    const caller = await newCaller(api.services, { features: PLAN_FEATURES.filter((f) => f !== 'api_access') });
    const res = await me(caller.apiKey);
    expectProblem(res, 'feature_not_in_plan');
    expect(res.body.detail).toContain('API access');
    expectProblem(await call(api.base, 'GET', '/wallet', { key: caller.apiKey }), 'feature_not_in_plan');
  });

  it('a plan without any feature answers 403 feature_not_in_plan', async () => {
    const caller = await newCaller(api.services, { features: [] });
    expectProblem(await me(caller.apiKey), 'feature_not_in_plan');
  });
});
