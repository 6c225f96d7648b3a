import os from 'node:os';
import { Runtime, DefaultLogger } from '@temporalio/worker';
import proto from '@temporalio/proto';
import type { Client } from '@temporalio/client';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createWorker } from '../../src/temporal/worker.js';
import { reconcileSchedules, scheduleIdsOf, schedulePlan } from '../../src/temporal/schedules.js';
import { setCurrentVersion } from '../../src/temporal/worker-versioning.js';
import { lastWholeDay } from '../../src/domain/strategist/report-run.js';
import { benchDatabaseUrl, benchEnv, freshDatabase, machineSummary, numberOptions, provisionCaller, runBench, withOrm } from './bench-support.js';

/**
 * Scheduled work at many tenants (issue 30, item 8). Not a test, not in CI: run
 * `bin/bench-tenants` (docs/benchmarks.md), which starts a Temporal dev server of its own.
 *
 *   --tenants 100000   tenants in the database, every one with the strategist in its plan
 *   --busy 1000        of them provisioned (integration, key expiring in 20 days) with a day of conversations
 *   --timeout 7200     seconds a phase may take before the run gives up on it
 *
 * One fresh database (BENCH_TENANTS_DATABASE_URL, default .../sales_api_bench_tenants) and one
 * worker in this process (production config, the sweeps' window TENANT_SWEEP_SPREAD=0 so the
 * wall time is the work's, not the night's), whose database statements are counted. Each of the
 * cell's Schedules is triggered in turn and its work followed to completion: the nightly
 * analytics sweep (a snapshot row per tenant: a workflow per busy tenant, the idle ones moved
 * on in bulk), the daily strategist sweep (a report per busy tenant: the idle ones have no data
 * for one), the key-expiry scan (a notice per busy key) and the delivery-log retention.
 */

const { tenants: TENANTS, busy: BUSY, timeout: TIMEOUT } = numberOptions({ tenants: 100_000, busy: 1000, timeout: 7200 });

const env = benchEnv(
  { name: 'bench-tenants', nodeEnv: 'production', databaseUrl: benchDatabaseUrl('BENCH_TENANTS_DATABASE_URL', 'sales_api_bench_tenants') },
  { TENANT_SWEEP_SPREAD: '0' },
);

interface Phase { name: string; seconds: number; statements: number; workflows: number; largestHistory: number; largestEvent: number; failed: number }

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Idle tenants in one statement each 10,000; the busy ones provisioned as the api would, with a day of conversations. */
async function populate(services: Services, now: Date): Promise<void> {
  const em = services.orm.em.fork();
  for (let from = 0; from < TENANTS - BUSY; from += 10_000) {
    const n = Math.min(10_000, TENANTS - BUSY - from);
    await em.execute(`insert into tenants (id, name, features) select gen_random_uuid(), 'Idle ' || g, '{strategist}' from generate_series(1, ?) g`, [n]);
  }
  const day = lastWholeDay(now);
  for (let i = 0; i < BUSY; i++) {
    await services.orm.em.fork().transactional(async (tx) => {
      const caller = await provisionCaller(tx, services.config, `Busy ${i}`, now);
      await tx.execute(`update api_keys set expires_at = ?::timestamptz + interval '20 days' where integration_id = ?`, [now.toISOString(), caller.integrationId]);
      await tx.execute(
        `with ch as (select id from channels where integration_id = ? and type = 'api'),
              c as (insert into conversations (id, tenant_id, channel_id, channel_type, status, mode, created_at, updated_at)
                    select gen_random_uuid(), ?, ch.id, 'api', 'open', 'ai', ?::timestamptz + g * interval '1 hour', ?::timestamptz + g * interval '1 hour'
                      from ch, generate_series(1, 5) g returning id, created_at)
         insert into messages (id, tenant_id, conversation_id, sender, content_type, content, attachments, cards, created_at)
         select gen_random_uuid(), ?, c.id, s.sender, 'text', s.text, '[]', '[]', c.created_at
           from c, (values ('customer', 'Do you ship to Kazan?'), ('ai', 'We do.')) s(sender, text)`,
        [caller.integrationId, caller.tenantId, `${day}T08:00:00Z`, `${day}T08:00:00Z`, caller.tenantId]);
    });
    if ((i + 1) % 200 === 0) console.error(`   ${i + 1} busy tenants`);
  }
}

/** Every run of a workflow id: the longest history and the largest event (bytes, encoded) among them. */
async function historiesOf(client: Client, workflowId: string): Promise<{ runs: number; events: number; largestEvent: number }> {
  let events = 0;
  let largestEvent = 0;
  let runs = 0;
  for await (const w of client.workflow.list({ query: `WorkflowId = "${workflowId}"` })) {
    runs += 1;
    const history = await client.workflow.getHandle(workflowId, w.runId).fetchHistory();
    events = Math.max(events, history.events?.length ?? 0);
    for (const e of history.events ?? []) largestEvent = Math.max(largestEvent, proto.temporal.api.history.v1.HistoryEvent.encode(e).finish().length);
  }
  return { runs, events, largestEvent };
}

async function count(services: Services, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await services.orm.em.fork().execute<{ n: string }[]>(sql, params);
  return Number(row!.n);
}

async function failedSince(client: Client, since: Date): Promise<number> {
  const { count: n } = await client.workflow.count(`ExecutionStatus = "Failed" AND StartTime >= "${since.toISOString()}"`);
  return n;
}

/**
 * Triggers a Schedule and waits until `done()` reports the work complete (or the Schedule's
 * workflow ended, when `done` is absent); the statements the worker ran meanwhile are counted.
 */
