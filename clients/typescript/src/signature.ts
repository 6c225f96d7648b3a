import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureVerificationError } from './errors.js';
import type { WebhookEvent } from './events.js';

export interface ConstructEventOptions {
  /**
   * Seconds a delivery's timestamp may lie from now (default 300, the spec's recommendation).
   * 0 turns the timestamp check off (as stripe-node): the signature alone is checked, so a
   * replayed old delivery passes; only for deliveries you stored and now verify again.
   */
  tolerance?: number;
  /** The time to check against (default: the clock). */
  now?: Date;
}

const hmac = (secret: string, t: string, rawBody: string | Uint8Array): Buffer =>
  createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();

/**
 * Verifies a webhook delivery and returns its event: `rawBody` exactly as received (before any
 * JSON parsing), `header` the Svc-Signature header (`t=<unix seconds>,v1=<hex>[,v1=<hex>]`),
 * `secret` your signing secret (or both secrets while you rotate). Every v1 is compared, in
 * constant time, with the HMAC-SHA256 of `<t>.<raw body>` under each secret; one match passes
 * (a delivery during the server's rotation window carries two v1). The signature is checked
 * first (a forged header is 'mismatch', whatever its t); then a timestamp further than
 * `tolerance` seconds from now is refused ('stale': a replayed delivery; tolerance 0 skips
 * this). Throws
 * SignatureVerificationError; answer it 400 and do not process the body.
 */
export function constructEvent(rawBody: string | Uint8Array, header: string | string[] | undefined | null, secret: string | readonly string[], o: ConstructEventOptions = {}): WebhookEvent {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) throw new SignatureVerificationError('no Svc-Signature header', 'malformed');
  let t: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (name === 't' && /^\d+$/.test(v)) t = v;
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(v)) signatures.push(Buffer.from(v, 'hex'));
  }
  if (t === undefined || signatures.length === 0) throw new SignatureVerificationError('Svc-Signature has no timestamp or no v1 signature', 'malformed');
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const matched = secrets.some((s) => {
    const expected = hmac(s, t, rawBody);
    // Every v1 is compared (no early exit on the first): the time taken does not say which matched.
    return signatures.map((given) => timingSafeEqual(given, expected)).includes(true);
  });
  if (!matched) throw new SignatureVerificationError('no v1 signature matches the secret', 'mismatch');
  const tolerance = o.tolerance ?? 300;
  const now = (o.now ?? new Date()).getTime() / 1000;
  if (tolerance > 0 && Math.abs(now - Number(t)) > tolerance) throw new SignatureVerificationError(`the timestamp is more than ${tolerance} s from now`, 'stale');
  let event: unknown;
  try {
    event = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw new SignatureVerificationError('the body is not JSON', 'body');
  }
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
    throw new SignatureVerificationError('the body is not an event envelope', 'body');
  }
  return event as WebhookEvent;
}

/**
 * A Svc-Signature header for `rawBody`, as the server signs: for your receiver's tests
 * (stripe-node's generateTestHeaderString).
 */
export function signatureHeader(rawBody: string | Uint8Array, secrets: string | readonly string[], unixSeconds = Math.floor(Date.now() / 1000)): string {
  const t = String(unixSeconds);
  return [`t=${t}`, ...(typeof secrets === 'string' ? [secrets] : secrets).map((s) => `v1=${hmac(s, t, rawBody).toString('hex')}`)].join(',');
}
