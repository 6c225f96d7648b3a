import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { API_BASE_PATH, loadConfig } from '../../src/config.js';
import { createServices } from '../../src/services.js';
import { startSnapshot, followSnapshot } from '../../src/temporal/analytics.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import {
  benchDatabaseUrl, benchEnv, cpuPercent, cpuTicks, freePort, freshDatabase, machineSummary, mapInParallel, numberOptions, percentile,
  provisionCaller, runBench, startApi, startWorker, stopChild, withOrm,
} from './bench-support.js';
import { seeded } from '../support/seeded.js';

/**
 * Analytics at the size of a busy site (issue 13). Not a test, not in CI: run
 * `bin/bench-analytics` (docs/benchmarks.md), which starts a Temporal dev server of its own.
 *
 *   --events 1000000   events sent through POST /events, in batches of --batch (500)
 *   --parallel 4       batches in flight at once
 *   --days 90          days the events are spread over, ending yesterday (tenant zone)
 *   --connections 20   connections of the read measurements
 *   --duration 20      measured seconds per read (after --warmup 3 unmeasured seconds)
 *
 * One fresh database (BENCH_ANALYTICS_DATABASE_URL, default .../sales_api_bench_analytics),
 * one tenant; the api and one worker as child processes in production config. Three phases:
 * 1. ingestion: generated events (page views mostly, with site searches, carts, purchases and
 *    sign-ups; 50,000 visitors, 300 pages, 12 traffic sources) posted batch after batch;
 * 2. the snapshot workflow of that tenant (the real one, as `bin/ctl analytics snapshot`
 *    starts it), timed from start to result;
 * 3. GET /me (the floor: authentication, rate limit, a small body) then GET
 *    /dashboards/overview (every block, the default 30 days) of that tenant, each at
 *    --connections for --duration seconds on the same api process.
 */

const { events: EVENTS, batch: BATCH, parallel: PARALLEL, days: DAYS, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP } = numberOptions({
  events: 1_000_000, batch: 500, parallel: 4, days: 90, connections: 20, duration: 20, warmup: 3,
});

/** Where the api and the worker write their output (bin/bench-analytics sets it); this terminal without it. */
const LOG_DIR = process.env.BENCH_ANALYTICS_LOG_DIR;

const env = benchEnv(
  { name: 'bench-analytics', nodeEnv: 'production', databaseUrl: benchDatabaseUrl('BENCH_ANALYTICS_DATABASE_URL', 'sales_api_bench_analytics') },
  // The default limits (600 reads, 120 writes a minute per integration) would refuse almost every request.
  { RATE_LIMIT_READ_PER_MIN: '100000000', RATE_LIMIT_WRITE_PER_MIN: '100000000' },
);

const SOURCES: Record<string, string>[] = [
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'brand' }, { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'generic' },
  { utm_source: 'vk', utm_medium: 'paid_social' }, { utm_source: 'newsletter', utm_medium: 'email' },
  { referrer: 'https://www.google.com/' }, { referrer: 'https://yandex.ru/search/' }, { referrer: 'https://vk.com/feed' },
  { referrer: 'https://t.me/channel' }, { referrer: 'https://habr.com/ru/articles/1' }, { referrer: 'https://dzen.ru/' },
  {}, {},
];
const PAGES = Array.from({ length: 300 }, (_, i) => `https://shop.example.ru/${i % 10 === 0 ? 'blog' : 'catalog'}/item-${i}`);
const QUERIES = Array.from({ length: 100 }, (_, i) => `товар ${i}`);

