import type { ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { cpuTicks, machineSummary, percentile, pidsNamed, runBench, ticksToMs } from './bench-support.js';
import type { ApiClient } from './api-client.js';
import { BenchReceiver } from './webhook-receiver.js';
import { DATABASE_URL, Load, provisionLoad, startStack, stopStack, withClient, type Stack } from './cluster-run.js';
import { BALANCER_PORT, LOG_DIR, metricsUrl, sdkMetricsUrl, temporalMetricsUrl, type TemporalService } from './cluster-stack.js';
import { histogramDelta, labelValues, quantile, scrape, total, withLabel, type Scrape } from './prometheus.js';
import { traceDeliveries, traceTable, type Traced } from './delivery-trace.js';

/**
 * The tail of webhook deliveries on the production topology (issue 39 items 1 and 2): the stack
 * of bin/cluster-faults (four Temporal services on PostgreSQL with mutual TLS, two apis behind
 * HAProxy, two workers, the application's own PostgreSQL and Redis), POST /conversations through
 * the balancer open loop at each rate of --rates for --seconds, one conversation.created event
 * each delivered to a local HTTPS subscriber. Per run: the write's latency at the client, each
 * delivery's latency from its event's commit (outbox_events.created_at) and from the write's
 * send to the subscriber's receipt, p50/p99/max; then where the slowest spent their time
 * (delivery-trace.ts: commit → relayed → workflow started → first workflow task → attempt →
 * receipt, from the rows and each workflow's history) beside a sample of typical ones, and what
 * each part of the stack reported over the run: Temporal's own latencies (persistence, the shard
 * lock, history task queues, matching, service latencies), the workers' SDK (schedule-to-start),
 * event-loop delay and GC of every Node process, PostgreSQL's checkpoints, HAProxy's queueing,
 * CPU by process group. Not a test, not in CI: bin/bench-cluster-tail prepares the stack.
 *
 *   --rates 30,30,30,30,30   one run per entry (events/s)
 *   --seconds 120            load per run
 *   --warmup 20              seconds of unmeasured load first (at the first rate)
 *   --drain 120              seconds to wait after a run for its deliveries
 *   --slowest 1              percent of each run's deliveries traced as "slowest"
 */

const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '30,30,30,30,30' },
    seconds: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '20' },
    drain: { type: 'string', default: '120' },
    slowest: { type: 'string', default: '1' },
  },
});
const RATES = values.rates.split(',').map(Number);
const RUN_MS = Number(values.seconds) * 1000;
const WARMUP_MS = Number(values.warmup) * 1000;
const DRAIN_MS = Number(values.drain) * 1000;
const SLOWEST = Number(values.slowest) / 100;
/** The stack without load, measured once before the warm-up. */
const IDLE_MS = 30_000;
const PATH = '/hooks/tail';
const GOAL_P99_MS = 1000;
const MACHINE_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The machine's PostgreSQL (Temporal's databases) logs to stderr, which Debian's pg_ctlcluster keeps here. */
const MACHINE_PG_LOG = process.env.MACHINE_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
/** The machine's PostgreSQL processes name its cluster (Debian's cluster_name, e.g. 15/main) or its data directory. */
const MACHINE_PG_PROCESS = /\d+\/main|\/var\/lib\/postgresql/;
const TEMPORAL_SERVICES: TemporalService[] = ['frontend', 'history', 'matching', 'worker'];

interface Snapshot {
  at: number;
  temporal: Record<TemporalService, Scrape>;
  node: Map<string, Scrape>;
  sdk: Map<string, Scrape>;
  bgwriter: { app: Record<string, number>; temporal: Record<string, number> };
  commits: { app: number; temporal: number };
  /** Per group, per pid: CPU ticks. */
  cpu: Map<string, Map<number, number>>;
  machine: MachineCpu;
  haproxyOffset: number;
}

