import os from 'node:os';
import { Runtime, DefaultLogger, makeTelemetryFilterString } from '@temporalio/worker';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createWorker } from '../../src/temporal/worker.js';
import { setCurrentVersion } from '../../src/temporal/worker-versioning.js';
import { setupTemporal } from '../../src/temporal/search-attributes.js';
import { startDeliveryWorkflow } from '../../src/temporal/deliveries.js';
import { forEachConcurrently } from '../../src/domain/pacing/concurrently.js';
import { postToLedger } from '../../src/domain/wallet/ledger.js';
import { announceWalletChange } from '../../src/domain/wallet/wallet-cache.js';
import { WalletHoldRelease } from '../../src/domain/webhooks/hold-release.js';
import { deliveryTimingOf } from '../../src/temporal/deliveries.js';
import { benchDatabaseUrl, benchEnv, freePort, freshDatabase, machineSummary, numberOptions, pidsNamed, provisionCaller, runBench, withOrm } from './bench-support.js';
import { cpuBetween, groupTicks, type CpuGroups } from './open-loop.js';
import { BenchReceiver, HOST, addBenchWebhook } from './webhook-receiver.js';
import { parseExposition, total } from './prometheus.js';

/**
 * Held webhook deliveries at scale (issue 30 item 8, issue 39 item 3). Not a test, not in CI:
 * run `bin/bench-held-deliveries [--cluster] [options]` (docs/benchmarks.md), which starts a
 * Temporal dev server of its own, or with --cluster the four-process cluster on PostgreSQL.
 *
 *   --count 10000       held deliveries (--deliveries: the same), one tenant, bulk rows
 *   --paused 0          0: held by the tenant's wallet below zero, released by one top-up;
 *                       1: by a paused subscription that is never resumed (the steady cost only)
 *   --keys 1000         ordering keys the deliveries are spread over, round robin (0: unkeyed);
 *                       a key's deliveries go out one after the other, each signalled by the one before
 *   --backstop 3600     seconds: the backstop timer of every hold (holdBackstopMs; jittered ±20 %)
 *   --window 150        seconds of the steady state measured, all held
 *   --settle 0          seconds waited after every delivery is held, before the window
 *   --starters 32       workflow starts in flight at once
 *   --start-rate 0      starts a second at most, paced (0: as fast as --starters allow); starts
 *                       faster than the worker holds them only queue (visibility writes time out)
 *   --drain-timeout 1800  seconds the release may take before the run gives up
 *   --drain-until 0     Unix time (seconds) at which the release gives up whatever its time-out
 *                       (0: none): a run that must end by a given hour still checks what it released
 *
 * One worker in this process (the application: worker, WalletHoldRelease), a real HTTPS
 * subscriber in it too (test/bench/webhook-receiver.ts, 127.0.0.251-254:443, so as root).
 * Measured: the start rate; over the window, workflow tasks and local activities the worker ran
 * (its Prometheus counts), statements the worker ran (MikroORM onQuery), transactions of the
 * application's database and, on the cluster, of Temporal's two (pg_stat_database), CPU of the
 * application, Temporal's processes and PostgreSQL (/proc); then one top-up: time until the
 * release signalled and until every delivery was delivered, each once (the receiver), attempt 1
 * each, every key's deliveries in their order, the wallet the top-up's sum with nothing else
 * charged.
 */

const o = numberOptions({ count: 0, deliveries: 10_000, paused: 0, keys: 1000, backstop: 3600, window: 150, settle: 0, starters: 32, 'start-rate': 0, 'drain-timeout': 1800, 'drain-until': 0 });
const N = o.count || o.deliveries;
const KEYS = Math.min(o.keys, N);
const WALLET = o.paused !== 1;
const TEMPORAL_PIDS = (process.env.BENCH_TEMPORAL_PIDS ?? '').split(' ').filter(Boolean).map(Number);
const ON_CLUSTER = process.env.BENCH_TEMPORAL_SETUP === '1';
const TEMPORAL_DATABASES = [process.env.TEMPORAL_DB_NAME, process.env.TEMPORAL_VISIBILITY_DB_NAME].filter((d): d is string => Boolean(d));
const TOP_UP_RUB = '1000.00';

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });
/** A moment of the release, or that it was not reached when the run ended. */
const seconds = (s: number) => (Number.isNaN(s) ? 'not reached' : `${s.toFixed(1)} s`);

