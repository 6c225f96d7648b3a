import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionError } from './errors.js';
import { recordKey, type SentWith } from './request-options.js';
import { retryAfterMs } from './retry-after.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 turns retrying off. A call's own `maxRetries` overrides it. */
  maxRetries?: number;
  /** The first backoff when the answer names no Retry-After (default 500 ms), doubled each retry. */
  initialDelayMs?: number;
  /** The longest backoff of our own (default 8 s). */
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the answer is thrown (default 60 s). */
  maxRetryAfterMs?: number;
}

export interface TransportOptions {
  apiKey: string;
  retry?: RetryOptions;
  /** One attempt's time limit (default 60 s; a `wait` holds an answer up to 20 s). A call's own `timeout` overrides it. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  userAgent?: string;
}

/** Refused before any work, for any request: rate_limited; service_unavailable, upstream_unavailable. */
const ALWAYS_RETRIED = new Set([429, 503]);
/** A proxy's or gateway's failure: the request may have run, so retried only where repeating is safe. */
const RETRIED_WHEN_SAFE = new Set([502, 504]);

/** 409 operation_in_progress: the first attempt of this Idempotency-Key still runs; its answer comes on a later retry. */
async function inProgress(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body = await response.clone().json().catch(() => null) as { code?: unknown } | null;
  return body?.code === 'operation_in_progress';
}

/**
 * The fetch the typed layer (openapi-fetch) sends through: the key, an Idempotency-Key on every
 * POST that has none (the same on each of its retries, so a retry never acts twice), retries of
 * 429 and 503 after Retry-After (or a backoff of our own when it is missing), and where
 * repeating is safe (reads and keyed writes) retries of 502, 504, 409 operation_in_progress and
 * connection failures. Other 4xx and 5xx are answered as they are, at once. Every answer is
 * recorded with the Idempotency-Key it was sent with (idempotencyKeyOf).
 */
export function retryingFetch(o: TransportOptions): (request: Request) => Promise<Response> {
  const send = o.fetch ?? globalThis.fetch;
  const initialDelayMs = o.retry?.initialDelayMs ?? 500;
  const maxDelayMs = o.retry?.maxDelayMs ?? 8_000;
  const maxRetryAfterMs = o.retry?.maxRetryAfterMs ?? 60_000;
  const backoff = (retry: number) => Math.min(maxDelayMs, initialDelayMs * 2 ** retry) * (0.5 + Math.random() / 2);

  return async (request) => {
    const call = (request as Request & SentWith).callOptions ?? {};
    const maxRetries = call.maxRetries ?? o.retry?.maxRetries ?? 3;
    const timeoutMs = call.timeout ?? o.timeoutMs ?? 60_000;
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${o.apiKey}`);
    if (o.userAgent) headers.set('user-agent', o.userAgent);
    if (request.method === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', randomUUID());
    const key = headers.get('idempotency-key');
    const safeToRepeat = request.method === 'GET' || request.method === 'HEAD' || key !== null;
    const retryable = async (response: Response) =>
      ALWAYS_RETRIED.has(response.status) || (safeToRepeat && (RETRIED_WHEN_SAFE.has(response.status) || await inProgress(response)));
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let retry = 0; ; retry++) {
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
      let response: Response;
      try {
        response = await send(new Request(request.url, { method: request.method, headers, body, signal }));
      } catch (err) {
        if (request.signal.aborted) throw err;
        if (safeToRepeat && retry < maxRetries) {
          await sleep(backoff(retry), undefined, { signal: request.signal });
          continue;
        }
        throw new ConnectionError(`${request.method} ${request.url}: ${(err as Error).message}`, err, key);
      }
      recordKey(response, key);
      if (retry >= maxRetries || !(await retryable(response))) return response;
      const delay = retryAfterMs(response.headers.get('retry-after')) ?? backoff(retry);
      if (delay > maxRetryAfterMs) return response;
      await response.body?.cancel();
      await sleep(delay, undefined, { signal: request.signal });
    }
  };
}
