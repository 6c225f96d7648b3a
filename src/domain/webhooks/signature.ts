import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Svc-Signature: `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, v1 = lowercase hex
 * HMAC-SHA256(secret, `<t>.<raw body>`); one v1 per valid secret (two during rotation).
 */
export function signatureHeader(rawBody: string | Buffer, secrets: readonly string[], unixSeconds: number): string {
  const parts = [`t=${unixSeconds}`];
  for (const secret of secrets) parts.push(`v1=${hmac(secret, unixSeconds, rawBody)}`);
  return parts.join(',');
}

function hmac(secret: string, t: number | string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/**
 * For receivers: checks a delivery before its JSON is parsed. Any v1 matching any of the
 * receiver's secrets passes (constant-time comparison); a timestamp further than
 * `toleranceSeconds` from `now` fails as stale.
 *
 *   const result = verifySignature(rawBody, req.headers['svc-signature'], [secret], 300);
 *   if (!result.ok) return res.writeHead(400).end();
 */
export function verifySignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secrets: readonly string[],
  toleranceSeconds = 300,
  now: Date = new Date(),
): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  let t: string | undefined;
  const given: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d+$/.test(value)) t = value;
    else if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) given.push(value);
  }
  if (t === undefined || given.length === 0) return { ok: false, reason: 'malformed' };
  const timestamp = Number(t);
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  for (const secret of secrets) {
    const expected = Buffer.from(hmac(secret, t, rawBody), 'hex');
    if (given.some((v) => timingSafeEqual(Buffer.from(v, 'hex'), expected))) return { ok: true, timestamp };
  }
  return { ok: false, reason: 'mismatch' };
}
