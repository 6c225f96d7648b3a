import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { seedDemo } from '../../src/domain/provisioning/demo.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { EVENT_API_VERSION } from '../../src/domain/events/event-types.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';
import { Webhook } from '../../src/entities/webhook.js';
import { SecretBox, newSigningSecret } from '../../src/domain/webhooks/secret-box.js';
import { signatureHeader, verifySignature } from '../../src/domain/webhooks/signature.js';
import { deliveryBody } from '../../src/domain/webhooks/envelope.js';
import { newId } from '../../src/ids.js';
import {
  benchDatabaseUrl, benchEnv, freshDatabase, hasEnded, machineSummary, mapInParallel, numberOptions, percentile, runBench, startWorker, stopChild,
} from './bench-support.js';

/**
 * Webhook deliveries of the real engine against a bare loop of signed POSTs to the same
 * receiver (the ceiling). Not a test and not in CI: run `bin/bench-webhooks` (see
 * docs/benchmarks.md), which starts a Temporal dev server and makes the CA this needs.
 *
 *   --events N        events committed (1000); each goes to both subscriptions
 *   --batch N         events per transaction (10); the relay is woken after each commit
 *   --warmup N        events delivered before the measurement, unmeasured (20)
 *   --concurrency N   POSTs in flight in the bare loop (20)
 *   --timeout S       how long to wait for every delivery (600)
 *
 * Needs TEMPORAL_ADDRESS (a Temporal server with the project's search attributes),
 * WEBHOOK_BENCH_TLS_DIR (server.key/server.crt for *.webhooks.test) and NODE_EXTRA_CA_CERTS
 * (its CA). Database: BENCH_WEBHOOKS_DATABASE_URL (.../sales_api_bench_webhooks), dropped and
 * created fresh each run. Redis: BENCH_REDIS_URL (redis://127.0.0.1:6379/0) under the key
 * prefix bench-webhooks:<pid>:.
 */

const args = numberOptions({ events: 1000, batch: 10, warmup: 20, concurrency: 20, timeout: 600 });
const EVENT_COUNT = args.events;
const BATCH = args.batch;
const WARMUP = args.warmup;
const CONCURRENCY = args.concurrency;
const TIMEOUT_MS = args.timeout * 1000;
const PATHS = ['/hooks/a', '/hooks/b'];

const TLS_DIR = process.env.WEBHOOK_BENCH_TLS_DIR ?? '';
const DATABASE_URL = benchDatabaseUrl('BENCH_WEBHOOKS_DATABASE_URL', 'sales_api_bench_webhooks');

/** A receiver on 127.0.0.251-254: bin/test's receivers use 127.0.0.2-250. */
const RECEIVER_ADDRESSES = ['127.0.0.251', '127.0.0.252', '127.0.0.253', '127.0.0.254'];
const HOST = 'bench.webhooks.test';

function env(resolve: string): NodeJS.ProcessEnv {
  // Not production: WEBHOOK_ALLOW_PRIVATE_NETWORKS and WEBHOOK_RESOLVE are refused there.
  return benchEnv({ name: 'bench-webhooks', nodeEnv: 'development', databaseUrl: DATABASE_URL }, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RESOLVE: resolve });
}

interface Arrival {
  at: number;
  count: number;
}

/** The subscriber: answers 200 at once after checking Svc-Signature; records first arrivals per path and Svc-Event-Id. */
class BenchReceiver {
  readonly arrivals = new Map<string, Map<string, Arrival>>();
  readonly secrets = new Map<string, string[]>();
  rejected = 0;
  duplicates = 0;
  total = 0;

  private constructor(private readonly server: https.Server, readonly address: string) {
    server.on('request', (req, res) => this.handle(req, res));
    server.keepAliveTimeout = 65_000;
  }

