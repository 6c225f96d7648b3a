import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { sandboxCaller, type Caller } from '../harness/fixtures.js';
import { Decimal } from 'decimal.js';
import { call, expectProblem } from '../harness/http.js';
import { runCtl } from '../../src/cli/ctl.js';
import { BUILTIN_MODEL } from '../../src/domain/ai-seller/index.js';
import { BUILTIN_ARTICLE_MODEL } from '../../src/domain/articles/article-generator.js';
import { BUILTIN_CHAT_MODEL } from '../../src/domain/strategist/chat-analyst.js';

/**
 * The builtin models' prices (issue 37, item 5): live builtin work is priced by
 * AI_BUILTIN_PRICE_RUB, AI_BUILTIN_ARTICLE_PRICE_RUB and AI_BUILTIN_STRATEGIST_PRICE_RUB, 0
 * unless set (bin/test sets the old prices for the other files: this one runs the defaults
 * first); a sandbox's builtin work keeps its test prices, 1.50, 5.00 and 2.00 of test money.
 */

const PROFILE = { niche: 'Furniture for small flats', audience: 'young families', tone: 'friendly', locale: 'en' };

/** One AI reply, one article (at most `maxCost`, when given) and one strategist answer of `who`, each awaited to its end. */
async function oneOfEach(h: OperationsHarness, who: Caller, maxCost?: string) {
  const reply = await h.say(who, await h.conversation(who), 'Hello!', { wait: 15 });
  expect(reply.status).toBe(200);
  expect((await call(h.api.base, 'PUT', '/editorial-profile', { key: who.apiKey, body: PROFILE })).status).toBe(200);
  const article = await call(h.api.base, 'POST', '/articles/generation-jobs?wait=15', {
    key: who.apiKey, body: { keyword: 'sofa for a small living room', ...(maxCost === undefined ? {} : { max_cost: { amount: maxCost, currency: 'RUB' } }) }, headers: { 'idempotency-key': randomUUID() },
  });
  expect(article.status).toBe(200);
  // The strategist answers from the analytics snapshot's figures (an answer citing none is free).
  await runCtl(['analytics', 'snapshot', '--tenant', who.tenantId, '--json'], h.api.services);
  const session = await call(h.api.base, 'POST', '/strategist/sessions', { key: who.apiKey, body: {} });
  expect(session.status).toBe(201);
  const answer = await call(h.api.base, 'POST', `/strategist/sessions/${session.body.id}/turns?wait=15`, {
    key: who.apiKey, body: { content: 'What do customers ask about?' }, headers: { 'idempotency-key': randomUUID() },
  });
  expect(answer.status).toBe(200);
  return { reply: reply.body.operation, article: article.body.operation, answer: answer.body.operation };
}

/**
 * The three operations succeeded at `[reply, article, answer]` roubles, as usage (with the
 * builtin models' names) and as the tenant's ledger says: one charge each, none for a 0.
 */
async function expectPriced(h: OperationsHarness, who: Caller, ops: Awaited<ReturnType<typeof oneOfEach>>, prices: [string, string, string]): Promise<void> {
  const done = [[ops.reply, BUILTIN_MODEL], [ops.article, BUILTIN_ARTICLE_MODEL], [ops.answer, BUILTIN_CHAT_MODEL]] as const;
  expect(done.map(([op]) => op)).toEqual(done.map(([op, model], i) => expect.objectContaining({
    id: op.id, status: 'succeeded', usage: { cost: { amount: prices[i], currency: 'RUB' }, model },
  })));
  const charged = done.map(([op], i) => ({ amount_rub: `-${prices[i]}`, operation_id: op.id })).filter((c) => c.amount_rub !== '-0.00');
  expect(await h.tenantCharges(who.tenantId)).toEqual(charged);
}

/** A harness of this file's with `env`, for the describe block that calls it. */
function harnessWith(env: Record<string, string>): () => OperationsHarness {
  let h: OperationsHarness | undefined;
  beforeAll(async () => {
    h = await OperationsHarness.start({ env });
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
  }, 60_000);
  return () => h!;
}

describe('the builtin models with the default prices', () => {
  // Empty is unset (as a compose file's `${AI_BUILTIN_PRICE_RUB:-}`): the defaults, not bin/test's prices.
  const harness = harnessWith({ AI_BUILTIN_PRICE_RUB: '', AI_BUILTIN_ARTICLE_PRICE_RUB: '', AI_BUILTIN_STRATEGIST_PRICE_RUB: '' });

  it('live work costs 0, says so in usage, moves no money and writes no ledger entry, even from an empty wallet and under max_cost 0', async () => {
    const h = harness();
    const live = await h.caller({ balanceRub: '0' });
    const ops = await oneOfEach(h, live, '0.00');
    await expectPriced(h, live, ops, ['0.00', '0.00', '0.00']);
    // operation.completed tells the integration the same.
    const completed = (await h.events(live.tenantId, 'operation.completed')).map((e) => [e.data.operation.id, e.data.operation.usage.cost.amount]);
    expect(completed).toEqual([[ops.reply.id, '0.00'], [ops.article.id, '0.00'], [ops.answer.id, '0.00']]);
    expect(await h.balance(live.tenantId)).toBe('0.00');
  });

  it("a sandbox's builtin work keeps its test prices: 1.50 a reply, 5.00 an article, 2.00 a strategist answer", async () => {
    const h = harness();
    const test = await sandboxCaller(h.api.services, await h.caller());
    const before = await h.balance(test.tenantId);
    await expectPriced(h, test, await oneOfEach(h, test), ['1.50', '5.00', '2.00']);
    expect(new Decimal(before).minus(await h.balance(test.tenantId)).toFixed(2)).toBe('8.50');
  });
});

describe('the builtin models with prices set', () => {
  const harness = harnessWith({ AI_BUILTIN_PRICE_RUB: '0.40', AI_BUILTIN_ARTICLE_PRICE_RUB: '0.7', AI_BUILTIN_STRATEGIST_PRICE_RUB: '0.30' });

  it('live work is charged the set prices, once each; a max_cost below the set price is refused', async () => {
    const h = harness();
    const live = await h.caller({ balanceRub: '10.00' });
    await expectPriced(h, live, await oneOfEach(h, live), ['0.40', '0.70', '0.30']);
    expect(await h.balance(live.tenantId)).toBe('8.60');
    const refused = await call(h.api.base, 'POST', '/articles/generation-jobs', {
      key: live.apiKey, body: { keyword: 'oak legs', max_cost: { amount: '0.69', currency: 'RUB' } }, headers: { 'idempotency-key': randomUUID() },
    });
    expectProblem(refused, 'spend_limit_reached');
  });
});
