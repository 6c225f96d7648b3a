import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidField } from '../errors/domain-error.js';

export const CURSOR_TTL_MS = 24 * 3600 * 1000;

interface CursorPayload {
  /** integration the cursor was issued to */
  i: string;
  /** route and filters it is bound to */
  f: string;
  /** position: the sort key of the last item returned */
  p: unknown[];
  /** expiry, ms since epoch */
  e: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** Filters are bound as text: same filters, same binding, whatever the query order. */
export function filterBinding(route: string, filters: Record<string, unknown>): string {
  const parts = Object.keys(filters).filter((k) => filters[k] !== undefined && k !== 'cursor' && k !== 'limit').sort()
    .map((k) => `${k}=${String(filters[k] instanceof Date ? (filters[k] as Date).toISOString() : filters[k])}`);
  return `${route}?${parts.join('&')}`;
}

/**
 * Opaque, tamper-proof page cursors: base64url(JSON) + '.' + HMAC. Bound to the integration,
 * the route and its filters, and valid 24 hours. Anything else answers 422 at /cursor.
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(integrationId: string, binding: string, position: unknown[], now: Date): string {
    const payload = b64(JSON.stringify({ i: integrationId, f: binding, p: position, e: now.getTime() + CURSOR_TTL_MS } satisfies CursorPayload));
    return `${payload}.${b64(sign(this.secret, payload))}`;
  }

  decode(cursor: string, integrationId: string, binding: string, now: Date): unknown[] {
    const invalid = (why: string) => invalidField('/cursor', 'invalid_format', `The cursor ${why}; start again without a cursor.`);
    const [payload, mac, extra] = cursor.split('.');
    if (!payload || !mac || extra !== undefined) throw invalid('is not one this API issued');
    const expected = sign(this.secret, payload);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid('is not one this API issued');
    let data: Partial<CursorPayload> | null = null;
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<CursorPayload> | null;
    } catch {
      // Not JSON: data stays null, refused below.
    }
    // Any JSON but an object with an array p and a number e (a number, a string or an array has no array p).
    if (!data || !Array.isArray(data.p) || typeof data.e !== 'number') throw invalid('is not one this API issued');
    if (data.i !== integrationId) throw invalid('was issued to another integration');
    if (data.f !== binding) throw invalid('belongs to other filters');
    if (data.e <= now.getTime()) throw invalidField('/cursor', 'expired', 'The cursor expired (cursors live 24 hours); start again without a cursor.');
    return data.p;
  }
}
