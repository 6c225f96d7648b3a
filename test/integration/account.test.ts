import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { MeSchema, WalletSchema } from '../../src/routes/account/schemas.js';

let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  api = await startApi();
  caller = await newCaller(api.services, { dailySpendLimitRub: '250.00', balanceRub: '1500.00' });
});
afterAll(async () => api.close());

describe('GET /me', () => {
  it('answers every field of Me for a valid key', async () => {
    const res = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(res.status).toBe(200);
    // The presenter's fields; livemode, which the pipeline adds to every object with an id, is the document's (test/harness/conformance.ts).
    const { tenant: { livemode: _t, ...tenant }, integration: { livemode: _i, ...integration } } = res.body;
    expect(MeSchema.validate({ ...res.body, tenant, integration }, { presence: 'required' }).error).toBeUndefined();
    expect(res.body).toMatchObject({
      tenant: { id: caller.tenantId, name: 'Test tenant', livemode: true },
      cell: 'ru',
      base_url: api.base,
      integration: { id: caller.integrationId, name: 'Test integration', livemode: true },
      channel_id: caller.channelId,
      // No list of its own: the integration's is the rule the key meets.
      key: {
        key_id: caller.keyId, mode: 'live', expires_at: caller.expiresAt,
        ip_allowlist: ['127.0.0.0/8', '::1'], ip_allowlist_sources: { key: null, integration: ['127.0.0.0/8', '::1'] },
      },
      limits: { read_per_min: 600, write_per_min: 120, paid_per_min: 30, paid_concurrency: 5 },
      wallet: {
        balance: { amount: '1500.00', currency: 'RUB' },
        state: 'ok', exchange: 'active',
        daily_spend: { limit: { amount: '250.00', currency: 'RUB' }, used: { amount: '0.00', currency: 'RUB' } },
      },
      crm_mode: 'internal',
    });
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers 401 invalid_api_key without a key', async () => {
    expectProblem(await call(api.base, 'GET', '/me'), 'invalid_api_key');
  });

  it('ends every JSON answer, a Problem too, with one newline (a terminal shows one answer per line)', async () => {
    const ok = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    const problem = await call(api.base, 'GET', '/me');
    for (const res of [ok, problem]) {
      expect(res.text.endsWith('}\n')).toBe(true);
      expect(res.text.slice(0, -1)).not.toContain('\n');
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
    }
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /wallet', () => {
  it('answers the wallet in roubles with daily_spend', async () => {
    const res = await call(api.base, 'GET', '/wallet', { key: caller.apiKey });
    expect(res.status).toBe(200);
    expect(WalletSchema.validate(res.body).error).toBeUndefined();
    expect(res.body.balance).toEqual({ amount: '1500.00', currency: 'RUB' });
  });
});