/** Event `n` of the run: its day among the last DAYS ending at `lastDay`, a time in it, a type and its properties. */
function eventAt(n: number, lastDay: string): Record<string, unknown> {
  const r = seeded(n + 1);
  const day = addDays(lastDay, -Math.floor(r() * DAYS));
  const occurred = new Date(Date.parse(`${day}T00:00:00+03:00`) + Math.floor(r() * 86_399_000)).toISOString();
  const visitor = `v${Math.floor(r() * 50_000)}`;
  const kind = r();
  const base = { id: `e${n}`, occurred_at: occurred, visitor_id: visitor };
  if (kind < 0.85) return { ...base, type: 'page_view', properties: { url: PAGES[Math.floor(r() * PAGES.length)], ...SOURCES[Math.floor(r() * SOURCES.length)] } };
  if (kind < 0.93) return { ...base, type: 'site_search', properties: { query: QUERIES[Math.floor(r() * QUERIES.length)], results: Math.floor(r() * 40) } };
  if (kind < 0.97) return { ...base, type: 'add_to_cart', properties: { product_id: `p${Math.floor(r() * 500)}`, quantity: 1 } };
  if (kind < 0.99) return { ...base, type: 'purchase', properties: { order_id: `o${n}`, value: { amount: `${1000 + Math.floor(r() * 9000)}.00`, currency: 'RUB' } } };
  return { ...base, type: 'signup', properties: { method: 'email' } };
}

interface Ingested { seconds: number; accepted: number; duplicates: number; batchP50: number; batchP99: number; apiCpu: number | null; loadBefore: number }

async function ingest(base: string, apiKey: string, api: ChildProcess, lastDay: string): Promise<Ingested> {
  const batches = Math.ceil(EVENTS / BATCH);
  const loadBefore = os.loadavg()[0]!;
  const ticks = cpuTicks(api.pid);
  const started = Date.now();
  let accepted = 0;
  let duplicates = 0;
  let sent = 0;
  const times = await mapInParallel(batches, PARALLEL, async (b) => {
    const body = JSON.stringify({ events: Array.from({ length: Math.min(BATCH, EVENTS - b * BATCH) }, (_, i) => eventAt(b * BATCH + i, lastDay)) });
    const t0 = performance.now();
    const res = await fetch(`${base}/events`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body });
    const answer = await res.json() as { accepted: number; duplicates: number };
    if (res.status !== 200) throw new Error(`POST /events answered ${res.status}: ${JSON.stringify(answer).slice(0, 500)}`);
    accepted += answer.accepted;
    duplicates += answer.duplicates;
    sent += 1;
    if (sent % 100 === 0) console.error(`   ${sent * BATCH} events, ${Math.round((sent * BATCH * 1000) / (Date.now() - started))}/s`);
    return performance.now() - t0;
  });
  const elapsed = Date.now() - started;
  const after = cpuTicks(api.pid);
  times.sort((a, b) => a - b);
  return {
    seconds: elapsed / 1000, accepted, duplicates, batchP50: percentile(times, 50), batchP99: percentile(times, 99),
    apiCpu: ticks === null || after === null ? null : cpuPercent(after - ticks, elapsed), loadBefore,
  };
}

interface Read { name: string; result: autocannon.Result; apiCpu: number | null; loadBefore: number }

async function read(name: string, url: string, apiKey: string, api: ChildProcess): Promise<Read> {
  const headers = { authorization: `Bearer ${apiKey}` };
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) throw new Error(`${name} answered ${probe.status}: ${await probe.text()}`);
  if (WARMUP > 0) await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
  const loadBefore = os.loadavg()[0]!;
  const ticks = cpuTicks(api.pid);
  const started = Date.now();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const after = cpuTicks(api.pid);
  return { name, result, apiCpu: ticks === null || after === null ? null : cpuPercent(after - ticks, Date.now() - started), loadBefore };
}

