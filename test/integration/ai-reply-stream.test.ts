import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../support/operations-harness.js';
import { ChatCompletionsServer, type ChatStep } from '../support/chat-completions-server.js';
import { DraftListener, shownAfter } from '../support/draft-listener.js';
import { eventually } from '../support/eventually.js';
import type { Caller } from '../support/fixtures.js';
import type { Answer } from '../support/http.js';

/**
 * The AI reply streamed from an OpenAI-compatible endpoint (issue 37): the worker asks with
 * `stream: true`, and while the model writes it publishes the reply's visible text through
 * Redis (the draft channel and the conversation's drafts hash) for the api processes that
 * hold the visitor's streams; the final message is committed, billed and announced once.
 */

const TIMEOUT_MS = 8000;

let h: OperationsHarness;
let chat: ChatCompletionsServer;
let listener: DraftListener;

beforeAll(async () => {
  chat = await ChatCompletionsServer.start('Hello from the streaming test model, one word at a time.');
  h = await OperationsHarness.start({
    env: {
      AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key-0123456789', OPENAI_MODEL: 'gpt-4o-mini',
      AI_TIMEOUT_MS: String(TIMEOUT_MS), AI_MAX_ATTEMPTS: '2', AI_RETRY_INITIAL: '100ms', AI_DRAFT_THROTTLE_MS: '50',
    },
  });
  listener = await DraftListener.start(h.api.services.redis);
}, 120_000);

afterAll(async () => {
  await listener?.close();
  await h?.stop();
  await chat?.close();
}, 60_000);

interface Turn {
  caller: Caller;
  conversationId: string;
  res: Answer;
  calls: () => typeof chat.requests;
}

async function turn(steps: ChatStep[], o: { content?: string; wait?: number; caller?: Caller } = {}): Promise<Turn> {
  const caller = o.caller ?? await h.caller({ name: 'Stream Shop' });
  const conversationId = await h.conversation(caller);
  const before = chat.requests.length;
  chat.script(...steps);
  const res = await h.say(caller, conversationId, o.content ?? 'Hello!', { key: `turn-${randomUUID()}`, wait: o.wait ?? 20 });
  return { caller, conversationId, res, calls: () => chat.requests.slice(before) };
}

