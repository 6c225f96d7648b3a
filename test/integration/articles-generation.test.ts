import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { call, expectProblem } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { getArticle } from './articles-fixtures.js';
import { startApi } from '../harness/app.js';
import { newCaller } from '../harness/fixtures.js';

/** POST /articles/generation-jobs and GET /articles/generation-jobs/{id}: a paid operation with the builtin generator. */

let h: OperationsHarness;
beforeAll(async () => {
  h = await OperationsHarness.start();
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

const PROFILE = { niche: 'Furniture for small flats', audience: 'young families', tone: 'friendly', locale: 'en' };
const generate = (who: Caller, body: unknown, o: { wait?: number; key?: string | null } = {}) =>
  call(h.api.base, 'POST', `/articles/generation-jobs?wait=${o.wait ?? 20}`, {
    key: who.apiKey, body, headers: o.key === null ? {} : { 'idempotency-key': o.key ?? randomUUID() },
  });
const job = (who: Caller, id: string) => call(h.api.base, 'GET', `/articles/generation-jobs/${id}`, { key: who.apiKey });

async function withProfile(o: { balanceRub?: string } = {}): Promise<Caller> {
  const caller = await h.caller(o);
  const res = await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: PROFILE });
  expect(res.status).toBe(200);
  return caller;
}

