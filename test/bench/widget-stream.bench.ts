import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { API_BASE_PATH, loadConfig, type Config } from '../../src/config.js';
import { createWebsiteChannel, startVisitorConversation } from '../../src/domain/channels/website-channels.js';
import { openSession } from '../../src/widget/sessions.js';
import { prefixedChannel } from '../../src/redis.js';
import {
  CLK_TCK, benchDatabaseUrl, benchEnv, cpuPercent, cpuTicks, freePort, freshDatabase, machineSummary, mapInParallel, numberOptions, percentile,
  provisionCaller, rssKib, runBench, startApi, startChild, stopChild, ticksToMs, withOrm,
} from './bench-support.js';

/**
 * N open visitor event streams (GET /api/widget/events) on ONE real api process, all on one
 * conversation: the api's memory before and with them open, its CPU at rest (heartbeats
 * only), and the fan-out latency of one operator message (POST /conversations/{id}/
 * operator-messages) to all of them. Not a test and not in CI: run `bin/bench-widget-stream`
 * (see docs/benchmarks.md).
 *
 *   --streams N       open streams (2000)
 *   --rounds N        operator messages, one at a time, each measured on every stream (5)
 *   --rest S          seconds of CPU sampling at rest with the streams open (15: one whole heartbeat period)
 *   --heartbeat MS    WIDGET_HEARTBEAT_MS of the api (15000, the default)
 *   --parallel N      streams being opened at once (100)
 *   --floor 0|1       first, the same rounds on a bare node:http server writing one shared frame
 *                     to as many streams (test/bench/sse-floor-server.ts): the floor of this
 *                     machine and these clients (1)
 *   --replies N       then N AI replies drafting at once, each in a conversation of its own,
 *                     their deltas published to Redis as the worker does (BRIEF contract:
 *                     hash field + PUBLISH conversation-draft in one MULTI), while the same
 *                     rounds of operator messages are measured again (0: no such phase)
 *   --reply-streams N streams over those N conversations, evenly (1000)
 *   --delta-every MS  each reply publishes a piece this often (50)
 *
 * The clients are raw sockets read through one shared buffer (net.connect's onread: no stream
 * machinery), so that the client side costs as little as it can on the shared cores; each
 * round reports the clients' own CPU and event-loop delay to show whether they kept up.
 *
 * Database: BENCH_WIDGET_DATABASE_URL (.../sales_api_bench_widget), dropped and created fresh
 * each run. Redis: BENCH_REDIS_URL (redis://127.0.0.1:6379/0) under the key prefix
 * bench-widget:<pid>:. No Temporal and no worker: nothing here starts an operation. With
 * BENCH_WIDGET_LOG_DIR the api's output goes to api.log there.
 */

const args = numberOptions({ streams: 2000, rounds: 5, rest: 15, heartbeat: 15000, parallel: 100, floor: 1, replies: 0, 'reply-streams': 1000, 'delta-every': 50 });
const STREAMS = args.streams;
const ROUNDS = args.rounds;
const REST_MS = args.rest * 1000;
const HEARTBEAT_MS = args.heartbeat;
const PARALLEL = args.parallel;
const FLOOR = args.floor === 1;
const REPLIES = args.replies;
const REPLY_STREAMS = args['reply-streams'];
const DELTA_EVERY_MS = args['delta-every'];
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

interface Visitor {
  conversationId: string;
  token: string;
}

interface Fixture extends Visitor {
  apiKey: string;
  /** The conversations of --replies, one session each. */
  replies: Visitor[];
}

