import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness, operationBody, withoutLivemode } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { eventually } from '../harness/eventually.js';
import type { Caller } from '../harness/fixtures.js';
import { WorkerProcesses, exited } from '../harness/worker-processes.js';

/**
 * The production worker process (dist/src/worker.js) running AI replies: killed with SIGKILL
 * while the model call is in flight, the reply is finished by the next worker with exactly
 * one charge and one AI message; and its operation starter starts a queued operation whose
 * workflow was never started. A database of its own: the worker's relay and starter see all of it.
 */

const MODEL = 'openai/gpt-4o-mini';
const COST = '0.01';
const REPLY = 'Hello from the test model.';

let h: OperationsHarness;
let chat: ChatCompletionsServer;
const workers = new WorkerProcesses(() => h.env);

beforeAll(async () => {
  chat = await ChatCompletionsServer.start(REPLY);
  h = await OperationsHarness.start({
    worker: false,
    freshDatabase: 'ops_crash',
    // A long model deadline: only the kill may end the first call.
    env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, AI_TIMEOUT_MS: '30000', OPERATION_SWEEP_MS: '500' },
  });
}, 120_000);

afterAll(async () => {
  chat?.release();
  await workers.stopAll();
  await h?.stop();
  await chat?.close();
}, 60_000);

/** Exactly one charge, one AI message (operation.resource.id) and one operation.completed. */
async function expectRepliedOnce(caller: Caller, conversationId: string, operationId: string, replyId: string) {
  const got = await h.operation(caller, operationId);
  expect(got.status).toBe(200);
  expect(got.body).toEqual(operationBody({ id: operationId, status: 'succeeded', resourceId: replyId, usage: { amount: COST, model: MODEL }, livemode: true }));
  expect(await h.charges(operationId)).toEqual([{ amount_rub: `-${COST}`, integration_id: caller.integrationId }]);
  expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: `-${COST}`, operation_id: operationId }]);
  expect(await h.balance(caller.tenantId)).toBe('999.99');
  const messages = await h.messages(conversationId);
  expect(messages.map((m) => [m.sender, m.content])).toEqual([['customer', expect.any(String)], ['ai', REPLY]]);
  expect(messages[1].id).toBe(replyId);
  expect((await h.events(caller.tenantId, 'operation.completed')).map((e) => e.data)).toEqual([{ operation: withoutLivemode(got.body) }]);
  expect((await h.events(caller.tenantId, 'message.created')).map((e) => e.data.sender)).toEqual(['customer', 'ai']);
}

describe('a worker process killed in the middle of a reply', () => {
  it('the next worker finishes the reply: operation succeeded, exactly one ledger charge and one AI message', async () => {
    const caller = await h.caller({ name: 'Crash Shop' });
    const conversationId = await h.conversation(caller);
    const first = await workers.start();
    const before = chat.requests.length;
    chat.script({ hold: true }, { hold: true });

    const res = await h.say(caller, conversationId, 'Hello!', { wait: 0 });
    expect(res.status).toBe(202);
    const operationId = res.body.operation.id;
    const replyId = res.body.operation.resource.id;
    await eventually('the first model call', async () => (chat.requests.length === before + 1 ? true : undefined), 60_000, 20);
    expect((await h.operationRow(operationId)).status).toBe('running');

    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    expect((await h.operationRow(operationId)).status).toBe('running');
    expect(await h.charges(operationId)).toEqual([]);

    await workers.start();
    // The dead worker's call stops heartbeating; after the heartbeat time-out the new worker calls again.
    await eventually('the model call from the new worker', async () => (chat.requests.length === before + 2 ? true : undefined), 90_000, 50);
    chat.release();
    const done = await h.operation(caller, operationId, 20);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('succeeded');
    expect(await h.workflowClosed(operationId)).toBe('COMPLETED');
    await expectRepliedOnce(caller, conversationId, operationId, replyId);
    expect(chat.requests.length).toBe(before + 2);
  }, 180_000);
});

describe('the operation starter of the worker process', () => {
  it('starts a queued operation whose workflow was never started (the api died between its commit and the start)', async () => {
    if (!workers.anyAlive()) await workers.start();
    const caller = await h.caller({ name: 'Sweep Shop' });
    const conversationId = await h.conversation(caller);
    // What the route commits, without its after-commit start: the customer message and the queued operation.
    const { operationId, replyId } = await h.queuedReply(caller, conversationId, 'Is anyone there?', new Date(Date.now() - 10_000));
    expect((await h.operationRow(operationId)).workflow_started_at).toBeNull();

    const row = await h.settled(operationId, 60_000);
    expect(row.status).toBe('succeeded');
    expect(row.workflow_started_at).toBeInstanceOf(Date);
    expect(await h.workflowClosed(operationId)).toBe('COMPLETED');
    await expectRepliedOnce(caller, conversationId, operationId, replyId);
  }, 120_000);
});
