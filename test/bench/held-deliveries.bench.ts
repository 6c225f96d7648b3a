import os from 'node:os';
import { Runtime, DefaultLogger, makeTelemetryFilterString } from '@temporalio/worker';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createWorker } from '../../src/temporal/worker.js';
import { setCurrentVersion } from '../../src/temporal/worker-versioning.js';
import { startDeliveryWorkflow } from '../../src/temporal/deliveries.js';
import { forEachConcurrently } from '../../src/domain/pacing/concurrently.js';
import type { DeliveryTiming } from '../../workflows/delivery-contract.js';
import { benchDatabaseUrl, benchEnv, freePort, freshDatabase, machineSummary, numberOptions, provisionCaller, runBench, withOrm } from './bench-support.js';

/**
 * The steady cost of held webhook deliveries (issue 30, item 8). Not a test, not in CI: run
 * `bin/bench-held-deliveries` (docs/benchmarks.md), which starts a Temporal dev server of its own.
 *
 *   --deliveries 10000  delivery workflows held by a paused subscription (one tenant, bulk rows)
 *   --recheck 60        seconds: the hold's re-check timer (holdRecheckMs; jittered ±20 %)
 *   --backstop 0        seconds: the timer of a hold a signal releases (0: none, the re-check timer)
 *   --window 150        seconds measured (1.25 x the re-check: every delivery looks once in it)
 *   --settle 0          seconds waited after every delivery is held, before the window
 *
 * One worker in this process. Counted over the window: workflow tasks the worker completed (the
 * SDK's temporal_workflow_task_execution_latency count, scraped from its Prometheus endpoint),
 * local activities (the hold's look), database statements the worker ran (MikroORM onQuery) and
 * transactions of the database (pg_stat_database xact_commit + xact_rollback). Per second and
 * per delivery per re-check; scaled to 100,000 held deliveries at today's 10-minute re-check.
 */

const { deliveries: N, recheck: RECHECK_S, backstop: BACKSTOP_S, window: WINDOW_S, settle: SETTLE_S } = numberOptions({ deliveries: 10_000, recheck: 120, backstop: 0, window: 150, settle: 0 });

