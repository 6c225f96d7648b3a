import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { EVENT_API_VERSION } from '../../src/domain/events/event-types.js';
import { signatureHeader, verifySignature } from '../../src/domain/webhooks/signature.js';
import { deliveryBody } from '../../src/domain/webhooks/envelope.js';
import type { Config } from '../../src/config.js';
import type { Em } from '../../src/db/em.js';
import { Webhook } from '../../src/entities/webhook.js';
import { SecretBox, newSigningSecret } from '../../src/domain/webhooks/secret-box.js';
import { newId } from '../../src/ids.js';
import { mapInParallel, percentile } from './bench-support.js';

/**
 * The webhook benchmark's subscriber (a real node:https server with a certificate for
 * *.webhooks.test from the run's throwaway CA) and the bare loop of signed POSTs to it: the
 * ceiling of what the receiver, TLS and the machine allow.
 */

/** A receiver on 127.0.0.251-254: bin/test's receivers use 127.0.0.2-250. */
const RECEIVER_ADDRESSES = ['127.0.0.251', '127.0.0.252', '127.0.0.253', '127.0.0.254'];
export const HOST = 'bench.webhooks.test';

interface Arrival {
  at: number;
  count: number;
  /** The first arrivals of every path before it, plus one: the order requests were answered in. */
  order: number;
}

/** The subscriber: answers 200 at once after checking Svc-Signature; records first arrivals per path and Svc-Event-Id. */
export class BenchReceiver {
  readonly arrivals = new Map<string, Map<string, Arrival>>();
  readonly secrets = new Map<string, string[]>();
  rejected = 0;
  /** TLS connections accepted (keep-alive senders reuse theirs). */
  connections = 0;
  duplicates = 0;
  total = 0;
  /** First arrivals so far (Arrival.order). */
  private firsts = 0;
  /** Told of every delivery whose signature verified, duplicates included (cluster-faults reads the bodies). */
  onDelivery?: (d: { path: string; eventId: string; at: number; body: Buffer; duplicate: boolean }) => void;

  private constructor(private readonly server: https.Server, readonly address: string) {
    server.on('request', (req, res) => this.handle(req, res));
    server.keepAliveTimeout = 65_000;
    server.on('secureConnection', () => this.connections++);
  }

  static async start(tlsDir: string): Promise<BenchReceiver> {
    const options = { key: readFileSync(join(tlsDir, 'server.key')), cert: readFileSync(join(tlsDir, 'server.crt')) };
    for (const address of RECEIVER_ADDRESSES) {
      const server = https.createServer(options);
      const bound = await new Promise<boolean>((resolve, reject) => {
        server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
        server.listen(443, address, () => resolve(true));
      });
      if (bound) return new BenchReceiver(server, address);
    }
    throw new Error(`no free address among ${RECEIVER_ADDRESSES.join(', ')} on port 443`);
  }

  route(path: string, secrets: string[]): string {
    this.secrets.set(path, secrets);
    this.arrivals.set(path, new Map());
    return `https://${HOST}${path}`;
  }

  arrived(): number {
    let n = 0;
    for (const m of this.arrivals.values()) n += m.size;
    return n;
  }

  reset(): void {
    for (const m of this.arrivals.values()) m.clear();
    this.rejected = this.duplicates = this.total = this.firsts = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const path = (req.url ?? '/').split('?')[0]!;
      const secrets = this.secrets.get(path);
      const ok = secrets !== undefined && verifySignature(Buffer.concat(chunks), req.headers['svc-signature'] as string | undefined, secrets, 300).ok;
      this.total++;
      if (!ok) {
        this.rejected++;
        res.writeHead(400).end();
        return;
      }
      const eventId = String(req.headers['svc-event-id'] ?? '');
      const seen = this.arrivals.get(path)!;
      const known = seen.get(eventId);
      this.onDelivery?.({ path, eventId, at, body: Buffer.concat(chunks), duplicate: known !== undefined });
      if (known) {
        known.count++;
        this.duplicates++;
      } else {
        seen.set(eventId, { at, count: 1, order: ++this.firsts });
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  }
}

/** A subscription of the integration to `events`, pointed at `path` on the receiver, with a fresh signing secret. */
export function addBenchWebhook(em: Em, config: Config, receiver: BenchReceiver, o: { tenantId: string; integrationId: string; path: string; events: string[] }, now: Date): Webhook {
  const secret = newSigningSecret();
  return em.create(Webhook, {
    id: newId(), tenantId: o.tenantId, integrationId: o.integrationId, url: receiver.route(o.path, [secret]), events: o.events,
    includePii: false, description: 'benchmark', status: 'active', secretSealed: new SecretBox(config.webhooks.secretKey).seal(secret),
    previousSecretSealed: null, previousSecretExpiresAt: null, secretRotatedAt: null, createdAt: now, updatedAt: now,
  });
}

export interface Row {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  duplicates: number;
  rejected: number;
}


/** The ceiling: the same receiver fed by `count` signed POSTs, `concurrency` in flight. */
export async function measureBare(receiver: BenchReceiver, count: number, keepAlive: boolean, concurrency: number): Promise<Row> {
  receiver.reset();
  const agent = new https.Agent({ keepAlive, maxSockets: concurrency });
  const lookup = (_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
    opts.all ? cb(null, [{ address: receiver.address, family: 4 }]) : cb(null, receiver.address, 4);
  const latencies: number[] = [];
  let failed = 0;
  const post = (i: number) => new Promise<void>((resolve) => {
    const path = [...receiver.secrets.keys()][i % receiver.secrets.size]!;
    const id = `evt_bare${i}_${randomUUID().replace(/-/g, '')}`;
    const lead = { lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+79990000000' } };
    const { data } = EVENTS['lead.created'](lead);
    const { body } = deliveryBody({ id, type: 'lead.created', apiVersion: EVENT_API_VERSION, createdAt: new Date(), livemode: true, data, piiData: null }, false);
    const t0 = Date.now();
    const req = https.request({
      method: 'POST', host: HOST, servername: HOST, port: 443, path, agent, lookup: lookup as never,
      headers: {
        'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'PublicApi-Webhooks/1',
        'Svc-Event-Id': id, 'Svc-Event-Type': 'lead.created',
        'Svc-Signature': signatureHeader(body, receiver.secrets.get(path)!, Math.floor(Date.now() / 1000)),
      },
    }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) failed++;
        latencies.push(Date.now() - t0);
        resolve();
      });
    });
    req.on('error', () => {
      failed++;
      resolve();
    });
    req.end(body);
  });
  const started = Date.now();
  await mapInParallel(count, concurrency, post);
  const elapsed = Date.now() - started;
  agent.destroy();
  if (failed) throw new Error(`${failed} of ${count} bare POSTs failed`);
  latencies.sort((a, b) => a - b);
  return {
    name: `bare loop of signed POSTs, ${concurrency} in flight, ${keepAlive ? 'keep-alive' : 'new TLS connection each'}`,
    requests: count,
    perSecond: (count * 1000) / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1]!,
    duplicates: receiver.duplicates,
    rejected: receiver.rejected,
  };
}

