/**
 * Options of one call, last argument of every write (stripe-node's per-request options):
 * your Idempotency-Key, and this call's own time limit, cancellation and retry budget.
 */
export interface RequestOptions {
  /** A stable id of the intent (one per customer turn, per order, ...): a retry of the intent, even from another process, is the same request. Else one is generated per call. */
  idempotencyKey?: string;
  /** This call's one-attempt time limit in ms (else the client's timeoutMs). */
  timeout?: number;
  /** Cancels the call, its retries and waits included. */
  signal?: AbortSignal;
  /** Retries of this call after the first attempt (else the client's retry.maxRetries). */
  maxRetries?: number;
}

/** What a call sent and how it was answered: `result.lastResponse` of a result, the same members on an ApiError. */
export interface LastResponse {
  status: number;
  headers: Headers;
  /** X-Request-Id, to quote. */
  requestId: string | null;
  /** The Idempotency-Key the call sent (yours or the generated one; the same on every retry): null for reads. */
  idempotencyKey: string | null;
}

/** A result with how it was answered, as stripe-node's `lastResponse` (not enumerable: JSON and equality see the body only). */
export type WithLastResponse<T> = T extends object ? T & { readonly lastResponse: LastResponse } : T;

/** What the transport reads off a Request openapi-fetch made (its extra init members land on the Request). */
export interface SentWith {
  callOptions?: Pick<RequestOptions, 'timeout' | 'maxRetries'>;
}

/** The Idempotency-Key each answer was sent with, by Response (the transport records it). */
const keyOfResponse = new WeakMap<Response, string>();
export const recordKey = (response: Response, key: string | null): void => { if (key) keyOfResponse.set(response, key); };
export const idempotencyKeyOf = (response: Response): string | null => keyOfResponse.get(response) ?? null;
