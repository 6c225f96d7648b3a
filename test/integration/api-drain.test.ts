import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { ApiProcess } from '../harness/api-process.js';
import { eventually } from '../harness/eventually.js';
import { call } from '../harness/http.js';
import { SseClient, newVisitor } from './widget-stream-support.js';
import { API_BASE_PATH } from '../../src/config.js';

/**
 * The api process's graceful drain on SIGTERM (src/http/drain.ts), on the production build
 * (dist/src/server.js) as a child process: /readyz answers 503 at once, the widget's event
 * streams end (their clients reconnect through the balancer), a paid turn held by `wait=20`
 * while the model is slow is answered, then the process exits 0; a drain never outlasts
 * DRAIN_TIMEOUT_MS. The model is a local Chat Completions server that holds its answer.
 */

const REPLY = 'Hello from the slow model.';
let h: OperationsHarness;
let chat: ChatCompletionsServer;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  chat = await ChatCompletionsServer.start(REPLY);
  h = await OperationsHarness.start({ env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, AI_TIMEOUT_MS: '30000' } });
}, 120_000);

afterAll(async () => {
  chat?.release();
  for (const api of apis) await api.kill();
  await h?.stop();
  await chat?.close();
}, 60_000);

async function apiProcess(env: Record<string, string> = {}): Promise<ApiProcess> {
  const api = await ApiProcess.start({ ...h.env, ...env });
  apis.push(api);
  return api;
}

/** A paid customer turn with wait=20 on `api`, the model's answer held: resolves once the model was called. */
async function heldTurn(api: ApiProcess) {
  const caller = await h.caller({ name: 'Drain Shop' });
  const conversationId = await h.conversation(caller);
  const calls = chat.requests.length;
  chat.script({ hold: true });
  const answer = call(`${api.origin}${API_BASE_PATH}`, 'POST', `/conversations/${conversationId}/messages?wait=20`, {
    key: caller.apiKey, body: { content: 'Hello!' }, headers: { 'idempotency-key': `drain-${Math.random().toString(36).slice(2)}` },
  });
  answer.catch(() => undefined);
  await chat.arrived(calls + 1);
  // In an object: an async function would otherwise wait for the answer itself.
  return { answer };
}

const readyz = (api: ApiProcess) => fetch(`${api.origin}/readyz`).then((r) => r.status, () => 0);

describe('SIGTERM drains an api process', () => {
  it('fails /readyz at once, keeps serving through the readiness grace, ends the event streams, answers the held wait=20 turn, and exits 0', async () => {
    const api = await apiProcess();
    const visitor = await newVisitor(h.api, h.db);
    const stream = await SseClient.open(`${api.origin}/api/widget/events?st=${encodeURIComponent(visitor.token)}`);
    expect(stream.status).toBe(200);
    await stream.nth('conversation:update', 1);
    const turn = await heldTurn(api);
    const signalled = Date.now();
    api.child.kill('SIGTERM');

    await eventually('/readyz to answer 503', async () => ((await readyz(api)) === 503 ? true : undefined), 1000, 50);
    expect(Date.now() - signalled).toBeLessThan(1000);
    expect(await fetch(`${api.origin}/readyz`).then((r) => r.json())).toEqual({ status: 'draining' });
    // The balancer takes a second or two to notice: meanwhile requests are still served.
    expect((await fetch(`${api.origin}/healthz`)).status).toBe(200);

    // After the grace the streams end (their clients reconnect elsewhere) while the turn is still held.
    await stream.until('the stream to end', () => (stream.ended ? true : undefined), 10_000);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2500);
    expect(api.alive).toBe(true);

    chat.release();
    const res = await turn.answer;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ai_reply: { status: 'replied' }, reply: { content: REPLY }, operation: { status: 'succeeded' } });
    await api.exit;
    expect(api.code).toBe(0);
    expect(api.output).toContain('"api stopped"');
  }, 60_000);

  it('never outlasts DRAIN_TIMEOUT_MS: a request still held at the bound is cut, and the process exits 1', async () => {
    const api = await apiProcess({ DRAIN_READINESS_GRACE_MS: '200', DRAIN_TIMEOUT_MS: '1500' });
    const turn = await heldTurn(api);
    const signalled = Date.now();
    api.child.kill('SIGTERM');
    await api.exit;
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1500);
    // Ended by the bound, not by the request: the model still holds its reply.
    expect(api.output).toContain('api drain bound reached');
    expect(api.code).toBe(1);
    await expect(turn.answer).rejects.toThrow();
    chat.release();
  }, 60_000);
});
