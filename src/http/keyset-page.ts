import type { Services } from '../services.js';
import { CursorCodec, filterBinding } from './cursor.js';

/** A keyset position: the sort time and the id of the last item of a page. */
export type Position = [string, string];

interface Positioned {
  id: string;
}

/**
 * The one way a paged list turns a cursor into a position and rows into a page: decode the
 * cursor (bound to the integration, the route and its filters), let the caller fetch
 * `limit + 1` rows after the position, and answer `{data, next_cursor}`.
 */
export async function keysetPage<T extends Positioned>(
  services: Services,
  integrationId: string,
  route: string,
  filters: Record<string, unknown>,
  request: { limit: number; cursor?: string },
  fetch: (after: Position | null, take: number) => Promise<T[]>,
  timeOf: (row: T) => Date,
  present: (row: T) => unknown,
): Promise<{ data: unknown[]; next_cursor: string | null }> {
  const now = services.clock.now();
  const codec = new CursorCodec(services.config.secrets.cursor);
  const binding = filterBinding(route, filters);
  const after = request.cursor ? codec.decode(request.cursor, integrationId, binding, now) as Position : null;
  const rows = await fetch(after, request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(present),
    next_cursor: rows.length > request.limit && last ? codec.encode(integrationId, binding, [timeOf(last).toISOString(), last.id], now) : null,
  };
}
