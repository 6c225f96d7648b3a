import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { connectTemporalNative, temporalClient, workerDataConverter } from '../../src/temporal/connect.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { seedDemo } from '../../src/domain/provisioning/demo.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';
import { workerTuning } from '../../src/temporal/worker.js';
import { DELIVERY_STATE, EVENT_TYPE, INTEGRATION_ID, TENANT_ID, WEBHOOK_ID } from '../../workflows/search-attributes.js';
import { setupTemporal } from '../../src/temporal/search-attributes.js';
import { benchDatabaseUrl, benchEnv, freshDatabase, hasEnded, machineSummary, pidsNamed, runBench, startWorker, stopChild } from './bench-support.js';
import { BenchReceiver, HOST, addBenchWebhook, measureBare, type Row } from './webhook-receiver.js';
import { knee, runStep, stepTable, type CpuGroups, type Offered, type StepResult } from './open-loop.js';

/**
 * Webhook deliveries of the real engine against the Temporal floor, open-loop in steps (issue
 * 10). Not a test and not in CI: run `bin/bench-webhooks` (docs/benchmarks.md), which starts a
 * Temporal dev server, or with --cluster the four-process cluster (BENCH_TEMPORAL_PIDS; then
 * BENCH_TEMPORAL_SETUP asks this to register the namespace and search attributes), and makes the
 * CA this needs.
 *
 *   --steps 20,40,60,80,100   offered rates (per second), floor and pipeline alike
 *   --step-seconds 60         length of each step
 *   --burst 10000             events committed at once after the steps (0: none)
 *   --workers 1               worker processes of the pipeline
 *   --bare 2000               signed POSTs of the bare loop (0: none)
 *   --drain 120               seconds to wait for a step's stragglers
 *   --floor-steps LIST        the floor's own offered rates (default: --steps), when its knee lies above the pipeline's
 *   --skip-floor              pipeline only
 *
 * Floor: a no-op workflow of the delivery's shape (test/bench/floor-workflows.ts: the same five
 * search attributes at start, started eagerly, one local activity, no upsert) run by a worker
 * in this process with the production worker options (workerTuning). Pipeline: lead.created
 * events committed to the outbox at the offered rate, one subscription, the real worker
 * process(es): relay, delivery workflow, attempt, TLS POST to the local receiver. Latency =
 * arrival (the floor's activity, the receiver) - the moment the item was offered.
 */

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '20,40,60,80,100' },
    'step-seconds': { type: 'string', default: '60' },
    burst: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '1' },
    bare: { type: 'string', default: '2000' },
    drain: { type: 'string', default: '120' },
    'floor-steps': { type: 'string' },
    'skip-floor': { type: 'boolean', default: false },
  },
});
const STEPS = values.steps.split(',').map(Number);
const FLOOR_STEPS = (values['floor-steps'] ?? values.steps).split(',').map(Number);
const STEP_SECONDS = Number(values['step-seconds']);
const BURST = Number(values.burst);
const WORKERS = Number(values.workers);
const BARE = Number(values.bare);
const DRAIN_MS = Number(values.drain) * 1000;
const PATH = '/hooks/a';
const BURST_WINDOW_MS = 10_000;

const TLS_DIR = process.env.WEBHOOK_BENCH_TLS_DIR ?? '';
const DATABASE_URL = benchDatabaseUrl('BENCH_WEBHOOKS_DATABASE_URL', 'sales_api_bench_webhooks');
const TEMPORAL_PIDS = (process.env.BENCH_TEMPORAL_PIDS ?? '').split(' ').filter(Boolean).map(Number);
const ON_CLUSTER = process.env.BENCH_TEMPORAL_SETUP === '1';

function childEnv(resolve: string): NodeJS.ProcessEnv {
  // Not production: WEBHOOK_ALLOW_PRIVATE_NETWORKS and WEBHOOK_RESOLVE are refused there.
  return benchEnv({ name: 'bench-webhooks', nodeEnv: 'development', databaseUrl: DATABASE_URL }, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RESOLVE: resolve });
}

