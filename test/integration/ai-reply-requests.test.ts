import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness, customerMessageBody, operationBody } from '../harness/operations-harness.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';

/**
 * POST /conversations/{id}/messages as a request: one Idempotency-Key per customer turn (a
 * retry returns the same message and operation and charges once), the idempotency errors,
 * `wait` out of range and body errors. Every refusal leaves nothing behind.
 */

const PRICE = '1.50';
const MODEL = 'builtin/retrieval-v1';

let h: OperationsHarness;

beforeAll(async () => {
  h = await OperationsHarness.start();
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

/** A turn with exactly this key, body and query. */
function post(caller: Caller, conversationId: string, o: { key?: string; body?: unknown; query?: string; raw?: { text: string; contentType: string } }) {
  return call(h.api.base, 'POST', `/conversations/${conversationId}/messages${o.query ?? ''}`, {
    key: caller.apiKey, body: o.body, raw: o.raw, headers: o.key === undefined ? {} : { 'idempotency-key': o.key },
  });
}

/**
 * A turn the API took (its message stored): 202 while its reply is queued or running, or 200
 * when the operation ended before the answer was read (a second turn of a conversation whose
 * reply is still running fails at once: one reply at a time).
 */
function expectTaken(res: Answer): void {
  expect([200, 202]).toContain(res.status);
  expect(res.body.message.id).toEqual(expect.any(String));
}

/** Nothing of a refused turn exists: no message, no operation, no charge, no event. */
async function expectNothingStored(caller: Caller, conversationId: string) {
  expect(await h.messages(conversationId)).toEqual([]);
  expect(await h.operationsOf(conversationId)).toEqual([]);
  expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
  expect(await h.events(caller.tenantId, 'message.created')).toEqual([]);
}

describe('one Idempotency-Key per customer turn', () => {
  it('a retry with the same key returns the same message and operation; with wait it answers 200 replied; one charge in the ledger', async () => {
    const caller = await h.caller({ name: 'Retry Shop' });
    const conversationId = await h.conversation(caller);
    const key = `turn-${Date.now()}`;

    const first = await h.say(caller, conversationId, 'Hello!', { key, wait: 0 });
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // wait=0 answers the state right after the commit: queued, or running if the worker was quick.
    expect(first.body).toEqual({
      message: customerMessageBody(conversationId, 'Hello!'),
      ai_reply: { status: 'queued' },
      operation: operationBody({ status: first.body.operation.status }),
    });
    expect(['queued', 'running']).toContain(first.body.operation.status);
    const { id: operationId, resource: { id: replyId } } = first.body.operation;
    const messageId = first.body.message.id;

    const replay = await h.say(caller, conversationId, 'Hello!', { key, wait: 15 });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const content = 'Hello! Welcome to Retry Shop. How can I help you?';
    expect(replay.body).toEqual({
      message: customerMessageBody(conversationId, 'Hello!', messageId),
      ai_reply: { status: 'replied' },
      reply: { id: replyId, content, cards: [], livemode: true },
      operation: operationBody({ id: operationId, status: 'succeeded', resourceId: replyId, usage: { amount: PRICE, model: MODEL } }),
    });

    // Once finished, a replay without wait answers the reply too.
    const again = await h.say(caller, conversationId, 'Hello!', { key, wait: 0 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(replay.body);

    expect(await h.charges(operationId)).toEqual([{ amount_rub: `-${PRICE}`, integration_id: caller.integrationId }]);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: `-${PRICE}`, operation_id: operationId }]);
    expect(await h.balance(caller.tenantId)).toBe('998.50');
    expect((await h.operationsOf(conversationId)).map((o) => o.id)).toEqual([operationId]);
    expect((await h.messages(conversationId)).map((m) => [m.id, m.sender])).toEqual([[messageId, 'customer'], [replyId, 'ai']]);
    expect(await h.events(caller.tenantId, 'operation.completed')).toHaveLength(1);
    expect(await h.events(caller.tenantId, 'message.created')).toHaveLength(2);
  });

  it('a retry while the first request still runs answers 409 operation_in_progress with Retry-After; afterwards the key works', async () => {
    const caller = await h.caller({ name: 'Parallel Shop' });
    const conversationId = await h.conversation(caller);
    const key = `turn-parallel-${Date.now()}`;
    // The first request's transaction holds this lock while it runs; hold it here instead.
    await h.db.query('select pg_advisory_lock(hashtext($1), hashtext($2))', [caller.integrationId, key]);
    try {
      const res = await h.say(caller, conversationId, 'Hello!', { key, wait: 0 });
      expectProblem(res, 'operation_in_progress');
      expect(res.headers.get('retry-after')).toBe('1');
      await expectNothingStored(caller, conversationId);
    } finally {
      await h.db.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', [caller.integrationId, key]);
    }
    const res = await h.say(caller, conversationId, 'Hello!', { key, wait: 15 });
    expect(res.status).toBe(200);
    expect(res.body.ai_reply).toEqual({ status: 'replied' });
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(1);
  });

  it('parallel retries with one key make one turn: the others replay it or answer 409 operation_in_progress', async () => {
    const caller = await h.caller({ name: 'Burst Shop' });
    const conversationId = await h.conversation(caller);
    const key = `turn-burst-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => h.say(caller, conversationId, 'Hello!', { key, wait: 10 })));
    const turns = answers.filter((a) => a.status !== 409);
    expect(turns.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.status === 409)) expectProblem(a, 'operation_in_progress');
    for (const a of turns) {
      expect(a.status).toBe(200);
      expect(a.body.message.id).toBe(turns[0]!.body.message.id);
      expect(a.body.operation.id).toBe(turns[0]!.body.operation.id);
    }
    expect(await h.operationsOf(conversationId)).toHaveLength(1);
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(1);
    expect((await h.messages(conversationId)).map((m) => m.sender)).toEqual(['customer', 'ai']);
  });

  it('the same key with another body answers 409 idempotency_conflict and stores nothing more', async () => {
    const caller = await h.caller({ name: 'Conflict Shop' });
    const conversationId = await h.conversation(caller);
    const key = `turn-conflict-${Date.now()}`;
    const first = await h.say(caller, conversationId, 'Hello!', { key, wait: 15 });
    expect(first.status).toBe(200);
    const other = await h.say(caller, conversationId, 'Something else', { key, wait: 15 });
    expectProblem(other, 'idempotency_conflict');
    // The same key on another conversation is another request too.
    const elsewhere = await h.say(caller, await h.conversation(caller), 'Hello!', { key, wait: 0 });
    expectProblem(elsewhere, 'idempotency_conflict');
    expect((await h.messages(conversationId)).map((m) => m.sender)).toEqual(['customer', 'ai']);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: `-${PRICE}`, operation_id: first.body.operation.id }]);
  });

  it('the same key in another integration is another turn', async () => {
    const caller = await h.caller({ name: 'Key Scope Shop' });
    const second = await h.anotherIntegration(caller);
    const conversationId = await h.conversation(caller);
    const key = `turn-shared-${Date.now()}`;
    const a = await h.say(caller, conversationId, 'Hello!', { key, wait: 15 });
    const b = await h.say(second, conversationId, 'Hello!', { key, wait: 15 });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.message.id).not.toBe(a.body.message.id);
    expect(b.body.operation.id).not.toBe(a.body.operation.id);
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(2);
  });

  it('without an Idempotency-Key: 400 idempotency_key_required; a key over 255 characters: 400 bad_request; nothing stored', async () => {
    const caller = await h.caller({ name: 'Keyless Shop' });
    const conversationId = await h.conversation(caller);
    expectProblem(await post(caller, conversationId, { body: { content: 'Hello!' } }), 'idempotency_key_required');
    // An empty header is no key.
    expectProblem(await post(caller, conversationId, { body: { content: 'Hello!' }, key: '' }), 'idempotency_key_required');
    expectProblem(await post(caller, conversationId, { body: { content: 'Hello!' }, key: 'k'.repeat(256) }), 'bad_request');
    await expectNothingStored(caller, conversationId);
  });
});

describe('input errors', () => {
  it('wait outside 0..20 or not an integer: 422 validation_failed at /wait, nothing stored', async () => {
    const caller = await h.caller({ name: 'Wait Shop' });
    const conversationId = await h.conversation(caller);
    const cases: [string, string][] = [['21', 'out_of_range'], ['-1', 'out_of_range'], ['1.5', 'invalid_format'], ['soon', 'invalid_format']];
    for (const [wait, code] of cases) {
      const res = await post(caller, conversationId, { key: `turn-wait-${wait}`, body: { content: 'Hello!' }, query: `?wait=${wait}` });
      expectProblem(res, 'validation_failed', { errors: [{ field: '/wait', code, message: expect.any(String) }] });
    }
    const unknown = await post(caller, conversationId, { key: 'turn-unknown-query', body: { content: 'Hello!' }, query: '?hold=5' });
    expectProblem(unknown, 'validation_failed', { errors: [{ field: '/hold', code: 'unknown_field', message: expect.any(String) }] });
    await expectNothingStored(caller, conversationId);
    // The bounds themselves are accepted.
    const zero = await post(caller, conversationId, { key: 'turn-wait-0', body: { content: 'Hello!' }, query: '?wait=0' });
    expect(zero.status).toBe(202);
    const twenty = await post(caller, conversationId, { key: 'turn-wait-20', body: { content: 'Hello!' }, query: '?wait=20' });
    expect(twenty.status).toBe(200);
  });

  it('a body without content or not JSON: 422 / 400; content over 4000 characters or a body over 256 KB: 413; nothing stored', async () => {
    const caller = await h.caller({ name: 'Body Shop' });
    const conversationId = await h.conversation(caller);
    expectProblem(await post(caller, conversationId, { key: 'b1', body: {} }), 'validation_failed', {
      errors: [{ field: '/content', code: 'required', message: expect.any(String) }],
    });
    // As the visitor chat answers it (spec 02 lists 413): counted in characters (code points).
    expectProblem(await post(caller, conversationId, { key: 'b2', body: { content: 'x'.repeat(4001) } }), 'payload_too_large');
    expectProblem(await post(caller, conversationId, { key: 'b2e', body: { content: '🙂'.repeat(4001) } }), 'payload_too_large');
    expectProblem(await post(caller, conversationId, { key: 'b3', body: { content: 42 } }), 'validation_failed', {
      errors: [{ field: '/content', code: 'invalid_format', message: expect.any(String) }],
    });
    expectProblem(await post(caller, conversationId, { key: 'b4', raw: { text: '{"content": ', contentType: 'application/json' } }), 'bad_request');
    expectProblem(await post(caller, conversationId, { key: 'b5', body: { content: 'x'.repeat(300 * 1024) } }), 'payload_too_large');
    await expectNothingStored(caller, conversationId);
    // 4000 characters exactly is a message, also when each is two UTF-16 units.
    const longest = await post(caller, conversationId, { key: 'b6', body: { content: 'x'.repeat(4000) } });
    expectTaken(longest);
    const emoji = await post(caller, conversationId, { key: 'b7', body: { content: '🙂'.repeat(4000) } });
    expectTaken(emoji);
  });

  it('an attachment the customer\'s browser may not be sent to (javascript:, data:, http:, another account\'s storage): 422 at the address, nothing stored', async () => {
    const caller = await h.caller({ name: 'Attachment Shop' });
    const conversationId = await h.conversation(caller);
    const cases: [string, string][] = [
      ['javascript:alert(1)', 'not_allowed'],
      ['data:text/html,<script>alert(1)</script>', 'not_allowed'],
      ['http://files.example.com/a.pdf', 'not_allowed'],
      ['/storage/7c9e6679-7425-40de-944b-e07fc1f90ae7/a.png', 'not_allowed'],
      [`${h.api.origin}/storage/7c9e6679-7425-40de-944b-e07fc1f90ae7/a.png`.replace(/^http:/, 'https:'), 'not_allowed'],
    ];
    for (const [url, code] of cases) {
      const res = await post(caller, conversationId, { key: `att-${url}`.slice(0, 200), body: { content: 'See this', attachments: [{ url }] } });
      expectProblem(res, 'validation_failed', { errors: [{ field: '/attachments/0/url', code, message: expect.any(String) }] });
    }
    await expectNothingStored(caller, conversationId);
    // The account's own storage and https are attachments.
    const own = await post(caller, conversationId, { key: 'att-own', body: { content: 'See this', attachments: [{ url: `/storage/${caller.tenantId}/a.png` }] } });
    expectTaken(own);
    const https = await post(caller, conversationId, { key: 'att-https', body: { content: 'See this', attachments: [{ url: 'https://files.example.com/a.pdf' }] } });
    expectTaken(https);
  });

  it('a key without conversations:write: 403 scope_missing, nothing stored', async () => {
    const owner = await h.caller({ name: 'Scope Shop' });
    const reader = await h.anotherIntegration(owner, { scopes: ['conversations:read', 'ai_seller:invoke'] });
    const conversationId = await h.conversation(owner);
    expectProblem(await h.say(reader, conversationId, 'Hello!', { wait: 0 }), 'scope_missing');
    await expectNothingStored(owner, conversationId);
  });
});
