import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness, customerMessageBody, operationBody, withoutLivemode } from '../harness/operations-harness.js';
import { call } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';

/**
 * POST /conversations/{id}/messages with the builtin seller (AI_PROVIDER default): the three
 * answers of the spec table, the reply workflow's effects (AI message, cards, handoff, one
 * charge, events), and the skipped turns. Idempotency and input errors: ai-reply-requests.
 */

const PRICE = '1.50';
const MODEL = 'builtin/retrieval-v1';

let h: OperationsHarness;

beforeAll(async () => {
  // No worker at first: the first tests see operations that stay queued.
  h = await OperationsHarness.start({ worker: false });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

/** GET /conversations/{id}/messages, every message. */
async function listed(caller: Caller, conversationId: string): Promise<any[]> {
  const res = await call(h.api.base, 'GET', `/conversations/${conversationId}/messages?limit=100`, { key: caller.apiKey });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function conversation(caller: Caller, conversationId: string): Promise<any> {
  const res = await call(h.api.base, 'GET', `/conversations/${conversationId}`, { key: caller.apiKey });
  expect(res.status).toBe(200);
  return res.body;
}

/** The events a tenant has, reduced to what a test compares. */
async function events(caller: Caller, type: string): Promise<{ integration_id: string | null; data: any }[]> {
  return (await h.events(caller.tenantId, type)).map((e) => ({ integration_id: e.integration_id, data: e.data }));
}

/**
 * The effects of one replied turn: exactly one ledger charge keyed by the operation (the
 * builtin price, booked to the starting integration), the balance moved by it, the AI message
 * stored under operation.resource.id, message.created for both messages and one
 * operation.completed for the starter carrying the operation as GET /operations answers it.
 */
async function expectOneReply(caller: Caller, conversationId: string, turn: { messageId: string; operationId: string; replyId: string; content: string; cards?: unknown[] }) {
  expect(await h.charges(turn.operationId)).toEqual([{ amount_rub: `-${PRICE}`, integration_id: caller.integrationId }]);
  expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: `-${PRICE}`, operation_id: turn.operationId }]);
  expect(await h.balance(caller.tenantId)).toBe('998.50');

  const messages = await listed(caller, conversationId);
  expect(messages.map((m) => ({ id: m.id, sender: m.sender, content: m.content, cards: m.cards }))).toEqual([
    { id: turn.messageId, sender: 'customer', content: expect.any(String), cards: [] },
    { id: turn.replyId, sender: 'ai', content: turn.content, cards: turn.cards ?? [] },
  ]);

  expect(await events(caller, 'message.created')).toEqual([
    { integration_id: null, data: { message_id: turn.messageId, conversation_id: conversationId, sender: 'customer', ai_reply: { status: 'queued' } } },
    { integration_id: null, data: { message_id: turn.replyId, conversation_id: conversationId, sender: 'ai' } },
  ]);
  const got = await h.operation(caller, turn.operationId);
  expect(got.status).toBe(200);
  expect(got.body).toEqual(operationBody({ id: turn.operationId, status: 'succeeded', resourceId: turn.replyId, usage: { amount: PRICE, model: MODEL }, livemode: true }));
  expect(await events(caller, 'operation.completed')).toEqual([{ integration_id: caller.integrationId, data: { operation: withoutLivemode(got.body) } }]);
  const row = await h.operationRow(turn.operationId);
  expect(row).toMatchObject({ status: 'succeeded', cost_ceiling_rub: PRICE, usage_cost_rub: PRICE, usage_model: MODEL, error_code: null });
  expect(row.started_at).toBeInstanceOf(Date);
  expect(row.completed_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
}

describe('an operation waiting for a worker', () => {
  // No worker runs until the last test of this block starts one; each test queues its own turns.

  /** A new conversation's turn with wait=0: 202, its operation queued. */
  async function queuedTurn(caller: Caller, content = 'Hello!') {
    const conversationId = await h.conversation(caller);
    const res = await h.say(caller, conversationId, content, { wait: 0 });
    expect(res.status).toBe(202);
    return { res, conversationId, messageId: res.body.message.id, operationId: res.body.operation.id, replyId: res.body.operation.resource?.id };
  }

  it('wait=0 answers 202 with the message, ai_reply queued and the operation queued with resource {type: message}', async () => {
    const caller = await h.caller({ name: 'Queue Shop' });
    const { res, ...queued } = await queuedTurn(caller);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      message: customerMessageBody(queued.conversationId, 'Hello!'),
      ai_reply: { status: 'queued' },
      operation: operationBody({ status: 'queued' }),
    });
    expect(queued.replyId).not.toBe(queued.messageId);
    const row = await h.operationRow(queued.operationId);
    expect(row).toMatchObject({
      tenant_id: caller.tenantId, integration_id: caller.integrationId, type: 'conversation.ai_reply', status: 'queued',
      resource_type: 'message', resource_id: queued.replyId, input: { conversation_id: queued.conversationId, message_id: queued.messageId },
      cost_ceiling_rub: PRICE, started_at: null, completed_at: null, usage_cost_rub: null,
    });
    // The api started workflow op:<id> after its commit; no worker has taken it yet.
    expect(row.workflow_started_at).toBeInstanceOf(Date);
    expect(await h.charges(queued.operationId)).toEqual([]);
    expect((await h.messages(queued.conversationId)).map((m) => m.sender)).toEqual(['customer']);
  });

  it('GET /operations/{id} shows it queued; wait=1 on a queued operation holds the request until its time is up, then answers the current state', async () => {
    const caller = await h.caller({ name: 'Queue Shop' });
    const queued = await queuedTurn(caller);
    const expired = h.api.services.operationWaiter.expired;
    const res = await h.operation(caller, queued.operationId, 1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(operationBody({ id: queued.operationId, status: 'queued', resourceId: queued.replyId, livemode: true }));
    // It answered because its wait ran out (nothing finished the operation), no clock needed.
    expect(h.api.services.operationWaiter.expired).toBe(expired + 1);
  });

  it('POST /operations/{id}/cancel of a queued operation answers 200 canceled (no resource, no usage)', async () => {
    const caller = await h.caller({ name: 'Queue Shop' });
    const canceled = await queuedTurn(caller, 'Hello again!');
    const cancel = await h.cancel(caller, canceled.operationId);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual(operationBody({ id: canceled.operationId, status: 'canceled', livemode: true }));
    expect(await h.operationRow(canceled.operationId)).toMatchObject({ status: 'canceled', started_at: null, usage_cost_rub: null });
    expect(await events(caller, 'operation.completed')).toEqual([{ integration_id: caller.integrationId, data: { operation: withoutLivemode(cancel.body) } }]);
  });

  it('once a worker runs: the queued reply is written and charged once; the canceled one never begins and charges nothing', async () => {
    const caller = await h.caller({ name: 'Queue Shop' });
    const queued = await queuedTurn(caller);
    const canceled = await queuedTurn(caller, 'Hello again!');
    expect((await h.cancel(caller, canceled.operationId)).status).toBe(200);
    await h.startWorker();
    await h.settled(queued.operationId);
    const done = await h.operation(caller, queued.operationId);
    expect(done.status).toBe(200);
    expect(done.body).toEqual(operationBody({ id: queued.operationId, status: 'succeeded', resourceId: queued.replyId, usage: { amount: PRICE, model: MODEL }, livemode: true }));

    expect(await h.workflowClosed(queued.operationId)).toBe('COMPLETED');
    expect(await h.workflowClosed(canceled.operationId)).toBe('CANCELLED');
    expect(await h.operationRow(canceled.operationId)).toMatchObject({ status: 'canceled', started_at: null, usage_cost_rub: null });
    expect(await h.charges(canceled.operationId)).toEqual([]);
    expect((await h.messages(canceled.conversationId)).map((m) => m.sender)).toEqual(['customer']);

    // One charge for the tenant in all: the queued reply's.
    expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: `-${PRICE}`, operation_id: queued.operationId }]);
    const reply = (await h.messages(queued.conversationId))[1];
    expect(reply).toMatchObject({ id: queued.replyId, sender: 'ai', content: 'Hello! Welcome to Queue Shop. How can I help you?', cards: [] });
    const completed = await events(caller, 'operation.completed');
    expect(completed).toHaveLength(2);
    expect(completed[1]).toEqual({ integration_id: caller.integrationId, data: { operation: withoutLivemode(done.body) } });
  });
});