  static async start(): Promise<BenchReceiver> {
    const options = { key: readFileSync(join(TLS_DIR, 'server.key')), cert: readFileSync(join(TLS_DIR, 'server.crt')) };
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
    this.rejected = this.duplicates = this.total = 0;
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
      if (known) {
        known.count++;
        this.duplicates++;
      } else {
        seen.set(eventId, { at, count: 1 });
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  }
}

interface Committed {
  id: string;
  createdAt: number;
}

/** Commits `count` lead.created events in transactions of BATCH, waking the relay after each commit. */
async function commitEvents(s: Services, tenantId: string, integrationId: string, count: number): Promise<Committed[]> {
  const committed: Committed[] = [];
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const ids = await s.orm.em.fork().transactional(async (em) => {
      const now = new Date();
      const out: Committed[] = [];
      for (let i = 0; i < n; i++) {
        const lead = { lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+79990000000' } };
        const { data, piiData } = EVENTS['lead.created'](lead);
        const e = recordEvent(em, { tenantId, integrationId, type: 'lead.created', data, piiData }, now);
        out.push({ id: e.id, createdAt: now.getTime() });
      }
      return out;
    });
    committed.push(...ids);
    await wakeRelay(s.redis);
  }
  return committed;
}

async function waitForArrivals(receiver: BenchReceiver, expected: number, worker: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastReport = Date.now();
  while (receiver.arrived() < expected) {
    if (hasEnded(worker)) throw new Error(`the worker ended with ${worker.exitCode ?? worker.signalCode}`);
    if (Date.now() > deadline) throw new Error(`only ${receiver.arrived()} of ${expected} deliveries arrived within ${timeoutMs / 1000} s`);
    if (Date.now() - lastReport > 10_000) {
      console.error(`   ${receiver.arrived()} / ${expected} deliveries`);
      lastReport = Date.now();
    }
    await sleep(20);
  }
}

interface Row {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  duplicates: number;
  rejected: number;
}

/** The engine: EVENT_COUNT events committed as fast as one connection can, to 2 subscriptions. */
async function measureEngine(s: Services, receiver: BenchReceiver, worker: ChildProcess, caller: { tenantId: string; integrationId: string }): Promise<Row> {
  const expected = EVENT_COUNT * PATHS.length;
  receiver.reset();
  const started = Date.now();
  const committed = await commitEvents(s, caller.tenantId, caller.integrationId, EVENT_COUNT);
  const committedAt = Date.now();
  console.error(`   ${EVENT_COUNT} events committed in ${committedAt - started} ms (${((EVENT_COUNT * 1000) / (committedAt - started)).toFixed(0)} events/s)`);
  await waitForArrivals(receiver, expected, worker, TIMEOUT_MS);
  const latencies: number[] = [];
  let last = 0;
  for (const path of PATHS) {
    const seen = receiver.arrivals.get(path)!;
    for (const e of committed) {
      const a = seen.get(e.id);
      if (!a) throw new Error(`event ${e.id} did not arrive at ${path}`);
      latencies.push(a.at - e.createdAt);
      last = Math.max(last, a.at);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    name: `engine: commit → delivery, ${PATHS.length} subscriptions`,
    requests: expected,
    perSecond: (expected * 1000) / (last - started),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1]!,
    duplicates: receiver.duplicates,
    rejected: receiver.rejected,
  };
}

/** The ceiling: the same receiver fed by `count` signed POSTs, CONCURRENCY in flight. */
async function measureBare(receiver: BenchReceiver, count: number, keepAlive: boolean): Promise<Row> {
  receiver.reset();
  const agent = new https.Agent({ keepAlive, maxSockets: CONCURRENCY });
  const lookup = (_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
    opts.all ? cb(null, [{ address: receiver.address, family: 4 }]) : cb(null, receiver.address, 4);
  const latencies: number[] = [];
  let failed = 0;
  const post = (i: number) => new Promise<void>((resolve) => {
    const path = PATHS[i % PATHS.length]!;
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
  await mapInParallel(count, CONCURRENCY, post);
  const elapsed = Date.now() - started;
  agent.destroy();
  if (failed) throw new Error(`${failed} of ${count} bare POSTs failed`);
  latencies.sort((a, b) => a - b);
  return {
    name: `bare loop of signed POSTs, ${CONCURRENCY} in flight, ${keepAlive ? 'keep-alive' : 'new TLS connection each'}`,
    requests: count,
    perSecond: (count * 1000) / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1]!,
    duplicates: receiver.duplicates,
    rejected: receiver.rejected,
  };
}

function table(rows: Row[]): string {
  const lines = [
    '| side | deliveries | deliveries/s | p50 (ms) | p99 (ms) | max (ms) | duplicates | rejected |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.duplicates} | ${r.rejected} |`),
  ];
  const [engine, ceiling] = rows;
  if (engine && ceiling) lines.push(`| **engine / keep-alive loop** | | **${(engine.perSecond / ceiling.perSecond).toFixed(2)}** | | | | | |`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (![EVENT_COUNT, BATCH, CONCURRENCY, TIMEOUT_MS].every((n) => Number.isInteger(n) && n > 0) || !Number.isInteger(WARMUP) || WARMUP < 0) {
    throw new Error('--events, --batch, --concurrency and --timeout are positive integers, --warmup zero or more');
  }
  if (!TLS_DIR || !process.env.NODE_EXTRA_CA_CERTS) throw new Error('WEBHOOK_BENCH_TLS_DIR and NODE_EXTRA_CA_CERTS are not set: run bin/bench-webhooks');
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-webhooks (it starts a Temporal dev server)');

  const receiver = await BenchReceiver.start();
  const resolve = `${HOST}=${receiver.address}`;
  const childEnv = env(resolve);
  const config = loadConfig(childEnv);
  await freshDatabase(config);
  const s = await createServices(config);
  let worker: ChildProcess | undefined;
  try {
    const box = new SecretBox(config.webhooks.secretKey);
    const seed = await s.orm.em.fork().transactional((em) => seedDemo(em, config, new Date()));
    const caller = { tenantId: seed.tenant_id, integrationId: seed.integration_id };
    await s.orm.em.fork().transactional(async (em) => {
      for (const path of PATHS) {
        const secret = newSigningSecret();
        const now = new Date();
        em.create(Webhook, {
          id: newId(), tenantId: caller.tenantId, integrationId: caller.integrationId, url: receiver.route(path, [secret]), events: ['lead.*'],
          includePii: false, description: `benchmark ${path}`, status: 'active', secretSealed: box.seal(secret),
          previousSecretSealed: null, previousSecretExpiresAt: null, secretRotatedAt: null, createdAt: now, updatedAt: now,
        });
      }
    });
    console.error(`-> worker (task queue ${config.temporal.taskQueue}), receiver https://${HOST} on ${receiver.address}:443`);
    worker = await startWorker(childEnv, { withinMs: 60_000 });
    if (WARMUP > 0) {
      console.error(`-> warm-up: ${WARMUP} events, unmeasured`);
      receiver.reset();
      await commitEvents(s, caller.tenantId, caller.integrationId, WARMUP);
      await waitForArrivals(receiver, WARMUP * PATHS.length, worker, 120_000);
      await sleep(1000);
    }
    const loadBefore = os.loadavg()[0]!;
    console.error(`-> engine: ${EVENT_COUNT} events in transactions of ${BATCH}, to ${PATHS.length} subscriptions`);
    const rows = [await measureEngine(s, receiver, worker, caller)];
    await stopChild(worker);
    worker = undefined;
    const count = EVENT_COUNT * PATHS.length;
    console.error(`-> bare loop: ${count} signed POSTs, ${CONCURRENCY} in flight, keep-alive`);
    rows.push(await measureBare(receiver, count, true));
    console.error(`-> bare loop: ${count} signed POSTs, ${CONCURRENCY} in flight, a new TLS connection each (as the sender connects)`);
    rows.push(await measureBare(receiver, count, false));

    console.log(`\nWebhook deliveries vs a bare loop of signed POSTs, ${new Date().toISOString()}`);
    console.log(`${machineSummary()}; load average ${loadBefore.toFixed(2)} before the engine run;`);
    console.log(`${EVENT_COUNT} events in transactions of ${BATCH} after ${WARMUP} warm-up events; RELAY_SWEEP_MS ${config.webhooks.relaySweepMs}, WEBHOOK_TIMEOUT_MS ${config.webhooks.timeoutMs}, LOG_LEVEL warn.`);
    console.log('Engine latency: arrival at the receiver - the event\'s created_at (set just before its commit); loop latency: per request.\n');
    console.log(table(rows));
    if (rows.some((r) => r.rejected > 0)) {
      console.error('\nthe receiver rejected some signatures: the figures are not valid');
      process.exitCode = 1;
    }
  } finally {
    await stopChild(worker);
    await s.close();
    await receiver.close();
  }
}

runBench(main);