function nodeProcesses(stack: Stack): [string, ChildProcess][] {
  const named: [string, ChildProcess | undefined][] = [...stack.apis.map((c, i): [string, ChildProcess | undefined] => [`api-${i + 1}`, c]), ...stack.workers.map((c, i): [string, ChildProcess | undefined] => [`worker-${i + 1}`, c])];
  return named.filter((e): e is [string, ChildProcess] => e[1] !== undefined);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** CPU groups: pids now (PostgreSQL forks a backend per connection). */
function cpuGroups(stack: Stack): Record<string, number[]> {
  const pid = (c?: ChildProcess) => (c?.pid ? [c.pid] : []);
  return {
    'Temporal (4 services)': TEMPORAL_SERVICES.flatMap((s) => pid(stack.temporal[s])),
    'apis (2)': stack.apis.flatMap(pid),
    'workers (2)': stack.workers.flatMap(pid),
    // Temporal's databases are on the machine's server (cluster_name 15/main, Debian's), the application's on a server of the run.
    "PostgreSQL (the machine's: Temporal)": pidsNamed('postgres').filter((pid) => MACHINE_PG_PROCESS.test(commandLine(pid))),
    "PostgreSQL (the run's: the application)": pidsNamed('postgres').filter((pid) => !MACHINE_PG_PROCESS.test(commandLine(pid))),
    HAProxy: pid(stack.balancer),
    Redis: pid(stack.redis),
    'load generator and subscriber': [process.pid],
  };
}

/** Transactions committed in the databases of a server: the application's, or Temporal's two. */
const COMMITS = `select coalesce(sum(xact_commit), 0) as commits from pg_stat_database where datname = any($1::text[])`;
const BGWRITER = `select checkpoints_timed + checkpoints_req as checkpoints, checkpoint_write_time, checkpoint_sync_time, buffers_checkpoint, buffers_backend_fsync from pg_stat_bgwriter`;

interface MachineCpu {
  /** /proc/stat: ticks busy (user, nice, system, irq, softirq, steal), stolen by the hypervisor, all. */
  busy: number;
  steal: number;
  all: number;
  /** /proc/pressure/cpu: microseconds some task waited for a CPU. */
  waitedUs: number;
}

function machineCpu(): MachineCpu {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number) as number[];
  let waitedUs = NaN;
  try {
    waitedUs = Number(/total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch { /* no PSI on this kernel */ }
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, steal: steal!, all: busy + idle! + iowait!, waitedUs };
}

async function snapshot(stack: Stack, app: pg.Pool, machine: pg.Pool, groups: () => Record<string, number[]>): Promise<Snapshot> {
  const temporal = Object.fromEntries(await Promise.all(TEMPORAL_SERVICES.map(async (s) => [s, await scrape(temporalMetricsUrl(s))] as const))) as Record<TemporalService, Scrape>;
  const procs = nodeProcesses(stack);
  const node = new Map(await Promise.all(procs.map(async ([name, c]) => [name, await scrape(metricsUrl(c))] as const)));
  const sdk = new Map(await Promise.all(procs.filter(([n]) => n.startsWith('worker')).map(async ([name, c]) => [name, await scrape(sdkMetricsUrl(c))] as const)));
  const numbers = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
  const bgwriter = { app: numbers((await app.query(BGWRITER)).rows[0]), temporal: numbers((await machine.query(BGWRITER)).rows[0]) };
  const commits = {
    app: Number((await app.query(COMMITS, [['sales_api_faults']])).rows[0].commits),
    temporal: Number((await machine.query(COMMITS, [[process.env.TEMPORAL_DB_NAME, process.env.TEMPORAL_VISIBILITY_DB_NAME]])).rows[0].commits),
  };
  const cpu = new Map<string, Map<number, number>>();
  for (const [group, pids] of Object.entries(groups())) cpu.set(group, new Map(pids.map((pid) => [pid, cpuTicks(pid) ?? 0])));
  return { at: Date.now(), temporal, node, sdk, bgwriter, commits, cpu, machine: machineCpu(), haproxyOffset: statSync(join(LOG_DIR, 'haproxy.log')).size };
}

interface RunResult {
  rate: number;
  offered: number;
  written: number;
  arrived: number;
  /** Arrived by 5 s after the load's end. */
  arrivedInStep: number;
  writeMs: number[];
  commitToArrivalMs: number[];
  sendToArrivalMs: number[];
  traced: { slowest: Traced[]; typical: Traced[] };
  before: Snapshot;
  after: Snapshot;
  loadEventLoopP99Ms: number;
  loadEventLoopMaxMs: number;
  checkpoints: { app: string[]; temporal: string[] };
  loadAvg: number;
  /** The deliveries of the run's events that had not arrived by the end of the drain, by state. */
  missingStates: string;
}

const ms = (n: number) => (Number.isFinite(n) ? Math.round(n).toString() : '–');
const p = (sorted: number[], q: number) => (sorted.length ? percentile(sorted, q) : NaN);
const sortNum = (a: number[]) => [...a].sort((x, y) => x - y);

/** Checkpoint lines of a PostgreSQL log written between two moments (its lines start with a timestamp, log_line_prefix %m). */
function checkpointLines(file: string, from: number, to: number): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [`(${file} unreadable)`];
  }
  return text.split('\n').filter((l) => /checkpoint (starting|complete)/.test(l)).filter((l) => {
    const at = Date.parse(l.slice(0, 23).replace(' ', 'T') + 'Z');
    return at >= from && at <= to;
  }).map((l) => l.replace(/^(\S+ \S+) UTC \[\d+\] (\S+@\S+ )?LOG:\s+/, '$1 '));
}

