import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { sandboxCaller } from '../harness/fixtures.js';
import { runCtl } from '../../src/cli/ctl.js';
import { randomUUID } from 'node:crypto';
import { BUILTIN_MODEL } from '../../src/domain/ai-seller/index.js';
import { BUILTIN_CHAT_MODEL } from '../../src/domain/strategist/chat-analyst.js';
import { call } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';

/**
 * With AI_PROVIDER=openai (a local Chat Completions server), live replies go to the provider
 * and a sandbox's use the builtin model (SANDBOX_AI_PROVIDER default): test mode spends no
 * provider tokens. A real api and worker on a task queue of this file's own.
 */
let h: OperationsHarness;
let chat: ChatCompletionsServer;

beforeAll(async () => {
  chat = await ChatCompletionsServer.start('Hello from the provider.');
  h = await OperationsHarness.start({
    env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key-0123456789', OPENAI_MODEL: 'gpt-4o-mini' },
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await chat?.close();
}, 60_000);

describe('the sandbox\'s model', () => {
  it('a live reply asks the provider; a sandbox reply of the same tenant uses the builtin model and asks nobody', async () => {
    const live = await h.caller({ name: 'Model Shop' });
    const test = await sandboxCaller(h.api.services, live);
    await runCtl(['wallet', 'topup', '--sandbox', '--tenant', live.tenantId, '--amount', '10', '--json'], h.api.services);

    const liveTurn = await h.say(live, await h.conversation(live), 'Hello!', { wait: 15 });
    expect(liveTurn.body.operation).toMatchObject({ status: 'succeeded', usage: { model: 'openai/gpt-4o-mini' } });
    expect(liveTurn.body.reply.content).toBe('Hello from the provider.');
    const asked = chat.requests.length;
    expect(asked).toBeGreaterThan(0);

    const testTurn = await h.say(test, await h.conversation(test), 'Hello!', { wait: 15 });
    expect(testTurn.body.operation).toMatchObject({ status: 'succeeded', usage: { model: BUILTIN_MODEL } });
    expect(chat.requests.length).toBe(asked);
    expect(await h.tenantCharges(test.tenantId)).toEqual([{ amount_rub: expect.stringMatching(/^-/), operation_id: testTurn.body.operation.id }]);
    expect(await h.tenantCharges(live.tenantId)).toEqual([{ amount_rub: expect.stringMatching(/^-/), operation_id: liveTurn.body.operation.id }]);
  });

  it("a sandbox's strategist turn uses the builtin strategist and asks nobody; a live one asks the provider", async () => {
    const live = await h.caller({ name: 'Strategist Shop' });
    const test = await sandboxCaller(h.api.services, live);
    await runCtl(['wallet', 'topup', '--sandbox', '--tenant', live.tenantId, '--amount', '10', '--json'], h.api.services);
    const turn = async (who: Caller) => {
      const session = (await call(h.api.base, 'POST', '/strategist/sessions', { key: who.apiKey, body: {} })).body.id;
      return call(h.api.base, 'POST', `/strategist/sessions/${session}/turns?wait=15`, { key: who.apiKey, body: { content: 'What next?' }, headers: { 'idempotency-key': randomUUID() } });
    };
    const before = chat.requests.length;
    const liveTurn = await turn(live);
    expect(liveTurn.body.operation).toMatchObject({ status: 'succeeded', usage: { model: 'openai/gpt-4o-mini' } });
    const asked = chat.requests.length;
    expect(asked).toBeGreaterThan(before);
    const testTurn = await turn(test);
    expect(testTurn.body.operation).toMatchObject({ status: 'succeeded', usage: { model: BUILTIN_CHAT_MODEL } });
    expect(chat.requests.length).toBe(asked);
  });
});
