import { request, type RequestOptions } from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIPv6 } from 'node:net';
import type { WebhookSettings } from '../../config/webhooks.js';
import { checkSubscriberUrl, resolveSubscriberHost, UrlRefused } from './resolver.js';
import { signatureHeader } from './signature.js';
import { standardWebhooksHeaders } from './standard-signature.js';
import { subscriberAgents } from './pinned-agents.js';

export interface OutgoingDelivery {
  url: string;
  eventId: string;
  eventType: string;
  /** The exact bytes that are signed and sent. */
  body: string;
  /** Every secret valid now: the current one, plus the previous one during a rotation window. */
  secrets: readonly string[];
}

export interface SendResult {
  /** The subscriber's HTTP status; null when no answer came (refused, timeout, TLS, connection). */
  statusCode: number | null;
  durationMs: number;
  /**
   * Why no answer counts (spec 01 WebhookDelivery.error): a timeout, a connection or
   * certificate error, a refused URL or a 3xx answer; short, safe to show in the delivery log.
   * Null for every 2xx, 4xx and 5xx answer: statusCode says those (attemptDelivered).
   */
  error: string | null;
  /** A 429 or 503 answer's Retry-After, in milliseconds. */
  retryAfterMs: number | null;
  /**
   * The start of a 4xx or 5xx answer's body as text (ANSWER_EXCERPT_CHARS at most, control
   * characters blanked), for support (the console's attempts); null for other answers.
   */
  answerExcerpt: string | null;
}

export type SenderSettings = Pick<WebhookSettings, 'timeoutMs' | 'resolve' | 'allowPrivateNetworks'>;

/** Bytes of a subscriber's answer read (and dropped) so its connection can be reused. */
const ANSWER_DRAIN_BYTES = 64 * 1024;
/** What an excerpt of an error answer keeps: enough for "column x does not exist", not a page. */
export const ANSWER_EXCERPT_CHARS = 200;
/** How long an error answer's body is waited for at most (within the attempt's timeout). */
const ANSWER_EXCERPT_WAIT_MS = 1000;

/** Whether an attempt delivered: only a 2xx answer does (a 4xx or 5xx has no error, yet failed). */
export function attemptDelivered(r: Pick<SendResult, 'statusCode' | 'error'>): boolean {
  return r.error === null && r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
}

/**
 * A delivery's or attempt's error as shown (API, support console): rows written before the
 * 4xx/5xx answers stopped carrying "HTTP <status>" in error show null there too; their status
 * is status_code (docs/decisions.md, "A 4xx or 5xx answer is no delivery error"). Any other
 * error is shown as stored.
 */
export function shownDeliveryError(statusCode: number | null, error: string | null): string | null {
  return statusCode !== null && statusCode >= 400 && error === `HTTP ${statusCode}` ? null : error;
}

/** An error answer's first bytes as one line of text. */
export function answerExcerpt(bytes: Buffer): string | null {
  const text = bytes.toString('utf8').replace(/\uFFFD+$/, '').replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return text ? text.slice(0, ANSWER_EXCERPT_CHARS) : null;
}

/**
 * POSTs one signed delivery through the SSRF rules: the URL is checked again, the name is
 * resolved once and every address must pass the policy, and the connection goes to the checked
 * address only (the socket's lookup is pinned to it, so a second DNS answer cannot redirect
 * it), while TLS is verified against the host name. Connections are kept per (name, checked
 * address) and reused (PinnedAgents). Redirects are not followed. Never throws for the
 * subscriber's side of things: every failure comes back as a SendResult.
 */
