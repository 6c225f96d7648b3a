import { describe, expect, it } from '@jest/globals';
import { readCompletionStream } from '../../src/domain/ai-seller/chat-completions-stream.js';
import { UpstreamUnavailable } from '../../src/domain/ai-seller/seller-model.js';

/** A body that arrives in exactly these pieces (cut anywhere, as TCP may). */
async function* body(...pieces: string[]): AsyncGenerator<Uint8Array> {
  for (const p of pieces) yield new TextEncoder().encode(p);
}

const chunk = (o: object) => `data: ${JSON.stringify(o)}\n\n`;
const delta = (content: string) => chunk({ model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const stop = chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });

async function failure(p: Promise<unknown>): Promise<UpstreamUnavailable> {
  const err = await p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e);
  expect(err).toBeInstanceOf(UpstreamUnavailable);
  return err as UpstreamUnavailable;
}

describe('reading a streamed completion', () => {
  it('joins the deltas, tells each growth, and takes usage from the last chunk with empty choices (OpenAI, vLLM, Ollama)', async () => {
    const seen: string[] = [];
    const answer = await readCompletionStream(body(
      chunk({ model: 'gpt-4o-mini-2024-07-18', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }], usage: null }),
      delta('Hel'), delta('lo'), delta(' there'), stop,
      chunk({ model: 'gpt-4o-mini-2024-07-18', choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } }),
      'data: [DONE]\n\n',
    ), (t) => seen.push(t));
    expect(answer).toEqual({ model: 'gpt-4o-mini-2024-07-18', content: 'Hello there', usage: { promptTokens: 12, completionTokens: 3 } });
    expect(seen).toEqual(['Hel', 'Hello', 'Hello there']);
  });

  it('takes events cut anywhere, CRLF or CR line ends, `data:` without a blank, and comments', async () => {
    const text = `: keep-alive\r\n\r\ndata:${JSON.stringify({ choices: [{ delta: { content: 'A é' } }] })}\r\n\r\n${delta('b').replaceAll('\n', '\r')}${stop}data: [DONE]\n\n`;
    const bytes = new TextEncoder().encode(text);
    // One byte at a time: a CRLF split in two, a two-byte character split in two.
    const pieces = async function* () { for (const b of bytes) yield Uint8Array.of(b); };
    expect((await readCompletionStream(pieces())).content).toBe('A éb');
  });

  it("counts llama.cpp's timings when there is no usage (cached prompt tokens are prompt tokens)", async () => {
    const answer = await readCompletionStream(body(delta('ok'), chunk({ choices: [{ delta: {}, finish_reason: 'stop' }], timings: { prompt_n: 5, cache_n: 95, predicted_n: 7 } }), 'data: [DONE]\n\n'));
    expect(answer.usage).toEqual({ promptTokens: 100, completionTokens: 7 });
  });

  it('has no usage when the endpoint sends none, and ends at a finish without [DONE]', async () => {
    expect(await readCompletionStream(body(delta('ok'), stop))).toEqual({ model: 'm', content: 'ok', usage: null });
  });

  it('never shows reasoning deltas', async () => {
    const answer = await readCompletionStream(body(chunk({ choices: [{ delta: { reasoning_content: 'thinking…' } }] }), delta('Answer'), stop));
    expect(answer.content).toBe('Answer');
  });

  it('a stream that ends before it finished broke off (retryable); an error event too', async () => {
    expect((await failure(readCompletionStream(body(delta('Hel'))))).retryable).toBe(true);
    const err = await failure(readCompletionStream(body(delta('Hel'), chunk({ error: { message: 'overloaded' } }))));
    expect(err).toMatchObject({ retryable: true, message: 'model endpoint reported an error mid-stream: overloaded' });
  });

  it('a finished stream with no text, or a chunk that is not JSON, is unusable (not retryable)', async () => {
    expect((await failure(readCompletionStream(body(stop, 'data: [DONE]\n\n')))).retryable).toBe(false);
    expect((await failure(readCompletionStream(body('data: {oops\n\n')))).retryable).toBe(false);
  });
});
