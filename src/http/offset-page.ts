import type { Services } from '../services.js';
import { CursorCodec, filterBinding } from './cursor.js';
import { invalidField } from '../errors/domain-error.js';

/**
 * Paging of a list computed whole in memory (a report's rows, sorted): the signed cursor
 * holds the offset, bound to the integration, the route and its filters, like keyset cursors.
 */
export function offsetPage<T>(
  services: Services,
  integrationId: string,
  route: string,
  filters: Record<string, unknown>,
  request: { limit: number; cursor?: string },
  rows: T[],
): { data: T[]; next_cursor: string | null } {
  const now = services.clock.now();
  const codec = new CursorCodec(services.config.secrets.cursor);
  const binding = filterBinding(route, filters);
  let offset = 0;
  if (request.cursor) {
    const [at, extra] = codec.decode(request.cursor, integrationId, binding, now);
    if (!Number.isSafeInteger(at) || (at as number) < 0 || extra !== undefined) {
      throw invalidField('/cursor', 'invalid_format', 'The cursor is not one of this list; start again without a cursor.');
    }
    offset = at as number;
  }
  const data = rows.slice(offset, offset + request.limit);
  const next = offset + request.limit;
  return { data, next_cursor: next < rows.length ? codec.encode(integrationId, binding, [next], now) : null };
}