async function phase(services: Services, client: Client, statements: { n: number }, name: string, scheduleId: string, done?: () => Promise<boolean>): Promise<Phase> {
  console.error(`-> ${name}`);
  const handle = client.schedule.getHandle(scheduleId);
  const seen = new Set((await handle.describe()).info.recentActions.map((a) => a.action.workflow.workflowId));
  const before = statements.n;
  const since = new Date();
  const started = Date.now();
  await handle.trigger();
  let workflowId: string | undefined;
  while (!workflowId) {
    await pause(200);
    const d = await handle.describe();
    workflowId = [...d.info.recentActions.map((a) => a.action.workflow), ...d.info.runningActions.map((a) => a.workflow)].find((w) => !seen.has(w.workflowId))?.workflowId;
  }
  await client.workflow.getHandle(workflowId).result();
  while (done && !(await done())) {
    if (Date.now() - started > TIMEOUT * 1000) throw new Error(`${name}: not complete after ${TIMEOUT} s`);
    await pause(1000);
  }
  const seconds = (Date.now() - started) / 1000;
  const ran = statements.n - before;
  await pause(2000);
  const histories = await historiesOf(client, workflowId);
  const { count: workflows } = await client.workflow.count(`StartTime >= "${since.toISOString()}"`);
  return { name, seconds, statements: ran, workflows, largestHistory: histories.events, largestEvent: histories.largestEvent, failed: await failedSince(client, since) };
}

async function main(): Promise<void> {
  if (!(Number.isInteger(TENANTS) && Number.isInteger(BUSY) && BUSY >= 0 && BUSY <= TENANTS)) throw new Error('--tenants and --busy are integers, --busy at most --tenants');
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-tenants (it starts a Temporal dev server)');
  const config = loadConfig(env);
  await freshDatabase(config);
  const now = new Date();
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const services = await createServices(config);
  const statements = { n: 0 };
  services.orm.config.set('onQuery', (sql: string) => { statements.n += 1; return sql; });
  try {
    const populated = Date.now();
    console.error(`-> ${TENANTS} tenants, ${BUSY} of them busy`);
    await populate(services, now);
    const populateSeconds = (Date.now() - populated) / 1000;
    await withOrm(config, (orm) => orm.em.fork().execute('analyze'));
    const client = await services.temporal.client();
    // The setup step's Schedules (bin/ctl temporal setup), then the worker, its version made current.
    await reconcileSchedules(client, schedulePlan(config));
    const ids = scheduleIdsOf(config);
    const { worker, version } = await createWorker(services);
    const running = worker.run();
    await setCurrentVersion(client, version, 'bench');
    const reportDate = lastWholeDay(new Date());
    const phases: Phase[] = [];
    try {
      // BENCH_TENANTS_PHASES (e.g. "key-expiry"): only the phases whose name holds one of these words.
      const only = process.env.BENCH_TENANTS_PHASES?.split(',').filter(Boolean);
      const wanted = (name: string) => !only || only.some((word) => name.includes(word));
      if (wanted('nightly analytics sweep')) phases.push(await phase(services, client, statements, 'nightly analytics sweep', ids.analytics,
        async () => await count(services, `select count(*) as n from analytics_snapshots where updated_at >= ?`, [now.toISOString()]) >= TENANTS));
      if (wanted('daily strategist sweep')) phases.push(await phase(services, client, statements, 'daily strategist sweep', ids.strategistDaily,
        // Only the busy tenants have data for a report (docs/decisions.md, "Idle tenants cost a sweep no workflow").
        async () => await count(services, `select count(*) as n from strategist_reports where report_type = 'daily' and report_date = ?`, [reportDate]) >= BUSY));
      // A sweep too: it ends once every tenant's notices are started, the notices (one per busy key) come after.
      if (wanted('key-expiry scan')) phases.push(await phase(services, client, statements, 'key-expiry scan', ids.keyExpiry,
        async () => await count(services, 'select count(*) as n from key_expiry_notices', []) >= BUSY));
      if (wanted('delivery-log retention')) phases.push(await phase(services, client, statements, 'delivery-log retention', ids.retention));
    } finally {
      worker.shutdown();
      await running;
    }
    console.log(`\nScheduled work at ${TENANTS} tenants (${BUSY} busy), ${new Date().toISOString()}`);
    console.log(`${machineSummary()}; one worker in the benchmark's process (NODE_ENV production, pool max ${config.dbPoolMax}), TENANT_SWEEP_PAGE ${config.tenantSweep.pageSize}, ` +
      `TENANT_SWEEP_SPREAD 0; a Temporal dev server (SQLite); populating took ${populateSeconds.toFixed(0)} s; load average ${os.loadavg()[0]!.toFixed(2)} at the end.\n`);
    console.log('| phase | wall time (s) | tenants/s | workflows started | failed | largest history (events, one run of the Schedule\'s workflow) | largest event (bytes) | statements | statements per tenant |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const p of phases) {
      console.log(`| ${p.name} | ${p.seconds.toFixed(1)} | ${(TENANTS / p.seconds).toFixed(0)} | ${p.workflows} | ${p.failed} | ${p.largestHistory} | ${p.largestEvent} | ${p.statements} | ${(p.statements / TENANTS).toFixed(1)} |`);
    }
    const idleReports = await count(services, `select count(*) as n from strategist_reports r join tenants t on t.id = r.tenant_id where t.name like 'Idle %'`);
    const idleStale = await count(services, `select count(*) as n from tenants t left join analytics_snapshots s on s.tenant_id = t.id where t.name like 'Idle %' and (s.updated_at is null or s.updated_at < ?)`, [now.toISOString()]);
    console.log(`\nIdle tenants: ${idleReports} strategist reports, ${idleStale} without this night's snapshot row.`);
  } finally {
    await services.close();
  }
}

runBench(main);
