import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Svc-Signature recomputed from spec 01's recipe with node:crypto alone, never with the
 * project's signer (src/domain/webhooks/signature.ts), so a wrong signer fails the tests:
 * header `t=<unix_seconds>,v1=<hex>` (two v1 values during a rotation), v1 = lowercase hex
 * HMAC-SHA256 keyed with the signing secret over `<t>.<raw body>` (the body bytes as sent).
 */
export function specV1(secret: string, t: number | string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(Buffer.concat([Buffer.from(`${t}.`), Buffer.from(rawBody)])).digest('hex');
}

/** The whole header the spec gives for these secrets, in their order. */
export function specSignatureHeader(rawBody: string | Buffer, secrets: readonly string[], t: number): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${specV1(s, t, rawBody)}`)].join(',');
}

export type SpecCheck = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/** The spec's receiver procedure: parse t and all v1; recompute; constant-time compare with each; tolerance on t. */
export function specVerify(rawBody: string | Buffer, header: string | undefined, secrets: readonly string[], toleranceSeconds = 300, now = new Date()): SpecCheck {
  const parts = (header ?? '').split(',').map((p) => p.split('='));
  const ts = parts.filter(([k]) => k === 't').map(([, v]) => v ?? '');
  const v1 = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (ts.length !== 1 || !/^\d+$/.test(ts[0]!) || v1.length === 0 || !v1.every((v) => /^[0-9a-f]{64}$/.test(v))) return { ok: false, reason: 'malformed' };
  const timestamp = Number(ts[0]);
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = secrets.map((s) => Buffer.from(specV1(s, ts[0]!, rawBody), 'hex'));
  const match = v1.some((v) => expected.some((e) => timingSafeEqual(Buffer.from(v, 'hex'), e)));
  return match ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
