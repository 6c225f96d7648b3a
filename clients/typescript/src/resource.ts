import { randomUUID } from 'node:crypto';
import type { Client } from 'openapi-fetch';
import { apiErrorOf } from './errors.js';
import { PageList, type Page } from './pagination.js';
import type { operations, paths } from './schema.js';

export type Api = Client<paths>;

/** The query parameters of an operation (operationId of the document). */
export type Query<K extends keyof operations> = operations[K]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;
/** The JSON body of an operation. */
export type Body<K extends keyof operations> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** Options of a write that takes an Idempotency-Key: your own key (a stable id of the intent), else one is generated. */
export interface WriteOptions {
  idempotencyKey?: string;
}

/** A write that may answer 202 with an operation: `wait` (0 to 20 s) holds the answer until it is done. */
export interface WaitOptions extends WriteOptions {
  wait?: number;
}

/** The success body of an openapi-fetch call, or the typed ApiError of its Problem. */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorOf(response, error);
  return data as NonNullable<R['data']>;
}

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