describe('the reply', () => {
  beforeAll(() => h.startWorker());

  it('within wait: 200 with ai_reply replied, the reply {id, content, cards} and the operation succeeded with usage', async () => {
    const caller = await h.caller({ name: 'Replied Shop' });
    const conversationId = await h.conversation(caller);
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    const content = 'Hello! Welcome to Replied Shop. How can I help you?';
    expect(res.body).toEqual({
      message: customerMessageBody(conversationId, 'Hello!'),
      ai_reply: { status: 'replied' },
      reply: { id: expect.any(String), content, cards: [], livemode: true },
      operation: operationBody({ status: 'succeeded', resourceId: res.body.reply.id, usage: { amount: PRICE, model: MODEL } }),
    });
    await expectOneReply(caller, conversationId, { messageId: res.body.message.id, operationId: res.body.operation.id, replyId: res.body.reply.id, content });
    expect(await conversation(caller, conversationId)).toMatchObject({ status: 'open', mode: 'ai' });
  });

  it('a product question gets the matching active ai_enabled cards: [CARD:code] markers become card copies, in the offered order', async () => {
    const caller = await h.caller({ name: 'Sneaker Shop' });
    const runner = await h.card(caller, { code: 'runner', name: 'Runner sneakers', price_text: '4 990 ₽', page_url: 'https://shop.example.com/runner', ai_enabled: true, sort: 2 });
    const court = await h.card(caller, {
      code: 'court', name: 'Court sneakers', description: 'White leather', badge: 'New', price: { amount: '5990', currency: 'RUB' },
      buttons: [{ label: 'Buy', url: 'https://shop.example.com/court/buy' }], ai_enabled: true, sort: 1,
    });
    await h.card(caller, { code: 'trail', name: 'Trail sneakers', price_text: '3 000 ₽', ai_enabled: false });
    await h.card(caller, { code: 'retired', name: 'Retired sneakers', price_text: '1 000 ₽', ai_enabled: true, active: false });
    const conversationId = await h.conversation(caller);

    const res = await h.say(caller, conversationId, 'Do you have sneakers?', { wait: 15 });
    expect(res.status).toBe(200);
    const courtCopy = {
      code: 'court', name: 'Court sneakers', description: 'White leather', image_url: null, page_url: null, badge: 'New',
      price_text: court.price_text, buttons: [{ label: 'Buy', url: 'https://shop.example.com/court/buy' }],
    };
    const runnerCopy = {
      code: 'runner', name: 'Runner sneakers', description: null, image_url: null, page_url: 'https://shop.example.com/runner', badge: null,
      price_text: '4 990 ₽', buttons: [{ label: 'More details', url: 'https://shop.example.com/runner' }],
    };
    expect(court.price_text).toEqual(expect.stringContaining('990'));
    expect(runner.price_text).toBe('4 990 ₽');
    const content = `Here is what I can offer:\nCourt sneakers — ${court.price_text}\nRunner sneakers — 4 990 ₽`;
    expect(res.body.reply).toEqual({ id: res.body.operation.resource.id, content, cards: [courtCopy, runnerCopy], livemode: true });
    expect(res.body.reply.content).not.toContain('[CARD:');
    await expectOneReply(caller, conversationId, {
      messageId: res.body.message.id, operationId: res.body.operation.id, replyId: res.body.reply.id, content, cards: [courtCopy, runnerCopy],
    });
    expect(await conversation(caller, conversationId)).toMatchObject({ status: 'open', mode: 'ai' });

    // The message keeps its copy when the card changes later.
    const patched = await call(h.api.base, 'PATCH', '/cards/runner', { key: caller.apiKey, body: { name: 'Runner sneakers 2', price_text: '5 500 ₽' } });
    expect(patched.status).toBe(200);
    expect((await listed(caller, conversationId))[1].cards).toEqual([courtCopy, runnerCopy]);
  });

  it("the card's default button speaks the reply's language (issue 31): English in the ru cell, also before the conversation's language is known", async () => {
    const caller = await h.caller({ name: 'Sofa Shop' });
    await h.card(caller, { code: 'oslo', name: 'Sofa Oslo', price_text: '49 990 ₽', page_url: '/products/oslo', ai_enabled: true });
    const short = await h.conversation(caller);
    const res = await h.say(caller, short, 'sofa?', { wait: 15 });
    expect(res.body.reply).toMatchObject({ content: 'Here is what I can offer:\nSofa Oslo — 49 990 ₽', cards: [{ code: 'oslo', buttons: [{ label: 'More details', url: '/products/oslo' }] }] });
    expect((await conversation(caller, short)).language).toBeNull();
    const russian = await h.conversation(caller);
    const ru = await h.say(caller, russian, 'Есть ли у вас sofa?', { wait: 15 });
    expect(ru.body.reply).toMatchObject({ content: 'Вот что могу предложить:\nSofa Oslo — 49 990 ₽', cards: [{ code: 'oslo', buttons: [{ label: 'Подробнее', url: '/products/oslo' }] }] });
  });

  it('a request for a human: the reply says so, the conversation becomes handoff_pending and conversation.handoff_requested is recorded', async () => {
    const caller = await h.caller({ name: 'Handoff Shop' });
    const conversationId = await h.conversation(caller);
    const res = await h.say(caller, conversationId, 'I want to talk to a manager', { wait: 15 });
    expect(res.status).toBe(200);
    const content = 'Of course, I am passing you to a colleague. They will reply shortly.';
    expect(res.body).toEqual({
      message: customerMessageBody(conversationId, 'I want to talk to a manager'),
      ai_reply: { status: 'replied' },
      reply: { id: expect.any(String), content, cards: [], livemode: true },
      operation: operationBody({ status: 'succeeded', resourceId: res.body.reply.id, usage: { amount: PRICE, model: MODEL } }),
    });
    await expectOneReply(caller, conversationId, { messageId: res.body.message.id, operationId: res.body.operation.id, replyId: res.body.reply.id, content });
    expect(await conversation(caller, conversationId)).toMatchObject({ status: 'handoff_pending', mode: 'ai' });
    expect(await events(caller, 'conversation.handoff_requested')).toEqual([{ integration_id: null, data: { conversation_id: conversationId, reason: 'ai_handoff' } }]);
  });

  it('a question the catalogue cannot answer: the seller asks a colleague and hands off', async () => {
    const caller = await h.caller({ name: 'Empty Shop' });
    const conversationId = await h.conversation(caller);
    const res = await h.say(caller, conversationId, 'Do you sell bicycles?', { wait: 15 });
    expect(res.status).toBe(200);
    expect(res.body.ai_reply).toEqual({ status: 'replied' });
    expect(res.body.reply).toEqual({
      id: res.body.operation.resource.id, cards: [],
      content: 'I am not sure I can answer that myself, so I will ask a colleague to help you. They will reply shortly.', livemode: true,
    });
    expect(await h.charges(res.body.operation.id)).toEqual([{ amount_rub: `-${PRICE}`, integration_id: caller.integrationId }]);
    expect(await conversation(caller, conversationId)).toMatchObject({ status: 'handoff_pending', mode: 'ai' });
    expect(await events(caller, 'conversation.handoff_requested')).toHaveLength(1);
  });

  it('a customer writing to a closed conversation reopens it with the AI, which replies', async () => {
    const caller = await h.caller({ name: 'Reopen Shop' });
    const conversationId = await h.conversation(caller);
    const closed = await call(h.api.base, 'POST', `/conversations/${conversationId}/close`, { key: caller.apiKey });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    expect(res.body.ai_reply).toEqual({ status: 'replied' });
    expect(await h.charges(res.body.operation.id)).toHaveLength(1);
    expect(await conversation(caller, conversationId)).toMatchObject({ status: 'open', mode: 'ai' });
  });
});

