/**
 * The frame's calls to the chat routes (same origin, no cookies of the host site): JSON in and
 * out; an answer that is not 2xx throws HttpError with its Problem and Retry-After.
 */
import type { ProblemAnswer } from './contract.js';

export class HttpError extends Error {
  constructor(readonly status: number, readonly problem: ProblemAnswer, readonly retryAfter: number | null) {
    super(problem.detail ?? `HTTP ${status}`);
  }

  get code(): string | undefined {
    return this.problem.error ?? this.problem.code;
  }
}

export async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method, cache: 'no-store', credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('Retry-After'));
    throw new HttpError(res.status, json as ProblemAnswer, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  return json as T;
}

/** The session is over (expired, rotated out, or unknown): a new visitor from the next message on. */
export const sessionGone = (err: unknown): boolean => err instanceof HttpError && (err.status === 401 || err.status === 404);