function readTable(rows: Read[]): string {
  const lines = [
    '| request | req/s (mean) | p50 (ms) | p99 (ms) | requests | non-2xx | errors | api CPU | load avg before |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(({ name, result: r, apiCpu, loadBefore }) =>
      `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50.toFixed(1)} | ${r.latency.p99.toFixed(1)} | ${r.requests.total} | ${r.non2xx} | ${r.errors + r.timeouts} | ${apiCpu === null ? 'n/a' : `${apiCpu.toFixed(0)} %`} | ${loadBefore.toFixed(2)} |`),
  ];
  const [floor, overview] = rows.map((m) => m.result);
  if (floor && overview) {
    lines.push(`| **ratio overview/floor** | **${(overview.requests.average / floor.requests.average).toFixed(2)}** | ${(overview.latency.p50 / floor.latency.p50).toFixed(2)} | ${(overview.latency.p99 / floor.latency.p99).toFixed(2)} | | | | | |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (![EVENTS, BATCH, PARALLEL, DAYS, CONNECTIONS, DURATION].every((n) => Number.isInteger(n) && n > 0) || BATCH > 500 || !(WARMUP >= 0)) {
    throw new Error('--events, --parallel, --days, --connections and --duration are positive integers, --batch at most 500, --warmup zero or more');
  }
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-analytics (it starts a Temporal dev server)');
  const config = loadConfig(env);
  await freshDatabase(config);
  const now = new Date();
  const caller = await withOrm(config, (orm) => orm.em.fork().transactional((em) => provisionCaller(em, config, 'Analytics bench', now)));
  const lastDay = addDays(dayIn(now, 'Europe/Moscow'), -1);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}${API_BASE_PATH}`;
  const api = await startApi(env, { port, readyPath: '/readyz', withinMs: 60_000, logDir: LOG_DIR });
  let worker: ChildProcess | undefined;
  const services = await createServices(config);
  try {
    console.error(`-> ingesting ${EVENTS} events in batches of ${BATCH}, ${PARALLEL} in flight, over the ${DAYS} days ending ${lastDay}`);
    const ingested = await ingest(base, caller.apiKey, api, lastDay);

    console.error('-> snapshot workflow of the tenant');
    worker = await startWorker(env, { withinMs: 60_000, logDir: LOG_DIR });
    const snapshotLoad = os.loadavg()[0]!;
    const snapshotStarted = Date.now();
    const { handle } = await startSnapshot(services, caller.tenantId, null);
    const snapshot = await followSnapshot(handle, () => undefined);
    const snapshotSeconds = (Date.now() - snapshotStarted) / 1000;
    await stopChild(worker);
    worker = undefined;

    console.error(`-> GET /me, then GET /dashboards/overview: ${WARMUP} s warm-up, ${DURATION} s at ${CONNECTIONS} connections each`);
    const reads = [
      await read('GET /me (floor)', `${base}/me`, caller.apiKey, api),
      await read('GET /dashboards/overview (all blocks, 30 days)', `${base}/dashboards/overview`, caller.apiKey, api),
    ];
    const rollupRows = await withOrm(config, async (orm) => {
      const [row] = await orm.em.fork().execute<{ n: string }[]>('select count(*) as n from analytics_daily where tenant_id = ?', [caller.tenantId]);
      return Number(row!.n);
    });

    console.log(`\nAnalytics: ingestion, snapshot and the overview dashboard, ${new Date().toISOString()}`);
    console.log(`${machineSummary()}; one api process and one worker (NODE_ENV production, LOG_LEVEL warn, pool max ${config.dbPoolMax}); rate limits raised for the run.\n`);
    console.log(`- Ingestion: ${ingested.accepted} events accepted (${ingested.duplicates} duplicates) in ${ingested.seconds.toFixed(1)} s = ` +
      `**${(ingested.accepted / ingested.seconds).toFixed(0)} events/s** (batches of ${BATCH}, ${PARALLEL} in flight; a batch p50 ${ingested.batchP50.toFixed(0)} ms, ` +
      `p99 ${ingested.batchP99.toFixed(0)} ms; api CPU ${ingested.apiCpu === null ? 'n/a' : `${ingested.apiCpu.toFixed(0)} %`}; load average ${ingested.loadBefore.toFixed(2)} before).`);
    console.log(`- Snapshot (workflow analyticsSnapshot, first run: every day touched): ${snapshot.days} days, ${snapshot.rows} rollup rows ` +
      `(${rollupRows} in analytics_daily) in **${snapshotSeconds.toFixed(1)} s** (load average ${snapshotLoad.toFixed(2)} before).`);
    console.log('');
    console.log(readTable(reads));
    const failed = reads.filter((m) => m.result.non2xx > 0 || m.result.errors > 0 || m.result.timeouts > 0);
    if (failed.length || ingested.accepted !== EVENTS) {
      console.error(`\nnot every request got a 2xx, or not every event was accepted: the figures are not valid`);
      process.exitCode = 1;
    }
  } finally {
    await stopChild(worker);
    await stopChild(api);
    await services.close();
  }
}

runBench(main);
