import { randomUUID } from 'node:crypto';
import type { Client } from 'openapi-fetch';
import { apiErrorOf } from './errors.js';
import { PageList, type Page } from './pagination.js';
import { idempotencyKeyOf, type LastResponse, type RequestOptions, type SentWith, type WithLastResponse } from './request-options.js';
import type { operations, paths } from './schema.js';

export type Api = Client<paths>;

/** The query parameters of an operation (operationId of the document). */
export type Query<K extends keyof operations> = operations[K]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;
/** The JSON body of an operation. */
export type Body<K extends keyof operations> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** Options of a write: your own Idempotency-Key (a stable id of the intent), else one is generated; and the call's own limits. */
export type WriteOptions = RequestOptions;

/** A write that may answer 202 with an operation: `wait` (0 to 20 s) holds the answer until it is done. */
export interface WaitOptions extends WriteOptions {
  wait?: number;
}

/** How a call was answered (result.lastResponse). */
export const lastResponseOf = (response: Response): LastResponse => ({
  status: response.status, headers: response.headers, requestId: response.headers.get('x-request-id'), idempotencyKey: idempotencyKeyOf(response),
});

/**
 * The success body of an openapi-fetch call, with `lastResponse` (not enumerable) when it is an
 * object; or the typed ApiError of its Problem.
 */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R>): Promise<WithLastResponse<NonNullable<R['data']>>> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorOf(response, error);
  if (typeof data === 'object' && data !== null) Object.defineProperty(data, 'lastResponse', { value: lastResponseOf(response), enumerable: false });
  return data as WithLastResponse<NonNullable<R['data']>>;
}

/** A call's cancellation, time limit and retry budget, as openapi-fetch options (its extra members reach the transport on the Request). */
export const sent = (o: RequestOptions): { signal?: AbortSignal } & SentWith => ({
  signal: o.signal, callOptions: { timeout: o.timeout, maxRetries: o.maxRetries },
});

/**
 * The Idempotency-Key of a write: the caller's, or a fresh UUID made once per call (the
 * transport sends the same one on each of its retries).
 */
export const keyed = (o: WriteOptions = {}): { 'Idempotency-Key': string } => ({ 'Idempotency-Key': o.idempotencyKey ?? randomUUID() });

export abstract class Resource {
  constructor(protected readonly api: Api) {}

  /** A list route as a PageList: `fetch(cursor)` reads one page. */
  protected paged<P extends Page<unknown>>(
    fetch: (cursor: string | undefined) => Promise<{ data?: P; error?: unknown; response: Response }>,
    startCursor?: string,
  ): PageList<P['data'][number], P> {
    return new PageList<P['data'][number], P>((cursor) => unwrap(fetch(cursor)) as Promise<P>, startCursor);
  }
}