function cpuGroups(workers: () => number[]): CpuGroups {
  return {
    worker: workers,
    temporal: () => (TEMPORAL_PIDS.length ? TEMPORAL_PIDS : pidsNamed('temporal')),
    postgres: () => pidsNamed('postgres'),
    bench: () => [process.pid],
  };
}

/** The floor: a worker in this process, starts through a client on its connection. */
async function measureFloor(config: Config, steps: number[]): Promise<StepResult[]> {
  const taskQueue = `${config.temporal.taskQueue}-floor`;
  const reached = new Map<string, number>();
  const connection = await connectTemporalNative(config);
  const worker = await Worker.create({
    connection, namespace: config.temporal.namespace, taskQueue,
    workflowsPath: fileURLToPath(new URL('./floor-workflows.js', import.meta.url)),
    // The project's data converter, so the floor pays for sealing as the project's workers do.
    dataConverter: workerDataConverter(config, fileURLToPath(new URL('../..', import.meta.url))),
    activities: { floorReached: async (id: string) => { reached.set(id, Date.now()); } },
    ...workerTuning(config, 'deliveries'),
  });
  const running = worker.run();
  const client = temporalClient(config, connection);
  const start = async (): Promise<Offered> => {
    const key = randomUUID();
    const at = Date.now();
    await client.workflow.start('floorWorkflow', {
      workflowId: `floor:${key}`, taskQueue, args: [key], requestEagerStart: true,
      typedSearchAttributes: [
        { key: TENANT_ID, value: 'bench' }, { key: INTEGRATION_ID, value: 'bench' }, { key: WEBHOOK_ID, value: 'bench' },
        { key: EVENT_TYPE, value: 'lead.created' }, { key: DELIVERY_STATE, value: 'pending' },
      ],
    });
    return { key, at };
  };
  const results: StepResult[] = [];
  try {
    await Promise.all(Array.from({ length: 20 }, start));
    for (const perSecond of steps) {
      console.error(`-> floor: ${perSecond}/s for ${STEP_SECONDS} s`);
      results.push(await runStep({
        side: 'floor (no-op workflow)', perSecond, seconds: STEP_SECONDS, drainMs: DRAIN_MS,
        offer: (count) => Promise.all(Array.from({ length: count }, start)),
        arrivalOf: (key) => reached.get(key),
        cpu: cpuGroups(() => [process.pid]),
      }));
      console.error(`   ${describe(results.at(-1)!)}`);
    }
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
  return results;
}

function describe(r: StepResult): string {
  return `${r.arrived}/${r.offered} arrived, ${r.deliveredPerSecond.toFixed(1)}/s, p50 ${r.p50} ms, p99 ${r.p99} ms`;
}

interface Pipeline {
  s: Services;
  receiver: BenchReceiver;
  tenantId: string;
  integrationId: string;
  workers: ChildProcess[];
}

/** Commits `count` lead.created events in one transaction and wakes the relay. */
async function commitEvents(p: Pipeline, count: number): Promise<Offered[]> {
  const at = Date.now();
  const keys = await p.s.orm.em.fork().transactional(async (em) => {
    const now = new Date(at);
    return Array.from({ length: count }, () => {
      const lead = { lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+79990000000' } };
      const { data, piiData } = EVENTS['lead.created'](lead);
      return recordEvent(em, { tenantId: p.tenantId, integrationId: p.integrationId, type: 'lead.created', data, piiData }, now).id;
    });
  });
  await wakeRelay(p.s.redis);
  return keys.map((key) => ({ key, at }));
}

function arrivalOf(p: Pipeline, key: string): number | undefined {
  return p.receiver.arrivals.get(PATH)!.get(key)?.at;
}

async function outboxLagMs(p: Pipeline): Promise<number> {
  const [row] = await p.s.orm.em.fork().execute<{ lag: string | null }[]>(
    `select extract(epoch from (clock_timestamp() - min(created_at))) * 1000 as lag from outbox_events where relayed_at is null`,
  );
  return row?.lag ? Number(row.lag) : 0;
}

async function pipelineStep(p: Pipeline, perSecond: number): Promise<StepResult> {
  console.error(`-> pipeline: ${perSecond}/s for ${STEP_SECONDS} s`);
  const r = await runStep({
    side: `pipeline (${WORKERS} worker${WORKERS > 1 ? 's' : ''})`, perSecond, seconds: STEP_SECONDS, drainMs: DRAIN_MS,
    offer: (count) => commitEvents(p, count),
    arrivalOf: (key) => arrivalOf(p, key),
    lagMs: () => outboxLagMs(p),
    cpu: cpuGroups(() => p.workers.map((w) => w.pid!).filter((pid) => pid !== undefined)),
  });
  console.error(`   ${describe(r)}`);
  if (p.workers.some(hasEnded)) throw new Error('a worker ended during the step');
  return r;
}

interface BurstResult {
  events: number;
  commitMs: number;
  drainMs: number;
  windows: number[];
  arrived: number;
}

/** `count` events committed at once (transactions of 500); arrivals counted per 10 s window. */
async function burst(p: Pipeline, count: number): Promise<BurstResult> {
  console.error(`-> burst: ${count} events at once`);
  const start = Date.now();
  const offered: Offered[] = [];
  for (let done = 0; done < count; done += 500) offered.push(...await commitEvents(p, Math.min(500, count - done)));
  const commitMs = Date.now() - start;
  const deadline = Date.now() + Math.max(DRAIN_MS, count * 100);
  let arrived = 0;
  while (Date.now() < deadline) {
    arrived = offered.filter((o) => arrivalOf(p, o.key) !== undefined).length;
    if (arrived === offered.length) break;
    await sleep(1000);
  }
  const times = offered.map((o) => arrivalOf(p, o.key)).filter((t): t is number => t !== undefined);
  const last = Math.max(...times);
  const windows = Array.from({ length: Math.ceil((last - start + 1) / BURST_WINDOW_MS) }, () => 0);
  for (const t of times) windows[Math.floor((t - start) / BURST_WINDOW_MS)]!++;
  return { events: count, commitMs, drainMs: last - start, windows, arrived };
}

function burstReport(b: BurstResult, kneeRate: number): string {
  // The last window is partial (the burst ended in it): it does not count.
  const full = b.windows.slice(0, -1).map((n) => n / (BURST_WINDOW_MS / 1000));
  const lowest = full.length ? Math.min(...full) : NaN;
  return [
    `Burst: ${b.events} events committed in ${b.commitMs} ms; ${b.arrived} delivered in ${(b.drainMs / 1000).toFixed(1)} s ` +
      `(${((b.arrived * 1000) / b.drainMs).toFixed(1)}/s overall).`,
    `Per ${BURST_WINDOW_MS / 1000} s window (deliveries/s): ${b.windows.map((n) => (n / (BURST_WINDOW_MS / 1000)).toFixed(1)).join(', ')}.`,
    `Lowest full window: ${lowest.toFixed(1)}/s = ${kneeRate ? (lowest / kneeRate).toFixed(2) : '–'} × the pipeline's knee (${kneeRate}/s).`,
  ].join('\n');
}

async function main(): Promise<void> {
  if (![...STEPS, ...FLOOR_STEPS].every((n) => Number.isFinite(n) && n > 0) || !(STEP_SECONDS > 0) || !(BURST >= 0) || !(WORKERS >= 1) || !(BARE >= 0)) {
    throw new Error('--steps is a list of positive rates; --step-seconds and --workers positive; --burst and --bare zero or more');
  }
  if (!TLS_DIR || !process.env.NODE_EXTRA_CA_CERTS) throw new Error('WEBHOOK_BENCH_TLS_DIR and NODE_EXTRA_CA_CERTS are not set: run bin/bench-webhooks');
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-webhooks (it starts a Temporal dev server)');
  Runtime.install({ logger: new DefaultLogger('WARN') });

  const receiver = await BenchReceiver.start(TLS_DIR);
  const env = childEnv(`${HOST}=${receiver.address}`);
  const config = loadConfig(env);
  await freshDatabase(config);
  if (ON_CLUSTER) console.error(`-> Temporal setup on the cluster: ${JSON.stringify(await setupTemporal(config))}`);
  const s = await createServices(config);
  const p: Pipeline = { s, receiver, tenantId: '', integrationId: '', workers: [] };
  const loadBefore = os.loadavg()[0]!;
  try {
    const floor = values['skip-floor'] ? [] : await measureFloor(config, FLOOR_STEPS);

    const seed = await s.orm.em.fork().transactional((em) => seedDemo(em, config, new Date()));
    p.tenantId = seed.tenant_id;
    p.integrationId = seed.integration_id;
    await s.orm.em.fork().transactional(async (em) => {
      addBenchWebhook(em, config, receiver, { tenantId: p.tenantId, integrationId: p.integrationId, path: PATH, events: ['lead.*'] }, new Date());
    });
    console.error(`-> ${WORKERS} worker(s) (task queue ${config.temporal.taskQueue}), receiver https://${HOST} on ${receiver.address}:443`);
    for (let i = 0; i < WORKERS; i++) p.workers.push(await startWorker(env, { withinMs: 60_000 }));
    // Warm-up, unmeasured: bundles loaded, connections open.
    const warm = await commitEvents(p, 20);
    while (warm.some((o) => arrivalOf(p, o.key) === undefined)) await sleep(50);

    const pipeline: StepResult[] = [];
    for (const perSecond of STEPS) pipeline.push(await pipelineStep(p, perSecond));
    const pipelineKnee = knee(pipeline);
    const seventy = Math.round(pipelineKnee * 0.7);
    const atSeventy = seventy > 0 ? await pipelineStep(p, seventy) : undefined;
    const burstResult = BURST > 0 ? await burst(p, BURST) : undefined;
    for (const w of p.workers) await stopChild(w);
    p.workers = [];
    const { duplicates, rejected, connections } = receiver;

    const bare: Row[] = [];
    if (BARE > 0) {
      console.error(`-> bare loop: ${BARE} signed POSTs, 20 in flight, keep-alive`);
      bare.push(await measureBare(receiver, BARE, true, 20));
    }

    const floorKnee = knee(floor);
    console.log(`\nWebhook deliveries, open-loop steps of ${STEP_SECONDS} s, ${new Date().toISOString()}`);
    console.log(`${machineSummary()}; load average ${loadBefore.toFixed(2)} before the run; ` +
      `Temporal: ${ON_CLUSTER ? 'the four-process cluster on PostgreSQL (fsync on)' : 'the dev server (SQLite)'}; ${WORKERS} worker process(es); ` +
      `RELAY_MAX_IN_FLIGHT ${config.webhooks.relayMaxInFlight}, WEBHOOK_TIMEOUT_MS ${config.webhooks.timeoutMs}, LOG_LEVEL warn.`);
    console.log('Latency: arrival (the floor\'s activity; the receiver) - the moment the item was offered (the floor\'s start call; the event\'s transaction).');
    console.log('CPU: % of one core over the step; "worker" is this benchmark\'s process for the floor.\n');
    console.log(stepTable([...floor, ...pipeline, ...(atSeventy ? [atSeventy] : [])]));
    console.log('');
    console.log(`Knee (highest step with every item arrived, >= 95 % of the offered rate out, p99 < 5 s): floor ${floorKnee || '–'}/s, pipeline ${pipelineKnee || '–'}/s` +
      (floorKnee ? ` = ${(pipelineKnee / floorKnee).toFixed(2)} × the floor.` : '.'));
    if (atSeventy) console.log(`At 70 % of the pipeline's knee (${seventy}/s): p50 ${atSeventy.p50} ms, p99 ${atSeventy.p99} ms.`);
    if (burstResult) console.log(burstReport(burstResult, pipelineKnee));
    console.log(`Receiver: ${duplicates} duplicate deliveries answered 2xx, ${rejected} rejected signatures, ${connections} TLS connections from the sender.`);
    if (bare.length) {
      console.log('');
      console.log(`Bare loop ceiling: ${bare[0]!.perSecond.toFixed(0)} signed POSTs/s (keep-alive, 20 in flight), p50 ${bare[0]!.p50} ms, p99 ${bare[0]!.p99} ms.`);
    }
    if (rejected > 0) {
      console.error('\nthe receiver rejected some signatures: the figures are not valid');
      process.exitCode = 1;
    }
  } finally {
    for (const w of p.workers) await stopChild(w);
    await s.close();
    await receiver.close();
  }
}

runBench(main);
