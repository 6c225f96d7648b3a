import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import { connectTemporalNative, temporalClient, workerDataConverter } from '../../src/temporal/connect.js';
import { Decimal } from 'decimal.js';
import pg from 'pg';
import { API_BASE_PATH, loadConfig, type Config } from '../../src/config.js';
import { postToLedger } from '../../src/domain/wallet/ledger.js';
import { workerTuning } from '../../src/temporal/worker.js';
import { INTEGRATION_ID, OPERATION_TYPE, TENANT_ID } from '../../workflows/search-attributes.js';
import {
  pidsNamed,
  CLK_TCK, benchDatabaseUrl, benchEnv, cpuPercent, cpuTicks, freePort, freshDatabase, machineSummary, mapInParallel, numberOptions, percentile,
  procStat, provisionCaller, rssKib, runBench, startApi, startWorker, stopChild, withOrm,
} from './bench-support.js';
import { ApiClient, CARDS, QUESTIONS, mustCall, type Answer } from './api-client.js';

/**
 * N concurrent customer turns, POST /conversations/{id}/messages?wait=S, on the builtin seller,
 * against the real api and worker processes. Not a test and not in CI: run `bin/bench-ai-reply`
 * (see docs/benchmarks.md), which starts a Temporal dev server of its own.
 *
 *   --requests N   concurrent customer turns, one per conversation (500)
 *   --wait S       the wait query parameter, seconds (20)
 *   --timeout S    client deadline of one request, and then how long to wait for every
 *                  operation to finish before the charges are checked (300)
 *   --warmup N     customer turns before the burst, 5 at a time on conversations of their own, unmeasured (10)
 *
 * Needs TEMPORAL_ADDRESS (a Temporal server with the project's search attributes). Database:
 * BENCH_AI_DATABASE_URL (.../sales_api_bench_ai), dropped and created fresh each run. Redis:
 * BENCH_REDIS_URL (redis://127.0.0.1:6379/0) under the key prefix bench-ai:<pid>:. With
 * BENCH_TEMPORAL_PID the Temporal server's CPU is sampled too; with BENCH_AI_LOG_DIR the api's
 * and the worker's output go to api.log and worker.log there (else to this terminal).
 */

const args = numberOptions({ requests: 500, wait: 20, timeout: 300, warmup: 10 });
const REQUESTS = args.requests;
const WAIT_S = args.wait;
const TIMEOUT_MS = args.timeout * 1000;
const WARMUP = args.warmup;

const DATABASE_URL = benchDatabaseUrl('BENCH_AI_DATABASE_URL', 'sales_api_bench_ai');
const LOG_DIR = process.env.BENCH_AI_LOG_DIR || undefined;
const TEMPORAL_PID = process.env.BENCH_TEMPORAL_PID ? Number(process.env.BENCH_TEMPORAL_PID) : undefined;
/** How bin/bench-ai-reply started the Temporal dev server: SQLite in a file (default) or in memory. */
const TEMPORAL_DB = process.env.BENCH_TEMPORAL_DB === 'memory' ? 'SQLite in memory' : 'SQLite file';
const SAMPLE_MS = 200;

/** Raised so that the benchmark measures the engine, not the refusals (printed with the results). */
const RAISED = {
  RATE_LIMIT_READ_PER_MIN: '100000000',
  RATE_LIMIT_WRITE_PER_MIN: '100000000',
  RATE_LIMIT_PAID_PER_MIN: '100000000',
  PAID_CONCURRENCY: String(Math.max(2 * REQUESTS, 1000)),
};

const ENV = benchEnv({ name: 'bench-ai', nodeEnv: 'production', databaseUrl: DATABASE_URL }, { AI_PROVIDER: 'builtin', AI_BUILTIN_PRICE_RUB: '1.50', ...RAISED });

// ---------------------------------------------------------------------------------------------
// Data

interface Tenant {
  tenantId: string;
  apiKey: string;
  topupRub: string;
}

