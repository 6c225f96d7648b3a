import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AiSettings } from '../../src/config/ai.js';
import { UpstreamUnavailable, createSellerModel, type SellerContext, type SellerModel } from '../../src/domain/ai-seller/index.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { refusingPort } from '../harness/api-process.js';
import { eventually } from '../harness/eventually.js';

const KEY = 'sk-test-0123456789abcdef-secret';
/** Long enough that the success paths never race it (issue 28); its own test holds the answer past it. */
const TIMEOUT_MS = 3000;

let server: ChatCompletionsServer;
let seller: SellerModel;

function settings(baseUrl: string): AiSettings {
  return {
    provider: 'openai',
    sandboxProvider: 'builtin',
    builtinPriceRub: '1.50', builtinArticlePriceRub: '5.00', builtinStrategistPriceRub: '2.00',
    builtinStreamWordMs: 0,
    draftThrottleMs: 50,
    openai: {
      baseUrl,
      apiKey: KEY,
      model: 'gpt-4o-mini',
      prices: { 'gpt-4o-mini': { inputPer1kRub: '0.02', outputPer1kRub: '0.06' }, 'big-model': { inputPer1kRub: '1', outputPer1kRub: '3' } },
      maxTokens: 600,
    },
    timeoutMs: TIMEOUT_MS,
    maxAttempts: 3,
    retryInitialMs: 100,
  };
}

const CONTEXT: SellerContext = {
  tenantName: 'Acme Shoes',
  language: 'en',
  greeting: 'Welcome to Acme!',
  catalogue: [
    { code: 'air-runner', name: 'Air Runner sneakers', price_text: '5 990 ₽', description: 'Light running shoes' },
    { code: 'wool-socks', name: 'Wool socks', price_text: '790 ₽', description: null },
  ],
  history: [
    { sender: 'customer', content: 'hi' },
    { sender: 'ai', content: 'Welcome to Acme!' },
    { sender: 'customer', content: 'Any sneakers?' },
  ],
};

/** The UpstreamUnavailable a call fails with (fails the test when it succeeds or fails otherwise). */
async function failure(call: Promise<unknown>): Promise<UpstreamUnavailable> {
  const err = await call.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e);
  expect(err).toBeInstanceOf(UpstreamUnavailable);
  expect((err as Error).message).not.toContain(KEY);
  expect((err as Error).message).not.toContain('secret');
  return err as UpstreamUnavailable;
}

