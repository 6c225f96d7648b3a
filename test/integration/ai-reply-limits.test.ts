import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { eventually } from '../harness/eventually.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { postToLedger } from '../../src/domain/wallet/ledger.js';

/**
 * The paid limits checked before any work (spec 01 Errors and Limits): 402 insufficient_funds
 * when the wallet, less what running operations reserved, cannot cover the operation's cost
 * ceiling; 402 spend_limit_reached for the integration's daily limit, the per-operation cost
 * cap and the tenant's concurrent paid operations. A refused turn stores nothing (not even
 * the customer message), so the same Idempotency-Key can be sent again.
 */

const PRICE = '1.50';

/** Nothing of a refused turn exists in the conversation: no message, no operation, no event. */
async function expectRefusedCleanly(h: OperationsHarness, caller: Caller, conversationId: string) {
  expect(await h.messages(conversationId)).toEqual([]);
  expect(await h.operationsOf(conversationId)).toEqual([]);
  const created = await h.events(caller.tenantId, 'message.created');
  expect(created.filter((e) => e.data.conversation_id === conversationId)).toEqual([]);
}

async function me(h: OperationsHarness, caller: Caller): Promise<any> {
  const res = await call(h.api.base, 'GET', '/me', { key: caller.apiKey });
  expect(res.status).toBe(200);
  return res.body;
}

