import { loadConfig } from '../../src/config.js';
import type { Em } from '../../src/db/em.js';
import { integrationStatus } from '../../src/domain/status/integration-status.js';
import { benchDatabaseUrl, benchEnv, freshDatabase, machineSummary, numberOptions, percentile, provisionCaller, runBench, withOrm } from './bench-support.js';

/**
 * What GET /me/status costs an api when one integration has a backlog of unfinished deliveries
 * (a wallet suspended or a subscription paused for a day: the moment an integrator looks). Not a
 * test, not in CI: `npm run build && node dist/test/bench/me-status.bench.js --deliveries 100000`
 * (docs/benchmarks.md). Needs only PostgreSQL (BENCH_ME_STATUS_DATABASE_URL, default
 * .../sales_api_bench_me_status, dropped and created fresh each run).
 *
 *   --deliveries 100000  unfinished deliveries of one integration: 80 % on a paused subscription,
 *                        20 % on an active one (half of those queued while it was paused)
 *   --data 1000          bytes of each event's data (and a third of that in its personal data)
 *   --runs 5             calls measured, after one warm-up call
 *
 * Printed: the answer's time (median and worst of the runs), the heap the call used at its peak
 * above the heap before it, and the statements it ran.
 */

const { deliveries: N, data: DATA_BYTES, runs: RUNS } = numberOptions({ deliveries: 100_000, data: 1000, runs: 5 });

const env = benchEnv({ name: 'bench-me-status', nodeEnv: 'production', databaseUrl: benchDatabaseUrl('BENCH_ME_STATUS_DATABASE_URL', 'sales_api_bench_me_status') });

/** One integration with a paused and an active subscription, and N unfinished deliveries between them, in bulk. */
async function populate(em: Em, config: ReturnType<typeof loadConfig>, now: Date): Promise<string> {
  const caller = await em.transactional((tx) => provisionCaller(tx, config, 'Backlog', now));
  const hook = async (status: string) => (await em.execute<{ id: string }[]>(
    `insert into webhooks (id, tenant_id, integration_id, url, events, status, include_pii, secret_sealed, created_at, updated_at)
     values (gen_random_uuid(), ?, ?, 'https://127.0.0.1:9/hook', '{conversation.*}', ?, true, 'unused', now(), now()) returning id`,
    [caller.tenantId, caller.integrationId, status]))[0]!.id;
  const paused = await hook('paused');
  const active = await hook('active');
  const data = JSON.stringify({ text: 'x'.repeat(DATA_BYTES) });
  const pii = JSON.stringify({ content: 'y'.repeat(Math.round(DATA_BYTES / 3)) });
  for (let from = 0; from < N; from += 10_000) {
    await em.execute(
      `with e as (insert into outbox_events (id, tenant_id, integration_id, type, api_version, data, pii_data, relayed_at, created_at)
                  select 'evt_backlog_' || (? + g), ?, ?, 'conversation.message.created', '2026-11-01', ?::jsonb, ?::jsonb, now(), now() - (? + g) * interval '1 second'
                    from generate_series(1, ?) g returning id, created_at)
       insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, queued_while_paused, state, attempt, workflow_started_at, created_at, updated_at)
       select gen_random_uuid(), ?, ?, case when n % 5 = 0 then ?::uuid else ?::uuid end, e.id, 'conversation.message.created', n % 10 = 0,
              case when n % 7 = 0 then 'failed' else 'pending' end, case when n % 7 = 0 then 2 else 0 end, now(), e.created_at, now()
         from (select e.*, row_number() over () as n from e) e`,
      [from, caller.tenantId, caller.integrationId, data, pii, from, Math.min(10_000, N - from), caller.tenantId, caller.integrationId, active, paused]);
  }
  await em.execute('analyze');
  return caller.integrationId;
}

async function main(): Promise<void> {
  const config = loadConfig(env);
  await freshDatabase(config);
  await withOrm(config, async (orm) => {
    const integrationId = await populate(orm.em.fork(), config, new Date());
    const statements = { n: 0 };
    orm.config.set('onQuery', (sql: string) => { statements.n += 1; return sql; });
    const times: number[] = [];
    const peaks: number[] = [];
    let counted = 0;
    for (let run = 0; run <= RUNS; run += 1) {
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 2);
      const startStatements = statements.n;
      const started = performance.now();
      const status = await integrationStatus(orm.em.fork(), integrationId, config.cell, new Date());
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      counted = status.webhooks.reduce((n, w) => n + w.waiting.pending + w.waiting.held + w.waiting.failed, 0);
      if (run === 0) continue;
      times.push(ms);
      peaks.push((peak - before) / 2 ** 20);
      if (run === RUNS) console.error(`statements per call: ${statements.n - startStatements}`);
    }
    times.sort((a, b) => a - b);
    peaks.sort((a, b) => a - b);
    console.log(`| ${N.toLocaleString('en')} | ${counted.toLocaleString('en')} | ${percentile(times, 50).toFixed(0)} / ${times.at(-1)!.toFixed(0)} ms | ${percentile(peaks, 50).toFixed(1)} MiB |`);
    console.error(machineSummary());
  });
}

runBench(main);
