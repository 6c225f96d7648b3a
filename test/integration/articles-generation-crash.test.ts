import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { eventually } from '../harness/eventually.js';
import { call } from '../harness/http.js';
import { WorkerProcesses, exited } from '../harness/worker-processes.js';

/**
 * The production worker process running an article generation, killed with SIGKILL while the
 * model call is in flight: the next worker finishes it, the article exists once and the charge
 * is made once. A database of its own: the worker's starter and relay see all of it.
 */

const ARTICLE = { title: 'Lamps', meta_title: 'Lamps', meta_description: 'About lamps.', html: '<h2>Lamps</h2><p>Warm light.</p>' };

let h: OperationsHarness;
let chat: ChatCompletionsServer;
const workers = new WorkerProcesses(() => h.env);

beforeAll(async () => {
  chat = await ChatCompletionsServer.start(JSON.stringify(ARTICLE));
  h = await OperationsHarness.start({
    worker: false,
    freshDatabase: 'articles_crash',
    env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, AI_TIMEOUT_MS: '30000', OPERATION_SWEEP_MS: '500' },
  });
}, 120_000);

afterAll(async () => {
  chat?.release();
  await workers.stopAll();
  await h?.stop();
  await chat?.close();
}, 60_000);

describe('a worker process killed in the middle of a generation', () => {
  it('the next worker finishes it: the article exists once and the charge is made once', async () => {
    const caller = await h.caller({ name: 'Crash Blog' });
    await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: { niche: 'Lamps' } });
    const first = await workers.start();
    const before = chat.requests.length;
    chat.script({ hold: true }, { hold: true });
    const res = await call(h.api.base, 'POST', '/articles/generation-jobs?wait=0', {
      key: caller.apiKey, body: { keyword: 'lamps' }, headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(202);
    const operationId = res.body.operation.id;
    await eventually('the first model call', async () => (chat.requests.length === before + 1 ? true : undefined), 60_000, 20);

    first.kill('SIGKILL');
    await exited(first);
    expect((await h.operationRow(operationId)).status).toBe('running');
    expect(await h.charges(operationId)).toEqual([]);

    await workers.start();
    await eventually('the model call from the new worker', async () => (chat.requests.length === before + 2 ? true : undefined), 90_000, 50);
    chat.release();
    const row = await h.settled(operationId, 60_000);
    expect(row.status).toBe('succeeded');
    expect(await h.workflowClosed(operationId)).toBe('COMPLETED');
    expect((await h.charges(operationId))).toHaveLength(1);
    expect((await h.db.query('select count(*)::int as n from articles where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(1);
    expect((await h.events(caller.tenantId, 'article.ready'))).toHaveLength(1);
  }, 180_000);
});
