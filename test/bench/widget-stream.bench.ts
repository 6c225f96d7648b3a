import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { API_BASE_PATH, loadConfig } from '../../src/config.js';
import { ensureDatabase } from '../../src/db/database.js';
import { initORM } from '../../src/db/orm.js';
import { migrateUp } from '../../src/db/migrations.js';
import { createTenant } from '../../src/domain/provisioning/tenants.js';
import { createIntegration } from '../../src/domain/provisioning/integrations.js';
import { issueApiKey } from '../../src/domain/provisioning/api-keys.js';
import { PLAN_FEATURES, SCOPES } from '../../src/domain/access/scopes.js';
import { createWebsiteChannel, startVisitorConversation } from '../../src/domain/channels/website-channels.js';
import { openSession } from '../../src/widget/sessions.js';

/**
 * N open visitor event streams (GET /api/widget/events) on ONE real api process, all on one
 * conversation: the api's memory before and with them open, its CPU at rest (heartbeats
 * only), and the fan-out latency of one operator message (POST /conversations/{id}/
 * operator-messages) to all of them. Not a test and not in CI: run `bin/bench-widget-stream`
 * (see docs/benchmarks.md).
 *
 *   --streams N     open streams (2000)
 *   --rounds N      operator messages, one at a time, each measured on every stream (5)
 *   --rest S        seconds of CPU sampling at rest with the streams open (15: one whole heartbeat period)
 *   --heartbeat MS  WIDGET_HEARTBEAT_MS of the api (15000, the default)
 *   --parallel N    streams being opened at once (100)
 *
 * Database: BENCH_WIDGET_DATABASE_URL (.../sales_api_bench_widget), dropped and created fresh
 * each run. Redis: BENCH_REDIS_URL (redis://127.0.0.1:6379/0) under the key prefix
 * bench-widget:<pid>:. No Temporal and no worker: nothing here starts an operation. With
 * BENCH_WIDGET_LOG_DIR the api's output goes to api.log there.
 */

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
    rest: { type: 'string', default: '15' },
    heartbeat: { type: 'string', default: '15000' },
    parallel: { type: 'string', default: '100' },
  },
});
const STREAMS = Number(args.streams);
const ROUNDS = Number(args.rounds);
const REST_MS = Number(args.rest) * 1000;
const HEARTBEAT_MS = Number(args.heartbeat);
const PARALLEL = Number(args.parallel);
const ROUND_TIMEOUT_MS = 30_000;

const DATABASE_URL = process.env.BENCH_WIDGET_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sales_api_bench_widget';
const BENCH_SECRET = 'benchmark-only-secret-not-for-any-real-cell-0123456789';
const LOG_DIR = process.env.BENCH_WIDGET_LOG_DIR ?? '';

/** Raised so that the benchmark measures the streams, not the refusals (printed with the results). */
const RAISED = {
  // Opening a stream counts as a read of the session (4 x this per minute): 2,000 opens of one session.
  WIDGET_RATE_VISITOR_PER_MIN: '1000000',
  RATE_LIMIT_WRITE_PER_MIN: '100000',
};