describe('a streamed reply', () => {
  it('publishes its visible text as it grows, in order, before the final message is announced; usage from the last chunk prices it; the draft goes at commit', async () => {
    const caller = await h.caller({ name: 'Runner Shop' });
    await h.card(caller, { code: 'runner', name: 'Runner sneakers', price_text: '4 990 ₽', ai_enabled: true, sort: 1 });
    // A card marker split across chunks, and a pause between chunks longer than the throttle: several deltas.
    const pieces = ['Try ', 'our ', 'Runner ', 'sneakers ', '[CA', 'RD:run', 'ner]', ', light ', 'and ', 'quick.'];
    // 2000 prompt tokens at 0.02 RUB/1k + 500 completion tokens at 0.06 RUB/1k = 0.07 RUB, sent only in the stream's last chunk.
    const t = await turn([{ pieces, pieceDelayMs: 80, usage: { prompt_tokens: 2000, completion_tokens: 500 } }], { caller, content: 'Any sneakers?' });
    expect(t.res.status).toBe(200);
    const replyId = t.res.body.reply.id;
    expect(t.res.body.reply.content).toBe('Try our Runner sneakers, light and quick.');
    expect(t.res.body.operation.usage).toEqual({ cost: { amount: '0.07', currency: 'RUB' }, model: 'openai/gpt-4o-mini' });
    expect(await h.charges(t.res.body.operation.id)).toHaveLength(1);
    expect(t.calls()[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });

    // The last live notice of the conversation is the commit's; every delta came before it.
    await eventually('the commit announced', async () => (listener.of(t.conversationId).at(-1)?.kind === 'live' ? true : undefined));
    const heard = listener.of(t.conversationId);
    const deltas = listener.deltas(replyId);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(heard.findLastIndex((x) => x.kind === 'delta')).toBeLessThan(heard.findLastIndex((x) => x.kind === 'live'));
    expect(deltas[0]!.offset).toBe(0);
    // Each delta extends the text before it, and the text a stream shows is the final message's.
    let shown = '';
    for (const d of deltas) {
      expect(d.offset).toBe(shown.length);
      shown += d.text;
      expect(shown).not.toContain('[');
    }
    expect(shown).toBe(t.res.body.reply.content);
    expect(shownAfter(deltas)).toBe((await h.messages(t.conversationId))[1].content);
    expect(heard.some((x) => x.kind === 'retracted')).toBe(false);
    expect(await listener.field(t.conversationId, replyId)).toBeNull();
  });

  it('a stream that breaks off mid-way is retried, and the draft starts again at offset 0', async () => {
    const t = await turn([{ breakAfter: 4, pieceDelayMs: 80 }, { pieceDelayMs: 20 }]);
    expect(t.res.status).toBe(200);
    expect(t.calls()).toHaveLength(2);
    const deltas = listener.deltas(t.res.body.reply.id);
    const restarts = deltas.filter((d) => d.offset === 0);
    expect(restarts).toHaveLength(2);
    // The broken attempt had shown something before the second began again from nothing.
    expect(deltas.indexOf(restarts[1]!)).toBeGreaterThan(0);
    expect(shownAfter(deltas)).toBe(t.res.body.reply.content);
    expect(await h.charges(t.res.body.operation.id)).toHaveLength(1);
    expect(await listener.field(t.conversationId, t.res.body.reply.id)).toBeNull();
  });

  it('canceled mid-stream: the draft is retracted and stays gone, no message is left and nothing is charged', async () => {
    const slow = { reply: 'This answer is written very slowly so that it can be canceled before it is done.', pieceDelayMs: 250 };
    const t = await turn([slow], { wait: 0 });
    expect(t.res.status).toBe(202);
    const operationId = t.res.body.operation.id;
    const replyId = t.res.body.operation.resource.id;
    await listener.firstDelta(t.conversationId);
    expect((await h.cancel(t.caller, operationId)).status).toBe(200);
    await eventually('the retraction', async () => (listener.of(t.conversationId).some((x) => x.kind === 'retracted') ? true : undefined));
    // The model call learns of its cancel at a heartbeat, seconds later: until it stops, nothing it writes comes back.
    expect(await h.workflowClosed(operationId)).toBe('CANCELLED');
    await eventually('the model call to stop', async () => (chat.streaming === 0 ? true : undefined));
    const heard = listener.of(t.conversationId).filter((x) => x.kind !== 'live');
    expect(heard.at(-1)).toMatchObject({ kind: 'retracted', messageId: replyId });
    expect(heard.filter((x) => x.kind === 'retracted')).toHaveLength(1);
    expect(await listener.field(t.conversationId, replyId)).toBeNull();
    expect((await h.messages(t.conversationId)).map((m) => m.sender)).toEqual(['customer']);
    expect(await h.charges(operationId)).toEqual([]);
    expect(await h.operationRow(operationId)).toMatchObject({ status: 'canceled', usage_cost_rub: null });
  });

  it('a provider that keeps failing mid-stream: the draft is retracted when the operation fails', async () => {
    const t = await turn([{ errorAfter: 3, pieceDelayMs: 80 }, { breakAfter: 3, pieceDelayMs: 80 }]);
    expect(t.res.status).toBe(503);
    const operationId = t.res.body.operation.id;
    const [op] = await h.operationsOf(t.conversationId);
    expect(op).toMatchObject({ id: operationId, status: 'failed', error_code: 'upstream_unavailable' });
    const heard = listener.of(t.conversationId).filter((x) => x.kind !== 'live');
    // Both attempts showed a draft (each from offset 0) before they failed.
    expect(heard.filter((x) => x.kind === 'delta' && x.offset === 0)).toHaveLength(2);
    expect(t.res.body.operation.error.message).toBe('model endpoint stream broke off (UND_ERR_SOCKET)');
    expect(heard.at(-1)).toMatchObject({ kind: 'retracted', messageId: op.resource_id });
    expect(await listener.field(t.conversationId, op.resource_id)).toBeNull();
    expect(await h.charges(operationId)).toEqual([]);
  });
});
