import { UpstreamUnavailable } from './seller-model.js';

/** What one streamed (or plain) completion came to. */
export interface ChatAnswer {
  /** The model the endpoint says answered, when it says. */
  model: string | null;
  content: string;
  /** null when the endpoint reported no usable token counts. */
  usage: { promptTokens: number; completionTokens: number } | null;
}

const DETAIL_CAP = 200;
const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** The parts of a completion or chunk this client reads (anything else may be missing or wrong). */
interface Body {
  model?: unknown;
  choices?: { message?: { content?: unknown }; delta?: { content?: unknown }; finish_reason?: unknown }[] | null;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  /** llama.cpp's server: its own counts, on the last chunk (cache_n: prompt tokens it did not recompute). */
  timings?: { prompt_n?: unknown; cache_n?: unknown; predicted_n?: unknown } | null;
  error?: { message?: unknown } | null;
}

/** `usage` (OpenAI, vLLM, Ollama with include_usage, llama.cpp), else llama.cpp's `timings`; null without either. */
function countsOf(body: Body): ChatAnswer['usage'] {
  const { usage, timings } = body;
  if (isCount(usage?.prompt_tokens) && isCount(usage?.completion_tokens)) {
    return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
  }
  if (isCount(timings?.prompt_n) && isCount(timings?.predicted_n)) {
    return { promptTokens: timings.prompt_n + (isCount(timings.cache_n) ? timings.cache_n : 0), completionTokens: timings.predicted_n };
  }
  return null;
}

const modelOf = (body: Body): string | null => (typeof body.model === 'string' && body.model ? body.model : null);

/** choices[0].message.content and the usage of a plain completion body; unusable bodies fail for good. */
export function parseCompletion(text: string): ChatAnswer {
  let body: Body | null;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UpstreamUnavailable('model endpoint answered a body that is not JSON', false);
  }
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) {
    throw new UpstreamUnavailable('model endpoint answered without choices[0].message.content', false);
  }
  return { model: modelOf(body!), content, usage: countsOf(body!) };
}

/**
 * The `data:` payloads of a server-sent event stream as they arrive (one per event; several
 * `data:` lines of one event joined by newlines). Comments (`: keep-alive`), other fields and
 * any line ending (LF, CRLF, CR) are taken as the SSE standard says.
 */
async function* ssePayloads(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  const lines = function* (flush: boolean) {
    // A CR at the end may be the first half of a CRLF still on its way: it waits with the rest.
    const hold = !flush && pending.endsWith('\r');
    const parts = (hold ? pending.slice(0, -1) : pending).split(/\r\n|\r|\n/);
    // The last part is a line not ended yet: it waits for more, unless the body is over.
    pending = flush ? '' : parts.pop()! + (hold ? '\r' : '');
    yield* parts;
  };
  const take = function* (line: string) {
    if (line === '') {
      if (data.length) yield data.join('\n');
      data = [];
    } else if (line.startsWith('data:')) {
      data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
  };
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    for (const line of lines(false)) yield* take(line);
  }
  pending += decoder.decode();
  for (const line of lines(true)) yield* take(line);
  if (data.length) yield data.join('\n');
}

/**
 * An OpenAI-style stream of `chat.completion.chunk`s: choices[0].delta.content pieces, handed
 * to `onText` as the text so far grows; the model named by the chunks; usage from whichever
 * chunk carries it (OpenAI and vLLM: a last chunk with empty choices, asked for with
 * stream_options.include_usage; llama.cpp: `timings`). Reasoning deltas (`reasoning_content`)
 * are never read: the customer sees only the answer. The stream is complete at `data: [DONE]`
 * or once a choice has finished; one that ends before either broke off (retryable), as does
 * an error event mid-stream; one that finished with no text is unusable (not retryable).
 */
export async function readCompletionStream(body: AsyncIterable<Uint8Array>, onText?: (text: string) => void): Promise<ChatAnswer> {
  let content = '';
  let model: string | null = null;
  let usage: ChatAnswer['usage'] = null;
  let finished = false;
  for await (const payload of ssePayloads(body)) {
    if (payload.trim() === '[DONE]') {
      finished = true;
      break;
    }
    let chunk: Body | null;
    try {
      chunk = JSON.parse(payload);
    } catch {
      throw new UpstreamUnavailable('model endpoint streamed a chunk that is not JSON', false);
    }
    if (!chunk || typeof chunk !== 'object') continue;
    if (chunk.error) {
      const detail = typeof chunk.error.message === 'string' ? `: ${chunk.error.message.slice(0, DETAIL_CAP)}` : '';
      throw new UpstreamUnavailable(`model endpoint reported an error mid-stream${detail}`);
    }
    model = modelOf(chunk) ?? model;
    usage = countsOf(chunk) ?? usage;
    const choice = chunk.choices?.[0];
    const piece = choice?.delta?.content ?? choice?.message?.content;
    if (typeof piece === 'string' && piece) {
      content += piece;
      onText?.(content);
    }
    if (typeof choice?.finish_reason === 'string' && choice.finish_reason) finished = true;
  }
  if (!finished) throw new UpstreamUnavailable('model endpoint stream broke off before it finished');
  if (!content.trim()) throw new UpstreamUnavailable('model endpoint streamed no content', false);
  return { model, content, usage };
}
