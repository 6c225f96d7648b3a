import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness, customerMessageBody, operationBody, withoutLivemode } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { eventually } from '../harness/eventually.js';
import { call, expectProblem } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import { operationWorkflowId, OPERATION_WORKFLOW_TYPES } from '../../workflows/operation-contract.js';
import { PERMANENT_ERROR_TYPES } from '../../workflows/step-options.js';
import { taskQueueFor } from '../../src/temporal/task-queues.js';

/**
 * GET /operations/{id} (?wait) and POST /operations/{id}/cancel, with the openai provider
 * against a local Chat Completions server that holds the model call until the test releases
 * it: so an operation is reliably running while the test looks at it.
 */

const MODEL = 'openai/gpt-4o-mini';
/** The default completion (120 prompt + 30 completion tokens of gpt-4o-mini) rounds up to one kopeck. */
const COST = '0.01';
const REPLY = 'Hello from the test model.';

let h: OperationsHarness;
let chat: ChatCompletionsServer;

beforeAll(async () => {
  chat = await ChatCompletionsServer.start(REPLY);
  h = await OperationsHarness.start({ env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key' } });
}, 120_000);

afterAll(async () => {
  chat?.release();
  await h?.stop();
  await chat?.close();
}, 60_000);

/** The api's holder of `wait` requests: its counters tell how a wait ended, no clock needed. */
const waiter = () => h.api.services.operationWaiter;

interface Running {
  conversationId: string;
  key: string;
  messageId: string;
  operationId: string;
  replyId: string;
}

/** A turn whose model call the server holds: answers once the operation is running and the call has arrived. */
async function runningTurn(caller: Caller, content = 'Hello!'): Promise<Running> {
  const conversationId = await h.conversation(caller);
  const before = chat.requests.length;
  chat.script({ hold: true });
  const key = `turn-${randomUUID()}`;
  const res = await h.say(caller, conversationId, content, { key, wait: 0 });
  expect(res.status).toBe(202);
  const turn = { conversationId, key, messageId: res.body.message.id, operationId: res.body.operation.id, replyId: res.body.operation.resource.id };
  await eventually('the operation to run and its model call to arrive', async () =>
    (chat.requests.length > before && (await h.operationRow(turn.operationId)).status === 'running' ? true : undefined), 30_000, 20);
  return turn;
}

describe('GET /operations/{id}', () => {
  it('the starting integration sees the operation running; wait=N holds the request until its time is up, then answers the current state', async () => {
    const caller = await h.caller();
    const turn = await runningTurn(caller);
    const now = await h.operation(caller, turn.operationId);
    expect(now.status).toBe(200);
    expect(now.body).toEqual(operationBody({ id: turn.operationId, status: 'running', resourceId: turn.replyId, livemode: true }));
    expect(now.headers.get('x-request-id')).toBeTruthy();

    const expired = waiter().expired;
    const held = await h.operation(caller, turn.operationId, 2);
    expect(held.status).toBe(200);
    expect(held.body).toEqual(now.body);
    // The answer came because the wait ran out (the model call is still held), not by a finish.
    expect(waiter().expired).toBe(expired + 1);
    chat.release();
    await h.settled(turn.operationId);
  });

  it('POST .../messages?wait=2 on a reply not finished answers 202 when its wait runs out, with the operation as it is then', async () => {
    const caller = await h.caller();
    const conversationId = await h.conversation(caller);
    const before = chat.requests.length;
    chat.script({ hold: true });
    const expired = waiter().expired;
    // (Shorter than AI_TIMEOUT_MS, 30 s here, after which the held call would be retried.)
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 2 });
    expect(res.status).toBe(202);
    // Running once the worker took it; queued on a machine too loaded to start it within the wait.
    const status = res.body.operation?.status;
    expect(['running', 'queued']).toContain(status);
    expect(res.body).toEqual({
      message: customerMessageBody(conversationId, 'Hello!'),
      ai_reply: { status: 'queued' },
      operation: operationBody({ status }),
    });
    expect(waiter().expired).toBe(expired + 1);
    await chat.arrived(before + 1);
    chat.release();
    expect((await h.settled(res.body.operation.id)).status).toBe('succeeded');
  });

  it('wait returns as soon as the operation finishes, well before the time is up, without polling the database', async () => {
    const caller = await h.caller();
    const turn = await runningTurn(caller);
    const expired = waiter().expired;
    const pending = h.operation(caller, turn.operationId, 20);
    // The request is held on the operation-finished announcement, not in a database loop.
    await eventually('the GET to be held', async () => (waiter().holding === 1 ? true : undefined), 10_000, 10);
    chat.release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body).toEqual(operationBody({ id: turn.operationId, status: 'succeeded', resourceId: turn.replyId, usage: { amount: COST, model: MODEL }, livemode: true }));
    // Woken by the announcement: its 20 s did not run out.
    expect(waiter().expired).toBe(expired);
    expect(waiter().holding).toBe(0);

    expect(await h.charges(turn.operationId)).toEqual([{ amount_rub: `-${COST}`, integration_id: caller.integrationId }]);
    expect(await h.events(caller.tenantId, 'operation.completed')).toEqual([
      expect.objectContaining({ integration_id: caller.integrationId, data: { operation: withoutLivemode(res.body) } }),
    ]);
    // The turn's retry now answers the reply.
    const replay = await h.say(caller, turn.conversationId, 'Hello!', { key: turn.key, wait: 0 });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({
      message: customerMessageBody(turn.conversationId, 'Hello!', turn.messageId),
      ai_reply: { status: 'replied' },
      reply: { id: turn.replyId, content: REPLY, cards: [], livemode: true },
      operation: res.body,
    });
  });

  it('404 not_found for another integration of the same tenant, another tenant, a missing and a malformed id; 401 without a key', async () => {
    const caller = await h.caller();
    const sibling = await h.anotherIntegration(caller);
    const stranger = await h.caller();
    const res = await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    const id = res.body.operation.id;
    for (const [who, opId] of [[sibling, id], [stranger, id], [caller, randomUUID()], [caller, 'op-1']] as [Caller, string][]) {
      expectProblem(await h.operation(who, opId), 'not_found');
      expectProblem(await h.operation(who, opId, 1), 'not_found');
      expectProblem(await h.cancel(who, opId), 'not_found');
    }
    expectProblem(await call(h.api.base, 'GET', `/operations/${id}`), 'invalid_api_key');
    expectProblem(await call(h.api.base, 'POST', `/operations/${id}/cancel`), 'invalid_api_key');
    const own = await h.operation(caller, id);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ ...res.body.operation, livemode: true });
    // A finished operation answers at once, whatever the wait: its wait never runs out.
    const expired = waiter().expired;
    const finished = await h.operation(caller, id, 20);
    expect(finished.body).toEqual({ ...res.body.operation, livemode: true });
    expect(waiter().expired).toBe(expired);
  });

  it('wait outside 0..20: 422 validation_failed at /wait', async () => {
    const caller = await h.caller();
    const res = await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 15 });
    for (const wait of ['21', '-1', 'x']) {
      const got = await call(h.api.base, 'GET', `/operations/${res.body.operation.id}?wait=${wait}`, { key: caller.apiKey });
      expectProblem(got, 'validation_failed', { errors: [{ field: '/wait', code: expect.any(String), message: expect.any(String) }] });
    }
  });
});

