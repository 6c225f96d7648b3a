import { UpstreamUnavailable } from './seller-model.js';
import type { ChatMessage } from './openai-prompt.js';

/** Where and how to call an OpenAI-compatible Chat Completions endpoint. */
export interface ChatEndpoint {
  /** Base URL without the trailing slash, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  /** Bearer token; empty = no Authorization header (local servers). */
  apiKey: string;
  timeoutMs: number;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  max_tokens: number;
  temperature: number;
}

export interface ChatAnswer {
  /** The model the endpoint says answered, when it says. */
  model: string | null;
  content: string;
  /** null when the endpoint reported no usable token counts. */
  usage: { promptTokens: number; completionTokens: number } | null;
}

/** Statuses worth another attempt: time-out, rate limit, the provider's own failures. */
const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;
const DETAIL_CAP = 200;

/** Never lets the key (or anything shaped like a provider key) into a message. */
function redact(text: string, apiKey: string): string {
  const withoutKey = apiKey ? text.replaceAll(apiKey, '[redacted]') : text;
  return withoutKey.replace(/\b(sk|key)-[\w*.-]{4,}/gi, '[redacted]').replace(/Bearer\s+\S+/gi, 'Bearer [redacted]');
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from now. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** The provider's own error text from an error body (`{error: {message}}`), shortened. */
function errorDetail(body: string): string {
  try {
    const message = JSON.parse(body)?.error?.message;
    if (typeof message === 'string') return message.slice(0, DETAIL_CAP);
  } catch {
    // not JSON: fall through
  }
  return '';
}

function statusFailure(status: number, body: string, headers: Headers, apiKey: string): UpstreamUnavailable {
  const hint = status === 401 || status === 403 ? ' (check OPENAI_API_KEY)' : status === 404 ? ' (check OPENAI_BASE_URL and OPENAI_MODEL)' : '';
  const detail = errorDetail(body);
  const message = redact(`model endpoint answered HTTP ${status}${hint}${detail ? `: ${detail}` : ''}`, apiKey);
  const retryable = isRetryableStatus(status);
  return new UpstreamUnavailable(message, retryable, retryable ? retryAfterMs(headers.get('retry-after')) : undefined);
}

/** The parts of a completion body this client reads (anything else may be missing or wrong). */
interface CompletionBody {
  model?: unknown;
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** choices[0].message.content and the usage of a completion body; unusable bodies fail for good. */
function parseAnswer(body: string): ChatAnswer {
  let parsed: CompletionBody | null;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new UpstreamUnavailable('model endpoint answered a body that is not JSON', false);
  }
  const content = parsed?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) {
    throw new UpstreamUnavailable('model endpoint answered without choices[0].message.content', false);
  }
  const { model, usage } = parsed!;
  return {
    model: typeof model === 'string' && model ? model : null,
    content,
    usage: isCount(usage?.prompt_tokens) && isCount(usage?.completion_tokens)
      ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens }
      : null,
  };
}

/** A failed fetch: the caller's abort goes on as it is; a time-out or network error is retryable. */
function transportFailure(err: unknown, timeout: AbortSignal, timeoutMs: number, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (timeout.aborted) return new UpstreamUnavailable(`model endpoint timed out after ${timeoutMs} ms`);
  const cause = (err as { cause?: { code?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : 'network error';
  return new UpstreamUnavailable(`model endpoint unreachable (${code})`);
}

/**
 * One POST `${baseUrl}/chat/completions` under one deadline (answer and body), also ended by the
 * caller's signal. Throws UpstreamUnavailable: retryable for time-outs, network errors, 408, 429
 * (with Retry-After) and 5xx; not retryable for other statuses and unusable bodies.
 */
export async function requestChatCompletion(endpoint: ChatEndpoint, request: ChatRequest, signal?: AbortSignal): Promise<ChatAnswer> {
  signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'manual',
    });
    body = await response.text();
  } catch (err) {
    throw transportFailure(err, timeout, endpoint.timeoutMs, signal);
  }
  if (!response.ok) throw statusFailure(response.status, body, response.headers, endpoint.apiKey);
  return parseAnswer(body);
}
