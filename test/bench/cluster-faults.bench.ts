import type { ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { deploymentVersionOf, promoteBuild } from '../../src/temporal/worker-versioning.js';
import { AI_REPLY_WAITS_FIRST, changedBundle } from '../harness/changed-bundle.js';
import { machineSummary, percentile, runBench } from './bench-support.js';
import type { ApiClient } from './api-client.js';
import { BenchReceiver } from './webhook-receiver.js';
import { DATABASE_URL, Load, TURN_TIMEOUT_MS, WAIT_S, WRITE_TIMEOUT_MS, isProblem, provisionLoad, startStack, stopStack, succeeded, withClient, type Call, type Stack } from './cluster-run.js';
import {
  API_PORTS, BALANCER_PORT, LOG_DIR, PG_PORT, REDIS_PORT, RUN_DIR, failedWorkflowTasks, frontendAnswers, startApi, startPostgres, startRedis, startTemporalService,
  startWorkerProcess, stopPostgres, stopProcess,
} from './cluster-stack.js';

/**
 * A rolling deploy (--roll) or faults under load on the local Temporal cluster (issue 26, items
 * 5 and 6; issue 40, item 6: the roll deploys a changed workflow version, Worker Versioning's
 * procedure of docs/operating.md). Not a test and not in CI: run bin/cluster-roll or bin/cluster-faults, which prepare
 * the Temporal databases and schema, the run's PostgreSQL data directory and the TLS material.
 * Load, open loop through the balancer: `--events` POST /conversations per second (each commits
 * one conversation.created event, delivered to a local HTTPS subscriber) and `--turns` paid AI
 * turns per second, POST /conversations/{id}/messages?wait=20 on the builtin seller.
 */

const { values } = parseArgs({
  options: {
    roll: { type: 'boolean', default: false },
    only: { type: 'string', default: 'history,matching,frontend,postgres,redis,worker' },
    down: { type: 'string', default: '15' },
    gap: { type: 'string', default: '20' },
    events: { type: 'string', default: '40' },
    turns: { type: 'string', default: '2' },
    drain: { type: 'string', default: '300' },
  },
});
const ROLL = values.roll;
// --only none: no fault, the stack under load and every check (bin/test's cluster smoke).
const FAULTS = (values.only === 'none' ? [] : values.only.split(',').map((f) => f.trim())) as Fault[];
const DOWN_MS = Number(values.down) * 1000;
const GAP_MS = Number(values.gap) * 1000;
const EVENTS_PER_S = Number(values.events);
const TURNS_PER_S = Number(values.turns);
const DRAIN_MS = Number(values.drain) * 1000;
const PATH = '/hooks/faults';

type Fault = 'history' | 'matching' | 'frontend' | 'postgres' | 'redis' | 'worker';
const FAULT_NAMES: Record<Fault, string> = {
  history: 'SIGKILL Temporal history',
  matching: 'SIGKILL Temporal matching',
  frontend: 'SIGKILL Temporal frontend',
  postgres: 'stop the application PostgreSQL (immediate)',
  redis: 'SIGKILL the application Redis',
  worker: 'SIGKILL worker-1',
};

// ---------------------------------------------------------------------------------------------
// The stack

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Phase {
  name: string;
  /** SIGTERM, SIGKILL or stop. */
  downAt: number;
  /** The old process exited (roll). */
  exitedAt?: number;
  /** The restart was issued. */
  restartAt: number;
  /** The new process answered (port open, /readyz, metrics). */
  readyAt: number;
  /** Until the next phase (or the end of the load). */
  endAt: number;
}

/** What the versioned deploy of the workers saw (figures below the table). */
interface VersionDeploy {
  from: WorkerDeploymentVersion;
  to: WorkerDeploymentVersion;
  promotedAt: number;
  /** The old version's pinned runs all closed (its workers then stopped). */
  drainedAt: number;
  /** Workflow tasks failed by the old workers (scraped just before they stopped). */
  oldFailedTasks: number;
}

/**
 * The next build: this build (dist/) copied into the run's directory with the changed workflow
 * code of AI_REPLY_WAITS_FIRST (a PINNED type's commands changed: a run that crossed builds
 * would fail its task) bundled in: its own workflow-bundle.js, so its own build id.
 */
async function nextBuild(): Promise<{ script: URL; bundle: string }> {
  const dist = fileURLToPath(new URL('../../', import.meta.url));
  const next = join(RUN_DIR, 'dist-next');
  cpSync(dist, next, { recursive: true, filter: (src) => !src.startsWith(join(dist, 'deploys')) });
  copyFileSync(await changedBundle(dist, `cluster-roll-${process.pid}`, [AI_REPLY_WAITS_FIRST]), join(next, 'workflow-bundle.js'));
  return { script: pathToFileURL(join(next, 'src', 'worker.js')), bundle: join(next, 'workflow-bundle.js') };
}

/** Open PINNED runs of a version: what keeps its workers needed (the drainage the server reports). */
const pinnedRunning = (client: Client, v: WorkerDeploymentVersion) => client.workflow.count(
  `TemporalWorkerDeploymentVersion = '${v.deploymentName}:${v.buildId}' AND TemporalWorkflowVersioningBehavior = 'Pinned' AND ExecutionStatus = 'Running'`);

/**
 * The workers' deploy of a changed workflow version (docs/operating.md, "Deploying a workflow
 * change"), gently on a small machine: the new build's workers start one at a time, each one
 * polling every queue (ready) before the next starts, a gap after each; then its version is
 * promoted (current), the old version drains (its pinned runs, AI replies under way, finish on
 * it), and the old workers get SIGTERM one at a time. Each start is a phase of its own in the
 * table, so the cost of a worker's start under load shows apart from the rest.
 */
async function deployVersion(stack: Stack, phases: Phase[]): Promise<VersionDeploy> {
  const config = loadConfig(stack.env);
  const next = await nextBuild();
  const [from, to] = [deploymentVersionOf(config), deploymentVersionOf(config, next.bundle)];
  console.error(`-> deploying workers of ${to.buildId} beside ${from.buildId}, one at a time`);
  const fresh: ChildProcess[] = [];
  for (const i of [2, 3]) {
    const downAt = Date.now();
    fresh.push(await startWorkerProcess(stack.env, i, next.script));
    const readyAt = Date.now();
    phases.push({ name: `worker-${i + 1} (${to.buildId}) started beside the others, polling`, downAt, restartAt: downAt, readyAt, endAt: 0 });
    console.error(`   worker-${i + 1} polling ${s1(readyAt - downAt)} s after its start`);
    await sleep(GAP_MS);
  }
  const downAt = Date.now();
  await promoteBuild(config, 'bin/cluster-roll', next.bundle);
  const promotedAt = Date.now();
  console.error(`   ${to.buildId} current; draining ${from.buildId}`);
  const deadline = Date.now() + DRAIN_MS;
  await withClient(stack.env, async (client) => {
    while ((await pinnedRunning(client, from)).count > 0) {
      if (Date.now() > deadline) throw new Error(`${from.buildId} still has pinned runs ${DRAIN_MS / 1000} s after the promotion`);
      await sleep(1000);
    }
  });
  const drainedAt = Date.now();
  let oldFailedTasks = 0;
  for (const w of stack.workers) oldFailedTasks += w ? await failedWorkflowTasks(w) : 0;
  for (const w of stack.workers) await stopProcess(w, 'SIGTERM');
  const exitedAt = Date.now();
  stack.workers = fresh;
  phases.push({ name: `${to.buildId} promoted; → ready: ${from.buildId} drained; → exited: its workers stopped one at a time`, downAt, restartAt: downAt, readyAt: drainedAt, exitedAt, endAt: 0 });
  console.error(`   drained ${s1(drainedAt - promotedAt)} s after the promotion; old workers exited`);
  return { from, to, promotedAt, drainedAt, oldFailedTasks };
}

/** Where the AI replies and deliveries ran: on which version, the replies in flight at the promotion and the ones started after it. */
async function versionFigures(d: VersionDeploy, stack: Stack): Promise<{ ok: boolean; text: string }[]> {
  const on = (v: WorkerDeploymentVersion) => `TemporalWorkerDeploymentVersion = '${v.deploymentName}:${v.buildId}'`;
  const at = new Date(d.promotedAt).toISOString();
  // The routing reaches every task queue partition within moments of the promotion's answer.
  const settled = new Date(d.promotedAt + 5000).toISOString();
  const count = (client: Client, q: string) => client.workflow.count(q).then((c) => c.count);
  const newFailedTasks = (await Promise.all(stack.workers.map((w) => (w ? failedWorkflowTasks(w) : 0)))).reduce((a, b) => a + b, 0);
  return withClient(stack.env, async (client) => {
    const replies = "WorkflowType = 'aiReplyWorkflow'";
    const inFlight = `${replies} AND StartTime < '${at}' AND CloseTime > '${at}'`;
    const deliveries = "WorkflowType = 'deliveryWorkflow'";
    const [inFlightOld, inFlightNew, laterOld, laterNew, deliveriesOld, deliveriesNew, laterDeliveriesOld] = await Promise.all([
      count(client, `${inFlight} AND ${on(d.from)}`), count(client, `${inFlight} AND ${on(d.to)}`),
      count(client, `${replies} AND StartTime > '${settled}' AND ${on(d.from)}`), count(client, `${replies} AND StartTime > '${settled}' AND ${on(d.to)}`),
      count(client, `${deliveries} AND ${on(d.from)}`), count(client, `${deliveries} AND ${on(d.to)}`),
      count(client, `${deliveries} AND StartTime > '${settled}' AND ${on(d.from)}`),
    ]);
    return [
      // A run is pinned by its first workflow task, not its start: one started before the promotion whose first task came after it runs on the new build, rightly.
      { ok: true, text: `AI replies started before the promotion and closed after it: ${inFlightOld} on the old build ${d.from.buildId}, ${inFlightNew} on the new (their first task after the promotion; informational)` },
      { ok: laterOld === 0 && laterNew > 0, text: `AI replies started 5 s or more after the promotion: ${laterNew} on the new build ${d.to.buildId}, ${laterOld} on the old` },
      { ok: d.oldFailedTasks + newFailedTasks === 0, text: `failed workflow tasks (the workers' temporal_workflow_task_execution_failed): ${d.oldFailedTasks} on the old workers, ${newFailedTasks} on the new` },
      { ok: true, text: `deliveries (AUTO_UPGRADE) last run on the old build: ${deliveriesOld}, on the new: ${deliveriesNew}; old version drained ${s1(d.drainedAt - d.promotedAt)} s after the promotion` },
      // Only an eager start by an old worker (a first task it ran itself, the delivery done within it) could leave one there.
      { ok: laterDeliveriesOld === 0, text: `deliveries started 5 s or more after the promotion whose last task ran on the old build: ${laterDeliveriesOld}` },
    ];
  });
}

/** The apis one after the other (SIGTERM, drain, the new process), then the workers' deploy of a changed workflow version. */
async function roll(stack: Stack, phases: Phase[]): Promise<VersionDeploy> {
  for (const i of [0, 1] as const) {
    const name = `api-${i + 1}`;
    console.error(`-> rolling ${name}`);
    const downAt = Date.now();
    // The port is the old process's until it exits: the new one starts after its drain.
    await stopProcess(stack.apis[i], 'SIGTERM');
    const exitedAt = Date.now();
    stack.apis[i] = await startApi(stack.env, i);
    const readyAt = Date.now();
    phases.push({ name: `${name}: SIGTERM, drain, new process`, downAt, exitedAt, restartAt: exitedAt, readyAt, endAt: 0 });
    console.error(`   exited after ${((exitedAt - downAt) / 1000).toFixed(1)} s, new one ready ${((readyAt - downAt) / 1000).toFixed(1)} s after the SIGTERM`);
    await sleep(GAP_MS);
  }
  const deployed = await deployVersion(stack, phases);
  await sleep(GAP_MS);
  return deployed;
}

async function fault(stack: Stack, f: Fault): Promise<Omit<Phase, 'endAt'>> {
  const downAt = Date.now();
  let restart: () => Promise<void>;
  if (f === 'history' || f === 'matching' || f === 'frontend') {
    await stopProcess(stack.temporal[f], 'SIGKILL');
    restart = async () => { stack.temporal[f] = await startTemporalService(f); };
  } else if (f === 'postgres') {
    stopPostgres('immediate');
    restart = () => startPostgres();
  } else if (f === 'redis') {
    await stopProcess(stack.redis, 'SIGKILL');
    restart = async () => { stack.redis = await startRedis(); };
  } else {
    await stopProcess(stack.workers[0], 'SIGKILL');
    restart = async () => { stack.workers[0] = await startWorkerProcess(stack.env, 0); };
  }
  await sleep(Math.max(0, DOWN_MS - (Date.now() - downAt)));
  const restartAt = Date.now();
  await restart();
  return { name: FAULT_NAMES[f], downAt, restartAt, readyAt: Date.now() };
}

async function faults(stack: Stack, phases: Phase[]): Promise<void> {
  for (const f of FAULTS) {
    if (!FAULT_NAMES[f]) throw new Error(`unknown fault ${f}: one of ${Object.keys(FAULT_NAMES).join(', ')}`);
    console.error(`-> ${FAULT_NAMES[f]} for ${DOWN_MS / 1000} s`);
    const p = await fault(stack, f);
    phases.push({ ...p, endAt: 0 });
    console.error(`   restarted; ready ${((p.readyAt - p.restartAt) / 1000).toFixed(1)} s after the restart`);
    await sleep(GAP_MS);
  }
}

// ---------------------------------------------------------------------------------------------
// Figures

interface Arrival {
  eventId: string;
  conversationId: string;
  at: number;
  createdAt: number;
}

interface Totals {
  events: number;
  delivered: number;
  lost: number;
  lostOf201: number;
  duplicates: number;
  rejected: number;
  outOfOrder: number;
  deliveryStates: string;
  /** The states of the deliveries of the events that did not arrive (pending: late, not lost; none: no delivery row). */
  missingStates: string;
  operations: string;
  succeededOps: number;
  charges: number;
  chargedOps: number;
}

const s1 = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : '–');