/** One tenant, an integration with every scope (loopback allowlist, the ru conditions), a key, a wallet with `topupRub`. */
async function provision(config: Config, topupRub: string): Promise<Tenant> {
  const now = new Date();
  return withOrm(config, (orm) => orm.em.fork().transactional(async (em) => {
    const { tenantId, apiKey } = await provisionCaller(em, config, 'Bench Electronics', now);
    await postToLedger(em, { tenantId, kind: 'topup', amountRub: topupRub, description: 'benchmark balance' }, now);
    return { tenantId, apiKey, topupRub };
  }));
}

// ---------------------------------------------------------------------------------------------
// The floor

interface FloorRun {
  count: number;
  /** Start call to the workflow's last step, per workflow. */
  latencies: number[];
  /** First start call to the last workflow's last step. */
  totalMs: number;
}

/**
 * The Temporal floor beside the burst: as many no-op workflows of the operation's shape
 * (test/bench/floor-workflows.ts) started at once on the same server, by a client as the api
 * starts them (not eager), with a worker in this process sized as the project's (workerTuning).
 */
async function measureFloor(config: Config, count: number): Promise<FloorRun> {
  const taskQueue = `${config.temporal.taskQueue}-floor`;
  /** Steps reached per workflow, and when the last one (the third local step) was. */
  const steps = new Map<string, number>();
  const finished = new Map<string, number>();
  const connection = await connectTemporalNative(config);
  const worker = await Worker.create({
    connection, namespace: config.temporal.namespace, taskQueue,
    workflowsPath: fileURLToPath(new URL('./floor-workflows.js', import.meta.url)),
    // The project's data converter, so the floor pays for sealing as the project's workers do.
    dataConverter: workerDataConverter(config, fileURLToPath(new URL('../..', import.meta.url))),
    activities: {
      floorStep: async (id: string) => {
        const n = (steps.get(id) ?? 0) + 1;
        steps.set(id, n);
        if (n === 3) finished.set(id, Date.now());
      },
    },
    ...workerTuning(config, 'interactive'),
  });
  const running = worker.run();
  const client = temporalClient(config, connection);
  const start = async (): Promise<{ key: string; at: number }> => {
    const key = randomUUID();
    const at = Date.now();
    await client.workflow.start('operationFloorWorkflow', {
      workflowId: `floor-op:${key}`, taskQueue, args: [key],
      typedSearchAttributes: [
        { key: TENANT_ID, value: 'bench' }, { key: INTEGRATION_ID, value: 'bench' }, { key: OPERATION_TYPE, value: 'conversation.ai_reply' },
      ],
    });
    return { key, at };
  };
  try {
    await Promise.all(Array.from({ length: 10 }, start));
    const began = Date.now();
    const started = await Promise.all(Array.from({ length: count }, start));
    const deadline = Date.now() + TIMEOUT_MS;
    while (!started.every(({ key }) => finished.has(key)) && Date.now() < deadline) await sleep(50);
    const ends = started.filter(({ key }) => finished.has(key)).map(({ key, at }) => ({ at, end: finished.get(key)! }));
    return { count, latencies: ends.map(({ at, end }) => end - at), totalMs: Math.max(...ends.map(({ end }) => end)) - began };
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Sampling of /proc

/**
 * CPU ticks of every process on the machine, with a short name (comm and the start of its
 * command line). Children's ticks included (cutime + cstime): a short-lived process that ends
 * during the burst shows up in its parent (its whole life, so slightly more than the burst).
 */
function allProcesses(): Map<number, { name: string; ticks: number }> {
  const out = new Map<number, { name: string; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const fields = procStat(pid);
    if (!fields) continue;
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    let name: string;
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).map((w) => w.split('/').at(-1)).join(' ');
      name = `${comm}: ${cmd}`.slice(0, 90);
    } catch {
      continue;
    }
    out.set(pid, { name, ticks });
  }
  return out;
}

