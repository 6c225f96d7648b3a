import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { specVerify, type SpecCheck } from './spec-signature.js';
import { eventually } from './eventually.js';
import { eventDrifts, isDelivery, publicDocument } from './event-conformance.js';

export interface ReceivedRequest {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  receivedAt: number;
  /** Svc-Event-Id */
  eventId: string;
  /** The receiver-side check of Svc-Signature; null on a path without secrets. */
  signature: SpecCheck | null;
  /**
   * The Standard Webhooks check, one per secret of the path in its order: whether
   * `new Webhook(secret).verify(rawBody, headers)` of the standardwebhooks library (a peer
   * verifier, not the project's signer) passed; null on a path without secrets.
   */
  standardWebhooks: boolean[] | null;
  /** The status this receiver answered (0 when the client went away first). */
  status: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Answer this late (a slow subscriber). */
  delayMs?: number;
  /** The body answered (default "ok", text/plain); a site's page as the far side of a fetch (bytes: a gzipped sitemap). */
  body?: string | Buffer;
}

/** How a path answers; `nth` counts the path's requests for the same Svc-Event-Id, from 1. */
export type Script = (nth: number, request: ReceivedRequest) => Answer;

export const answers = {
  ok: (): Script => () => ({ status: 200 }),
  always: (status: number): Script => () => ({ status }),
  failFirst: (times: number, status = 500): Script => (nth) => ({ status: nth <= times ? status : 200 }),
  redirectFirst: (location: string): Script => (nth) => (nth === 1 ? { status: 301, headers: { Location: location } } : { status: 200 }),
  retryAfterFirst: (status: 429 | 503, retryAfter: string): Script => (nth) => (nth === 1 ? { status, headers: { 'Retry-After': retryAfter } } : { status: 200 }),
  slowFirst: (delayMs: number): Script => (nth) => (nth === 1 ? { status: 200, delayMs } : { status: 200 }),
  slow: (delayMs: number): Script => () => ({ status: 200, delayMs }),
};

interface Route {
  script: Script;
  secrets: string[] | null;
}

const TLS_DIR = () => {
  const dir = process.env.WEBHOOK_TEST_TLS_DIR;
  if (!dir) throw new Error('WEBHOOK_TEST_TLS_DIR is not set: run the tests through bin/test (it makes the test CA)');
  return dir;
};

