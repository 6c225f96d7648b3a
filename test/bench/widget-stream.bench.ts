import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_BASE_PATH, loadConfig, type Config } from '../../src/config.js';
import { createWebsiteChannel, startVisitorConversation } from '../../src/domain/channels/website-channels.js';
import { openSession } from '../../src/widget/sessions.js';
import {
  CLK_TCK, benchDatabaseUrl, benchEnv, cpuPercent, cpuTicks, freePort, freshDatabase, machineSummary, mapInParallel, numberOptions, percentile,
  provisionCaller, rssKib, runBench, startApi, stopChild, ticksToMs, withOrm,
} from './bench-support.js';

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

const args = numberOptions({ streams: 2000, rounds: 5, rest: 15, heartbeat: 15000, parallel: 100 });
const STREAMS = args.streams;
const ROUNDS = args.rounds;
const REST_MS = args.rest * 1000;
const HEARTBEAT_MS = args.heartbeat;
const PARALLEL = args.parallel;
const ROUND_TIMEOUT_MS = 30_000;

const DATABASE_URL = benchDatabaseUrl('BENCH_WIDGET_DATABASE_URL', 'sales_api_bench_widget');
const LOG_DIR = process.env.BENCH_WIDGET_LOG_DIR || undefined;

/** Raised so that the benchmark measures the streams, not the refusals (printed with the results). */
const RAISED = {
  // Opening a stream counts as a read of the session (4 x this per minute): 2,000 opens of one session.
  WIDGET_RATE_VISITOR_PER_MIN: '1000000',
  // All streams are of one session, from one address.
  WIDGET_STREAMS_PER_SESSION: '1000000',
  WIDGET_STREAMS_PER_IP: '1000000',
  RATE_LIMIT_WRITE_PER_MIN: '100000',
};

const ENV = benchEnv({ name: 'bench-widget', nodeEnv: 'production', databaseUrl: DATABASE_URL }, { AI_PROVIDER: 'builtin', WIDGET_HEARTBEAT_MS: String(HEARTBEAT_MS), ...RAISED });

// ---------------------------------------------------------------------------------------------
// Data

interface Fixture {
  apiKey: string;
  conversationId: string;
  token: string;
}

/** A tenant with a key (every scope, loopback allowlist), a website channel, one visitor conversation and its session token. */
async function provision(config: Config): Promise<Fixture> {
  const now = new Date();
  return withOrm(config, (orm) => orm.em.fork().transactional(async (em) => {
    const { tenantId, apiKey } = await provisionCaller(em, config, 'Bench Shop', now);
    const channel = await createWebsiteChannel(em, { tenantId, name: 'Bench website' }, now);
    const conversation = await startVisitorConversation(em, channel, null, now);
    const { token } = openSession(em, { tenantId, channelId: channel.id, conversationId: conversation.id, consentVersion: null }, config.widget, now);
    await em.flush();
    return { apiKey, conversationId: conversation.id, token };
  }));
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

/** utime + stime of the api in ticks; NaN once it is gone (the figures then print as —). */
function ticksOf(pid: number): number {
  return cpuTicks(pid) ?? NaN;
}

function rssMiB(pid: number): number {
  return (rssKib(pid) ?? NaN) / 1024;
}

/** CPU of `pid` over `ms`, in % of one core. */
async function cpuOver(pid: number, ms: number): Promise<number> {
  const t0 = ticksOf(pid);
  const s0 = performance.now();
  await sleep(ms);
  return cpuPercent(ticksOf(pid) - t0, performance.now() - s0);
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
  const config = loadConfig(ENV);
  await freshDatabase(config);
  const fx = await provision(config);
  const loadBefore = os.loadavg()[0]!;
  const port = await freePort();
  let api: ChildProcess | undefined;
  const streams: Stream[] = [];
  try {
    console.error(`-> api on 127.0.0.1:${port} (dist/src/server.js)`);
    api = await startApi(ENV, { port, readyPath: '/healthz', withinMs: 60_000, logDir: LOG_DIR });
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
    await mapInParallel(STREAMS, PARALLEL, async () => {
      const s = new Stream(port, path);
      streams.push(s);
      await s.opened;
    });
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
      const ticks0 = ticksOf(pid);
      // Every stream waits for the message's text (its id is known only after the answer).
      const arrivals = streams.map((s) => s.await(content, ROUND_TIMEOUT_MS));
      const sent = performance.now();
      const posted = await apiCall(port, fx.apiKey, 'POST', `/conversations/${fx.conversationId}/operator-messages`, { content, operator: { name: 'Bench' } });
      const postMs = performance.now() - sent;
      if (posted.status !== 201) throw new Error(`operator message answered ${posted.status}: ${JSON.stringify(posted.body)}`);
      const got = await Promise.all(arrivals);
      const cpuMs = ticksToMs(ticksOf(pid) - ticks0);
      const latencies = got.filter((a): a is number => a !== null).map((a) => a - sent).sort((a, b) => a - b);
      const fanOuts = (await gauge(port, 'widget_live_fanout_seconds_count')) - count0;
      const serverMs = (((await gauge(port, 'widget_live_fanout_seconds_sum')) - sum0) * 1000) / fanOuts;
      rounds.push({ received: latencies.length, latencies, postMs, cpuMs, serverMs, fanOuts });
      console.error(`   round ${r}: ${latencies.length}/${STREAMS} received, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies[latencies.length - 1]?.toFixed(0)} ms`);
    }
    const rssAfter = rssMiB(pid);
    const still = streams.filter((s) => !s.closedEarly).length;

    // Report
    const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—');
    const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
    console.log(`\nWidget event streams: ${STREAMS} on one api process, one conversation, ${new Date().toISOString()}`);
    console.log(`command: ${['bin/bench-widget-stream', ...process.argv.slice(2)].join(' ')}`);
    console.log(`${machineSummary()}; load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end.`);
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

runBench(main);