/** A tenant with a key (every scope, loopback allowlist), a website channel, one visitor conversation and its session token, and one more per reply. */
async function provision(config: Config): Promise<Fixture> {
  const now = new Date();
  return withOrm(config, (orm) => orm.em.fork().transactional(async (em) => {
    const { tenantId, apiKey } = await provisionCaller(em, config, 'Bench Shop', now);
    const channel = await createWebsiteChannel(em, { tenantId, name: 'Bench website' }, now);
    const visitor = async (): Promise<Visitor> => {
      const conversation = await startVisitorConversation(em, channel, null, now);
      const { token } = openSession(em, { tenantId, channelId: channel.id, conversationId: conversation.id, consentVersion: null }, config.widget, now);
      return { conversationId: conversation.id, token };
    };
    const main = await visitor();
    const replies: Visitor[] = [];
    for (let i = 0; i < REPLIES; i++) replies.push(await visitor());
    await em.flush();
    return { apiKey, ...main, replies };
  }));
}

// ---------------------------------------------------------------------------------------------
// Streams: raw sockets (the lightest client): one GET each, read through ONE shared buffer
// (onread), the bytes searched in place for what is awaited

const READ_BUFFER = Buffer.allocUnsafe(1 << 20);
const OK = Buffer.from('HTTP/1.1 200');
const UPDATE = Buffer.from('event: conversation:update');
const PING = Buffer.from(': ping');
const DELTA = Buffer.from('event: message:delta');
/** Bytes kept of a stream's last chunk, so that a needle split over two reads is still found. */
const TAIL = 128;

/** What the streams of one round wait for: the first arrival of `needle` on each, by stream index. */
class Watch {
  readonly arrivals: Float64Array;
  readonly done: Promise<void>;
  private left: number;
  private finish!: () => void;

  constructor(readonly needle: Buffer, count: number) {
    this.arrivals = new Float64Array(count).fill(NaN);
    this.left = count;
    this.done = new Promise<void>((resolve) => { this.finish = resolve; });
    const timer = setTimeout(() => this.finish(), ROUND_TIMEOUT_MS);
    void this.done.then(() => clearTimeout(timer));
  }

  arrived(i: number, at: number): void {
    if (!Number.isNaN(this.arrivals[i]!)) return;
    this.arrivals[i] = at;
    if (--this.left === 0) this.finish();
  }

  /** Arrival − `since` of the streams that got it, ascending. */
  latencies(since: number): number[] {
    return [...this.arrivals].filter((a) => !Number.isNaN(a)).map((a) => a - since).sort((x, y) => x - y);
  }
}

/** The streams of one phase: the round they wait for, if any. */
interface Group {
  watch?: Watch;
}

class Stream {
  readonly socket: net.Socket;
  readonly opened: Promise<void>;
  pings = 0;
  closedEarly = false;
  private tail: Buffer | null = null;