function firstSuccessAfter(calls: Call[], kind: Call['kind'], t: number): number {
  const ok = calls.filter((c) => c.kind === kind && c.sentAt >= t && succeeded(c)).map((c) => c.doneAt);
  return ok.length ? Math.min(...ok) - t : NaN;
}

function firstArrivalAfter(arrivals: Arrival[], t: number): number {
  const after = arrivals.filter((a) => a.at >= t).map((a) => a.at);
  return after.length ? Math.min(...after) - t : NaN;
}

/** The answers of the calls sent in [from, to): counts, and what breaks a goal. */
function windowStats(calls: Call[], from: number, to: number) {
  const w = calls.filter((c) => c.sentAt >= from && c.sentAt < to);
  const writes = w.filter((c) => c.kind === 'write');
  const turns = w.filter((c) => c.kind === 'turn');
  const writeLatencies = writes.filter((c) => !c.error).map((c) => c.doneAt - c.sentAt).sort((a, b) => a - b);
  return {
    requests: w.length,
    ok: w.filter((c) => c.status >= 200 && c.status < 300).length,
    problems503: w.filter((c) => c.status === 503 && isProblem(c)).length,
    other5xx: w.filter((c) => c.status >= 500 && !(c.status === 503 && isProblem(c))).length,
    other4xx: w.filter((c) => c.status >= 400 && c.status < 500).length,
    connErrors: w.filter((c) => c.error && c.error !== 'client timeout').length,
    hung: w.filter((c) => c.error === 'client timeout').length,
    turns: turns.length,
    turnsAnswered: turns.filter((c) => c.status === 200 || c.status === 202).length,
    writeP99: percentile(writeLatencies, 99),
    writeMax: writeLatencies.length ? writeLatencies[writeLatencies.length - 1]! : NaN,
    turnMax: turns.some((c) => !c.error) ? Math.max(...turns.filter((c) => !c.error).map((c) => c.doneAt - c.sentAt)) : NaN,
  };
}