/** Whether the standardwebhooks library, given the `whsec_…` secret as it is, verifies the delivery (its signature and 5-minute tolerance). */
export function standardVerifies(secret: string, rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
  try {
    new Webhook(secret).verify(rawBody, headers as Record<string, string>, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
}

/** A stable number from a text (the test file's name), to spread receivers over 127.0.0.2-250. */
function spread(text: string): number {
  let h = process.pid;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * A real HTTPS subscriber for the tests (the far side of the network): node:https with the
 * certificate bin/test issued for *.webhooks.test, on its own loopback address 127.0.0.X port
 * 443, named `r<X>.webhooks.test`, which the sender reaches only through WEBHOOK_RESOLVE
 * (`resolveEntry`). Every request is recorded with its raw body; each path answers by a script
 * and, given secrets, checks Svc-Signature by the spec's recipe as an integrator would (specVerify:
 * node:crypto, not the project's signer) and the Standard Webhooks headers with the
 * standardwebhooks library (standardVerifies); 400 when either does not verify. Every delivery (a request
 * with Svc-* headers) is held against its entry in the OpenAPI document's `webhooks`
 * (event-conformance.ts): a drift fails the test that reads the receiver (`received`, `waitFor`)
 * and, at the latest, `close`.
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  /** TLS connections accepted so far (a keep-alive sender reuses its own). */
  connections = 0;
  /** Deliveries that do not fit the document: one message per drift, by path. */
  readonly eventDrifts: { path: string; drift: string }[] = [];
  private readonly routes = new Map<string, Route>();

  private constructor(private readonly server: Server, readonly address: string) {}

  /** Binds 127.0.0.X:443 with X taken from the test file's name and the process id (the next free X on a clash). */
  static async start(testFile: string): Promise<Receiver> {
    const dir = TLS_DIR();
    // Built now, not in the first delivery's answer (a sender with a short time-out would give up).
    publicDocument();
    const first = spread(testFile) % 249;
    for (let i = 0; i < 249; i++) {
      const address = `127.0.0.${2 + ((first + i) % 249)}`;
      const server = createServer({ key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.crt')) });
      const bound = await new Promise<boolean>((resolve, reject) => {
        server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
        server.listen(443, address, () => resolve(true));
      });
      if (!bound) continue;
      const receiver = new Receiver(server, address);
      server.on('request', (req, res) => receiver.handle(req, res));
      server.on('secureConnection', () => receiver.connections++);
      return receiver;
    }
    throw new Error('no free loopback address for a receiver');
  }

  get host(): string {
    return `r${this.address.split('.')[3]}.webhooks.test`;
  }

  /** The WEBHOOK_RESOLVE entry that pins the receiver's name to its address. */
  get resolveEntry(): string {
    return `${this.host}=${this.address}`;
  }

  url(path: string): string {
    return `https://${this.host}${path}`;
  }

  /** Sets how `path` answers (default: 200 to everything, no signature check). */
  route(path: string, script: Script = answers.ok(), secrets: string[] | null = null): string {
    this.routes.set(path, { script, secrets });
    return this.url(path);
  }

  received(path: string): ReceivedRequest[] {
    this.assertEventsConform(path);
    return this.requests.filter((r) => r.path === path);
  }

  /** Waits until `path` has received at least `count` requests; returns them. */
  async waitFor(path: string, count: number, timeoutMs = 20_000): Promise<ReceivedRequest[]> {
    return eventually(`${count} request(s) at ${path}`, async () => {
      const got = this.received(path);
      return got.length >= count ? got : undefined;
    }, timeoutMs);
  }

  /** Throws with every drift of a delivery from the document seen so far (at `path`, or anywhere). */
  assertEventsConform(path?: string): void {
    const drifts = this.eventDrifts.filter((d) => path === undefined || d.path === path).map((d) => d.drift);
    if (drifts.length) throw new Error(`deliveries that do not fit the OpenAPI document's webhooks:\n${[...new Set(drifts)].join('\n')}`);
  }

  /** Closes the server, then fails on any delivery that did not fit the document. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    this.assertEventsConform();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const route = this.routes.get(path);
      const rawBody = Buffer.concat(chunks);
      const eventId = String(req.headers['svc-event-id'] ?? '');
      const signature = route?.secrets ? specVerify(rawBody, req.headers['svc-signature'] as string | undefined, route.secrets, 300) : null;
      const standardWebhooks = route?.secrets ? route.secrets.map((secret) => standardVerifies(secret, rawBody, req.headers)) : null;
      const request: ReceivedRequest = { path, method: req.method ?? '', headers: req.headers, rawBody, receivedAt: Date.now(), eventId, signature, standardWebhooks, status: 0 };
      if (isDelivery(req.headers)) this.eventDrifts.push(...eventDrifts(req.headers, rawBody).map((d) => ({ path, drift: `${path} ${eventId}: ${d}` })));
      const nth = this.requests.filter((r) => r.path === path && r.eventId === eventId).length + 1;
      this.requests.push(request);
      let answer: Answer = route ? route.script(nth, request) : { status: 404 };
      if ((signature && !signature.ok) || (standardWebhooks && !standardWebhooks.includes(true))) answer = { status: 400 };
      const reply = () => {
        if (res.destroyed) return;
        request.status = answer.status;
        res.writeHead(answer.status, { 'Content-Type': 'text/plain', ...answer.headers }).end(answer.body ?? 'ok');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  }
}