describe('skipped turns: 200 with ai_reply skipped and a reason, no operation, no charge', () => {
  beforeAll(() => h.startWorker());

  /** Checks a skipped answer (at once, even with wait) and that nothing paid happened. */
  async function expectSkipped(caller: Caller, conversationId: string, content: string, reason: string, earlierMessages: number) {
    const expired = h.api.services.operationWaiter.expired;
    const res = await h.say(caller, conversationId, content, { wait: 10 });
    // At once: no wait was held and ran out.
    expect(h.api.services.operationWaiter.expired).toBe(expired);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: customerMessageBody(conversationId, content), ai_reply: { status: 'skipped', reason } });
    const stored = await h.messages(conversationId);
    expect(stored).toHaveLength(earlierMessages + 1);
    expect(stored.at(-1)).toMatchObject({ id: res.body.message.id, sender: 'customer', content });
    const created = await events(caller, 'message.created');
    expect(created.at(-1)).toEqual({
      integration_id: null, data: { message_id: res.body.message.id, conversation_id: conversationId, sender: 'customer', ai_reply: { status: 'skipped', reason } },
    });
    return res;
  }

  it('ai_not_permitted: a key without ai_seller:invoke stores the message and the AI stays silent', async () => {
    const caller = await h.caller({ name: 'No AI Shop', scopes: ['conversations:read', 'conversations:write'] });
    const conversationId = await h.conversation(caller);
    await expectSkipped(caller, conversationId, 'Hello!', 'ai_not_permitted', 0);
    expect(await h.operationsOf(conversationId)).toEqual([]);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
    expect(await h.balance(caller.tenantId)).toBe('1000.00');
    expect(await events(caller, 'operation.completed')).toEqual([]);
  });

  it('operator_mode: after POST /conversations/{id}/takeover the AI does not reply', async () => {
    const caller = await h.caller({ name: 'Operator Shop' });
    const conversationId = await h.conversation(caller);
    await h.takeOver(caller, conversationId);
    await expectSkipped(caller, conversationId, 'Hello!', 'operator_mode', 0);
    expect(await h.operationsOf(conversationId)).toEqual([]);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
    expect(await h.balance(caller.tenantId)).toBe('1000.00');
    expect(await conversation(caller, conversationId)).toMatchObject({ status: 'open', mode: 'operator' });
  });

  it('handoff_pending: after the AI handed off, the next customer turn waits for the operator', async () => {
    const caller = await h.caller({ name: 'Pending Shop' });
    const conversationId = await h.conversation(caller);
    const first = await h.say(caller, conversationId, 'Can I talk to an operator?', { wait: 15 });
    expect(first.status).toBe(200);
    expect(first.body.ai_reply).toEqual({ status: 'replied' });
    expect(await conversation(caller, conversationId)).toMatchObject({ status: 'handoff_pending' });

    await expectSkipped(caller, conversationId, 'Hello? Anyone there?', 'handoff_pending', 2);
    expect((await h.operationsOf(conversationId)).map((o) => o.id)).toEqual([first.body.operation.id]);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: `-${PRICE}`, operation_id: first.body.operation.id }]);
    expect(await h.balance(caller.tenantId)).toBe('998.50');
    expect(await events(caller, 'conversation.handoff_requested')).toHaveLength(1);
  });
});