function phaseTable(phases: Phase[], calls: Call[], arrivals: Arrival[], duplicateTimes: number[]): string {
  const lines = ROLL
    ? ['| step | SIGTERM → exited (s) | SIGTERM → new ready (s) | requests in the step | 2xx | ≥ 500 | connection errors | hung | turns answered (200/202) of | write p99 / max (ms) | duplicates received in the step |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |']
    : ['| fault (down ' + DOWN_MS / 1000 + ' s) | requests while down | 2xx | 503 Problem | other ≥ 500 | connection errors | hung | write max while down (ms) | turn max (ms) | deliveries arrived while down | restart → ready (s) | restart → first write 201 (s) | → first reply 200 (s) | → first delivery (s) | duplicates received in the phase |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const p of phases) {
    if (ROLL) {
      const w = windowStats(calls, p.downAt, p.endAt);
      lines.push(`| ${p.name} | ${s1(p.exitedAt! - p.downAt)} | ${s1(p.readyAt - p.downAt)} | ${w.requests} | ${w.ok} | ${w.problems503 + w.other5xx} | ${w.connErrors} | ${w.hung} | ${w.turnsAnswered} of ${w.turns} | ${w.writeP99} / ${w.writeMax} | ${duplicateTimes.filter((t) => t >= p.downAt && t < p.endAt).length} |`);
    } else {
      const w = windowStats(calls, p.downAt, p.restartAt);
      lines.push(`| ${p.name} | ${w.requests} | ${w.ok} | ${w.problems503} | ${w.other5xx} | ${w.connErrors} | ${w.hung} | ${w.writeMax} | ${w.turnMax} | ${arrivals.filter((a) => a.at >= p.downAt && a.at < p.restartAt).length} | ${s1(p.readyAt - p.restartAt)} | ` +
        `${s1(firstSuccessAfter(calls, 'write', p.restartAt))} | ${s1(firstSuccessAfter(calls, 'turn', p.restartAt))} | ${s1(firstArrivalAfter(arrivals, p.restartAt))} | ${duplicateTimes.filter((t) => t >= p.downAt && t < p.endAt).length} |`);
    }
  }
  return lines.join('\n');
}

