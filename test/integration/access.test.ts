import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { contactsProbe, scopedProbe } from '../harness/probe-routes.js';
import { PLAN_FEATURES, SCOPES } from '../../src/domain/access/scopes.js';
import { setWalletBlocked } from '../../src/domain/wallet/ledger.js';
import { PinnedClock } from '../../src/clock.js';
import { SPEC_SCOPES } from '../harness/spec-scopes.js';
import { publicDocument } from '../harness/event-conformance.js';

let api: TestApi;

beforeAll(async () => {
  api = await startApi({}, { extraRoutes: [scopedProbe('articles:read'), contactsProbe()] });
});
afterAll(async () => api.close());

const articles = (key: string) => call(api.base, 'GET', '/test/articles', { key });
const without = <T>(list: readonly T[], ...drop: T[]) => list.filter((x) => !drop.includes(x));

describe('effective scopes', () => {
  it('GET /me key.scopes is the integration\'s scopes ∩ the owner\'s permissions ∩ the plan', async () => {
    const caller = await newCaller(api.services, {
      scopes: ['conversations:read', 'articles:read', 'leads:read', 'webhooks:manage'],
      ownerPermissions: ['conversations:read', 'articles:read', 'webhooks:manage', 'cards:read'],
      features: ['api_access', 'conversations', 'crm', 'webhooks', 'cards'],
    });
    const res = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.key.scopes).toEqual(['conversations:read', 'webhooks:manage']);
  });

  it('a full grant shows every scope of the spec', async () => {
    const caller = await newCaller(api.services);
    const res = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect([...res.body.key.scopes].sort()).toEqual([...SPEC_SCOPES].sort());
  });

  it('GET /me and GET /wallet need no scope', async () => {
    const caller = await newCaller(api.services, { scopes: [] });
    const me = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(me.status).toBe(200);
    expect(me.body.key.scopes).toEqual([]);
    expect((await call(api.base, 'GET', '/wallet', { key: caller.apiKey })).status).toBe(200);
  });
});

describe('scope_missing', () => {
  it('a route answers 200 when the scope is in all three', async () => {
    const caller = await newCaller(api.services);
    expect((await articles(caller.apiKey)).status).toBe(200);
  });

  it('an integration not granted the scope answers 403 scope_missing', async () => {
    const caller = await newCaller(api.services, { scopes: without(SCOPES, 'articles:read') });
    const res = await articles(caller.apiKey);
    expectProblem(res, 'scope_missing');
    expect(res.body.detail).toContain('articles:read');
  });

  it('an owner without the permission answers 403 scope_missing', async () => {
    const caller = await newCaller(api.services, { ownerPermissions: without(SCOPES, 'articles:read') });
    expectProblem(await articles(caller.apiKey), 'scope_missing');
  });
});

describe('a scope cut by the plan (issue 42 item 8)', () => {
  it('a plan without the route\'s module answers 403 scope_missing naming the plan, and GET /me leaves the scope out', async () => {
    const caller = await newCaller(api.services, { features: without(PLAN_FEATURES, 'articles') });
    const res = await articles(caller.apiKey);
    expectProblem(res, 'scope_missing');
    expect(res.body.detail).toBe('This route needs the articles:read scope. The plan cuts it: it does not include the articles feature.');
    expect((await call(api.base, 'GET', '/me', { key: caller.apiKey })).body.key.scopes).not.toContain('articles:read');
  });

  it('a scope the integration lacks is scope_missing without naming the plan; the other modules of the plan keep working', async () => {
    const caller = await newCaller(api.services, { features: without(PLAN_FEATURES, 'conversations'), scopes: without(SCOPES, 'articles:read') });
    expect((await articles(caller.apiKey)).body.detail).toBe('This route needs the articles:read scope.');
    const other = await newCaller(api.services, { features: without(PLAN_FEATURES, 'conversations') });
    expect((await articles(other.apiKey)).status).toBe(200);
    expectProblem(await call(api.base, 'GET', '/test/contacts', { key: other.apiKey }), 'scope_missing');
  });

  it('feature_not_in_plan is the API licence: a plan without api_access, whatever modules it has', async () => {
    const caller = await newCaller(api.services, { features: without(PLAN_FEATURES, 'api_access') });
    expectProblem(await articles(caller.apiKey), 'feature_not_in_plan');
  });

  it('the document says so: GET /me key.scopes and the error catalogue', () => {
    const doc = publicDocument();
    expect(doc.components.schemas.Me.properties.key.properties.scopes.description).toMatch(/plan.*left out.*not here answers 403 scope_missing/);
    const catalogue = doc.tags.find((t: { name: string }) => t.name === 'errors').description as string;
    expect(catalogue).toMatch(/feature_not_in_plan.*api_access.*A plan without a route's module cuts the route's scope instead: 403 scope_missing/);
    expect(catalogue).toMatch(/scope_missing.*cut by role, owner permissions or plan.*when the detail says the plan cuts it/);
  });
});

describe('order of checks: auth -> rate limit -> wallet gate -> scope/PII', () => {
  it('a refused key is answered before the rate limit counts anything', async () => {
    const res = await articles(`sk_live_ru_${'Z'.repeat(20)}_${'z'.repeat(40)}`);
    expectProblem(res, 'invalid_api_key');
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('the rate limit counts a request that then lacks its scope, and refuses the next one first', async () => {
    const limited = await startApi({ RATE_LIMIT_READ_PER_MIN: '1' }, { clock: new PinnedClock(new Date()), extraRoutes: [scopedProbe('articles:read')] });
    try {
      const caller = await newCaller(limited.services, { scopes: [] });
      const first = await call(limited.base, 'GET', '/test/articles', { key: caller.apiKey });
      expectProblem(first, 'scope_missing');
      expect(first.headers.get('ratelimit-remaining')).toBe('0');
      const second = await call(limited.base, 'GET', '/test/articles', { key: caller.apiKey });
      expectProblem(second, 'rate_limited');
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('a suspended wallet answers 402 wallet_suspended before scope_missing and pii_transfer_not_allowed', async () => {
    const caller = await newCaller(api.services, { scopes: [], integrationAllowlist: null });
    await api.services.orm.em.fork().transactional((em) => setWalletBlocked(em, caller.tenantId, true, api.services.clock.now()));
    const suspended = { topup_url: api.services.config.topupUrl, balance: { amount: '1000.00', currency: 'RUB' } };
    expectProblem(await articles(caller.apiKey), 'wallet_suspended', suspended);
    expectProblem(await call(api.base, 'GET', '/test/contacts', { key: caller.apiKey }), 'wallet_suspended', suspended);
  });

  it('the scope is checked before the personal-data conditions', async () => {
    const caller = await newCaller(api.services, { scopes: without(SCOPES, 'conversations:read'), integrationAllowlist: null });
    expectProblem(await call(api.base, 'GET', '/test/contacts', { key: caller.apiKey }), 'scope_missing');
  });
});