describe('POST /articles/generation-jobs', () => {
  it('without an editorial profile is 409 editorial_profile_required, and nothing is written', async () => {
    const caller = await h.caller();
    expectProblem(await generate(caller, { keyword: 'small sofa' }), 'editorial_profile_required');
    expect((await h.db.query("select count(*)::int as n from operations where tenant_id = $1", [caller.tenantId])).rows[0].n).toBe(0);
  });

  it('writes a draft within wait: 200 with the operation, one charge, article.ready and operation.completed', async () => {
    const caller = await withProfile();
    await h.card(caller, { code: 'boots', name: 'Winter boots', description: 'Warm, for a small budget', price_text: '9 990 ₽', ai_enabled: true, sort: 1 });
    await h.card(caller, { code: 'runner', name: 'Runner sneakers', description: 'Light, for the living room too', price_text: '4 990 ₽', ai_enabled: true, sort: 2 });
    await h.card(caller, { code: 'sofa-mini', name: 'Sofa Mini', description: 'Two seats, 140 cm', price_text: '19 990 ₽', ai_enabled: true, sort: 3 });
    const res = await generate(caller, { keyword: 'sofa for a small living room' });
    expect(res.status).toBe(200);
    const op = res.body.operation;
    expect(op).toMatchObject({
      type: 'article.generation', status: 'succeeded', resource: { type: 'generation_job', id: op.id },
      usage: { cost: { amount: '5.00', currency: 'RUB' }, model: 'builtin/article-v1' },
    });
    const read = await job(caller, op.id);
    expect(read.body).toMatchObject({ id: op.id, status: 'succeeded', keyword: 'sofa for a small living room', article_id: expect.any(String), error: null });
    const article = (await getArticle(h.api, caller, read.body.article_id)).body;
    expect(article).toMatchObject({
      status: 'draft', title: 'Sofa for a small living room', slug: 'sofa-for-a-small-living-room', locale: 'en', keyword: 'sofa for a small living room',
      meta_title: expect.any(String), meta_description: expect.stringContaining('sofa for a small living room'),
    });
    expect(article.word_count).toBeGreaterThan(50);
    expect(article.content).toContain('<h2>How to choose</h2>');
    // Issue 31: the article on sofas cites the sofa, never the boots or sneakers of the catalogue
    // (their descriptions share words with the keyword, their names do not).
    expect(article.content).toContain('Sofa Mini');
    expect(article.content).not.toMatch(/Winter boots|Runner sneakers/);
    expect(await h.charges(op.id)).toEqual([{ amount_rub: '-5.00', integration_id: caller.integrationId }]);
    expect((await h.events(caller.tenantId, 'article.ready')).map((e) => [e.integration_id, e.data])).toEqual([[null, { article_id: read.body.article_id }]]);
    expect((await h.events(caller.tenantId, 'operation.completed')).map((e) => [e.integration_id, e.data.operation.id])).toEqual([[caller.integrationId, op.id]]);
  });

  it('a retry with the same Idempotency-Key answers the same operation and charges once', async () => {
    const caller = await withProfile();
    const key = randomUUID();
    const first = await generate(caller, { keyword: 'oak legs', locale: 'ru' }, { key });
    const again = await generate(caller, { keyword: 'oak legs', locale: 'ru' }, { key });
    expect(again.body.operation.id).toBe(first.body.operation.id);
    await h.settled(first.body.operation.id);
    expect(await h.charges(first.body.operation.id)).toHaveLength(1);
    // The request's locale wins over the profile's (en).
    expect((await getArticle(h.api, caller, (await job(caller, first.body.operation.id)).body.article_id)).body.locale).toBe('ru');
    expect((await h.db.query('select count(*)::int as n from articles where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(1);
  });

  it('wait=0 answers 202 with the queued operation', async () => {
    const caller = await withProfile();
    const res = await generate(caller, { keyword: 'lamps' }, { wait: 0 });
    expect(res.status).toBe(202);
    expect(res.body.operation).toMatchObject({ type: 'article.generation', status: expect.stringMatching(/^(queued|running|succeeded)$/) });
    await h.settled(res.body.operation.id);
  });

  it('max_cost below the price is 402 spend_limit_reached; an empty wallet 402 insufficient_funds', async () => {
    const caller = await withProfile();
    expectProblem(await generate(caller, { keyword: 'lamps', max_cost: { amount: '1.00', currency: 'RUB' } }), 'spend_limit_reached');
    const poor = await withProfile({ balanceRub: '0' });
    const res = await generate(poor, { keyword: 'lamps' });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('insufficient_funds');
  });

  it("max_cost above the account's cost cap is 422 at /max_cost naming the cap; nothing is created or charged", async () => {
    const caller = await withProfile();
    const cap = Number(h.api.services.config.operationCostCapRub);
    const res = await generate(caller, { keyword: 'lamps', max_cost: { amount: (cap + 0.01).toFixed(2), currency: 'RUB' } });
    expectProblem(res, 'validation_failed', { errors: [expect.objectContaining({ field: '/max_cost', code: 'out_of_range' })] });
    expect(res.body.errors[0].message).toContain(`${cap.toFixed(2)} RUB`);
    expect((await h.db.query('select count(*)::int as n from operations where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
    // A max_cost is a Money object; another currency than the cell's is 422 at /max_cost/currency.
    expectProblem(await generate(caller, { keyword: 'lamps', max_cost: '5.00' }), 'validation_failed', { errors: [expect.objectContaining({ field: '/max_cost' })] });
    expectProblem(await generate(caller, { keyword: 'lamps', max_cost: { amount: '5.00', currency: 'GBP' } }), 'validation_failed', {
      errors: [expect.objectContaining({ field: '/max_cost/currency', code: 'not_supported' })],
    });
  });

  it('on the en cell max_cost is in GBP (converted with the rate table): GBP taken, RUB refused, the cap and the price told in GBP', async () => {
    const en = await startApi({ ...h.env, CELL: 'en' });
    try {
      const caller = await newCaller(en.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
      expect((await call(en.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: PROFILE })).status).toBe(200);
      const generateEn = (maxCost: unknown, wait = 0) => call(en.base, 'POST', `/articles/generation-jobs?wait=${wait}`, {
        key: caller.apiKey, body: { keyword: 'lamps', max_cost: maxCost }, headers: { 'idempotency-key': randomUUID() },
      });
      expectProblem(await generateEn({ amount: '5.00', currency: 'RUB' }), 'validation_failed', {
        errors: [expect.objectContaining({ field: '/max_cost/currency', code: 'not_supported' })],
      });
      // The default cap, 100 RUB, is 0.95 GBP at 0.0095 GBP per rouble; the 5.00 RUB article 0.05 GBP.
      const above = await generateEn({ amount: '0.96', currency: 'GBP' });
      expectProblem(above, 'validation_failed', { errors: [expect.objectContaining({ field: '/max_cost' })] });
      expect(above.body.errors[0].message).toContain('0.95 GBP');
      const below = await generateEn({ amount: '0.04', currency: 'GBP' });
      expectProblem(below, 'spend_limit_reached');
      expect(below.body.detail).toContain('(0.05 GBP)');
      expect((await h.db.query('select count(*)::int as n from operations where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
      const taken = await generateEn({ amount: '0.95', currency: 'GBP' }, 20);
      expect(taken.status).toBe(200);
      expect(taken.body.operation).toMatchObject({ status: 'succeeded', usage: { cost: { amount: '0.05', currency: 'GBP' } } });
      expect(await h.charges(taken.body.operation.id)).toEqual([{ amount_rub: '-5.00', integration_id: caller.integrationId }]);
    } finally {
      await en.close();
    }
  });

  it('needs an Idempotency-Key, a keyword, wait within 0..20 and the articles:generate scope', async () => {
    const caller = await withProfile();
    expectProblem(await generate(caller, { keyword: 'x' }, { key: null }), 'idempotency_key_required');
    expect((await generate(caller, {})).status).toBe(422);
    expectProblem(await generate(caller, { keyword: 'x' }, { wait: 21 }), 'validation_failed', { errors: [expect.objectContaining({ field: '/wait' })] });
    const narrow = await h.caller({ scopes: ['articles:read', 'articles:write'] });
    expectProblem(await generate(narrow, { keyword: 'x' }), 'scope_missing');
  });
});

describe('GET /articles/generation-jobs/{id}', () => {
  it("another integration's job, or an unknown id, is 404", async () => {
    const caller = await withProfile();
    const other = await withProfile();
    const res = await generate(caller, { keyword: 'beds' });
    expectProblem(await job(other, res.body.operation.id), 'not_found');
    expectProblem(await job(caller, randomUUID()), 'not_found');
    expectProblem(await job(caller, 'nope'), 'not_found');
  });
});
