import type { Services } from '../services.js';
import { CursorCodec, filterBinding } from './cursor.js';
import { invalidField } from '../errors/domain-error.js';
import { EARLIEST_TIME, LATEST_TIME } from './schemas/common.js';
import { pageWindow, type KeyKind, type KeysetOrder, type KeyValue, type PageWindow } from '../db/keyset.js';
import { UUID } from '../ids.js';

// Keyset paging, its HTTP part: the signed cursor, bound to the integration, the route and
// its filters. The order, the window and its SQL are src/db/keyset.ts.

function encodeKey(value: unknown, kind: KeyKind): string | number {
  if (kind === 'time') return (value as Date).toISOString();
  return kind === 'integer' ? Number(value) : String(value);
}

const DAY = /^\d{4}-\d\d-\d\d$/;
/** What the columns hold: integer (int4) and timestamptz of years 1 to 9999; anything else is no position of a list. */
const INT4 = 2 ** 31;

function keyOf(kind: KeyKind, v: unknown): KeyValue | null {
  if (kind === 'integer') return Number.isSafeInteger(v) && Math.abs(v as number) < INT4 ? v as number : null;
  if (kind === 'uuid') return typeof v === 'string' && UUID.test(v) ? v : null;
  if (kind === 'date') return typeof v === 'string' && DAY.test(v) ? v : null;
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
  const rows = await fetch(pageWindow(order, position, request.limit));
  const page = rows.slice(0, request.limit);
  const last = page[page.length - 1] as Record<string, unknown> | undefined;
  const lastPosition = last ? order.keys.map(([p, kind]) => encodeKey(last[p], kind)) : [];
  return {
    data: page.map(present),
    next_cursor: rows.length > request.limit && last ? codec.encode(integrationId, binding, lastPosition, now) : null,
  };
}