beforeAll(async () => {
  server = await ChatCompletionsServer.start();
  seller = createSellerModel(settings(server.url));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('openai seller against a Chat Completions server', () => {
  it('posts the model, the messages with the catalogue, max_tokens and the key', async () => {
    server.script({ reply: 'Try these: Air Runner sneakers [CARD:air-runner]' });
    await seller.reply(CONTEXT);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    const body = request!.body;
    expect(body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 600, temperature: expect.any(Number) });
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toContain('air-runner');
    expect(body.messages[0].content).toContain('wool-socks');
    expect(body.messages[0].content).toContain('Acme Shoes');
    expect(body.messages.slice(1)).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Welcome to Acme!' },
      { role: 'user', content: 'Any sneakers?' },
    ]);
  });

  it('replies with the content and the cost of the reported usage by the price table', async () => {
    server.script({ reply: 'Try Air Runner sneakers [CARD:air-runner] or [CARD:made-up].', usage: { prompt_tokens: 1000, completion_tokens: 500 } });
    expect(await seller.reply(CONTEXT)).toEqual({
      content: 'Try Air Runner sneakers [CARD:air-runner] or.',
      handoff: false,
      usage: { model: 'openai/gpt-4o-mini', costRub: '0.05' },
    });
  });

  it('names and prices the model the endpoint says answered', async () => {
    server.script(
      { reply: 'ok', model: 'big-model', usage: { prompt_tokens: 2000, completion_tokens: 100 } },
      { reply: 'ok', model: 'gpt-4o-mini-2024-07-18', usage: { prompt_tokens: 2000, completion_tokens: 100 } },
    );
    expect((await seller.reply(CONTEXT)).usage).toEqual({ model: 'openai/big-model', costRub: '2.30' });
    // A dated snapshot of the configured model is billed at the configured model's price.
    expect((await seller.reply(CONTEXT)).usage).toEqual({ model: 'openai/gpt-4o-mini-2024-07-18', costRub: '0.05' });
  });

  it('bills an estimate when the endpoint reports no usage', async () => {
    server.script({ reply: 'ok', usage: null });
    const reply = await seller.reply(CONTEXT);
    expect(reply.usage.costRub).toBe('0.01');
  });

  it('hands off on [HANDOFF], alone or inside a reply', async () => {
    server.script({ reply: '[HANDOFF]' }, { reply: 'A colleague will help you with that. [HANDOFF]' });
    expect(await seller.reply(CONTEXT)).toMatchObject({ content: 'Of course, I am passing you to a colleague. They will reply shortly.', handoff: true });
    expect(await seller.reply(CONTEXT)).toMatchObject({ content: 'A colleague will help you with that.', handoff: true });
  });

  it('has bounds from one kopeck to a capped prompt and max_tokens', () => {
    // 4000 prompt tokens x 0.02 + 600 completion tokens x 0.06, per 1k: 0.116, rounded up.
    expect(seller.costBounds()).toEqual({ minRub: '0.01', maxRub: '0.12' });
    expect(seller.name).toBe('openai/gpt-4o-mini');
  });
});

describe('openai seller failures', () => {
  it('429 is retryable, with the Retry-After', async () => {
    server.script({ status: 429, retryAfter: 7, body: { error: { message: 'Rate limit reached' } } });
    const err = await failure(seller.reply(CONTEXT));
    expect(err.retryable).toBe(true);
    expect(err.retryAfterMs).toBe(7000);
    expect(err.message).toContain('HTTP 429');
  });

  it('500 and 503 are retryable', async () => {
    server.script({ status: 500 }, { status: 503 });
    expect((await failure(seller.reply(CONTEXT))).retryable).toBe(true);
    expect((await failure(seller.reply(CONTEXT))).retryable).toBe(true);
  });

  it('a time-out is retryable, and the configured time-out is what ends the call', async () => {
    server.script({ hold: true });
    const err = await failure(seller.reply(CONTEXT));
    expect(err.retryable).toBe(true);
    expect(err.message).toContain(`timed out after ${TIMEOUT_MS} ms`);
    // The server never answered: it still holds the one call the client gave up on.
    expect(server.requests).toHaveLength(1);
    expect(server.holding).toBe(1);
    server.release();
  });

  it('the caller\'s abort ends the call with the caller\'s reason', async () => {
    server.script({ hold: true });
    const controller = new AbortController();
    const call = seller.reply(CONTEXT, controller.signal);
    await server.arrived(1);
    controller.abort(new Error('activity cancelled'));
    await expect(call).rejects.toThrow('activity cancelled');
    server.release();
  });

  it('a dropped connection and a refused one are retryable', async () => {
    server.script({ destroy: true });
    expect((await failure(seller.reply(CONTEXT))).retryable).toBe(true);
    const refused = await failure(createSellerModel(settings(`http://127.0.0.1:${await refusingPort()}/v1`)).reply(CONTEXT));
    expect(refused.retryable).toBe(true);
    expect(refused.message).toContain('ECONNREFUSED');
  });

  it.each([401, 403, 404, 400])('%i is a configuration problem: not retryable, and the key stays out', async (status) => {
    server.script({ status, body: { error: { message: `Incorrect API key provided: ${KEY}. Bearer ${KEY}` } } });
    const err = await failure(seller.reply(CONTEXT));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain(`HTTP ${status}`);
  });

  it('a body without choices[0].message.content is not retryable', async () => {
    server.script({ status: 200, body: { id: 'x', choices: [] } }, { status: 200, body: 'not json at all' }, { reply: '   ' });
    for (let i = 0; i < 3; i++) expect((await failure(seller.reply(CONTEXT))).retryable).toBe(false);
  });
});

