import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services.js';
import { UsageError } from './args.js';
import { findIntegration } from '../domain/provisioning/integrations.js';
import { createSubscription, deleteSubscription, ownerContext, subscriberOf } from '../domain/webhooks/subscriptions.js';
import { verifySignature } from '../domain/webhooks/signature.js';
import { EVENT_TYPES } from '../domain/events/event-types.js';
import { noticeDeliveries } from '../temporal/deliveries.js';
import { checkSubscriberUrl, resolveSubscriberHost, UrlRefused } from '../domain/webhooks/resolver.js';

/**
 * `bin/ctl webhooks listen`: what `stripe listen` gives an integrator, for this platform in
 * development. A local HTTPS receiver on port 443 (the only port a subscriber URL may use) of
 * the addresses its host name resolves to (localhost by default), subscribed through the
 * domain as the integration would subscribe, prints each delivery once its signature is
 * checked with the subscription's secret, forwards it as it came when asked, and deletes the
 * subscription when stopped.
 */
export interface ListenOptions {
  integrationId: string;
  /** Event types or `<family>.*`; every family when empty. */
  events: string[];
  /** Each verified delivery is POSTed here as received (body and Svc-* headers). */
  forwardTo: string | null;
  /** server.key and server.crt for localhost, from a CA the platform's worker trusts (bin/up: .state/tls). */
  tlsDir: string;
  /**
   * The host name of the listener's URL (--host, WEBHOOK_LISTEN_HOST; default localhost): it
   * listens where the platform's resolver sends that name (WEBHOOK_RESOLVE pins one, e.g.
   * listen.webhooks.test=127.0.0.2, a loopback address nothing else uses).
   */
  host: string;
}

export const DEFAULT_LISTEN_HOST = 'localhost';

export interface ReceivedDelivery {
  received_at: string;
  event_id: string;
  type: string;
  /** The signature checked with the subscription's secret (5 minutes' tolerance). */
  verified: boolean;
  /** Why it did not verify: malformed, stale or mismatch. */
  reason?: string;
  /** With --forward-to: the status the forward answered, or its error. */
  forwarded?: { url: string; status: number | null; error: string | null };
  /** The envelope as JSON; the raw text when it is not JSON. */
  body: unknown;
}

export interface Listener {
  url: string;
  webhookId: string;
  secret: string;
  events: string[];
  /** Deletes the subscription (its deliveries still on their way end) and closes the receiver. */
  stop(): Promise<void>;
}

const FORWARD_TIMEOUT_MS = 10_000;
const TOLERANCE_SECONDS = 300;

/** Every family of the catalogue: what a listener without --events receives. */
export const ALL_FAMILIES = Object.keys(EVENT_TYPES).map((family) => `${family}.*`);

/** Refuses outside development: a receiver on this machine is reachable only with private networks allowed. */
export function assertListenAllowed(s: Services): void {
  if (s.config.env === 'production' || !s.config.webhooks.allowPrivateNetworks) {
    throw new UsageError('webhooks listen is for development only: the platform reaches a receiver on this machine only with '
      + 'WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, which production never sets (bin/up sets it; so must the worker that delivers).');
  }
}