export async function sendDelivery(d: OutgoingDelivery, settings: SenderSettings, now: () => Date = () => new Date()): Promise<SendResult> {
  const started = Date.now();
  const failed = (error: string): SendResult => ({ statusCode: null, durationMs: Date.now() - started, error, retryAfterMs: null, answerExcerpt: null });
  let url: URL;
  let address: string;
  try {
    url = checkSubscriberUrl(d.url);
    const addresses = await withinMs(resolveSubscriberHost(url.hostname, settings), settings.timeoutMs);
    if (!addresses) return failed('timeout');
    address = addresses[0]!;
  } catch (err) {
    if (!(err instanceof UrlRefused)) throw err;
    return failed(`refused: ${err.message}`);
  }
  const signedAt = Math.floor(now().getTime() / 1000);
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(d.body)),
    'User-Agent': 'PublicApi-Webhooks/1',
    'Svc-Event-Id': d.eventId,
    'Svc-Event-Type': d.eventType,
    'Svc-Signature': signatureHeader(d.body, d.secrets, signedAt),
    ...standardWebhooksHeaders(d.eventId, d.body, d.secrets, signedAt),
  };
  const family = isIPv6(address) ? 6 : 4;
  const options: RequestOptions = {
    method: 'POST',
    host: url.hostname,
    servername: url.hostname,
    port: 443,
    path: `${url.pathname}${url.search}`,
    headers,
    agent: subscriberAgents.for(url.hostname, address),
    lookup: pinnedLookup(address, family),
  };
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null, retryAfterMs: number | null = null, excerpt: string | null = null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (statusCode === null) req.destroy();
      resolve({ statusCode, durationMs: Date.now() - started, error, retryAfterMs, answerExcerpt: excerpt });
    };
    // The status decides. The answer's body is read and dropped so the connection can serve the
    // next delivery; a long or slow one closes it instead. Of an error answer (4xx, 5xx) the
    // first bytes are kept as its excerpt: the attempt ends when they are in, when the body
    // ends, or at most ANSWER_EXCERPT_WAIT_MS after the status (the status stands either way).
    const req = request(options, (res) => {
      let drained = 0;
      const head: Buffer[] = [];
      const drainTimer = setTimeout(() => res.destroy(), settings.timeoutMs);
      const status = res.statusCode ?? 0;
      const retryAfter = status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'], now()) : null;
      const failedWith = () => finish(status, null, retryAfter, answerExcerpt(Buffer.concat(head).subarray(0, ANSWER_EXCERPT_CHARS * 4)));
      res.on('data', (chunk: Buffer) => {
        if (drained < ANSWER_EXCERPT_CHARS * 4) head.push(chunk);
        drained += chunk.length;
        if (status >= 400 && drained >= ANSWER_EXCERPT_CHARS * 4) failedWith();
        if (drained > ANSWER_DRAIN_BYTES) res.destroy();
      });
      res.on('close', () => {
        clearTimeout(drainTimer);
        if (status >= 400) failedWith();
      });
      res.on('end', () => {
        if (status >= 400) failedWith();
      });
      res.on('error', () => undefined);
      if (status >= 200 && status < 300) return finish(status, null);
      if (status >= 300 && status < 400) return finish(status, `redirect ${status} not followed`);
      // The attempt's own timeout no longer applies: the status is in.
      clearTimeout(timer);
      setTimeout(failedWith, Math.min(ANSWER_EXCERPT_WAIT_MS, Math.max(0, started + settings.timeoutMs - Date.now()))).unref();
    });
    const timer = setTimeout(() => finish(null, 'timeout'), Math.max(0, started + settings.timeoutMs - Date.now()));
    req.on('error', (err: NodeJS.ErrnoException) => finish(null, connectionError(err)));
    req.end(d.body);
  });
}

/** The value of `promise`, or undefined when it takes longer than `ms` (a resolver that hangs). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The socket's only way to a name: the address that passed the policy. */
export function pinnedLookup(address: string, family: 4 | 6) {
  return (_host: string, opts: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    if (opts.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 10.2.3), in milliseconds from now. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

const TLS_CODES = /^(ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_|ERR_SSL_)/;

/** A short reason for the delivery log; no stack, no addresses. */
export function connectionError(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (TLS_CODES.test(code)) return `certificate error (${code})`;
  switch (code) {
    case 'ECONNREFUSED': return 'connection refused';
    case 'ECONNRESET': return 'connection reset';
    case 'EHOSTUNREACH': case 'ENETUNREACH': return 'host unreachable';
    case 'ETIMEDOUT': return 'timeout';
    case 'EPROTO': return 'TLS handshake failed';
    default: return `connection error (${code || err.message.slice(0, 80)})`;
  }
}
