/**
 * Server-Sent Events framing and the stream's resume cursor (the visitor chat's
 * GET /api/widget/events). Pure functions: no I/O here.
 */

/** A message's place in a conversation: (created_at, id), the order messages are shown in. */
export interface Position {
  /** created_at in ms; -Infinity before every message. */
  t: number;
  id: string;
}

/** Before every message. */
export const START: Position = { t: -Infinity, id: '' };

/** a strictly after b in (created_at, id) order (ids compare as lowercase text, as uuids do in PostgreSQL). */
export function isAfter(a: Position, b: Position): boolean {
  return a.t > b.t || (a.t === b.t && a.id > b.id);
}

export function positionOf(m: { id: string; createdAt: Date }): Position {
  return { t: m.createdAt.getTime(), id: m.id };
}

/** The event id of a message event and the Last-Event-ID a client sends back: `<created_at ms>.<message id>`. */
export function cursorOf(p: Position): string {
  return `${p.t}.${p.id}`;
}

export const CURSOR = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A cursor as `cursorOf` writes it, else null (the caller then starts from the beginning). */
export function parseCursor(text: string): Position | null {
  const m = CURSOR.exec(text.trim());
  return m ? { t: Number(m[1]), id: m[2]!.toLowerCase() } : null;
}

/** The `retry` field, the first thing a stream sends: how long a client waits before reconnecting. */
export function sseRetry(ms: number): string {
  return `retry: ${ms}\n\n`;
}

/**
 * One event. `data` is JSON on a single line: JSON.stringify escapes CR and LF inside strings,
 * the only line ends of the format, so no payload can split or forge a field.
 */
export function sseEvent(event: string, data: string, id?: string): string {
  return id === undefined ? `event: ${event}\ndata: ${data}\n\n` : `event: ${event}\nid: ${id}\ndata: ${data}\n\n`;
}

/** A comment line: ignored by clients, keeps proxies and load balancers from timing the stream out. */
export const SSE_PING = ': ping\n\n';