/** Counts of the worker's Prometheus endpoint: workflow tasks, local activities, failed workflow tasks. */
async function scrape(address: string): Promise<{ tasks: number; localActivities: number; failedTasks: number }> {
  const series = parseExposition(await (await fetch(`http://${address}/metrics`)).text());
  return {
    tasks: total(series, 'temporal_workflow_task_execution_latency_count'), localActivities: total(series, 'temporal_local_activity_execution_latency_count'),
    failedTasks: total(series, 'temporal_workflow_task_execution_failed'),
  };
}

/** Transactions (commits and rollbacks) of the application's database and of Temporal's (on the cluster). */
async function transactions(services: Services): Promise<{ app: number; temporal: number }> {
  const rows = await services.orm.em.fork().execute<{ datname: string; n: string }[]>(
    'select datname, xact_commit + xact_rollback as n from pg_stat_database where datname = current_database() or datname = any(?::text[])',
    [`{${TEMPORAL_DATABASES.join(',')}}`]);
  const app = rows.find((r) => !TEMPORAL_DATABASES.includes(r.datname));
  return { app: Number(app?.n ?? 0), temporal: rows.filter((r) => TEMPORAL_DATABASES.includes(r.datname)).reduce((n, r) => n + Number(r.n), 0) };
}

const count = async (services: Services, where: string): Promise<number> =>
  Number((await services.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from webhook_deliveries where ${where}`))[0]!.n);

/**
 * One tenant with its wallet at -1.00 RUB (or a paused subscription), N events of KEYS ordering
 * keys (sequence numbers in the order of the series) and N deliveries of them, already started as
 * the relay leaves them. Answers the ids and the tenant.
 */
async function populate(services: Services, receiver: BenchReceiver, now: Date): Promise<{ ids: string[]; tenantId: string }> {
  const em = services.orm.em.fork();
  const caller = await em.transactional((tx) => provisionCaller(tx, services.config, 'Held deliveries', now));
  const hook = await em.transactional(async (tx) => {
    const h = addBenchWebhook(tx, services.config, receiver, { tenantId: caller.tenantId, integrationId: caller.integrationId, path: '/held', events: ['operation.completed'] }, now);
    if (!WALLET) h.status = 'paused';
    if (WALLET) await postToLedger(tx, { tenantId: caller.tenantId, kind: 'adjustment', amountRub: '-1.00', description: 'benchmark: a wallet below zero' }, now);
    return h;
  });
  for (let from = 0; from < N; from += 10_000) {
    await em.execute(
      `with e as (insert into outbox_events (id, tenant_id, integration_id, type, api_version, data, relayed_at, ordering_key)
                  select 'evt_held_' || (? + g), ?, ?, 'operation.completed', '2026-11-01', '{}', now(),
                         case when ? > 0 then 'key-' || ((? + g) % greatest(?, 1)) end
                    from generate_series(1, ?) g order by g returning id, ordering_key, seq)
       insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, ordering_key, ordering_seq, workflow_started_at, created_at, updated_at)
       select gen_random_uuid(), ?, ?, ?, e.id, 'operation.completed', e.ordering_key, case when e.ordering_key is not null then e.seq end, now(), now(), now() from e`,
      [from, caller.tenantId, caller.integrationId, KEYS, from, KEYS, Math.min(10_000, N - from), caller.tenantId, caller.integrationId, hook.id]);
  }
  const rows = await em.execute<{ id: string }[]>('select id from webhook_deliveries order by ordering_seq nulls last');
  return { ids: rows.map((r) => r.id), tenantId: caller.tenantId };
}

/** What the release left behind: each delivery delivered once, attempt 1, in its key's order; the wallet the top-up's. */
async function verify(services: Services, receiver: BenchReceiver, tenantId: string) {
  const em = services.orm.em.fork();
  const rows = await em.execute<{ event_id: string; ordering_key: string | null; ordering_seq: string | null; state: string; attempt: number; attempts: string }[]>(
    `select d.event_id, d.ordering_key, d.ordering_seq, d.state, d.attempt, (select count(*) from webhook_delivery_attempts a where a.delivery_id = d.id) as attempts
       from webhook_deliveries d order by d.ordering_key, d.ordering_seq`);
  const arrivals = receiver.arrivals.get('/held')!;
  // A key's delivery that arrived before an earlier one, or while an earlier one has not arrived
  // (a release cut short leaves a key's tail undelivered, never a gap).
  let outOfOrder = 0;
  let lastKey: string | null = null;
  let lastOrder = 0;
  for (const r of rows) {
    const order = arrivals.get(r.event_id)?.order;
    if (r.ordering_key !== null && r.ordering_key === lastKey && order !== undefined && order < lastOrder) outOfOrder++;
    lastKey = r.ordering_key;
    lastOrder = order ?? Number.POSITIVE_INFINITY;
  }
  const [wallet] = await em.execute<{ balance_rub: string; ledger_rub: string; postings: string }[]>(
    `select w.balance_rub, (select coalesce(sum(amount_rub), 0) from wallet_ledger l where l.tenant_id = w.tenant_id) as ledger_rub,
            (select count(*) from wallet_ledger l where l.tenant_id = w.tenant_id) as postings from wallets w where w.tenant_id = ?`, [tenantId]);
  return {
    delivered: rows.filter((r) => r.state === 'delivered').length,
    // Delivered on anything but its one attempt, or an attempt made for one not delivered (yet).
    notAttempt1: rows.filter((r) => (r.state === 'delivered' ? r.attempt !== 1 || r.attempts !== '1' : r.attempts !== '0')).length,
    received: arrivals.size,
    // Said delivered but never received (lost), and not delivered when the run ended.
    missing: rows.filter((r) => r.state === 'delivered' && !arrivals.has(r.event_id)).length,
    undelivered: rows.filter((r) => r.state !== 'delivered').length,
    duplicates: receiver.duplicates,
    rejected: receiver.rejected,
    outOfOrder,
    wallet,
  };
}

async function main(): Promise<void> {
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-held-deliveries (it starts Temporal)');
  const receiver = await BenchReceiver.start(process.env.WEBHOOK_BENCH_TLS_DIR ?? '');
  // Not production: WEBHOOK_ALLOW_PRIVATE_NETWORKS and WEBHOOK_RESOLVE (the receiver on 127.0.0.25x) are refused there.
  const env = benchEnv(
    { name: 'bench-held', nodeEnv: 'development', databaseUrl: benchDatabaseUrl('BENCH_HELD_DATABASE_URL', 'sales_api_bench_held') },
    { WEBHOOK_HOLD_BACKSTOP: `${o.backstop}s`, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RESOLVE: `${HOST}=${receiver.address}` },
  );
  const config = loadConfig(env);
  await freshDatabase(config);
  const metricsAddress = `127.0.0.1:${await freePort()}`;
  Runtime.install({
    logger: new DefaultLogger('WARN'),
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) }, metrics: { prometheus: { bindAddress: metricsAddress } } },
  });
  const services = await createServices(config);
  const statements = { n: 0 };
  services.orm.config.set('onQuery', (sql: string) => { statements.n += 1; return sql; });
  const cpu: CpuGroups = {
    application: () => [process.pid],
    temporal: () => (TEMPORAL_PIDS.length ? TEMPORAL_PIDS : pidsNamed('temporal')),
    postgres: () => pidsNamed('postgres'),
  };
  const holds = new WalletHoldRelease(services);
  try {
    if (ON_CLUSTER) console.error(`-> Temporal setup on the cluster: ${JSON.stringify(await setupTemporal(config))}`);
    const { ids, tenantId } = await populate(services, receiver, new Date());
    await withOrm(config, (orm) => orm.em.fork().execute('analyze'));
    const { worker, version, eager } = await createWorker(services);
    const running = worker.run();
    await holds.start();
    const client = await services.temporal.client();
    await setCurrentVersion(client, version, 'bench');
    // Started as the relay of a worker process starts them (src/worker.ts): eagerly, the first
    // workflow task in the start's answer, while this worker's version is the current one.
    await eager.start();
    const timing = deliveryTimingOf(config.webhooks);
    try {
      const started = Date.now();
      console.error(`-> starting ${N} delivery workflows, ${o.starters} at once${o['start-rate'] ? `, at most ${o['start-rate']}/s` : ''}, ${eager.allowed ? 'eagerly' : 'not eagerly (this version is not the current one)'}`);
      let nth = 0;
      // The i-th start not before i / rate seconds after the first (open-loop pacing).
      const paced = async () => {
        if (!o['start-rate']) return;
        const due = started + (nth++ * 1000) / o['start-rate'];
        if (due > Date.now()) await pause(due - Date.now());
      };
      await forEachConcurrently(ids, o.starters, async (id) => { await paced(); await startDeliveryWorkflow(eager.client, config.temporal.taskQueue,
        { id, tenantId: '', integrationId: '', webhookId: '', eventType: 'operation.completed' }, timing, eager.allowed); }, (id, err) => { throw new Error(`delivery ${id} not started: ${String(err)}`); });
      const startSeconds = (Date.now() - started) / 1000;
      console.error(`-> ${N} started in ${startSeconds.toFixed(0)} s: ${(N / startSeconds).toFixed(0)}/s`);
      // The fill's progress each minute: a run that outlasts the session still leaves its rate.
      let saidAt = Date.now();
      // Counted every 5 s, the release's every second: a count of 100,000 rows is work of its own.
      for (let held; (held = await count(services, 'held_at is not null')) < N; await pause(5000)) {
        if (Date.now() - saidAt < 60_000) continue;
        saidAt = Date.now();
        console.error(`-> ${((saidAt - started) / 1000).toFixed(0)} s after the first start: ${held} held`);
      }
      const heldSeconds = (Date.now() - started) / 1000;
      console.error(`-> ${N} started in ${startSeconds.toFixed(0)} s, all held after ${heldSeconds.toFixed(0)} s; settling ${o.settle} s`);
      await pause(o.settle * 1000);

      const sample = async () => ({ ...(await scrape(metricsAddress)), statements: statements.n, xacts: await transactions(services), at: Date.now(), load: os.loadavg()[0]!, ticks: groupTicks(cpu) });
      const before = await sample();
      console.error(`-> measuring ${o.window} s held`);
      await pause(o.window * 1000);
      const after = await sample();
      const s = (after.at - before.at) / 1000;
      const steady = {
        tasks: (after.tasks - before.tasks) / s, looks: (after.localActivities - before.localActivities) / s,
        statements: (after.statements - before.statements) / s, appXacts: (after.xacts.app - before.xacts.app) / s,
        temporalXacts: (after.xacts.temporal - before.xacts.temporal) / s, cpu: cpuBetween(before.ticks, after.ticks, after.at - before.at),
      };
      // Said as soon as measured: a release that outlasts the session still leaves these.
      console.error(`-> held over ${s.toFixed(0)} s: ${JSON.stringify(steady)}; load average ${before.load.toFixed(2)} → ${after.load.toFixed(2)}`);

      let drain: { signalledS: number; halfS: number; released: { delivered: number; at: number }; cpu: Record<string, number>; tasks: number; statements: number; failedTasks: number } | null = null;
      if (WALLET) {
        const t0 = Date.now();
        const b = await sample();
        await services.orm.em.fork().transactional((em) => postToLedger(em, { tenantId, kind: 'topup', amountRub: TOP_UP_RUB, description: 'benchmark: one top-up' }, new Date()));
        await announceWalletChange(services.redis, tenantId);
        console.error(`-> one top-up of ${TOP_UP_RUB} RUB; waiting for ${N} deliveries`);
        let signalledS = NaN;
        let halfS = NaN;
        let released = { delivered: 0, at: 0 };
        let saidAt = 0;
        for (;;) {
          const claimed = Number.isNaN(signalledS) ? await count(services, "held_for = 'wallet_suspended'") : 0;
          const delivered = await count(services, "state = 'delivered'");
          const at = (Date.now() - t0) / 1000;
          released = { delivered, at };
          if (Number.isNaN(signalledS) && claimed === 0) signalledS = at;
          if (Number.isNaN(halfS) && delivered >= N / 2) halfS = at;
          if (delivered >= N) break;
          if (at - saidAt >= 60) { saidAt = at; console.error(`-> ${at.toFixed(0)} s after the top-up: ${delivered} delivered`); }
          if (at > o['drain-timeout'] || (o['drain-until'] && Date.now() / 1000 > o['drain-until'])) break;
          await pause(1000);
        }
        const a = await sample();
        drain = {
          signalledS, halfS, released, cpu: cpuBetween(b.ticks, a.ticks, a.at - b.at), tasks: a.tasks - b.tasks, statements: a.statements - b.statements,
          failedTasks: a.failedTasks,
        };
        // Stragglers a duplicate would be: a moment for them to arrive.
        await pause(2000);
      }
      const checked = WALLET ? await verify(services, receiver, tenantId) : null;

      const where = ON_CLUSTER ? 'the four-process Temporal cluster on PostgreSQL (fsync on)' : 'a Temporal dev server (SQLite)';
      console.log(`\nHeld deliveries: ${N} held ${WALLET ? 'by a wallet below zero' : 'by a paused subscription'}${KEYS ? ` over ${KEYS} ordering keys` : ''}, backstop ${o.backstop} s, ${new Date().toISOString()}`);
      console.log(`${machineSummary()}; one worker in the benchmark's process with WalletHoldRelease and an HTTPS receiver (pool max ${config.dbPoolMax}); ${where}; `
        + `load average ${before.load.toFixed(2)} → ${after.load.toFixed(2)}.\n`);
      console.log('| measure | figure |');
      console.log('| --- | ---: |');
      console.log(`| starts (${o.starters} in flight${o['start-rate'] ? `, paced at ${o['start-rate']}/s` : ''}) | ${N} in ${startSeconds.toFixed(0)} s: ${(N / startSeconds).toFixed(0)}/s; all held after ${heldSeconds.toFixed(0)} s |`);
      console.log(`| held, ${s.toFixed(0)} s window: workflow tasks/s | ${steady.tasks.toFixed(2)} |`);
      console.log(`| held: looks (local activities)/s | ${steady.looks.toFixed(2)} |`);
      console.log(`| held: application statements/s (worker) | ${steady.statements.toFixed(2)} |`);
      console.log(`| held: application database transactions/s | ${steady.appXacts.toFixed(2)} |`);
      console.log(`| held: Temporal database transactions/s | ${ON_CLUSTER ? steady.temporalXacts.toFixed(2) : 'n/a (SQLite)'} |`);
      console.log(`| held: CPU, % of one core (application / Temporal / PostgreSQL, all of the machine's) | ${steady.cpu.application} / ${steady.cpu.temporal} / ${steady.cpu.postgres} |`);
      console.log(`| held: computed at 100,000 held, looks/s at the ${o.backstop} s backstop (a hold's first; it doubles up to a day: 1.2/s) | ${(100_000 / o.backstop).toFixed(1)} |`);
      if (drain && checked) {
        console.log(`| release after one top-up: all claimed and signalled | ${seconds(drain.signalledS)} |`);
        console.log(`| release: half delivered / all delivered | ${seconds(drain.halfS)} / ${drain.released.delivered < N ? `not all: ${drain.released.delivered} in ${drain.released.at.toFixed(0)} s (${(drain.released.delivered / drain.released.at).toFixed(1)}/s) when the run ended` : `${drain.released.at.toFixed(1)} s (${(N / drain.released.at).toFixed(0)}/s)`} |`);
        console.log(`| release: workflow tasks, worker statements (per delivery) | ${drain.tasks} (${(drain.tasks / drain.released.delivered).toFixed(2)}), ${drain.statements} (${(drain.statements / drain.released.delivered).toFixed(2)}) |`);
        console.log(`| release: CPU, % of one core (application / Temporal / PostgreSQL) | ${drain.cpu.application} / ${drain.cpu.temporal} / ${drain.cpu.postgres} |`);
        console.log(`| delivered / received once / missing / duplicates / rejected / not delivered when the run ended | ${checked.delivered} / ${checked.received} / ${checked.missing} / ${checked.duplicates} / ${checked.rejected} / ${checked.undelivered} |`);
        console.log(`| not exactly one attempt / a key's delivery before an earlier one / workflow tasks failed | ${checked.notAttempt1} / ${checked.outOfOrder} / ${drain.failedTasks} |`);
        console.log(`| wallet: balance / ledger sum / postings (the -1.00 and the top-up: nothing charged) | ${checked.wallet?.balance_rub} / ${checked.wallet?.ledger_rub} / ${checked.wallet?.postings} |`);
      }
    } finally {
      eager.stop();
      worker.shutdown();
      await running;
    }
  } finally {
    await holds.stop();
    await services.close();
    await receiver.close();
  }
}

runBench(main);
