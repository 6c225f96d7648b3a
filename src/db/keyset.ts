/**
 * Keyset paging, its SQL part: an order over entity properties, the window one page is read
 * in, and the MikroORM conditions that read it. The domain's list queries use these; turning
 * a cursor into a position (and a page into the next cursor) is the HTTP side's, in
 * src/http/keyset-page.ts.
 */

/** How one key of an order travels in a cursor: a time as ISO 8601 text, a day as YYYY-MM-DD text, an integer, or an id (uuid). */
export type KeyKind = 'time' | 'date' | 'integer' | 'uuid';
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

/** The window of `pageSize` rows after `position` (null: from the start) in `order`. */
export function pageWindow(order: KeysetOrder, position: KeyValue[] | null, pageSize: number): PageWindow {
  return {
    position,
    after: position ? afterCondition(order, position) : null,
    orderBy: orderByOf(order),
    take: pageSize + 1,
  };
}