describe('who may write', () => {
  it('404 not_found for another tenant\'s conversation, a missing one and a malformed id; nothing is stored or charged', async () => {
    const owner = await h.caller({ name: 'Owner Shop' });
    const stranger = await h.caller({ name: 'Stranger Shop' });
    const conversationId = await h.conversation(owner);
    for (const id of [conversationId, randomUUID(), 'not-a-uuid']) {
      const res = await h.say(stranger, id, 'Hello!', { wait: 0 });
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 404, code: 'not_found' });
    }
    expect(await h.messages(conversationId)).toEqual([]);
    expect(await h.operationsOf(conversationId)).toEqual([]);
    expect(await h.tenantCharges(stranger.tenantId)).toEqual([]);
    expect(await h.tenantCharges(owner.tenantId)).toEqual([]);
  });

  it('another integration of the same tenant may write in the conversation; the operation and its charge are its own', async () => {
    const owner = await h.caller({ name: 'Two Integrations Shop' });
    const second = await h.anotherIntegration(owner);
    const conversationId = await h.conversation(owner);
    const res = await h.say(second, conversationId, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    expect(res.body.ai_reply).toEqual({ status: 'replied' });
    expect(await h.charges(res.body.operation.id)).toEqual([{ amount_rub: `-${PRICE}`, integration_id: second.integrationId }]);
    expect(await events(owner, 'operation.completed')).toEqual([{ integration_id: second.integrationId, data: { operation: withoutLivemode(res.body.operation) } }]);
  });
});