describe('with the builtin seller (1.50 RUB a reply)', () => {
  let h: OperationsHarness;

  beforeAll(async () => {
    h = await OperationsHarness.start();
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it('402 insufficient_funds when the balance is below the cost ceiling; exactly the ceiling is enough; free turns go on', async () => {
    const poor = await h.caller({ balanceRub: '1.49' });
    const conversationId = await h.conversation(poor);
    const key = `turn-${randomUUID()}`;
    const refused = await h.say(poor, conversationId, 'Hello!', { key, wait: 5 });
    // The plain Problem: spec 01 gives topup_url to wallet_suspended only (GET /wallet says where to top up).
    expectProblem(refused, 'insufficient_funds');
    expect(refused.body.detail).toContain('1.50');
    expect(refused.body.detail).toContain('1.49');
    await expectRefusedCleanly(h, poor, conversationId);
    expect(await h.balance(poor.tenantId)).toBe('1.49');

    // Once topped up, the same key goes through: the refusal stored nothing under it.
    await h.api.services.orm.em.fork().transactional((em) => postToLedger(em, { tenantId: poor.tenantId, kind: 'topup', amountRub: '0.01' }, new Date()));
    const paid = await h.say(poor, conversationId, 'Hello!', { key, wait: 15 });
    expect(paid.status).toBe(200);
    expect(paid.body.ai_reply).toEqual({ status: 'replied' });
    expect(await h.charges(paid.body.operation.id)).toEqual([{ amount_rub: `-${PRICE}`, integration_id: poor.integrationId }]);
    expect(await h.balance(poor.tenantId)).toBe('0.00');

    const broke = await h.say(poor, conversationId, 'Hello again!', { wait: 5 });
    expectProblem(broke, 'insufficient_funds');
    expect(await h.messages(conversationId)).toHaveLength(2);

    // A turn the AI does not answer costs nothing and is not refused.
    const operated = await h.conversation(poor);
    await h.takeOver(poor, operated);
    const free = await h.say(poor, operated, 'Hello operator', { wait: 5 });
    expect(free.status).toBe(200);
    expect(free.body.ai_reply).toEqual({ status: 'skipped', reason: 'operator_mode' });
  });

  it('402 spend_limit_reached when today\'s charges of the integration plus the ceiling would pass its daily limit', async () => {
    const caller = await h.caller({ dailySpendLimitRub: '3.00' });
    const conversationId = await h.conversation(caller);
    for (const content of ['Hello!', 'Hi!']) {
      const res = await h.say(caller, conversationId, content, { wait: 15 });
      expect(res.status).toBe(200);
      expect(res.body.ai_reply).toEqual({ status: 'replied' });
    }
    expect((await me(h, caller)).wallet.daily_spend).toEqual({ limit: { amount: '3.00', currency: 'RUB' }, used: { amount: '3.00', currency: 'RUB' } });

    const other = await h.conversation(caller);
    const refused = await h.say(caller, other, 'Hello!', { wait: 5 });
    expectProblem(refused, 'spend_limit_reached');
    expect(refused.body.detail).toContain('3.00');
    await expectRefusedCleanly(h, caller, other);
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(2);
    expect(await h.balance(caller.tenantId)).toBe('997.00');

    // The limit is the integration's: another integration of the tenant still pays.
    const sibling = await h.anotherIntegration(caller);
    const res = await h.say(sibling, other, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    expect(await h.charges(res.body.operation.id)).toEqual([{ amount_rub: `-${PRICE}`, integration_id: sibling.integrationId }]);
  });

  it('a suspended wallet (negative balance): 402 wallet_suspended with topup_url and balance, before anything else', async () => {
    const caller = await h.caller();
    const conversationId = await h.conversation(caller);
    await h.api.services.orm.em.fork().transactional((em) => postToLedger(em, { tenantId: caller.tenantId, kind: 'charge', amountRub: '-1000.50' }, new Date()));
    const refused = await h.say(caller, conversationId, 'Hello!', { wait: 5 });
    expectProblem(refused, 'wallet_suspended', { topup_url: h.api.services.config.topupUrl, balance: { amount: '-0.50', currency: 'RUB' } });
    await expectRefusedCleanly(h, caller, conversationId);
  });

  it('a daily limit below one reply\'s price refuses the first paid turn', async () => {
    const caller = await h.caller({ dailySpendLimitRub: '1.00' });
    const conversationId = await h.conversation(caller);
    expectProblem(await h.say(caller, conversationId, 'Hello!', { wait: 5 }), 'spend_limit_reached');
    await expectRefusedCleanly(h, caller, conversationId);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
  });
});

describe('a per-operation cost cap below the builtin price (OPERATION_COST_CAP_RUB=1.00)', () => {
  let h: OperationsHarness;

  beforeAll(async () => {
    h = await OperationsHarness.start({ worker: false, env: { OPERATION_COST_CAP_RUB: '1.00' } });
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it('402 spend_limit_reached before any work, whatever the balance', async () => {
    const caller = await h.caller({ balanceRub: '100000.00' });
    const conversationId = await h.conversation(caller);
    const refused = await h.say(caller, conversationId, 'Hello!', { wait: 5 });
    expectProblem(refused, 'spend_limit_reached');
    expect(refused.body.detail).toContain('1.00');
    expect(refused.body.detail).toContain('1.50');
    await expectRefusedCleanly(h, caller, conversationId);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
  });
});

describe('with operations held running (openai provider, PAID_CONCURRENCY=2)', () => {
  let h: OperationsHarness;
  let chat: ChatCompletionsServer;

  beforeAll(async () => {
    chat = await ChatCompletionsServer.start();
    h = await OperationsHarness.start({ env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, PAID_CONCURRENCY: '2' } });
  }, 120_000);
  afterAll(async () => {
    chat?.release();
    await h?.stop();
    await chat?.close();
  }, 60_000);

  /** A turn whose model call is held: returns once the operation runs. */
  async function held(caller: Caller): Promise<Answer> {
    const before = chat.requests.length;
    chat.script({ hold: true });
    const res = await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 0 });
    expect(res.status).toBe(202);
    await eventually('the model call to arrive', async () => (chat.requests.length > before ? true : undefined), 30_000, 20);
    return res;
  }

  /** Lets the held calls answer and waits for the operations to succeed. */
  async function releaseAll(...turns: Answer[]) {
    chat.release();
    for (const t of turns) expect((await h.settled(t.body.operation.id)).status).toBe('succeeded');
  }

  it('the tenant\'s concurrent paid operations: the third is 402 spend_limit_reached (any integration of the tenant), another tenant is not affected', async () => {
    const caller = await h.caller();
    const sibling = await h.anotherIntegration(caller);
    expect((await me(h, caller)).limits.paid_concurrency).toBe(2);
    const a = await held(caller);
    const b = await held(sibling);

    const third = await h.conversation(caller);
    const refused = await h.say(caller, third, 'Hello!', { wait: 5 });
    expectProblem(refused, 'spend_limit_reached');
    expect(refused.headers.get('retry-after')).toBe('5');
    expectProblem(await h.say(sibling, third, 'Hello!', { wait: 5 }), 'spend_limit_reached');
    await expectRefusedCleanly(h, caller, third);

    const stranger = await h.caller();
    const elsewhere = await h.say(stranger, await h.conversation(stranger), 'Hello!', { wait: 15 });
    expect(elsewhere.status).toBe(200);

    await releaseAll(a, b);
    const after = await h.say(caller, third, 'Hello!', { wait: 15 });
    expect(after.status).toBe(200);
    expect(after.body.ai_reply).toEqual({ status: 'replied' });
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(3);
  });

  it('concurrent turns are admitted one at a time: of five at once, exactly two run', async () => {
    const caller = await h.caller();
    const before = chat.requests.length;
    // Two holds: a third admitted turn (the bug this looks for) would get a reply at once.
    chat.script({ hold: true }, { hold: true });
    const conversations = await Promise.all(Array.from({ length: 5 }, () => h.conversation(caller)));
    const answers = await Promise.all(conversations.map((id) => h.say(caller, id, 'Hello!', { wait: 0 })));
    const admitted = answers.filter((a) => a.status === 202);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 402, 402, 402]);
    for (const a of answers.filter((x) => x.status === 402)) expectProblem(a, 'spend_limit_reached');
    await eventually('both model calls', async () => (chat.requests.length === before + 2 ? true : undefined), 30_000, 20);
    await releaseAll(...admitted);
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(2);
  });

  it('a canceled operation frees its slot at once', async () => {
    const caller = await h.caller();
    const a = await held(caller);
    const b = await held(caller);
    expectProblem(await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 0 }), 'spend_limit_reached');
    expect((await h.cancel(caller, a.body.operation.id)).status).toBe(200);
    const c = await held(caller);
    await releaseAll(b, c);
    expect(await h.charges(a.body.operation.id)).toEqual([]);
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(2);
  });

  it('402 insufficient_funds when running operations have reserved the balance; their end gives it back', async () => {
    // The openai ceiling: a 4000-token prompt and 600 tokens out of gpt-4o-mini = 0.12 RUB; a reply costs 0.01.
    const caller = await h.caller({ balanceRub: '0.20' });
    const a = await held(caller);
    expect((await h.operationRow(a.body.operation.id)).cost_ceiling_rub).toBe('0.12');

    const conversationId = await h.conversation(caller);
    const refused = await h.say(caller, conversationId, 'Hello!', { wait: 5 });
    expectProblem(refused, 'insufficient_funds');
    expect(refused.body.detail).toContain('0.08');
    await expectRefusedCleanly(h, caller, conversationId);

    await releaseAll(a);
    expect(await h.balance(caller.tenantId)).toBe('0.19');
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    expect(await h.balance(caller.tenantId)).toBe('0.18');
  });

  it('402 spend_limit_reached when the daily limit cannot take what running operations reserved plus this ceiling', async () => {
    const caller = await h.caller({ dailySpendLimitRub: '0.20' });
    const a = await held(caller);
    const conversationId = await h.conversation(caller);
    // 0.00 charged today + 0.12 reserved + 0.12 = 0.24 > 0.20.
    expectProblem(await h.say(caller, conversationId, 'Hello!', { wait: 5 }), 'spend_limit_reached');
    await expectRefusedCleanly(h, caller, conversationId);

    await releaseAll(a);
    // 0.01 charged + 0.12 = 0.13 <= 0.20.
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    expect((await me(h, caller)).wallet.daily_spend.used).toEqual({ amount: '0.02', currency: 'RUB' });
  });
});
