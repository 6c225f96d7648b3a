import { createHmac } from 'node:crypto';

/** The prefix of our signing secrets, the one Standard Webhooks libraries strip. */
const SECRET_PREFIX = 'whsec_';

/**
 * The HMAC key a Standard Webhooks library (standardwebhooks on npm and PyPI, the Go library)
 * takes from a secret given as it is: the part after `whsec_`, base64-decoded. Our secrets are
 * `whsec_` + 40 base62 characters, valid base64 of 30 bytes, so every library reads the same
 * bytes. (Svc-Signature keys its HMAC with the whole string instead: spec 01.)
 */
export function standardWebhooksKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * The Standard Webhooks headers (https://www.standardwebhooks.com) of a delivery:
 * `webhook-id` (the event id, as Svc-Event-Id: the same on every retry), `webhook-timestamp`
 * (the Svc-Signature t) and `webhook-signature`, one `v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<raw body>">` per valid secret, space-separated (two during a rotation).
 */
export function standardWebhooksHeaders(eventId: string, rawBody: string | Buffer, secrets: readonly string[], unixSeconds: number): Record<string, string> {
  const signatures = secrets.map((secret) =>
    `v1,${createHmac('sha256', standardWebhooksKey(secret)).update(`${eventId}.${unixSeconds}.`).update(rawBody).digest('base64')}`);
  return { 'webhook-id': eventId, 'webhook-timestamp': String(unixSeconds), 'webhook-signature': signatures.join(' ') };
}