function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CELL: process.env.CELL ?? 'ru',
    DATABASE_URL,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    REDIS_KEY_PREFIX: `bench-widget:${process.pid}:`,
    TEMPORAL_TASK_QUEUE: `bench-widget-${process.pid}`,
    API_KEY_PEPPER: BENCH_SECRET,
    CURSOR_SECRET: `${BENCH_SECRET}-cursor`,
    WEBHOOK_SECRET_KEY: `${BENCH_SECRET}-webhooks`,
    WIDGET_SECRET: `${BENCH_SECRET}-widget`,
    AI_PROVIDER: 'builtin',
    WIDGET_HEARTBEAT_MS: String(HEARTBEAT_MS),
    ...RAISED,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Processes and data

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startApi(port: number): Promise<ChildProcess> {
  const out = LOG_DIR ? openSync(join(LOG_DIR, 'api.log'), 'a') : 'inherit';
  const child = spawn(process.execPath, [new URL('../../src/server.js', import.meta.url).pathname], { env: childEnv({ PORT: String(port) }), stdio: ['ignore', out, out] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the api ended with ${child.exitCode ?? child.signalCode} before it was ready`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the api did not answer /healthz within 60 s');
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function freshDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} is not a plain identifier`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
  await ensureDatabase(DATABASE_URL);
  const orm = await initORM(loadConfig(childEnv()));
  try {
    await migrateUp(orm);
  } finally {
    await orm.close(true);
  }
}

interface Fixture {
  apiKey: string;
  conversationId: string;
  token: string;
}

/** A tenant with a key (every scope, loopback allowlist), a website channel, one visitor conversation and its session token. */
async function provision(): Promise<Fixture> {
  const config = loadConfig(childEnv());
  const orm = await initORM(config);
  try {
    const now = new Date();
    return await orm.em.fork().transactional(async (em) => {
      const tenant = await createTenant(em, { name: 'Bench Shop', features: [...PLAN_FEATURES], lowThresholdRub: '100' }, now);
      const { integration } = await createIntegration(em, {
        tenantId: tenant.id, name: 'Bench integration', scopes: [...SCOPES], ipAllowlist: ['127.0.0.0/8', '::1'],
        hostingCountry: 'RU', transferBasis: 'Benchmark data processing agreement',
      }, now);
      const key = await issueApiKey(em, { integrationId: integration.id, mode: 'live', cell: config.cell, expiresInDays: 30, ipAllowlist: null }, config.secrets.apiKeyPepper, now);
      const channel = await createWebsiteChannel(em, { tenantId: tenant.id, name: 'Bench website' }, now);
      const conversation = await startVisitorConversation(em, channel, null, now);
      const { token } = openSession(em, { tenantId: tenant.id, channelId: channel.id, conversationId: conversation.id, consentVersion: null }, config.widget, now);
      await em.flush();
      return { apiKey: key.api_key, conversationId: conversation.id, token };
    });
  } finally {
    await orm.close(true);
  }
}

// ---------------------------------------------------------------------------------------------
// Streams: raw sockets (the lightest client): one GET each, the bytes searched for what is awaited

class Stream {
  private tail = '';
  private awaited?: { needle: string; resolve: (at: number) => void };
  readonly socket: net.Socket;
  opened: Promise<void>;
  pings = 0;
  closedEarly = false;

  constructor(port: number, path: string) {
    this.socket = net.connect({ host: '127.0.0.1', port });
    this.socket.setNoDelay(true);
    this.socket.setEncoding('latin1');
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
    let ready!: () => void;
    let failed!: (err: Error) => void;
    this.opened = new Promise<void>((resolve, reject) => { ready = resolve; failed = reject; });
    let first = true;
    let head = true;
    this.socket.on('data', (chunk: string) => {
      const at = performance.now();
      const text = this.tail + chunk;
      if (first) {
        first = false;
        if (!chunk.startsWith('HTTP/1.1 200')) {
          failed(new Error(`stream answered ${chunk.slice(0, 300)}`));
          this.socket.destroy();
          return;
        }
      }
      if (head) {
        if (text.includes('event: conversation:update')) {
          head = false;
          ready();
        }
      }
      if (chunk.includes(': ping')) this.pings++;
      if (this.awaited && text.includes(this.awaited.needle)) {
        const { resolve } = this.awaited;
        this.awaited = undefined;
        resolve(at);
      }
      this.tail = text.slice(-256);
    });
    this.socket.on('error', (err) => failed(err));
    this.socket.on('close', () => {
      this.closedEarly = true;
      failed(new Error('stream closed'));
    });
  }

  /** Resolves with the arrival time (performance.now()) of the first bytes holding `needle`, or null at the deadline. */
  await(needle: string, timeoutMs: number): Promise<number | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.awaited = undefined;
        resolve(null);
      }, timeoutMs);
      this.awaited = { needle, resolve: (at) => { clearTimeout(timer); resolve(at); } };
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// /proc sampling

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function rssMiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU of `pid` over `ms`, in % of one core. */
async function cpuOver(pid: number, ms: number): Promise<number> {
  const t0 = cpuTicks(pid);
  const s0 = performance.now();
  await sleep(ms);
  return ((cpuTicks(pid) - t0) / CLK_TCK) * 1000 * 100 / (performance.now() - s0);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function apiCall(port: number, apiKey: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${port}${API_BASE_PATH}${path}`, {
    method, headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function gauge(port: number, name: string): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

// ---------------------------------------------------------------------------------------------

interface Round {
  received: number;
  latencies: number[];
  postMs: number;
  cpuMs: number;
  /** The api's own figure (widget_live_fanout_seconds): notice received -> last stream written, and how many fan-outs. */
  serverMs: number;
  fanOuts: number;
}

async function main(): Promise<void> {
  if (![STREAMS, ROUNDS, REST_MS, HEARTBEAT_MS, PARALLEL].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--streams, --rounds, --rest, --heartbeat and --parallel are positive integers');
  console.error(`-> fresh database ${new URL(DATABASE_URL).pathname.slice(1)}`);
  await freshDatabase();
  const fx = await provision();
  const loadBefore = os.loadavg()[0]!;
  const port = await freePort();
  let api: ChildProcess | undefined;
  const streams: Stream[] = [];
  try {
    console.error(`-> api on 127.0.0.1:${port} (dist/src/server.js)`);
    api = await startApi(port);
    const pid = api.pid!;
    const path = `/api/widget/events?st=${encodeURIComponent(fx.token)}`;
    // Warm-up: one stream and one operator message, so the code paths are loaded before "before".
    const warm = new Stream(port, path);
    await warm.opened;
    const warmMsg = await apiCall(port, fx.apiKey, 'POST', `/conversations/${fx.conversationId}/operator-messages`, { content: 'warm-up', operator: { name: 'Bench' } });
    if (warmMsg.status !== 201) throw new Error(`warm-up operator message answered ${warmMsg.status}: ${JSON.stringify(warmMsg.body)}`);
    if ((await warm.await(warmMsg.body.id, 5000)) === null) throw new Error('the warm-up message did not arrive on the warm-up stream');
    warm.close();
    await sleep(2000);
    const rssBefore = rssMiB(pid);
    const cpuIdle = await cpuOver(pid, 5000);
    const benchRssBefore = process.memoryUsage().rss / 2 ** 20;

    console.error(`-> opening ${STREAMS} streams, ${PARALLEL} at a time`);
    const openStart = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(PARALLEL, STREAMS) }, async () => {
      while (next < STREAMS) {
        next++;
        const s = new Stream(port, path);
        streams.push(s);
        await s.opened;
      }
    }));
    const openMs = performance.now() - openStart;
    await sleep(2000);
    const open = await gauge(port, 'widget_streams_open');
    const rssOpen = rssMiB(pid);
    console.error(`   ${STREAMS} open in ${(openMs / 1000).toFixed(1)} s; the api counts ${open}; RSS ${rssBefore.toFixed(0)} -> ${rssOpen.toFixed(0)} MiB`);

    console.error(`-> at rest for ${REST_MS / 1000} s (heartbeat every ${HEARTBEAT_MS} ms)`);
    const pingsBefore = streams.reduce((n, s) => n + s.pings, 0);
    const cpuRest = await cpuOver(pid, REST_MS);
    const pingChunks = streams.reduce((n, s) => n + s.pings, 0) - pingsBefore;

    const rounds: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      await sleep(1000);
      const content = `Operator message ${r} of the benchmark`;
      const [sum0, count0] = [await gauge(port, 'widget_live_fanout_seconds_sum'), await gauge(port, 'widget_live_fanout_seconds_count')];
      const ticks0 = cpuTicks(pid);
      // Every stream waits for the message's text (its id is known only after the answer).
      const arrivals = streams.map((s) => s.await(content, ROUND_TIMEOUT_MS));
      const sent = performance.now();
      const posted = await apiCall(port, fx.apiKey, 'POST', `/conversations/${fx.conversationId}/operator-messages`, { content, operator: { name: 'Bench' } });
      const postMs = performance.now() - sent;
      if (posted.status !== 201) throw new Error(`operator message answered ${posted.status}: ${JSON.stringify(posted.body)}`);
      const got = await Promise.all(arrivals);
      const cpuMs = ((cpuTicks(pid) - ticks0) / CLK_TCK) * 1000;
      const latencies = got.filter((a): a is number => a !== null).map((a) => a - sent).sort((a, b) => a - b);
      const fanOuts = (await gauge(port, 'widget_live_fanout_seconds_count')) - count0;
      const serverMs = (((await gauge(port, 'widget_live_fanout_seconds_sum')) - sum0) * 1000) / fanOuts;
      rounds.push({ received: latencies.length, latencies, postMs, cpuMs, serverMs, fanOuts });
      console.error(`   round ${r}: ${latencies.length}/${STREAMS} received, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies[latencies.length - 1]?.toFixed(0)} ms`);
    }
    const rssAfter = rssMiB(pid);
    const still = streams.filter((s) => !s.closedEarly).length;

    // Report
    const cpus = os.cpus();
    const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—');
    const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
    console.log(`\nWidget event streams: ${STREAMS} on one api process, one conversation, ${new Date().toISOString()}`);
    console.log(`command: ${['bin/bench-widget-stream', ...process.argv.slice(2)].join(' ')}`);
    console.log(`node ${process.version}, ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}; load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end.`);
    console.log(`api: dist/src/server.js, NODE_ENV production, LOG_LEVEL warn, WIDGET_HEARTBEAT_MS ${HEARTBEAT_MS}; raised: ${Object.entries(RAISED).map(([k, v]) => `${k}=${v}`).join(', ')}.`);
    console.log(`clients: raw TCP sockets in this process, opened ${PARALLEL} at a time: ${STREAMS} open (each past its first conversation:update) in ${f1(openMs / 1000)} s; /metrics widget_streams_open ${open}; ${still} still open at the end.\n`);
    console.log('| api process | value |');
    console.log('| --- | ---: |');
    console.log(`| RSS before (warm, no stream) | ${f0(rssBefore)} MiB |`);
    console.log(`| RSS with ${STREAMS} streams open | ${f0(rssOpen)} MiB |`);
    console.log(`| RSS per stream | ${f1(((rssOpen - rssBefore) * 1024) / STREAMS)} KiB |`);
    console.log(`| RSS after ${ROUNDS} fan-outs | ${f0(rssAfter)} MiB |`);
    console.log(`| CPU idle, no stream (5 s) | ${f1(cpuIdle)} % |`);
    console.log(`| CPU at rest with ${STREAMS} streams (${REST_MS / 1000} s, heartbeats only: ${pingChunks} pings received) | ${f1(cpuRest)} % |`);
    console.log(`| benchmark process RSS (clients) before → with streams | ${f0(benchRssBefore)} → ${f0(process.memoryUsage().rss / 2 ** 20)} MiB |\n`);
    console.log(`| fan-out of one operator message to ${STREAMS} streams | received | first (ms) | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | POST answered (ms) | api: notice → last write (ms) | api CPU (ms) |`);
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    rounds.forEach((r, i) => {
      const v = r.latencies;
      console.log(`| round ${i + 1} | ${r.received}/${STREAMS} | ${f0(v[0] ?? NaN)} | ${f0(percentile(v, 50))} | ${f0(percentile(v, 90))} | ${f0(percentile(v, 99))} | ${f0(v[v.length - 1] ?? NaN)} | ${f0(r.postMs)} | ${f1(r.serverMs)}${r.fanOuts === 1 ? '' : ` (${r.fanOuts} reads)`} | ${f0(r.cpuMs)} |`);
    });
    const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
    console.log(`| **all rounds** | ${all.length}/${STREAMS * ROUNDS} | ${f0(all[0] ?? NaN)} | **${f0(percentile(all, 50))}** | ${f0(percentile(all, 90))} | **${f0(percentile(all, 99))}** | ${f0(all[all.length - 1] ?? NaN)} | | | |`);
    console.log(`\nlatency = from just before the POST to the arrival, in this process, of the bytes holding the message on each stream (both ends on this machine; the clients' own event loop is part of it). api: notice → last write = the api's widget_live_fanout_seconds for the round (the hub's one read of the conversation, then every stream's write). api CPU = utime+stime of the api over the round (${CLK_TCK} ticks/s, so ±10 ms), from the POST to the last arrival. RSS = VmRSS of /proc/<pid>/status.`);
    if (all.length !== STREAMS * ROUNDS || still !== STREAMS) {
      console.error('\nnot every stream received every message, or some stream closed: the figures are not valid');
      process.exitCode = 1;
    }
  } finally {
    for (const s of streams) s.close();
    await stopChild(api);
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  process.exit(1);
});
