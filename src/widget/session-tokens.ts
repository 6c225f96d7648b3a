import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../ids.js';

/**
 * The visitor's session token: `wst_<session id without dashes>_<secret, 32 base62>`. Only
 * an HMAC-SHA256 of the secret (keyed with WIDGET_SECRET) is stored, so a database reader
 * cannot chat as a visitor.
 */
export interface ParsedToken {
  sessionId: string;
  secret: string;
}

export const SESSION_TOKEN = /^wst_([0-9a-f]{32})_([0-9A-Za-z]{32})$/;

/** null for anything that is not a token's shape. */
export function parseSessionToken(text: unknown): ParsedToken | null {
  const match = typeof text === 'string' ? SESSION_TOKEN.exec(text) : null;
  if (!match) return null;
  const hex = match[1]!;
  return { sessionId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, secret: match[2]! };
}

export function tokenHash(secret: string, key: string): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}

/** A new secret for a session: the token to hand out and the hash to store. */
export function newSessionToken(sessionId: string, key: string): { token: string; hash: string } {
  const secret = randomBase62(32);
  return { token: `wst_${sessionId.replace(/-/g, '')}_${secret}`, hash: tokenHash(secret, key) };
}

/** Constant-time comparison of a token's secret with a stored hash. */
export function tokenMatches(secret: string, storedHash: string | null | undefined, key: string): boolean {
  if (!storedHash || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(tokenHash(secret, key), 'hex'), Buffer.from(storedHash, 'hex'));
}