/** The processes outside `exclude` that used most CPU between two snapshots, in % of one core. */
function topOthers(before: Map<number, { name: string; ticks: number }>, after: Map<number, { name: string; ticks: number }>, ms: number, exclude: Set<number>): string[] {
  const rows: { name: string; pct: number }[] = [];
  for (const [pid, a] of after) {
    if (exclude.has(pid)) continue;
    const used = a.ticks - (before.get(pid)?.ticks ?? 0);
    if (used > 0) rows.push({ name: `${a.name} [${pid}]${before.has(pid) ? '' : ' (started during the burst)'}`, pct: cpuPercent(used, ms) });
  }
  return rows.sort((x, y) => y.pct - x.pct).slice(0, 8).map((r) => `${r.pct.toFixed(0)} % ${r.name}`);
}

/** Busy and total jiffies of the whole machine (all cores). */
function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - cpu[3]! - cpu[4]!, total };
}

interface Watched {
  name: string;
  /** One pid, or a group found by name at every sample (PostgreSQL backends). */
  pids: () => number[];
  rss: boolean;
}

interface Sample {
  at: number;
  /** Per watched name: pid -> CPU ticks and when they were read (the event loop may be late between reads). */
  ticks: Map<string, Map<number, { t: number; at: number }>>;
  rss: Map<string, number>;
  machine: { busy: number; total: number };
  own: NodeJS.CpuUsage;
}

class Sampler {
  readonly samples: Sample[] = [];
  private timer?: NodeJS.Timeout;

  constructor(readonly watched: Watched[]) {}

  sample(): Sample {
    const s: Sample = { at: performance.now(), ticks: new Map(), rss: new Map(), machine: machineTicks(), own: process.cpuUsage() };
    for (const w of this.watched) {
      const ticks = new Map<number, { t: number; at: number }>();
      let rss = 0;
      for (const pid of w.pids()) {
        const t = cpuTicks(pid);
        if (t !== null) ticks.set(pid, { t, at: performance.now() });
        if (w.rss) rss += rssKib(pid) ?? 0;
      }
      s.ticks.set(w.name, ticks);
      if (w.rss) s.rss.set(w.name, rss);
    }
    this.samples.push(s);
    return s;
  }

  start(): void {
    this.samples.length = 0;
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
  }

  stop(): Sample[] {
    clearInterval(this.timer);
    this.sample();
    return [...this.samples];
  }
}

/** CPU of one watched process (or group) between two samples, in % of one core; pids present in both only. */
function cpuBetween(a: Sample, b: Sample, name: string): number {
  const before = a.ticks.get(name)!;
  const after = b.ticks.get(name)!;
  let pct = 0;
  for (const [pid, t] of after) {
    const t0 = before.get(pid);
    if (t0 !== undefined && t.at > t0.at) pct += cpuPercent(t.t - t0.t, t.at - t0.at);
  }
  return pct;
}

interface Usage {
  name: string;
  restRssMiB: number | null;
  peakRssMiB: number | null;
  meanCpu: number;
  peakCpu: number;
}