const env = benchEnv(
  { name: 'bench-held', nodeEnv: 'production', databaseUrl: benchDatabaseUrl('BENCH_HELD_DATABASE_URL', 'sales_api_bench_held') },
  { WEBHOOK_HOLD_RECHECK: `${RECHECK_S}s` },
);

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function scrape(address: string): Promise<{ tasks: number; localActivities: number }> {
  const text = await (await fetch(`http://${address}/metrics`)).text();
  const sum = (prefix: string) => text.split('\n').filter((l) => l.startsWith(prefix) && /_count(\{| )/.test(l))
    .reduce((n, l) => n + Number(l.trim().split(/\s+/).at(-1)), 0);
  return { tasks: sum('temporal_workflow_task_execution_latency'), localActivities: sum('temporal_local_activity_execution_latency') };
}

async function transactions(services: Services): Promise<number> {
  const [row] = await services.orm.em.fork().execute<{ n: string }[]>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
  return Number(row!.n);
}

/** One tenant, its integration, a paused subscription, N events and N deliveries of them (already started: the relay leaves them). */
async function populate(services: Services, now: Date): Promise<string[]> {
  const em = services.orm.em.fork();
  const caller = await em.transactional((tx) => provisionCaller(tx, services.config, 'Held deliveries', now));
  const [hook] = await em.execute<{ id: string }[]>(
    `insert into webhooks (id, tenant_id, integration_id, url, events, status, secret_sealed, created_at, updated_at)
     values (gen_random_uuid(), ?, ?, 'https://127.0.0.1:9/hook', '{operation.completed}', 'paused', 'unused', now(), now()) returning id`,
    [caller.tenantId, caller.integrationId]);
  for (let from = 0; from < N; from += 10_000) {
    await em.execute(
      `with e as (insert into outbox_events (id, tenant_id, integration_id, type, api_version, data, relayed_at)
                  select 'evt_held_' || (? + g), ?, ?, 'operation.completed', '2026-11-01', '{}', now() from generate_series(1, ?) g returning id)
       insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, workflow_started_at, created_at, updated_at)
       select gen_random_uuid(), ?, ?, ?, e.id, 'operation.completed', now(), now(), now() from e`,
      [from, caller.tenantId, caller.integrationId, Math.min(10_000, N - from), caller.tenantId, caller.integrationId, hook!.id]);
  }
  const rows = await em.execute<{ id: string }[]>('select id from webhook_deliveries');
  return rows.map((r) => r.id);
}

async function main(): Promise<void> {
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-held-deliveries (it starts a Temporal dev server)');
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
  try {
    const now = new Date();
    const ids = await populate(services, now);
    await withOrm(config, (orm) => orm.em.fork().execute('analyze'));
    const { worker, version } = await createWorker(services);
    const running = worker.run();
    const client = await services.temporal.client();
    await setCurrentVersion(client, version, 'bench');
    const timing: DeliveryTiming & { holdBackstopMs?: number } = {
      retrySchedule: config.webhooks.retrySchedule, retryAfterMaxMs: config.webhooks.retryAfterMaxMs, timeoutMs: config.webhooks.timeoutMs,
      holdRecheckMs: RECHECK_S * 1000, ...(BACKSTOP_S > 0 ? { holdBackstopMs: BACKSTOP_S * 1000 } : {}),
    };
    try {
      const started = Date.now();
      console.error(`-> starting ${N} delivery workflows`);
      await forEachConcurrently(ids, 32, (id) => startDeliveryWorkflow(client, config.temporal.taskQueue,
        { id, tenantId: '', integrationId: '', webhookId: '', eventType: 'operation.completed' }, timing), (id, err) => { throw new Error(`delivery ${id} not started: ${String(err)}`); });
      const startSeconds = (Date.now() - started) / 1000;
      for (;;) {
        const [row] = await services.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from webhook_deliveries where held_at is not null');
        if (Number(row!.n) >= N) break;
        await pause(1000);
      }
      const heldSeconds = (Date.now() - started) / 1000;
      console.error(`-> all ${N} held after ${heldSeconds.toFixed(0)} s; settling ${SETTLE_S} s`);
      await pause(SETTLE_S * 1000);
      const before = { ...(await scrape(metricsAddress)), statements: statements.n, xacts: await transactions(services), at: Date.now(), load: os.loadavg()[0]! };
      console.error(`-> measuring ${WINDOW_S} s`);
      await pause(WINDOW_S * 1000);
      const after = { ...(await scrape(metricsAddress)), statements: statements.n, xacts: await transactions(services), at: Date.now(), load: os.loadavg()[0]! };
      const s = (after.at - before.at) / 1000;
      type Measure = 'tasks' | 'localActivities' | 'statements' | 'xacts';
      const rate = (k: Measure) => (after[k] - before[k]) / s;
      const looks = after.localActivities - before.localActivities;
      // Per look (a hold cycle: a timer fires, a workflow task runs the look), and at 100,000 held deliveries: one look per delivery per period.
      const perLook = (k: Measure) => (looks ? (after[k] - before[k]) / looks : NaN);
      const at100k = (k: Measure, periodS: number) => (perLook(k) * 100_000) / periodS;
      console.log(`\nHeld deliveries: ${N} held by a paused subscription, re-check ${RECHECK_S} s${BACKSTOP_S > 0 ? `, backstop ${BACKSTOP_S} s` : ''}, ${new Date().toISOString()}`);
      console.log(`${machineSummary()}; one worker in the benchmark's process (NODE_ENV production, pool max ${config.dbPoolMax}); a Temporal dev server (SQLite); `
        + `${N} starts took ${startSeconds.toFixed(0)} s, all held after ${heldSeconds.toFixed(0)} s; window ${s.toFixed(0)} s after ${SETTLE_S} s; ${looks} looks in it; load average ${before.load.toFixed(2)} → ${after.load.toFixed(2)}.\n`);
      console.log('| measure | per second (measured) | per look (measured) | per second at 100,000 held, 10-min re-check (computed) | the same, 1-h backstop (computed) |');
      console.log('| --- | ---: | ---: | ---: | ---: |');
      for (const [k, name] of [['tasks', 'workflow tasks'], ['localActivities', 'local activities (hold looks)'], ['statements', 'worker statements'], ['xacts', 'database transactions']] as const) {
        console.log(`| ${name} | ${rate(k).toFixed(1)} | ${perLook(k).toFixed(2)} | ${at100k(k, 600).toFixed(1)} | ${at100k(k, 3600).toFixed(1)} |`);
      }
    } finally {
      worker.shutdown();
      await running;
    }
  } finally {
    await services.close();
  }
}

runBench(main);
