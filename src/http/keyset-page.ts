import type { Services } from '../services.js';
import { CursorCodec, filterBinding } from './cursor.js';
import { invalidField } from '../errors/domain-error.js';
import { EARLIEST_TIME, LATEST_TIME } from './schemas/common.js';

/** How one key of an order travels in a cursor: a time as ISO 8601 text, an integer, or an id (uuid). */
export type KeyKind = 'time' | 'integer' | 'uuid';
export type KeyValue = Date | number | string;

/**
 * A keyset order: entity properties, most significant first, the last one unique (the id),
 * all in one direction. `[['createdAt', 'time'], ['id', 'uuid']]` is oldest first.
 */
export interface KeysetOrder {
  keys: readonly (readonly [property: string, kind: KeyKind])[];
  direction: 'asc' | 'desc';
}

/** Oldest first by (created_at, id): the usual order of a list. */
export const BY_CREATION: KeysetOrder = { keys: [['createdAt', 'time'], ['id', 'uuid']], direction: 'asc' };

/** What the fetch of one page gets: where the previous page ended, in two forms, and how much to read. */
export interface PageWindow {
  /** The key values of the previous page's last row, in key order; null on the first page. */
  position: KeyValue[] | null;
  /** The same as a MikroORM condition: rows strictly after `position` in the order; null on the first page. */
  after: Record<string, unknown> | null;
  orderBy: Record<string, 'asc' | 'desc'>;
  /** The page size plus one: the extra row tells whether another page follows. */
  take: number;
}

/** The MikroORM orderBy of an order. */
export function orderByOf(order: KeysetOrder): Record<string, 'asc' | 'desc'> {
  return Object.fromEntries(order.keys.map(([property]) => [property, order.direction]));
}

/** `conditions` AND "after the window's position", as one MikroORM condition. */
export function pageWhere(conditions: Record<string, unknown>[], window: PageWindow): Record<string, unknown> {
  return { $and: window.after ? [...conditions, window.after] : conditions };
}

function encodeKey(value: unknown, kind: KeyKind): string | number {
  if (kind === 'time') return (value as Date).toISOString();
  return kind === 'integer' ? Number(value) : String(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What the columns hold: integer (int4) and timestamptz of years 1 to 9999; anything else is no position of a list. */
const INT4 = 2 ** 31;

function keyOf(kind: KeyKind, v: unknown): KeyValue | null {
  if (kind === 'integer') return Number.isSafeInteger(v) && Math.abs(v as number) < INT4 ? v as number : null;
  if (kind === 'uuid') return typeof v === 'string' && UUID.test(v) ? v : null;
  const time = typeof v === 'string' ? Date.parse(v) : NaN;
  return time >= EARLIEST_TIME.getTime() && time <= LATEST_TIME.getTime() ? new Date(time) : null;
}

/** A signed position is still checked against the order: the database must never see a value its column refuses. */
function decodePosition(order: KeysetOrder, raw: unknown): KeyValue[] {
  const invalid = () => invalidField('/cursor', 'invalid_format', 'The cursor is not one of this list; start again without a cursor.');
  if (!Array.isArray(raw) || raw.length !== order.keys.length) throw invalid();
  return order.keys.map(([, kind], i) => {
    const value = keyOf(kind, raw[i]);
    if (value === null) throw invalid();
    return value;
  });
}

/** (k1, k2, ..., kn) strictly after (v1, ..., vn): k1 > v1, or k1 = v1 and k2 > v2, and so on. */
function afterCondition(order: KeysetOrder, position: KeyValue[]): Record<string, unknown> {
  const beyond = order.direction === 'asc' ? '$gt' : '$lt';
  return {
    $or: order.keys.map(([property], i) => {
      const equal = Object.fromEntries(order.keys.slice(0, i).map(([p], j) => [p, position[j]]));
      return { ...equal, [property]: { [beyond]: position[i] } };
    }),
  };
}

/**
 * The one way a paged list turns a cursor into a position and rows into a page: decode the
 * cursor (bound to the integration, the route and its filters), let the caller fetch
 * `window.take` rows after the position in `order`, and answer `{data, next_cursor}`.
 */
export async function keysetPage<T extends object>(
  services: Services,
  integrationId: string,
  route: string,
  filters: Record<string, unknown>,
  request: { limit: number; cursor?: string },
  order: KeysetOrder,
  fetch: (window: PageWindow) => Promise<T[]>,
  present: (row: T) => unknown,
): Promise<{ data: unknown[]; next_cursor: string | null }> {
  const now = services.clock.now();
  const codec = new CursorCodec(services.config.secrets.cursor);
  const binding = filterBinding(route, filters);
  const position = request.cursor ? decodePosition(order, codec.decode(request.cursor, integrationId, binding, now)) : null;
  const rows = await fetch({
    position,
    after: position ? afterCondition(order, position) : null,
    orderBy: orderByOf(order),
    take: request.limit + 1,
  });
  const page = rows.slice(0, request.limit);
  const last = page[page.length - 1] as Record<string, unknown> | undefined;
  const lastPosition = last ? order.keys.map(([p, kind]) => encodeKey(last[p], kind)) : [];
  return {
    data: page.map(present),
    next_cursor: rows.length > request.limit && last ? codec.encode(integrationId, binding, lastPosition, now) : null,
  };
}