describe('openai seller, streamed (server-sent chunks over HTTP)', () => {
  it('asks to stream with usage, hands each growth of the raw text to onText, and prices the usage of the last chunk', async () => {
    server.script({ pieces: ['Try ', 'Air Runner ', '[CARD:air', '-runner]'], usage: { prompt_tokens: 1000, completion_tokens: 500 } });
    const seen: string[] = [];
    const reply = await seller.reply(CONTEXT, undefined, (text) => seen.push(text));
    expect(server.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(server.requests[0]!.headers.accept).toContain('text/event-stream');
    expect(seen).toEqual(['Try ', 'Try Air Runner ', 'Try Air Runner [CARD:air', 'Try Air Runner [CARD:air-runner]']);
    expect(reply).toEqual({ content: 'Try Air Runner [CARD:air-runner]', handoff: false, usage: { model: 'openai/gpt-4o-mini', costRub: '0.05' } });
  });

  it("prices llama.cpp's timings when its stream carries no usage", async () => {
    // 1900 + 100 prompt tokens at 1 RUB/1k + 100 completion tokens at 3 RUB/1k = 2.30 RUB.
    server.script({ model: 'big-model', usage: null, timings: { prompt_n: 100, cache_n: 1900, predicted_n: 100 } });
    expect((await seller.reply(CONTEXT)).usage).toEqual({ model: 'openai/big-model', costRub: '2.30' });
  });

  it('reads an endpoint that ignores `stream` and answers one JSON completion', async () => {
    server.script({ plain: true, reply: 'Plain answer.', usage: { prompt_tokens: 1000, completion_tokens: 500 } });
    const seen: string[] = [];
    expect(await seller.reply(CONTEXT, undefined, (text) => seen.push(text))).toMatchObject({ content: 'Plain answer.', usage: { costRub: '0.05' } });
    expect(seen).toEqual(['Plain answer.']);
  });

  it('a stream that breaks off mid-way, or reports an error mid-way, is retryable', async () => {
    server.script({ breakAfter: 2 }, { errorAfter: 2 });
    const seen: string[] = [];
    const broken = await failure(seller.reply(CONTEXT, undefined, (text) => seen.push(text)));
    expect(broken).toMatchObject({ retryable: true, message: 'model endpoint stream broke off (UND_ERR_SOCKET)' });
    expect(seen).toEqual(['Hello ', 'Hello from ']);
    expect(await failure(seller.reply(CONTEXT))).toMatchObject({ retryable: true, message: 'model endpoint reported an error mid-stream: scripted failure mid-stream' });
  });

  it('the deadline covers the whole stream: one that flows too slowly times out', async () => {
    // Ten pieces 500 ms apart: the answer began at once, and would end after the 3 s deadline.
    server.script({ pieces: Array.from({ length: 10 }, (_v, i) => `w${i} `), pieceDelayMs: 500 });
    const seen: string[] = [];
    const err = await failure(seller.reply(CONTEXT, undefined, (text) => seen.push(text)));
    expect(err).toMatchObject({ retryable: true, message: `model endpoint timed out after ${TIMEOUT_MS} ms` });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.length).toBeLessThan(10);
  });

  it("the caller's abort ends a stream at once, with the caller's reason", async () => {
    server.script({ pieceDelayMs: 2000 });
    const controller = new AbortController();
    const started = Date.now();
    const call = seller.reply(CONTEXT, controller.signal, () => controller.abort(new Error('activity cancelled')));
    await expect(call).rejects.toThrow('activity cancelled');
    expect(Date.now() - started).toBeLessThan(1500);
    await eventually('the server to see the stream closed', async () => (server.streaming === 0 ? true : undefined), 5000);
  });
});
