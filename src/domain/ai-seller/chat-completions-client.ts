import { UpstreamUnavailable } from './seller-model.js';
import type { ChatMessage } from './openai-prompt.js';
import { parseCompletion, readCompletionStream, type ChatAnswer } from './chat-completions-stream.js';

export type { ChatAnswer } from './chat-completions-stream.js';

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

/** A failed fetch or read: the caller's abort goes on as it is; a time-out or network error is retryable. */
function transportFailure(err: unknown, timeout: AbortSignal, timeoutMs: number, streaming: boolean, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (timeout.aborted) return new UpstreamUnavailable(`model endpoint timed out after ${timeoutMs} ms`);
  if (err instanceof UpstreamUnavailable) return err;
  const cause = (err as { cause?: { code?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : 'network error';
  return new UpstreamUnavailable(streaming ? `model endpoint stream broke off (${code})` : `model endpoint unreachable (${code})`);
}

/**
 * One POST `${baseUrl}/chat/completions` with `stream: true` under one deadline (the answer and
 * the whole stream), also ended by the caller's signal. `onText` gets the answer's text so far
 * each time it grows. Usage is asked for with stream_options.include_usage (OpenAI, vLLM,
 * Ollama, llama.cpp read it; one that sends none is billed by an estimate by the caller). An
 * endpoint that ignores `stream` and answers one JSON completion is read as before. Throws
 * UpstreamUnavailable: retryable for time-outs, network errors, a stream that breaks off, 408,
 * 429 (with Retry-After) and 5xx; not retryable for other statuses and unusable answers.
 */
export async function requestChatCompletion(endpoint: ChatEndpoint, request: ChatRequest, signal?: AbortSignal, onText?: (text: string) => void): Promise<ChatAnswer> {
  signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream, application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...request, stream: true, stream_options: { include_usage: true } }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'manual',
    });
  } catch (err) {
    throw transportFailure(err, timeout, endpoint.timeoutMs, false, signal);
  }
  const streamed = response.ok && /^text\/event-stream/i.test(response.headers.get('content-type') ?? '');
  try {
    if (streamed && response.body) return await readCompletionStream(response.body, onText);
    const body = await response.text();
    if (!response.ok) throw statusFailure(response.status, body, response.headers, endpoint.apiKey);
    const answer = parseCompletion(body);
    onText?.(answer.content);
    return answer;
  } catch (err) {
    throw transportFailure(err, timeout, endpoint.timeoutMs, streamed, signal);
  }
}