async function totals(sql: pg.Pool, tenantId: string, receiver: BenchReceiver, arrivals: Map<string, Arrival>, created: Set<string>): Promise<Totals> {
  const events = (await sql.query<{ id: string; created_at: Date }>(`select id, created_at from outbox_events where tenant_id = $1 and type = 'conversation.created'`, [tenantId])).rows;
  const delivered = events.filter((e) => arrivals.has(e.id)).length;
  const arrivedConversations = new Set([...arrivals.values()].map((a) => a.conversationId));
  // Order: an arrival is out of order when an event created after it arrived before it.
  const byArrival = [...arrivals.values()].sort((a, b) => a.at - b.at);
  let latestCreated = -Infinity;
  let outOfOrder = 0;
  for (const a of byArrival) {
    if (a.createdAt < latestCreated) outOfOrder++;
    latestCreated = Math.max(latestCreated, a.createdAt);
  }
  const missing = events.filter((e) => !arrivals.has(e.id)).map((e) => e.id);
  const states = (await sql.query<{ state: string | null; n: string }>(
    `select d.state, count(*) as n from unnest($1::text[]) e(id) left join webhook_deliveries d on d.event_id = e.id group by d.state`, [missing])).rows;
  const grouped = async (q: string) => (await sql.query<{ k: string; n: string }>(q, [tenantId])).rows.map((r) => `${r.k} ${r.n}`).join(', ');
  const c = (await sql.query<{ succeeded: string; charges: string; charged_ops: string }>(
    `select (select count(*) from operations where tenant_id = $1 and status = 'succeeded') as succeeded,
            (select count(*) from wallet_ledger where tenant_id = $1 and kind = 'charge') as charges,
            (select count(distinct operation_id) from wallet_ledger where tenant_id = $1 and kind = 'charge') as charged_ops`, [tenantId])).rows[0]!;
  return {
    events: events.length,
    delivered,
    lost: events.length - delivered,
    lostOf201: [...created].filter((id) => !arrivedConversations.has(id)).length,
    duplicates: receiver.duplicates,
    rejected: receiver.rejected,
    outOfOrder,
    missingStates: states.map((r) => `${r.state ?? 'no delivery row'} ${r.n}`).join(', '),
    deliveryStates: await grouped(`select state as k, count(*) as n from webhook_deliveries where tenant_id = $1 group by state order by state`),
    operations: await grouped(`select status as k, count(*) as n from operations where tenant_id = $1 group by status order by status`),
    succeededOps: Number(c.succeeded),
    charges: Number(c.charges),
    chargedOps: Number(c.charged_ops),
  };
}