function readTls(dir: string): { key: Buffer; cert: Buffer } {
  try {
    return { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.crt')) };
  } catch {
    throw new UsageError(`no certificate for localhost in ${dir}: start bin/up once (it makes a local CA in .state/tls that its worker trusts), or set WEBHOOK_LISTEN_TLS_DIR`);
  }
}

async function bind(server: Server, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * The addresses the platform's sender connects to for `host` (its resolver, with WEBHOOK_RESOLVE's
 * pins): where the listener must be. An unpinned localhost is 127.0.0.1 and ::1.
 */
async function addressesOf(s: Services, host: string): Promise<string[]> {
  if (host === DEFAULT_LISTEN_HOST && !s.config.webhooks.resolve[host]) return ['127.0.0.1', '::1'];
  try {
    return [...new Set(await resolveSubscriberHost(host, s.config.webhooks))];
  } catch (err) {
    if (err instanceof UrlRefused) throw new UsageError(`--host ${host}: ${err.message} (pin it with WEBHOOK_RESOLVE=${host}=127.0.0.2, the same for the worker)`);
    throw err;
  }
}

/** The listener's URL on `host`, by the rules of a subscriber URL. */
function listenerUrl(host: string, path: string): string {
  try {
    return checkSubscriberUrl(`https://${host}${path}`).href;
  } catch (err) {
    if (err instanceof UrlRefused) throw new UsageError(`--host ${host}: ${err.message}`);
    throw err;
  }
}

/** One server per address (::1 only where the machine has it), on 443: a subscriber URL has no other port. */
async function listenOn(addresses: string[], name: string, tls: { key: Buffer; cert: Buffer }, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server[]> {
  const servers: Server[] = [];
  const port = 443;
  for (const host of addresses) {
    const server = createServer(tls, handle);
    try {
      await bind(server, port, host);
      servers.push(server);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (host === '::1' && (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT')) continue;
      for (const s of servers) s.close();
      if (code === 'EACCES') throw new UsageError(`listening on ${host}:${port} needs the right to bind a port below 1024 (run as root, or once: sudo sysctl -w net.ipv4.ip_unprivileged_port_start=443)`);
      if (code === 'EADDRINUSE') {
        throw new UsageError(`${host}:${port} is in use (another listener or web server on this machine): listen on another loopback address under another name, `
          + `e.g. WEBHOOK_RESOLVE=listen.webhooks.test=127.0.0.2 for bin/ctl and the worker, then --host listen.webhooks.test (or WEBHOOK_LISTEN_HOST)${name === DEFAULT_LISTEN_HOST ? '' : `; ${name} resolves to ${host}`}`);
      }
      if (code === 'EADDRNOTAVAIL') throw new UsageError(`${name} resolves to ${host}, which is not an address of this machine`);
      throw err;
    }
  }
  return servers;
}

async function forward(url: string, raw: Buffer, req: IncomingMessage): Promise<{ url: string; status: number | null; error: string | null }> {
  const headers: Record<string, string> = { 'content-type': String(req.headers['content-type'] ?? 'application/json') };
  for (const name of ['svc-event-id', 'svc-event-type', 'svc-signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  try {
    const res = await fetch(url, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
    await res.arrayBuffer();
    return { url, status: res.status, error: null };
  } catch (err) {
    return { url, status: null, error: (err as Error).message };
  }
}

function bodyOf(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8');
  }
}

/**
 * Starts the receiver, then subscribes it. A verified delivery is answered 200 (or, when
 * forwarded, with the forward's status, 502 when the forward fails: the platform retries as it
 * would for the real receiver); one that does not verify is answered 400 and not forwarded.
 */
export async function startListener(s: Services, o: ListenOptions, print: (delivery: ReceivedDelivery) => void): Promise<Listener> {
  assertListenAllowed(s);
  if (o.forwardTo !== null && !/^https?:\/\//.test(o.forwardTo)) throw new UsageError('--forward-to is an http:// or https:// URL');
  const tls = readTls(o.tlsDir);
  const path = `/listen/${randomUUID()}`;
  let secret = '';
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if ((req.url ?? '').split('?')[0] !== path || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        const raw = Buffer.concat(chunks);
        const check = verifySignature(raw, req.headers['svc-signature'] as string | undefined, [secret], TOLERANCE_SECONDS);
        const delivery: ReceivedDelivery = {
          received_at: new Date().toISOString(),
          event_id: String(req.headers['svc-event-id'] ?? ''),
          type: String(req.headers['svc-event-type'] ?? ''),
          verified: check.ok,
          ...(check.ok ? {} : { reason: check.reason }),
          body: bodyOf(raw),
        };
        if (check.ok && o.forwardTo !== null) delivery.forwarded = await forward(o.forwardTo, raw, req);
        print(delivery);
        const status = !check.ok ? 400 : delivery.forwarded ? (delivery.forwarded.status ?? 502) : 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(check.ok ? 'ok' : 'signature not verified');
      })();
    });
  };
  const url = listenerUrl(o.host, path);
  const servers = await listenOn(await addressesOf(s, o.host), o.host, tls, handle);
  const events = o.events.length ? o.events : ALL_FAMILIES;
  const settings = () => ({ cell: s.config.cell, webhooks: s.config.webhooks, now: s.clock.now() });
  let created: Awaited<ReturnType<typeof createSubscription>>;
  try {
    created = await s.orm.em.fork().transactional(async (em) => {
      const subscriber = subscriberOf(await findIntegration(em, o.integrationId));
      return createSubscription(em, { ...settings(), subscriber }, { url, events, description: 'bin/ctl webhooks listen' });
    });
  } catch (err) {
    for (const server of servers) server.close();
    throw err;
  }
  secret = created.secret;
  const webhookId = created.webhook.id;
  let stopped = false;
  return {
    url, webhookId, secret, events,
    async stop() {
      if (stopped) return;
      stopped = true;
      const held = await s.orm.em.fork().transactional(async (em) => deleteSubscription(em, await ownerContext(em, webhookId, settings()), webhookId));
      await noticeDeliveries(s, held, 'cancel').catch((err: Error) => s.log.warn({ err: err.message }, 'deliveries of the listener not cancelled; they end at their next attempt'));
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