async function oneRun(stack: Stack, api: ApiClient, app: pg.Pool, machine: pg.Pool, arrivals: Map<string, number>, rate: number, runIndex: number, tenantId: string): Promise<RunResult> {
  const groups = () => cpuGroups(stack);
  const loadAvg = os.loadavg()[0]!;
  const before = await snapshot(stack, app, machine, groups);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const load = new Load(api, [], { eventsPerS: rate, turnsPerS: 0, customerPrefix: `tail-${runIndex}` });
  const from = Date.now();
  load.start();
  await sleep(RUN_MS);
  await load.stop();
  loop.disable();
  const to = Date.now();
  const writes = load.calls.filter((c) => c.kind === 'write');
  const created = writes.filter((c) => c.status === 201);
  const sentOf = new Map(created.map((c) => [c.body.id as string, c.sentAt]));
  // The run's events: its writes' conversation.created, by conversation id.
  const eventsOf = async () => (await app.query<{ id: string; conversation_id: string; created_at: Date }>(
    `select id, split_part(ordering_key, ':', 2) as conversation_id, created_at from outbox_events
      where tenant_id = $1 and type = 'conversation.created' and created_at >= $2 and created_at <= $3`, [tenantId, new Date(from - 1000), new Date(to + 30_000)])).rows
    .filter((e) => sentOf.has(e.conversation_id));
  const deadline = Date.now() + DRAIN_MS;
  let events = await eventsOf();
  while (events.some((e) => !arrivals.has(e.id)) && Date.now() < deadline) {
    await sleep(1000);
    events = await eventsOf();
  }
  const after = await snapshot(stack, app, machine, groups);
  const missing = events.filter((e) => !arrivals.has(e.id)).map((e) => e.id);
  const missingStates = (await app.query<{ k: string; n: string }>(
    `select coalesce(d.state, 'no delivery row') || coalesce(' held_for ' || d.held_for, '') || case when d.workflow_started_at is null then ' (no workflow)' else '' end || ' attempt ' || coalesce(d.attempt::text, '-') as k, count(*) as n
       from unnest($1::text[]) e(id) left join webhook_deliveries d on d.event_id = e.id group by 1 order by 2 desc`, [missing])).rows.map((r) => `${r.k}: ${r.n}`).join(', ');
  const delivered = events.filter((e) => arrivals.has(e.id));
  // Keeping up: what arrived within 5 s of the load's end, against what was written.
  const arrivedInStep = delivered.filter((e) => arrivals.get(e.id)! <= to + 5000).length;
  const latency = new Map(delivered.map((e) => [e.id, arrivals.get(e.id)! - e.created_at.getTime()]));
  const byLatency = [...delivered].sort((a, b) => latency.get(b.id)! - latency.get(a.id)!);
  const slowestCount = Math.max(1, Math.ceil(delivered.length * SLOWEST));
  const slowest = byLatency.slice(0, slowestCount);
  // Typical: the same number spread evenly over the rest.
  const rest = byLatency.slice(slowestCount);
  const typical = rest.filter((_, i) => i % Math.max(1, Math.floor(rest.length / slowestCount)) === 0).slice(0, slowestCount);
  const traced = await withClient(stack.env, async (client) => ({
    slowest: await traceDeliveries(client, app, slowest.map((e) => ({ eventId: e.id, arrivedAt: arrivals.get(e.id)! })), deliveryWorkflowId),
    typical: await traceDeliveries(client, app, typical.map((e) => ({ eventId: e.id, arrivedAt: arrivals.get(e.id)! })), deliveryWorkflowId),
  }));
  return {
    rate, offered: writes.length, written: created.length, arrived: delivered.length, arrivedInStep,
    writeMs: sortNum(writes.filter((c) => !c.error).map((c) => c.doneAt - c.sentAt)),
    commitToArrivalMs: sortNum([...latency.values()]),
    sendToArrivalMs: sortNum(delivered.map((e) => arrivals.get(e.id)! - sentOf.get(e.conversation_id)!)),
    traced, before, after,
    loadEventLoopP99Ms: loop.percentile(99) / 1e6, loadEventLoopMaxMs: loop.max / 1e6,
    checkpoints: { app: checkpointLines(join(process.env.FAULTS_PG_DIR ?? '', 'postgres.log'), from, after.at), temporal: checkpointLines(MACHINE_PG_LOG, from, after.at) },
    loadAvg, missingStates,
  };
}