describe('POST /operations/{id}/cancel', () => {
  it('a running operation becomes canceled at once; nothing is charged, even when the model answers afterwards, and no AI message appears', async () => {
    const caller = await h.caller();
    const turn = await runningTurn(caller);
    const requestsBefore = chat.requests.length;

    const res = await h.cancel(caller, turn.operationId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(operationBody({ id: turn.operationId, status: 'canceled', livemode: true }));
    const got = await h.operation(caller, turn.operationId);
    expect(got.body).toEqual(res.body);

    chat.release();
    expect(await h.workflowClosed(turn.operationId)).toBe('CANCELLED');
    const row = await h.operationRow(turn.operationId);
    expect(row).toMatchObject({ status: 'canceled', usage_cost_rub: null, usage_model: null, error_code: null });
    expect(row.completed_at.toISOString()).toBe(res.body.completed_at);
    expect(await h.charges(turn.operationId)).toEqual([]);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
    expect(await h.balance(caller.tenantId)).toBe('1000.00');
    expect((await h.messages(turn.conversationId)).map((m) => m.sender)).toEqual(['customer']);
    expect(chat.requests.length).toBe(requestsBefore);
    expect((await h.events(caller.tenantId, 'operation.completed')).map((e) => [e.integration_id, e.data])).toEqual([[caller.integrationId, { operation: withoutLivemode(res.body) }]]);
    expect((await h.events(caller.tenantId, 'message.created')).map((e) => e.data.sender)).toEqual(['customer']);

    // The turn's retry answers the canceled operation; it starts nothing again.
    const replay = await h.say(caller, turn.conversationId, 'Hello!', { key: turn.key, wait: 5 });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({
      message: customerMessageBody(turn.conversationId, 'Hello!', turn.messageId),
      ai_reply: { status: 'canceled' },
      operation: res.body,
    });
    expect(await h.operationsOf(turn.conversationId)).toHaveLength(1);
  });

  it('a finished operation answers 409 invalid_state and stays as it was (succeeded, or canceled)', async () => {
    const caller = await h.caller();
    const res = await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    const id = res.body.operation.id;
    expectProblem(await h.cancel(caller, id), 'invalid_state');
    expect((await h.operation(caller, id)).body).toEqual({ ...res.body.operation, livemode: true });
    expect(await h.charges(id)).toHaveLength(1);

    const turn = await runningTurn(caller);
    expect((await h.cancel(caller, turn.operationId)).status).toBe(200);
    chat.release();
    const again = await h.cancel(caller, turn.operationId);
    expectProblem(again, 'invalid_state');
    expect(again.body.detail).toContain('canceled');
    expect(await h.workflowClosed(turn.operationId)).toBe('CANCELLED');
    expect(await h.events(caller.tenantId, 'operation.completed')).toHaveLength(2);
  });

  it('a cancel racing the model\'s answer: exactly one wins (canceled with nothing charged, or succeeded and charged once)', async () => {
    for (let i = 0; i < 3; i++) {
      const caller = await h.caller();
      const turn = await runningTurn(caller);
      const [cancel] = await Promise.all([h.cancel(caller, turn.operationId), Promise.resolve().then(() => chat.release())]);
      await h.workflowClosed(turn.operationId);
      const row = await h.operationRow(turn.operationId);
      const senders = (await h.messages(turn.conversationId)).map((m) => m.sender);
      const completed = await h.events(caller.tenantId, 'operation.completed');
      if (cancel.status === 200) {
        expect(row.status).toBe('canceled');
        expect(await h.charges(turn.operationId)).toEqual([]);
        expect(senders).toEqual(['customer']);
        expect(completed.map((e) => e.data.operation.status)).toEqual(['canceled']);
      } else {
        expectProblem(cancel, 'invalid_state');
        expect(row.status).toBe('succeeded');
        expect(await h.charges(turn.operationId)).toHaveLength(1);
        expect(senders).toEqual(['customer', 'ai']);
        expect(completed.map((e) => e.data.operation.status)).toEqual(['succeeded']);
      }
    }
  });

  it('an operator taking the conversation over while the model works: the operation fails with operator_took_over, nothing charged, no AI message', async () => {
    const caller = await h.caller();
    const turn = await runningTurn(caller);
    await h.takeOver(caller, turn.conversationId);
    chat.release();
    const row = await h.settled(turn.operationId);
    expect(row).toMatchObject({ status: 'failed', error_code: 'operator_took_over', usage_cost_rub: null });
    const got = await h.operation(caller, turn.operationId);
    expect(got.body).toEqual(operationBody({ id: turn.operationId, status: 'failed', error: { code: 'operator_took_over' }, livemode: true }));
    expect(await h.charges(turn.operationId)).toEqual([]);
    expect(await h.balance(caller.tenantId)).toBe('1000.00');
    expect((await h.messages(turn.conversationId)).map((m) => m.sender)).toEqual(['customer']);
    expect((await h.events(caller.tenantId, 'operation.completed')).map((e) => e.data)).toEqual([{ operation: withoutLivemode(got.body) }]);
    const replay = await h.say(caller, turn.conversationId, 'Hello!', { key: turn.key, wait: 0 });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({
      message: customerMessageBody(turn.conversationId, 'Hello!', turn.messageId),
      ai_reply: { status: 'failed', reason: 'operator_took_over' },
      operation: got.body,
    });
    expectProblem(await h.cancel(caller, turn.operationId), 'invalid_state');
  });
});

/**
 * A database step that cannot succeed (a row it works on is gone) is not retried for ever: the
 * operation fails with internal_error where its row is still there, else the workflow fails
 * with the step's non-retryable failure (workflows/step-options.ts).
 */
describe('operations whose rows vanish', () => {
  it('the conversation deleted while the model works: the operation fails with internal_error, nothing charged, the workflow ends', async () => {
    const caller = await h.caller();
    const turn = await runningTurn(caller);
    await h.db.query('begin');
    await h.db.query('delete from widget_sessions where conversation_id = $1', [turn.conversationId]);
    await h.db.query('delete from messages where conversation_id = $1', [turn.conversationId]);
    await h.db.query('update leads set conversation_id = null where conversation_id = $1', [turn.conversationId]);
    await h.db.query('delete from conversations where id = $1', [turn.conversationId]);
    await h.db.query('commit');
    chat.release();
    const row = await h.settled(turn.operationId, 30_000);
    expect(row).toMatchObject({ status: 'failed', error_code: 'internal_error', usage_cost_rub: null });
    expect(await h.workflowClosed(turn.operationId, 30_000)).toBe('COMPLETED');
    expect(await h.client.workflow.getHandle(operationWorkflowId(turn.operationId)).result()).toBe('failed');
    expect(await h.charges(turn.operationId)).toEqual([]);
    expect(await h.balance(caller.tenantId)).toBe('1000.00');
  }, 90_000);

  it('a workflow whose operation row is gone fails within seconds with the step\'s non-retryable failure', async () => {
    const operationId = randomUUID();
    const handle = await h.client.workflow.start(OPERATION_WORKFLOW_TYPES['conversation.ai_reply'], {
      workflowId: operationWorkflowId(operationId), taskQueue: taskQueueFor(h.taskQueue, 'aiReplyWorkflow'), args: [operationId],
    });
    const failure = await handle.result().then(() => undefined, (err: unknown) => err);
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    // A local activity's failure reaches the workflow as it is, or wrapped in an ActivityFailure.
    const step = (failure as WorkflowFailedError).cause;
    const cause = step instanceof ActivityFailure ? step.cause : step;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect(PERMANENT_ERROR_TYPES).toContain((cause as ApplicationFailure).type);
    expect(cause!.message).toContain(operationId);
  }, 30_000);
});