function usage(rest: Sample[], burst: Sample[], watched: Watched[], ncpu: number): Usage[] {
  const mib = (kib: number) => kib / 1024;
  const rows: Usage[] = watched.map((w) => {
    const intervals = burst.slice(1).map((s, i) => cpuBetween(burst[i]!, s, w.name));
    return {
      name: w.name,
      restRssMiB: w.rss ? mib(Math.max(...rest.map((s) => s.rss.get(w.name) ?? 0))) : null,
      peakRssMiB: w.rss ? mib(Math.max(...burst.map((s) => s.rss.get(w.name) ?? 0))) : null,
      meanCpu: cpuBetween(burst[0]!, burst[burst.length - 1]!, w.name),
      peakCpu: Math.max(...intervals),
    };
  });
  const machine = (a: Sample, b: Sample) => ((b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total)) * 100 * ncpu;
  const own = (a: Sample, b: Sample) => ((b.own.user + b.own.system - a.own.user - a.own.system) / 1000 * 100) / (b.at - a.at);
  const pairs = burst.slice(1).map((s, i) => [burst[i]!, s] as const);
  const [first, last] = [burst[0]!, burst[burst.length - 1]!];
  rows.push({ name: 'this benchmark process (the load)', restRssMiB: null, peakRssMiB: null, meanCpu: own(first, last), peakCpu: Math.max(...pairs.map(([a, b]) => own(a, b))) });
  const ours = rows.reduce((sum, r) => sum + r.meanCpu, 0) + own(first, last);
  rows.push({ name: 'everything else on the machine (mean: whole machine − the rows above)', restRssMiB: null, peakRssMiB: null, meanCpu: Math.max(0, machine(first, last) - ours), peakCpu: NaN });
  rows.push({ name: `whole machine (${ncpu} cores = ${ncpu * 100} %)`, restRssMiB: null, peakRssMiB: null, meanCpu: machine(first, last), peakCpu: Math.max(...pairs.map(([a, b]) => machine(a, b))) });
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Figures

interface Spread {
  name: string;
  values: number[];
}

function spreadTable(rows: Spread[]): string {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—');
  const lines = ['| latency (ms) | count | p50 | p90 | p99 | max |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    const v = [...r.values].sort((a, b) => a - b);
    lines.push(`| ${r.name} | ${v.length} | ${ms(percentile(v, 50))} | ${ms(percentile(v, 90))} | ${ms(percentile(v, 99))} | ${ms(v[v.length - 1] ?? NaN)} |`);
  }
  return lines.join('\n');
}

function usageTable(rows: Usage[]): string {
  const f = (n: number | null, unit: string) => (n === null || !Number.isFinite(n) ? '—' : `${n.toFixed(0)} ${unit}`);
  return ['| process | RSS at rest | peak RSS during the burst | mean CPU during the burst | peak CPU (200 ms) |', '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${f(r.restRssMiB, 'MiB')} | ${f(r.peakRssMiB, 'MiB')} | ${f(r.meanCpu, '%')} | ${f(r.peakCpu, '%')} |`)].join('\n');
}

interface Turn {
  conversationId: string;
  answer: Answer;
}

function outcome(a: Answer): string {
  if (a.error) return `error ${a.error}`;
  if (a.status === 200 || a.status === 202) return `${a.status} ${a.body?.ai_reply?.status ?? '?'}`;
  return `${a.status} ${a.body?.code ?? a.body?.type ?? ''}`.trim();
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (![REQUESTS, TIMEOUT_MS].every((n) => Number.isInteger(n) && n > 0) || !Number.isInteger(WAIT_S) || WAIT_S < 0 || WAIT_S > 20 || !Number.isInteger(WARMUP) || WARMUP < 0) {
    throw new Error('--requests and --timeout are positive integers, --wait 0 to 20, --warmup zero or more');
  }
  if (TIMEOUT_MS <= WAIT_S * 1000) throw new Error('--timeout must be longer than --wait');
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-ai-reply (it starts a Temporal dev server)');
  const config = loadConfig(ENV);
  const priceRub = new Decimal(config.ai.builtinPriceRub);
  // Each turn reserves its ceiling (the builtin price) until its operation ends: room for all, twice over.
  const topupRub = Decimal.max(1_000_000, priceRub.times(REQUESTS + WARMUP).times(2)).toFixed(2);

  console.error(`-> floor: ${REQUESTS} no-op workflows of the operation's shape at once`);
  const floor = await measureFloor(config, REQUESTS);
  console.error(`   ${floor.latencies.length} of ${REQUESTS} finished, the last after ${floor.totalMs} ms`);

  await freshDatabase(config);
  const tenant = await provision(config, topupRub);
  const sql = new pg.Client({ connectionString: DATABASE_URL });
  await sql.connect();

  const apiPort = await freePort();
  let api: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  let client: ApiClient | undefined;
  try {
    console.error(`-> api on 127.0.0.1:${apiPort} and a worker (task queue ${config.temporal.taskQueue}, Temporal ${config.temporal.address})`);
    worker = await startWorker(ENV, { withinMs: 120_000, logDir: LOG_DIR });
    api = await startApi(ENV, { port: apiPort, readyPath: '/readyz', withinMs: 60_000, logDir: LOG_DIR });
    client = new ApiClient(apiPort, tenant.apiKey, REQUESTS + 50);
    const c = client;

    console.error(`-> ${CARDS.length} ai_enabled cards, ${REQUESTS + WARMUP} conversations (unmeasured)`);
    for (const [i, card] of CARDS.entries()) {
      await mustCall(c, 'card', 'POST', '/cards', {
        code: card.code, name: card.name, description: card.description, price: { amount: card.amount, currency: 'RUB' },
        page_url: `https://shop.example.com/p/${card.code}`, ai_enabled: true, sort: i,
      }, 201, randomUUID());
    }
    // As many parallel creations as the burst has requests, so that the agent holds that many open sockets.
    const conversations = await mapInParallel(REQUESTS + WARMUP, REQUESTS + WARMUP, async (i) =>
      (await mustCall(c, 'conversation', 'POST', '/conversations', { external_customer_id: `bench-customer-${i}`, name: `Покупатель ${i}` }, 201)).body.id as string);
    const warmupIds = conversations.slice(REQUESTS);
    const measuredIds = conversations.slice(0, REQUESTS);

    if (WARMUP > 0) {
      console.error(`-> warm-up: ${WARMUP} turns, 5 at a time, wait=${WAIT_S}`);
      const warm = await mapInParallel(WARMUP, 5, (i) => c.call('POST', `/conversations/${warmupIds[i]}/messages?wait=${WAIT_S}`, { content: QUESTIONS[i % QUESTIONS.length] }, { idempotencyKey: randomUUID(), timeoutMs: TIMEOUT_MS }));
      const notReplied = warm.filter((a) => !(a.status === 200 && a.body?.ai_reply?.status === 'replied'));
      console.error(`   ${WARMUP - notReplied.length} of ${WARMUP} replied within wait; latencies ${warm.map((a) => a.doneAt - a.sentAt).join(', ')} ms`);
      for (const a of notReplied.slice(0, 3)) console.error(`   warm-up answer ${outcome(a)}: ${a.text.slice(0, 400)}`);
      await waitForOperations(sql, tenant.tenantId, 120_000);
    }

    const watched: Watched[] = [
      { name: 'api (dist/src/server.js)', pids: () => [api!.pid!], rss: true },
      { name: 'worker (dist/src/worker.js)', pids: () => [worker!.pid!], rss: true },
      ...(TEMPORAL_PID ? [{ name: `Temporal dev server (${TEMPORAL_DB})`, pids: () => [TEMPORAL_PID], rss: true }] : []),
      { name: 'PostgreSQL (all processes)', pids: () => pidsNamed('postgres'), rss: false },
    ];
    const sampler = new Sampler(watched);
    console.error('-> at rest: sampling for 3 s');
    sampler.start();
    await sleep(3000);
    const rest = sampler.stop();

    const loadBefore = os.loadavg()[0]!;
    console.error(`-> burst: ${REQUESTS} concurrent POST /conversations/{id}/messages?wait=${WAIT_S}`);
    const processesBefore = allProcesses();
    const burstClock = performance.now();
    sampler.start();
    const burstStart = Date.now();
    const turns: Turn[] = await Promise.all(measuredIds.map(async (conversationId, i) => ({
      conversationId,
      answer: await c.call('POST', `/conversations/${conversationId}/messages?wait=${WAIT_S}`, { content: QUESTIONS[i % QUESTIONS.length] }, { idempotencyKey: randomUUID(), timeoutMs: TIMEOUT_MS }),
    })));
    const burstEnd = Date.now();
    const burst = sampler.stop();
    const ourPids = new Set([api.pid!, worker.pid!, process.pid, ...(TEMPORAL_PID ? [TEMPORAL_PID] : []), ...pidsNamed('postgres')]);
    const others = topOthers(processesBefore, allProcesses(), performance.now() - burstClock, ourPids);
    const lastSent = Math.max(...turns.map((t) => t.answer.sentAt));
    console.error(`   all answered in ${burstEnd - burstStart} ms (the last request was sent ${lastSent - burstStart} ms after the first)`);

    console.error(`-> waiting for every operation to finish (up to ${TIMEOUT_MS / 1000} s)`);
    const unfinished = await waitForOperations(sql, tenant.tenantId, TIMEOUT_MS);

    // Outcomes
    const byOutcome = new Map<string, number>();
    for (const t of turns) byOutcome.set(outcome(t.answer), (byOutcome.get(outcome(t.answer)) ?? 0) + 1);
    const replied = turns.filter((t) => t.answer.status === 200 && t.answer.body?.ai_reply?.status === 'replied');
    const accepted = turns.filter((t) => t.answer.status === 202);
    const failures = turns.filter((t) => !(t.answer.status === 200 || t.answer.status === 202) || t.answer.error || (t.answer.status === 200 && t.answer.body?.ai_reply?.status !== 'replied'));

    // The operations of the measured turns, from the database.
    const opIds = turns.map((t) => t.answer.body?.operation?.id as string | undefined).filter((id): id is string => !!id);
    const ops = (await sql.query<{ id: string; status: string; created_at: Date; workflow_started_at: Date | null; started_at: Date | null; completed_at: Date | null }>(
      `select id, status, created_at, workflow_started_at, started_at, completed_at from operations where id = any($1::uuid[])`, [opIds])).rows;
    const opById = new Map(ops.map((o) => [o.id, o]));
    const phases = { sendToCreated: [] as number[], createdToWorkflowStarted: [] as number[], createdToRunning: [] as number[], runningToCompleted: [] as number[], completedToAnswer: [] as number[], sendToCompleted: [] as number[] };
    for (const t of turns) {
      const op = opById.get(t.answer.body?.operation?.id as string);
      if (!op) continue;
      const created = op.created_at.getTime();
      phases.sendToCreated.push(created - t.answer.sentAt);
      if (op.workflow_started_at) phases.createdToWorkflowStarted.push(op.workflow_started_at.getTime() - created);
      if (op.started_at) phases.createdToRunning.push(op.started_at.getTime() - created);
      if (op.started_at && op.completed_at) phases.runningToCompleted.push(op.completed_at.getTime() - op.started_at.getTime());
      if (op.completed_at) {
        phases.sendToCompleted.push(op.completed_at.getTime() - t.answer.sentAt);
        if (t.answer.status === 200) phases.completedToAnswer.push(t.answer.doneAt - op.completed_at.getTime());
      }
    }

    // Charges: exactly one per succeeded operation, of the tenant (warm-up included) and of the burst.
    const counts = (await sql.query<{ succeeded: string; other: string; charges: string; charged_ops: string; charged_rub: string; balance_rub: string; burst_charges: string; ai_messages: string; doubled: string }>(
      `select (select count(*) from operations where tenant_id = $1 and status = 'succeeded') as succeeded,
              (select count(*) from operations where tenant_id = $1 and status <> 'succeeded') as other,
              (select count(*) from wallet_ledger where tenant_id = $1 and kind = 'charge') as charges,
              (select count(distinct operation_id) from wallet_ledger where tenant_id = $1 and kind = 'charge') as charged_ops,
              (select coalesce(sum(-amount_rub), 0) from wallet_ledger where tenant_id = $1 and kind = 'charge') as charged_rub,
              (select balance_rub from wallets where tenant_id = $1) as balance_rub,
              (select count(*) from wallet_ledger where kind = 'charge' and operation_id = any($2::text[])) as burst_charges,
              (select count(*) from messages where tenant_id = $1 and sender = 'ai' and conversation_id = any($3::uuid[])) as ai_messages,
              (select count(*) from (select conversation_id from messages where tenant_id = $1 and sender = 'ai' group by conversation_id having count(*) > 1) d) as doubled`,
      [tenant.tenantId, opIds, measuredIds])).rows[0]!;
    const burstSucceeded = ops.filter((o) => o.status === 'succeeded').length;
    const chargeChecks = [
      { ok: Number(counts.charges) === Number(counts.succeeded), text: `charges ${counts.charges} = succeeded operations ${counts.succeeded} (whole tenant, warm-up included)` },
      { ok: Number(counts.charged_ops) === Number(counts.charges), text: `distinct charged operations ${counts.charged_ops} = charges ${counts.charges}` },
      { ok: Number(counts.burst_charges) === burstSucceeded, text: `charges of the burst's operations ${counts.burst_charges} = its succeeded operations ${burstSucceeded}` },
      { ok: new Decimal(tenant.topupRub).minus(counts.charged_rub).equals(counts.balance_rub), text: `balance ${counts.balance_rub} RUB = top-up ${tenant.topupRub} − charges ${new Decimal(counts.charged_rub).toFixed(2)}` },
      { ok: new Decimal(counts.charged_rub).equals(priceRub.times(counts.charges)), text: `charged ${new Decimal(counts.charged_rub).toFixed(2)} RUB = ${counts.charges} × ${priceRub.toFixed(2)}` },
      { ok: Number(counts.doubled) === 0, text: `conversations with more than one AI message: ${counts.doubled}` },
      { ok: Number(counts.ai_messages) === burstSucceeded, text: `AI messages in the burst's conversations ${counts.ai_messages} = its succeeded operations ${burstSucceeded}` },
      { ok: unfinished === 0, text: `operations still queued or running ${(TIMEOUT_MS / 1000).toFixed(0)} s after the burst: ${unfinished}` },
    ];

    const ncpu = os.cpus().length;
    const usageRows = usage(rest, burst, watched, ncpu);

    // Report
    const command = [...(TEMPORAL_DB === 'SQLite in memory' ? ['BENCH_AI_TEMPORAL_DB=memory'] : []), 'bin/bench-ai-reply', ...process.argv.slice(2)].join(' ');
    console.log(`\nAI replies: ${REQUESTS} concurrent customer turns with wait=${WAIT_S}, ${new Date().toISOString()}`);
    console.log(`command: ${command}`);
    console.log(`${machineSummary()}; load average ${loadBefore.toFixed(2)} before the burst; ${WARMUP} warm-up turns before it.`);
    console.log(`api and one worker as child processes, NODE_ENV production, LOG_LEVEL warn, AI_PROVIDER builtin (${priceRub.toFixed(2)} RUB a reply), DB_POOL_MAX ${config.dbPoolMax}, AUTH_CACHE_MS ${config.authCacheMs}, WALLET_CACHE_MS ${config.walletCacheMs}, OPERATION_SWEEP_MS ${config.operations.sweepMs};`);
    console.log(`raised for the run: ${Object.entries(RAISED).map(([k, v]) => `${k}=${v}`).join(', ')}; wallet topped up with ${topupRub} RUB; ${CARDS.length} ai_enabled cards.`);
    const completedAt = ops.map((o) => o.completed_at?.getTime() ?? NaN).filter(Number.isFinite);
    const lastCompleted = completedAt.length ? Math.max(...completedAt) : NaN;
    console.log(`burst: ${REQUESTS} requests sent in ${lastSent - burstStart} ms over ${REQUESTS} keep-alive connections, all answered after ${burstEnd - burstStart} ms;`);
    console.log(`the last of ${completedAt.length} replies was ready ${((lastCompleted - burstStart) / 1000).toFixed(1)} s after the first send: ${((completedAt.length * 1000) / (lastCompleted - burstStart)).toFixed(1)} replies/s. Temporal dev server: ${TEMPORAL_DB}.\n`);
    console.log(`The floor, first: ${floor.count} no-op workflows of the operation's shape (a local step, the model call as a regular activity, a local step; test/bench/floor-workflows.ts) started at once on the same Temporal server by a client as the api starts them, a worker in the benchmark process with the same options: ${floor.latencies.length} finished, the last ${(floor.totalMs / 1000).toFixed(1)} s after the first start, ${((floor.latencies.length * 1000) / floor.totalMs).toFixed(1)} workflows/s.\n`);
    console.log(spreadTable([{ name: 'floor: start → last step', values: floor.latencies }]));
    console.log('');
    console.log('| requests | 200 replied within wait | 202 (wait elapsed) | other answers | answers by outcome |');
    console.log('| ---: | ---: | ---: | ---: | --- |');
    console.log(`| ${REQUESTS} | ${replied.length} | ${accepted.length} | ${failures.length} | ${[...byOutcome].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}: ${v}`).join(', ')} |\n`);
    console.log(spreadTable([
      { name: '**send → answer, every request**', values: turns.filter((t) => !t.answer.error).map((t) => t.answer.doneAt - t.answer.sentAt) },
      { name: 'send → answer, 200 replied only', values: replied.map((t) => t.answer.doneAt - t.answer.sentAt) },
      { name: 'send → reply ready (operation completed_at), every operation', values: phases.sendToCompleted },
      { name: 'phase: send → turn handler starts (operation created_at: auth, pool, idempotency)', values: phases.sendToCreated },
      { name: 'phase: handler start → workflow started (admission lock, commit, Temporal start)', values: phases.createdToWorkflowStarted },
      { name: 'phase: handler start → running (beginOperation activity)', values: phases.createdToRunning },
      { name: 'phase: running → completed (model + charge)', values: phases.runningToCompleted },
      { name: 'phase: completed → answer received (200 only)', values: phases.completedToAnswer },
    ]));
    console.log('');
    console.log(usageTable(usageRows));
    console.log(`\nCPU in % of one core, sampled every ${SAMPLE_MS} ms from /proc/<pid>/stat (utime+stime, ${CLK_TCK} ticks/s); RSS = VmRSS of /proc/<pid>/status, at rest = highest of 3 s before the burst.`);
    console.log(`\nother processes that used most CPU during the burst, with their ended children (% of one core): ${others.join('; ') || 'none'}.`);
    console.log('\nchecks:');
    for (const ch of chargeChecks) console.log(`- ${ch.ok ? 'ok' : 'FAILED'}: ${ch.text}`);

    if (failures.length) {
      console.error('\nanswers other than 200 replied / 202 (first 5 kinds):');
      const seen = new Set<string>();
      for (const t of failures) {
        const kind = outcome(t.answer);
        if (seen.has(kind)) continue;
        seen.add(kind);
        if (seen.size > 5) break;
        console.error(`- POST ${API_BASE_PATH}/conversations/${t.conversationId}/messages?wait=${WAIT_S} -> ${t.answer.status || t.answer.error} after ${t.answer.doneAt - t.answer.sentAt} ms: ${t.answer.text.slice(0, 600)}`);
      }
    }
    if (LOG_DIR) console.error(`\napi and worker output: ${LOG_DIR}/api.log, ${LOG_DIR}/worker.log`);
    if (failures.length || chargeChecks.some((ch) => !ch.ok)) {
      console.error('\nsome requests failed or a check did not hold: see above');
      process.exitCode = 1;
    }
  } finally {
    client?.close();
    await stopChild(api);
    await stopChild(worker);
    await sql.end();
  }
}

/** Polls until no operation of the tenant is queued or running; returns how many still are at the deadline. */
async function waitForOperations(sql: pg.Client, tenantId: string, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { rows } = await sql.query<{ n: string }>(`select count(*) as n from operations where tenant_id = $1 and status in ('queued', 'running')`, [tenantId]);
    const n = Number(rows[0]!.n);
    if (n === 0 || Date.now() > deadline) return n;
    await sleep(500);
  }
}

runBench(main);