// ---------------------------------------------------------------------------------------------
// Tables

function runTable(runs: RunResult[]): string {
  const missingNotes: string[] = [];
  const lines = ['| run | offered (events/s) | writes 201 of offered | write p50 / p99 / max (ms) | delivered | commit → receipt p50 / p99 / max (ms) | write sent → receipt p99 (ms) | p99 < 1 s | kept up | load avg before |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: | :---: | ---: |'];
  runs.forEach((r, i) => {
    const c = r.commitToArrivalMs;
    if (r.missingStates) missingNotes.push(`run ${i + 1}: ${r.missingStates}`);
    lines.push(`| ${i + 1} | ${r.rate} | ${r.written} of ${r.offered} | ${ms(p(r.writeMs, 50))} / ${ms(p(r.writeMs, 99))} / ${ms(r.writeMs.at(-1) ?? NaN)} | ${r.arrived} of ${r.written} | ` +
      `**${ms(p(c, 50))} / ${ms(p(c, 99))}** / ${ms(c.at(-1) ?? NaN)} | ${ms(p(r.sendToArrivalMs, 99))} | ${p(c, 99) < GOAL_P99_MS && r.arrived === r.written ? 'yes' : '**no**'} | ${keptUp(r) ? 'yes' : 'no'} | ${r.loadAvg.toFixed(2)} |`);
  });
  const kneeRate = Math.max(0, ...runs.filter(keptUp).map((r) => r.rate));
  lines.push('', `Kept up (every write 201 but at most 5 %, every delivery arrived, at least 95 % of them within 5 s of the load's end, p99 under 5 s): the highest rate that did, the knee of this ladder: **${kneeRate} events/s**.`);
  if (missingNotes.length) lines.push('', `Not arrived by the end of the drain, by delivery state: ${missingNotes.join('; ')}.`);
  return lines.join('\n');
}