/** Polls until every conversation.created event of the tenant arrived and no operation is queued or running. */
async function drain(sql: pg.Pool, tenantId: string, arrivals: Map<string, Arrival>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const ids = (await sql.query<{ id: string }>(`select id from outbox_events where tenant_id = $1 and type = 'conversation.created'`, [tenantId])).rows;
    const missing = ids.filter((r) => !arrivals.has(r.id)).length;
    const open = Number((await sql.query<{ n: string }>(`select count(*) as n from operations where tenant_id = $1 and status in ('queued', 'running')`, [tenantId])).rows[0]!.n);
    if ((missing === 0 && open === 0) || Date.now() > deadline) {
      console.error(`   ${missing} events not yet delivered, ${open} operations queued or running`);
      return;
    }
    await sleep(1000);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (![DOWN_MS, GAP_MS, EVENTS_PER_S, TURNS_PER_S].every((n) => Number.isFinite(n) && n > 0)) throw new Error('--down, --gap, --events and --turns are positive numbers');
  const tlsDir = process.env.WEBHOOK_BENCH_TLS_DIR;
  if (!tlsDir || !process.env.NODE_EXTRA_CA_CERTS) throw new Error('WEBHOOK_BENCH_TLS_DIR and NODE_EXTRA_CA_CERTS are not set: run bin/cluster-faults');
  const receiver = await BenchReceiver.start(tlsDir);
  const arrivals = new Map<string, Arrival>();
  const duplicateTimes: number[] = [];
  receiver.onDelivery = ({ eventId, at, body, duplicate }) => {
    if (duplicate) {
      duplicateTimes.push(at);
      return;
    }
    const envelope = JSON.parse(body.toString('utf8')) as { created_at: string; data: { conversation_id?: string } };
    arrivals.set(eventId, { eventId, at, conversationId: envelope.data.conversation_id ?? '', createdAt: Date.parse(envelope.created_at) });
  };
  let stack: Stack | undefined;
  let sql: pg.Pool | undefined;
  let api: ApiClient | undefined;
  const loadBefore = os.loadavg()[0]!;
  try {
    stack = await startStack(receiver);
    const config = loadConfig(stack.env);
    // Mutual TLS: the frontend answers the run's certificate and no client without one.
    const refusals = await frontendAnswers(config);
    console.error(`   the frontend to a client without a certificate: ${JSON.stringify(refusals)}`);
    const { caller, api: c, forTurns } = await provisionLoad(config, receiver, PATH, 100);
    api = c;
    // A pool, not a client: a client's connection ends with an 'error' event when PostgreSQL stops.
    sql = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
    sql.on('error', () => undefined);

    const load = new Load(c, forTurns, { eventsPerS: EVENTS_PER_S, turnsPerS: TURNS_PER_S });
    const phases: Phase[] = [];
    console.error(`-> load: ${EVENTS_PER_S} writes/s (one conversation.created each) and ${TURNS_PER_S} turns/s with wait=${WAIT_S}, open loop through the balancer`);
    const loadStart = Date.now();
    load.start();
    await sleep(15_000);
    const deployed = ROLL ? await roll(stack, phases) : undefined;
    if (!ROLL) await faults(stack, phases);
    await sleep(10_000);
    await load.stop();
    const loadEnd = Date.now();
    phases.forEach((p, i) => { p.endAt = phases[i + 1]?.downAt ?? loadEnd; });

    console.error(`-> load stopped; waiting for every delivery and operation (up to ${DRAIN_MS / 1000} s)`);
    const drainStart = Date.now();
    await drain(sql, caller.tenantId, arrivals, DRAIN_MS);
    const drainedMs = Date.now() - drainStart;
    const created = new Set(load.calls.filter((x) => x.kind === 'write' && x.status === 201).map((x) => x.body.id as string));
    for (const id of forTurns) created.add(id);
    const t = await totals(sql, caller.tenantId, receiver, arrivals, created);
    const all = windowStats(load.calls, loadStart, loadEnd + 1);
    const turns = load.calls.filter((x) => x.kind === 'turn');
    const byOutcome = new Map<string, number>();
    for (const x of load.calls) {
      const k = `${x.kind} ${x.error ?? x.status}${x.kind === 'turn' && x.body?.ai_reply?.status ? ` ${x.body.ai_reply.status}` : ''}${x.status >= 400 && x.body?.code ? ` ${x.body.code}` : ''}${x.status >= 500 && !isProblem(x) ? ' (not a Problem)' : ''}${x.status >= 500 && x.body?.detail ? ` "${String(x.body.detail)}"` : ''}`;
      byOutcome.set(k, (byOutcome.get(k) ?? 0) + 1);
    }

    const args = process.argv.slice(2);
    const command = ROLL ? ['bin/cluster-roll', ...args.filter((a) => a !== '--roll')].join(' ') : ['bin/cluster-faults', ...args].join(' ');
    console.log(`\n${ROLL ? 'Rolling deploy' : 'Faults'} under load on the local Temporal cluster, ${new Date().toISOString()}`);
    console.log(`command: ${command}`);
    console.log(`${machineSummary()}; load average ${loadBefore.toFixed(2)} before the run (the machine is shared: timings are noisy). ` +
      `Load for ${s1(loadEnd - loadStart)} s: ${EVENTS_PER_S} POST /conversations/s and ${TURNS_PER_S} AI turns/s (wait=${WAIT_S}) through HAProxy :${BALANCER_PORT} -> api-1 :${API_PORTS[0]}, api-2 :${API_PORTS[1]}; two workers; ` +
      `Temporal history, matching, frontend, worker as four processes; the application's own PostgreSQL :${PG_PORT} (fsync on) and Redis :${REDIS_PORT}.\n`);
    console.log(phaseTable(phases, load.calls, [...arrivals.values()], duplicateTimes));
    console.log('');
    const checks = [
      { ok: t.lost === 0 && t.lostOf201 === 0, text: `deliveries not arrived: ${t.lost} of ${t.events} committed conversation.created events (${t.lostOf201} of the ${created.size} conversations answered 201); their deliveries: ${t.missingStates || 'none'}` },
      { ok: t.duplicates === 0, text: `duplicates received by the subscriber (same Svc-Event-Id, valid signature): ${t.duplicates}` },
      { ok: t.rejected === 0, text: `deliveries with an invalid signature: ${t.rejected}` },
      ...(ROLL
        ? [{ ok: all.problems503 + all.other5xx === 0, text: `answers ≥ 500 seen by clients: ${all.problems503 + all.other5xx}` }]
        : [{ ok: all.other5xx === 0, text: `answers ≥ 500 other than a 503 Problem: ${all.other5xx} (503 Problems: ${all.problems503})` }]),
      { ok: all.connErrors === 0, text: `connection errors seen by clients: ${all.connErrors}` },
      { ok: all.hung === 0, text: `requests not answered within ${WRITE_TIMEOUT_MS / 1000} s (writes) / ${TURN_TIMEOUT_MS / 1000} s (turns): ${all.hung}` },
      {
        ok: ROLL ? all.turnsAnswered === turns.length : turns.every((x) => x.status === 200 || x.status === 202 || (x.status === 503 && isProblem(x))),
        text: `turns answered 200 or 202: ${all.turnsAnswered} of ${turns.length}${ROLL ? '' : ' (the rest: 503 Problems while a dependency was down)'}`,
      },
      { ok: t.charges === t.succeededOps && t.chargedOps === t.charges, text: `charges ${t.charges} (on ${t.chargedOps} operations) = succeeded operations ${t.succeededOps}` },
      ...(deployed ? await versionFigures(deployed, stack) : []),
      {
        ok: refusals.plaintext !== 'answered' && refusals.noCertificate !== 'answered' && refusals.certificate === 'answered',
        text: `the Temporal frontend to a client without a certificate (before the load): over plaintext ${refusals.plaintext}; over TLS without a client certificate ${refusals.noCertificate}; with the run's client certificate ${refusals.certificate}`,
      },
    ];
    console.log(`| check | result |\n| --- | --- |\n${checks.map((ch) => `| ${ch.ok ? 'ok' : '**FAILED**'} | ${ch.text} |`).join('\n')}`);
    console.log(`\nDeliveries: ${t.delivered} of ${t.events} events arrived by ${s1(drainedMs)} s after the load stopped (webhook_deliveries: ${t.deliveryStates}); ${t.outOfOrder} arrived after an event created later (informational: spec 01 promises no order for an active subscription; docs/decisions.md).`);
    console.log(`Operations: ${t.operations}. Answers: ${[...byOutcome].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}: ${v}`).join(', ')}.`);
    const balancerLog = readFileSync(join(LOG_DIR, 'haproxy.log'), 'utf8').split('\n');
    const noServer = balancerLog.filter((l) => l.includes('<NOSRV>')).length;
    const downs = balancerLog.filter((l) => / is DOWN/.test(l)).length;
    console.log(`Balancer: ${downs} times an api was taken out by its check; ${noServer} requests answered by HAProxy itself (no api could take them). Turns not offered (no conversation left): ${load.skippedTurns}.`);
    console.log(`Logs: ${LOG_DIR}/`);
    if (checks.some((ch) => !ch.ok)) process.exitCode = 1;
  } finally {
    api?.close();
    await sql?.end().catch(() => undefined);
    if (stack) await stopStack(stack);
    await receiver.close();
  }
}

runBench(main);