  constructor(readonly index: number, port: number, path: string, private readonly group: Group, onDelta?: (chunk: Buffer, at: number) => void) {
    let ready!: () => void;
    let failed!: (err: Error) => void;
    this.opened = new Promise<void>((resolve, reject) => { ready = resolve; failed = reject; });
    this.opened.catch(() => undefined);
    let first = true;
    let head = true;
    this.socket = net.connect({
      host: '127.0.0.1', port,
      onread: {
        buffer: READ_BUFFER,
        callback: (n: number, buf: Uint8Array) => {
          const at = performance.now();
          const chunk = (buf as Buffer).subarray(0, n);
          if (first) {
            first = false;
            if (chunk.indexOf(OK) !== 0) {
              failed(new Error(`stream answered ${chunk.toString('latin1', 0, 300)}`));
              this.socket.destroy();
              return false;
            }
          }
          if (head && chunk.includes(UPDATE)) {
            head = false;
            ready();
          }
          if (chunk.includes(PING)) this.pings++;
          const w = this.group.watch;
          if (w && Number.isNaN(w.arrivals[this.index]!)) {
            const split = this.tail && Buffer.concat([this.tail, chunk.subarray(0, w.needle.length)]).includes(w.needle);
            if (split || chunk.includes(w.needle)) w.arrived(this.index, at);
            else this.tail = Buffer.from(chunk.subarray(Math.max(0, n - TAIL)));
          }
          if (onDelta && chunk.includes(DELTA)) onDelta(chunk, at);
          return true;
        },
      },
    });
    this.socket.setNoDelay(true);
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
    this.socket.on('error', (err) => failed(err));
    this.socket.on('close', () => {
      this.closedEarly = true;
      failed(new Error('stream closed'));
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

async function openStreams(count: number, port: number, pathOf: (i: number) => string, group: Group, into: Stream[], onDelta?: (chunk: Buffer, at: number) => void): Promise<number> {
  const start = performance.now();
  await mapInParallel(count, PARALLEL, async (i) => {
    const s = new Stream(into.length, port, pathOf(i), group, onDelta);
    into.push(s);
    await s.opened;
  });
  return performance.now() - start;
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

async function gauge(metricsPort: number, name: string): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

// ---------------------------------------------------------------------------------------------
// Rounds

interface Round {
  received: number;
  expected: number;
  latencies: number[];
  /** The trigger's answer: the operator message's POST, or the floor server's /send. */
  postMs: number;
  /** The server's own figure: the api's widget_live_fanout_seconds for the round (mean over its reads), or the floor's write loop. */
  serverMs: number;
  fanOuts: number;
  serverCpuMs: number;
  /** This process (the clients) over the round: CPU, and the longest its event loop was late. */
  clientCpuMs: number;
  clientLagMs: number;
}

/** One round: every stream of `group` waits for `needle`; `send` makes the server write it; latency from just before `send`. */
async function measureRound(group: Group, count: number, needle: string, pid: number, send: () => Promise<{ serverMs: number; fanOuts: number }>): Promise<Round> {
  const watch = new Watch(Buffer.from(needle), count);
  group.watch = watch;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  const ticks0 = ticksOf(pid);
  const sent = performance.now();
  let server!: { serverMs: number; fanOuts: number };
  const answered = send().then((s) => {
    server = s;
    return performance.now() - sent;
  });
  const [postMs] = await Promise.all([answered, watch.done]);
  group.watch = undefined;
  const serverCpuMs = ticksToMs(ticksOf(pid) - ticks0);
  const cpu = process.cpuUsage(cpu0);
  lag.disable();
  const latencies = watch.latencies(sent);
  return { received: latencies.length, expected: count, latencies, postMs, ...server, serverCpuMs, clientCpuMs: (cpu.user + cpu.system) / 1000, clientLagMs: lag.max / 1e6 };
}

function logRound(phase: string, r: number, m: Round): void {
  const v = m.latencies;
  console.error(`   ${phase} round ${r}: ${m.received}/${m.expected} received, p50 ${percentile(v, 50).toFixed(0)} ms, p99 ${percentile(v, 99).toFixed(0)} ms, server ${m.serverMs.toFixed(1)} ms, clients CPU ${m.clientCpuMs.toFixed(0)} ms`);
}

/** The same rounds against the bare floor server (sse-floor-server.ts) and as many streams; its streams are closed after. */
async function floorRounds(): Promise<{ rounds: Round[]; openMs: number }> {
  const port = await freePort();
  console.error(`-> floor: bare node:http server on 127.0.0.1:${port}, ${STREAMS} streams`);
  const child = await startChild({
    name: 'floor', script: new URL('./sse-floor-server.js', import.meta.url), env: { ...process.env, PORT: String(port) },
    readyUrl: `http://127.0.0.1:${port}/healthz`, withinMs: 20_000, logDir: LOG_DIR,
  });
  const group: Group = {};
  const streams: Stream[] = [];
  try {
    const openMs = await openStreams(STREAMS, port, () => '/events', group, streams);
    const rounds: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      await sleep(1000);
      const text = `Floor frame ${r} of the benchmark`;
      const m = await measureRound(group, STREAMS, text, child.pid!, async () => {
        const res = await fetch(`http://127.0.0.1:${port}/send`, { method: 'POST', body: text });
        return { serverMs: ((await res.json()) as { ms: number }).ms, fanOuts: 1 };
      });
      rounds.push(m);
      logRound('floor', r, m);
    }
    return { rounds, openMs };
  } finally {
    for (const s of streams) s.close();
    await stopChild(child);
  }
}

/** ROUNDS operator messages to the main conversation, one at a time, each awaited on every stream of `group`. */
async function apiRounds(phase: string, group: Group, port: number, metricsPort: number, pid: number, fx: Fixture): Promise<Round[]> {
  const rounds: Round[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    await sleep(1000);
    // Every stream waits for the message's text (its id is known only after the answer).
    const content = `Operator message ${r} of the ${phase} benchmark`;
    const [sum0, count0] = [await gauge(metricsPort, 'widget_live_fanout_seconds_sum'), await gauge(metricsPort, 'widget_live_fanout_seconds_count')];
    const m = await measureRound(group, STREAMS, content, pid, async () => {
      const posted = await apiCall(port, fx.apiKey, 'POST', `/conversations/${fx.conversationId}/operator-messages`, { content, operator: { name: 'Bench' } });
      if (posted.status !== 201) throw new Error(`operator message answered ${posted.status}: ${JSON.stringify(posted.body)}`);
      return { serverMs: NaN, fanOuts: NaN };
    });
    m.fanOuts = (await gauge(metricsPort, 'widget_live_fanout_seconds_count')) - count0;
    m.serverMs = (((await gauge(metricsPort, 'widget_live_fanout_seconds_sum')) - sum0) * 1000) / m.fanOuts;
    rounds.push(m);
    logRound(phase, r, m);
  }
  return rounds;
}

// ---------------------------------------------------------------------------------------------
// Drafts: what the worker publishes while the model writes (BRIEF's streaming contract)

const DRAFT_CHANNEL = 'conversation-draft';
/** A delta's piece as the bench writes it: `w<piece number> `; its publish time is looked up by number. */
const PIECE = /"text":"w(\d+) /g;

class Drafts {
  private readonly redis: Redis;
  private readonly channel: string;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly drafts: { conversationId: string; messageId: string; text: string; streams: number }[];
  /** By piece number: when it was published, and how many streams should receive it. */
  readonly publishedAt: number[] = [];
  expected = 0;
  failed = 0;
  /** Arrivals on the reply streams. */
  received = 0;
  readonly latencies: number[] = [];

  constructor(config: Config, replies: Visitor[], streamsOf: (i: number) => number) {
    this.redis = new Redis(config.redisUrl, { keyPrefix: config.redisKeyPrefix });
    this.channel = prefixedChannel(config.redisKeyPrefix, DRAFT_CHANNEL);
    this.drafts = replies.map((v, i) => ({ conversationId: v.conversationId, messageId: randomUUID(), text: '', streams: streamsOf(i) }));
  }

  start(): void {
    this.drafts.forEach((d, i) => {
      // Spread over the period, as replies started at different moments are.
      this.timers.push(setTimeout(() => this.timers.push(setInterval(() => this.publish(d), DELTA_EVERY_MS)), (i * DELTA_EVERY_MS) / this.drafts.length));
    });
  }

  private publish(d: { conversationId: string; messageId: string; text: string; streams: number }): void {
    const piece = `w${this.publishedAt.length} `;
    const offset = d.text.length;
    d.text += piece;
    this.publishedAt.push(performance.now());
    this.expected += d.streams;
    const key = `conversation-drafts:${d.conversationId}`;
    this.redis.multi().hset(key, d.messageId, d.text).pexpire(key, 600_000)
      .publish(this.channel, JSON.stringify({ conversation_id: d.conversationId, message_id: d.messageId, offset, text: piece }))
      .exec().catch(() => this.failed++);
  }

  /** The reply streams' reader: each delta of a piece of this run counts, with its latency. */
  readonly onDelta = (chunk: Buffer, at: number): void => {
    for (const m of chunk.toString('latin1').matchAll(PIECE)) {
      const published = this.publishedAt[Number(m[1])];
      if (published === undefined) continue;
      this.received++;
      this.latencies.push(at - published);
    }
  };

  /** Stops publishing and retracts every draft (as a canceled reply does). */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await Promise.all(this.drafts.map((d) => this.redis.multi().hdel(`conversation-drafts:${d.conversationId}`, d.messageId)
      .publish(this.channel, JSON.stringify({ conversation_id: d.conversationId, message_id: d.messageId, retracted: true })).exec()));
    await this.redis.quit();
  }
}

// ---------------------------------------------------------------------------------------------

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

function printRounds(title: string, serverColumn: string, rounds: Round[]): void {
  console.log(`| ${title} | received | first (ms) | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | trigger answered (ms) | ${serverColumn} (ms) | server CPU (ms) | clients CPU (ms) | clients' loop delay max (ms) |`);
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  rounds.forEach((r, i) => {
    const v = r.latencies;
    console.log(`| round ${i + 1} | ${r.received}/${r.expected} | ${f0(v[0] ?? NaN)} | ${f0(percentile(v, 50))} | ${f0(percentile(v, 90))} | ${f0(percentile(v, 99))} | ${f0(v[v.length - 1] ?? NaN)} | ${f0(r.postMs)} | ${f1(r.serverMs)}${r.fanOuts === 1 ? '' : ` (${r.fanOuts} reads)`} | ${f0(r.serverCpuMs)} | ${f0(r.clientCpuMs)} | ${f0(r.clientLagMs)} |`);
  });
  const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const expected = rounds.reduce((n, r) => n + r.expected, 0);
  console.log(`| **all rounds** | ${all.length}/${expected} | ${f0(all[0] ?? NaN)} | **${f0(percentile(all, 50))}** | ${f0(percentile(all, 90))} | **${f0(percentile(all, 99))}** | ${f0(all[all.length - 1] ?? NaN)} | | | | | |\n`);
}

function complete(rounds: Round[]): boolean {
  return rounds.every((r) => r.received === r.expected);
}

async function main(): Promise<void> {
  if (![STREAMS, ROUNDS, REST_MS, HEARTBEAT_MS, PARALLEL, REPLY_STREAMS, DELTA_EVERY_MS].every((n) => Number.isInteger(n) && n > 0)) {
    throw new Error('--streams, --rounds, --rest, --heartbeat, --parallel, --reply-streams and --delta-every are positive integers');
  }
  if (!Number.isInteger(REPLIES) || REPLIES < 0 || (REPLIES > 0 && REPLY_STREAMS < REPLIES)) throw new Error('--replies is 0 or more, and at most --reply-streams');
  const config = loadConfig(ENV);
  await freshDatabase(config);
  const fx = await provision(config);
  const loadBefore = os.loadavg()[0]!;
  const floor = FLOOR ? await floorRounds() : undefined;
  const port = await freePort();
  const metricsPort = await freePort();
  let api: ChildProcess | undefined;
  const streams: Stream[] = [];
  const replyStreams: Stream[] = [];
  try {
    console.error(`-> api on 127.0.0.1:${port} (dist/src/server.js), metrics on ${metricsPort}`);
    api = await startApi({ ...ENV, METRICS_PORT: String(metricsPort) }, { port, readyPath: '/healthz', withinMs: 60_000, logDir: LOG_DIR });
    const pid = api.pid!;
    const pathOf = (token: string) => `/api/widget/events?st=${encodeURIComponent(token)}`;
    // Warm-up: one stream and one operator message, so the code paths are loaded before "before".
    const warmGroup: Group = {};
    const warmStreams: Stream[] = [];
    await openStreams(1, port, () => pathOf(fx.token), warmGroup, warmStreams);
    const warm = await measureRound(warmGroup, 1, 'warm-up', pid, async () => {
      const posted = await apiCall(port, fx.apiKey, 'POST', `/conversations/${fx.conversationId}/operator-messages`, { content: 'warm-up', operator: { name: 'Bench' } });
      if (posted.status !== 201) throw new Error(`warm-up operator message answered ${posted.status}: ${JSON.stringify(posted.body)}`);
      return { serverMs: NaN, fanOuts: NaN };
    });
    if (warm.received !== 1) throw new Error('the warm-up message did not arrive on the warm-up stream');
    warmStreams[0]!.close();
    await sleep(2000);
    const rssBefore = rssMiB(pid);
    const cpuIdle = await cpuOver(pid, 5000);
    const benchRssBefore = process.memoryUsage().rss / 2 ** 20;

    console.error(`-> opening ${STREAMS} streams, ${PARALLEL} at a time`);
    const group: Group = {};
    const openMs = await openStreams(STREAMS, port, () => pathOf(fx.token), group, streams);
    await sleep(2000);
    const open = await gauge(metricsPort, 'widget_streams_open');
    const rssOpen = rssMiB(pid);
    console.error(`   ${STREAMS} open in ${(openMs / 1000).toFixed(1)} s; the api counts ${open}; RSS ${rssBefore.toFixed(0)} -> ${rssOpen.toFixed(0)} MiB`);

    console.error(`-> at rest for ${REST_MS / 1000} s (heartbeat every ${HEARTBEAT_MS} ms)`);
    const pingsBefore = streams.reduce((n, s) => n + s.pings, 0);
    const cpuRest = await cpuOver(pid, REST_MS);
    const pingChunks = streams.reduce((n, s) => n + s.pings, 0) - pingsBefore;

    const rounds = await apiRounds('quiet', group, port, metricsPort, pid, fx);
    const rssAfter = rssMiB(pid);

    let drafts: Drafts | undefined;
    let draftRounds: Round[] = [];
    let draftSeconds = 0;
    if (REPLIES > 0) {
      const streamsOf = (i: number) => Math.floor(REPLY_STREAMS / REPLIES) + (i < REPLY_STREAMS % REPLIES ? 1 : 0);
      drafts = new Drafts(config, fx.replies, streamsOf);
      console.error(`-> opening ${REPLY_STREAMS} streams over the ${REPLIES} reply conversations`);
      await openStreams(REPLY_STREAMS, port, (i) => pathOf(fx.replies[i % REPLIES]!.token), {}, replyStreams, drafts.onDelta);
      console.error(`-> ${REPLIES} replies drafting (a piece each every ${DELTA_EVERY_MS} ms) while the rounds run again`);
      const draftStart = performance.now();
      drafts.start();
      await sleep(2000);
      draftRounds = await apiRounds('drafting', group, port, metricsPort, pid, fx);
      await drafts.stop();
      draftSeconds = (performance.now() - draftStart) / 1000;
      await sleep(1000);
    }
    const still = streams.filter((s) => !s.closedEarly).length;

    // Report
    console.log(`\nWidget event streams: ${STREAMS} on one api process, one conversation, ${new Date().toISOString()}`);
    console.log(`command: ${['bin/bench-widget-stream', ...process.argv.slice(2)].join(' ')}`);
    console.log(`${machineSummary()}; load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end.`);
    console.log(`api: dist/src/server.js, NODE_ENV production, LOG_LEVEL warn, WIDGET_HEARTBEAT_MS ${HEARTBEAT_MS}; raised: ${Object.entries(RAISED).map(([k, v]) => `${k}=${v}`).join(', ')}.`);
    console.log(`clients: raw TCP sockets in this process (one shared read buffer), opened ${PARALLEL} at a time: ${STREAMS} open (each past its first conversation:update) in ${f1(openMs / 1000)} s; /metrics widget_streams_open ${open}; ${still} still open at the end.\n`);
    console.log('| api process | value |');
    console.log('| --- | ---: |');
    console.log(`| RSS before (warm, no stream) | ${f0(rssBefore)} MiB |`);
    console.log(`| RSS with ${STREAMS} streams open | ${f0(rssOpen)} MiB |`);
    console.log(`| RSS per stream | ${f1(((rssOpen - rssBefore) * 1024) / STREAMS)} KiB |`);
    console.log(`| RSS after ${ROUNDS} fan-outs | ${f0(rssAfter)} MiB |`);
    console.log(`| CPU idle, no stream (5 s) | ${f1(cpuIdle)} % |`);
    console.log(`| CPU at rest with ${STREAMS} streams (${REST_MS / 1000} s, heartbeats only: ${pingChunks} pings received) | ${f1(cpuRest)} % |`);
    console.log(`| benchmark process RSS (clients) before → with streams | ${f0(benchRssBefore)} → ${f0(process.memoryUsage().rss / 2 ** 20)} MiB |\n`);
    if (floor) {
      console.log(`Floor: a bare node:http server (test/bench/sse-floor-server.ts) writing one pre-rendered ~400-byte frame to ${STREAMS} streams in a loop, the same clients (opened in ${f1(floor.openMs / 1000)} s):\n`);
      printRounds(`floor: one frame to ${STREAMS} streams`, 'server: write loop', floor.rounds);
    }
    printRounds(`fan-out of one operator message to ${STREAMS} streams`, 'api: notice → last write', rounds);
    if (drafts) {
      printRounds(`the same, while ${REPLIES} replies draft to ${REPLY_STREAMS} streams`, 'api: notice → last write', draftRounds);
      const v = drafts.latencies.sort((a, b) => a - b);
      const pieces = drafts.publishedAt.length;
      console.log(`Drafts: ${REPLIES} replies, one piece each every ${DELTA_EVERY_MS} ms, ${REPLY_STREAMS} streams (${Math.floor(REPLY_STREAMS / REPLIES)}–${Math.ceil(REPLY_STREAMS / REPLIES)} per reply's conversation): ${pieces} pieces published in ${f1(draftSeconds)} s (${f0(pieces / draftSeconds)}/s, ${drafts.failed} MULTIs failed).\n`);
      if (drafts.received === 0) {
        console.log(`**deltas not carried**: no \`message:delta\` of these drafts reached any of the ${REPLY_STREAMS} reply streams (of ${drafts.expected} expected): this api does not write drafts to the events stream. The rounds above ran with the draft traffic on Redis only.\n`);
      } else {
        console.log('| deltas | received / expected | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) |');
        console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
        console.log(`| publish → arrival on a reply stream | ${drafts.received}/${drafts.expected} | ${f0(percentile(v, 50))} | ${f0(percentile(v, 90))} | ${f0(percentile(v, 99))} | ${f0(v[v.length - 1] ?? NaN)} |\n`);
      }
    }
    console.log(`latency = from just before the trigger (the operator message's POST; the floor's POST /send) to the arrival, in this process, of the bytes holding the message on each stream (both ends on this machine; the clients' own event loop is part of it). api: notice → last write = the api's widget_live_fanout_seconds for the round (the hub's one read of the conversation, then every stream's write). server CPU = utime+stime of the api (the floor server) over the round (${CLK_TCK} ticks/s, so ±10 ms); clients CPU and loop delay = this process over the round (when the clients' CPU approaches the spread between first and last arrival, they are what is slow). RSS = VmRSS of /proc/<pid>/status.`);
    if (!complete(rounds) || !complete(draftRounds) || (floor && !complete(floor.rounds)) || still !== STREAMS) {
      console.error('\nnot every stream received every message, or some stream closed: the figures are not valid');
      process.exitCode = 1;
    }
  } finally {
    for (const s of [...streams, ...replyStreams]) s.close();
    await stopChild(api);
  }
}

runBench(main);