/** The side kept up with the rate (test/bench/open-loop.ts keptUp, for a run that drains before the next). */
function keptUp(r: RunResult): boolean {
  return r.written >= 0.95 * r.offered && r.arrived === r.written && r.arrivedInStep >= 0.95 * r.written && p(r.commitToArrivalMs, 99) < 5000;
}

/** A histogram's p50 / p99 / count in milliseconds (`scale`: 1000 for a series in seconds). */
function hist(before: Scrape, after: Scrape, name: string, where?: (s: string) => boolean, scale = 1000): string {
  const h = histogramDelta(before, after, name, where);
  if (!h.count) return '– (none)';
  const f = (v: number) => (v === Infinity ? '>max' : ms(v * scale) === '0' ? (v * scale).toFixed(1) : ms(v * scale));
  return `${f(quantile(h, 0.5))} / ${f(quantile(h, 0.99))} (${Math.round(h.count)})`;
}

function temporalTable(r: RunResult): string {
  const t = (s: TemporalService) => [r.before.temporal[s], r.after.temporal[s]] as const;
  const rows: [string, string][] = [];
  const [hb, ha] = t('history');
  const ops = labelValues(ha, 'persistence_latency', 'operation')
    .map((op) => ({ op, n: histogramDelta(hb, ha, 'persistence_latency', withLabel('operation', op)).count }))
    .sort((a, b) => b.n - a.n).slice(0, 5);
  for (const { op } of ops) rows.push([`history persistence_latency ${op}`, hist(hb, ha, 'persistence_latency', withLabel('operation', op))]);
  rows.push(['history lock_latency (shard lock)', hist(hb, ha, 'lock_latency')]);
  rows.push(['history dd_shard_lock_latency', hist(hb, ha, 'dd_shard_lock_latency')]);
  rows.push(['history task_latency_queue (history task: created → done)', hist(hb, ha, 'task_latency_queue')]);
  rows.push(['history task_latency_load (loaded → processing)', hist(hb, ha, 'task_latency_load')]);
  rows.push(['history workflow cache lock hold', hist(hb, ha, 'history_workflow_execution_cache_lock_hold_duration')]);
  rows.push(['history service_latency', hist(hb, ha, 'service_latency')]);
  const [fb, fa] = t('frontend');
  for (const op of ['StartWorkflowExecution', 'RespondWorkflowTaskCompleted', 'PollWorkflowTaskQueue']) rows.push([`frontend service_latency ${op}`, hist(fb, fa, 'service_latency', withLabel('operation', op))]);
  const [mb, ma] = t('matching');
  rows.push(['matching syncmatch_latency', hist(mb, ma, 'syncmatch_latency')]);
  rows.push(['matching asyncmatch_latency (through the backlog)', hist(mb, ma, 'asyncmatch_latency')]);
  rows.push(['matching persistence_latency', hist(mb, ma, 'persistence_latency')]);
  for (const [name, after] of r.after.sdk) {
    const b = r.before.sdk.get(name) ?? new Map();
    // The SDK's durations are in milliseconds.
    rows.push([`${name} SDK workflow task schedule-to-start`, hist(b, after, 'temporal_workflow_task_schedule_to_start_latency', undefined, 1)]);
    rows.push([`${name} SDK workflow task execution`, hist(b, after, 'temporal_workflow_task_execution_latency', undefined, 1)]);
    rows.push([`${name} SDK local activity execution`, hist(b, after, 'temporal_local_activity_execution_latency', undefined, 1)]);
    rows.push([`${name} SDK request latency (all RPCs)`, hist(b, after, 'temporal_request_latency', undefined, 1)]);
  }
  return ['| series (over the run) | p50 / p99 ms (count) |', '| --- | ---: |', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}

/** CPU between two snapshots: by process group, the machine's (and what else ran), the time some task waited for a CPU. */
function cpuLine(before: Snapshot, after: Snapshot): string {
  const seconds = (after.at - before.at) / 1000;
  const pct = (ticks: number) => Math.round((ticksToMs(ticks) / 1000 / seconds) * 100);
  // Per pid: a process that ended in between (a PostgreSQL backend) leaves its ticks out.
  const groupTicks = [...after.cpu].map(([g, pids]) => [g, [...pids].reduce((sum, [pid, t]) => sum + t - (before.cpu.get(g)?.get(pid) ?? 0), 0)] as const);
  const ours = groupTicks.reduce((sum, [, t]) => sum + t, 0);
  const m = { busy: after.machine.busy - before.machine.busy, steal: after.machine.steal - before.machine.steal, waitedUs: after.machine.waitedUs - before.machine.waitedUs };
  return `${groupTicks.map(([g, t]) => `${g} ${pct(t)} %`).join(', ')}; the machine ${pct(m.busy)} % busy (other processes ${pct(m.busy - ours)} %, ` +
    `stolen by the hypervisor ${pct(m.steal)} %), some task waiting for a CPU ${Math.round(m.waitedUs / 10_000 / seconds)} % of the time`;
}

function processTable(r: RunResult): string {
  const seconds = (r.after.at - r.before.at) / 1000;
  const lines = ['| process | event-loop delay p99 / max (ms) | GC pauses (count, total ms, longest ≤ ms) |', '| --- | ---: | ---: |'];
  for (const [name, after] of r.after.node) {
    const before = r.before.node.get(name) ?? new Map();
    const gc = histogramDelta(before, after, 'nodejs_gc_duration_seconds');
    lines.push(`| ${name} | ${ms(total(after, 'nodejs_eventloop_lag_p99_seconds') * 1000)} / ${ms(total(after, 'nodejs_eventloop_lag_max_seconds') * 1000)} | ` +
      `${Math.round(gc.count)}, ${ms(gc.sum * 1000)}, ${ms(quantile(gc, 1) * 1000)} |`);
  }
  lines.push(`| load generator and subscriber (this process) | ${ms(r.loadEventLoopP99Ms)} / ${ms(r.loadEventLoopMaxMs)} | – |`);
  const cpu = cpuLine(r.before, r.after);
  const bg = (k: 'app' | 'temporal') => {
    const d = (f: string) => r.after.bgwriter[k][f]! - r.before.bgwriter[k][f]!;
    return `${d('checkpoints')} checkpoints (write ${ms(d('checkpoint_write_time'))} ms, sync ${ms(d('checkpoint_sync_time'))} ms, ${d('buffers_checkpoint')} buffers), backend fsyncs ${d('buffers_backend_fsync')}`;
  };
  const haproxy = readFileSync(join(LOG_DIR, 'haproxy.log')).subarray(r.before.haproxyOffset, r.after.haproxyOffset).toString('utf8').split('\n')
    .map((l) => /\s(-?\d+)\/(-?\d+)\/(-?\d+)\/(-?\d+)\/(-?\d+)\s\d{3}\s/.exec(l)).filter((m): m is RegExpExecArray => m !== null);
  const tw = sortNum(haproxy.map((m) => Number(m[2]))); const tr = sortNum(haproxy.map((m) => Number(m[4])));
  return [...lines, '',
    `CPU over the run (${seconds.toFixed(0)} s, 200 % = both cores): ${cpu}.`,
    `Transactions committed per event written: the application's database ${(( r.after.commits.app - r.before.commits.app) / r.written).toFixed(1)}, Temporal's two ${((r.after.commits.temporal - r.before.commits.temporal) / r.written).toFixed(1)}.`,
    `PostgreSQL: the application's ${bg('app')}; the machine's (Temporal's databases) ${bg('temporal')}.`,
    `Checkpoint log lines in the run: application ${r.checkpoints.app.length ? r.checkpoints.app.join('; ') : 'none'}; Temporal's ${r.checkpoints.temporal.length ? r.checkpoints.temporal.join('; ') : 'none'}.`,
    `HAProxy (${haproxy.length} requests): queue Tw p99 ${ms(p(tw, 99))} ms, max ${ms(tw.at(-1) ?? NaN)} ms; the api's answer Tr p50 ${ms(p(tr, 50))} ms, p99 ${ms(p(tr, 99))} ms.`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!RATES.every((n) => n > 0) || !(RUN_MS > 0)) throw new Error('--rates are positive numbers, --seconds a positive number');
  const tlsDir = process.env.WEBHOOK_BENCH_TLS_DIR;
  if (!tlsDir || !process.env.NODE_EXTRA_CA_CERTS) throw new Error('WEBHOOK_BENCH_TLS_DIR and NODE_EXTRA_CA_CERTS are not set: run bin/bench-cluster-tail');
  const receiver = await BenchReceiver.start(tlsDir);
  const arrivals = new Map<string, number>();
  receiver.onDelivery = ({ eventId, at, duplicate }) => { if (!duplicate) arrivals.set(eventId, at); };
  let stack: Stack | undefined;
  const app = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const machine = new pg.Pool({ connectionString: MACHINE_PG, max: 1 });
  try {
    stack = await startStack(receiver);
    const config = loadConfig(stack.env);
    const { caller, api } = await provisionLoad(config, receiver, PATH, 0);
    console.error(`-> at rest: ${IDLE_MS / 1000} s without load`);
    const restBefore = await snapshot(stack, app, machine, () => cpuGroups(stack!));
    await sleep(IDLE_MS);
    const atRest = cpuLine(restBefore, await snapshot(stack, app, machine, () => cpuGroups(stack!)));
    console.error(`-> warm-up: ${WARMUP_MS / 1000} s at ${RATES[0]} events/s (not measured)`);
    const warm = new Load(api, [], { eventsPerS: RATES[0]!, turnsPerS: 0, customerPrefix: 'warm-up' });
    warm.start();
    await sleep(WARMUP_MS);
    await warm.stop();
    await sleep(10_000);
    const runs: RunResult[] = [];
    for (const rate of RATES) {
      console.error(`-> run ${runs.length + 1}: ${rate} events/s for ${RUN_MS / 1000} s`);
      const r = await oneRun(stack, api, app, machine, arrivals, rate, runs.length + 1, caller.tenantId);
      console.error(`   commit → receipt p50 ${ms(p(r.commitToArrivalMs, 50))} ms, p99 ${ms(p(r.commitToArrivalMs, 99))} ms; ${r.arrived} of ${r.written}`);
      runs.push(r);
      await sleep(5000);
    }
    console.log(`\nThe cluster's tail, ${new Date().toISOString()}`);
    console.log(`command: ${['bin/bench-cluster-tail', ...process.argv.slice(2)].join(' ')}`);
    console.log(`${machineSummary()}. Each run: POST /conversations open loop through HAProxy :${BALANCER_PORT} (two apis), one conversation.created each to a local HTTPS subscriber; ` +
      'two workers; Temporal as four services on the machine\'s PostgreSQL (fsync on) with mutual TLS; the application\'s own PostgreSQL and Redis; everything, load generator included, on this host.\n');
    console.log(runTable(runs));
    console.log(`\nAt rest (${IDLE_MS / 1000} s without load, before the warm-up), CPU (200 % = both cores): ${atRest}.`);
    runs.forEach((r, i) => {
      console.log(`\n### Run ${i + 1} (${r.rate} events/s): where the time went\n`);
      console.log(traceTable(r.traced.slowest, r.traced.typical));
      console.log('');
      console.log(temporalTable(r));
      console.log('');
      console.log(processTable(r));
    });
    console.log(`\nLogs: ${LOG_DIR}/`);
  } finally {
    await app.end().catch(() => undefined);
    await machine.end().catch(() => undefined);
    if (stack) await stopStack(stack);
    await receiver.close();
  }
}

runBench(main);
