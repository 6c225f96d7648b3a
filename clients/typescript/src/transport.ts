import { randomUUID } from 'node:crypto';
import { ConnectionError } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 turns retrying off. */
  maxRetries?: number;
  /** The first backoff when the answer names no Retry-After (default 500 ms), doubled each retry. */
  initialDelayMs?: number;
  /** The longest backoff of our own (default 8 s). */
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the 429 or 503 is thrown (default 60 s). */
  maxRetryAfterMs?: number;
}

export interface TransportOptions {
  apiKey: string;
  retry?: RetryOptions;
  /** One attempt's time limit (default 60 s; a `wait` holds an answer up to 20 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  userAgent?: string;
}

/** Statuses retried: refused before any work (rate_limited; service_unavailable, upstream_unavailable). */
const RETRIED_STATUSES = new Set([429, 503]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fetch the typed layer (openapi-fetch) sends through: the key, an Idempotency-Key on every
 * POST that has none (the same on each of its retries, so a retry never acts twice), retries of
 * 429 and 503 after Retry-After (or a backoff of our own when it is missing), and retries of
 * connection failures where repeating is safe (reads and keyed writes). Other 4xx and 5xx are
 * answered as they are, at once.
 */
export function retryingFetch(o: TransportOptions): (request: Request) => Promise<Response> {
  const send = o.fetch ?? globalThis.fetch;
  const maxRetries = o.retry?.maxRetries ?? 3;
  const initialDelayMs = o.retry?.initialDelayMs ?? 500;
  const maxDelayMs = o.retry?.maxDelayMs ?? 8_000;
  const maxRetryAfterMs = o.retry?.maxRetryAfterMs ?? 60_000;
  const timeoutMs = o.timeoutMs ?? 60_000;
  const backoff = (retry: number) => Math.min(maxDelayMs, initialDelayMs * 2 ** retry) * (0.5 + Math.random() / 2);

  return async (request) => {
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${o.apiKey}`);
    if (o.userAgent) headers.set('user-agent', o.userAgent);
    if (request.method === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', randomUUID());
    const safeToRepeat = request.method === 'GET' || request.method === 'HEAD' || headers.has('idempotency-key');
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let retry = 0; ; retry++) {
      const signal = request.signal ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await send(new Request(request.url, { method: request.method, headers, body, signal }));
      } catch (err) {
        if (request.signal?.aborted) throw err;
        if (safeToRepeat && retry < maxRetries) {
          await sleep(backoff(retry));
          continue;
        }
        throw new ConnectionError(`${request.method} ${request.url}: ${(err as Error).message}`, err);
      }
      if (!RETRIED_STATUSES.has(response.status) || retry >= maxRetries) return response;
      const delay = retryAfterMs(response.headers.get('retry-after')) ?? backoff(retry);
      if (delay > maxRetryAfterMs) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110), in milliseconds; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
