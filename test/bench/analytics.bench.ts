import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { API_BASE_PATH, loadConfig } from '../../src/config.js';
import { createServices } from '../../src/services.js';
import { startSnapshot, followSnapshot } from '../../src/temporal/analytics.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import { eventSource, ingestEvents, type RawEvent } from '../../src/domain/analytics/events.js';
import { LIVE_DAYS } from '../../src/domain/analytics/live-rollups.js';
import { rebuildDays } from '../../src/domain/analytics/snapshot.js';
import type { Config } from '../../src/config.js';
import type { Services } from '../../src/services.js';
import {
  benchDatabaseUrl, benchEnv, cpuPercent, cpuTicks, freePort, freshDatabase, machineSummary, mapInParallel, numberOptions, percentile,
  provisionCaller, runBench, startApi, startWorker, stopChild, withOrm, type BenchCaller,
} from './bench-support.js';
import { seeded } from '../harness/seeded.js';

/**
 * Analytics at the size of a busy site (issue 13). Not a test, not in CI: run
 * `bin/bench-analytics` (docs/benchmarks.md), which starts a Temporal dev server of its own.
 *
 *   --events 1000000   events in all, over the days; all through POST /events, in batches of --batch (500), unless --direct
 *   --direct 0         of those, this many stored first in-process by the ingestion statement itself (ingestEvents,
 *                      batches of --direct-batch 5000, 2 at a time): no HTTP, no validation; the rest go through POST /events
 *   --seed 0           of those, this many generated first by SQL (insert ... select from generate_series, 500,000 per
 *                      statement: the same mix, drawn by random() instead of the seeded generator) with their dedupe keys and
 *                      ingestion counts, then the live days rebuilt as the previous night's snapshot leaves them; then --direct,
 *                      then POST /events
 *   --tenants 1        tenants the events are dealt to, batch by batch (round robin)
 *   --today 0          then this many events of today (live days: every one added to the rollups) through POST /events
 *   --parallel 4       batches in flight at once
 *   --days 90          days the events are spread over, ending yesterday (tenant zone)
 *   --connections 20   connections of the read measurements
 *   --duration 20      measured seconds per read (after --warmup 3 unmeasured seconds)
 *
 * One fresh database (BENCH_ANALYTICS_DATABASE_URL, default .../sales_api_bench_analytics),
 * --tenants tenants; the api and one worker as child processes in production config. Phases:
 * 1. ingestion: generated events (page views mostly, with site searches, carts, purchases and
 *    sign-ups; 50,000 visitors, 300 pages, 12 traffic sources per tenant) stored directly
 *    (--direct) then posted batch after batch, then --today events of today;
 * 2. the snapshot workflow of every tenant (the real one, as `bin/ctl analytics snapshot`
 *    starts it; four at a time as the nightly sweep runs them), timed from start to result;
 *    before it, a digest of the live days' rollups (kept by ingestion), compared after it
 *    with the same days rebuilt from the raw rows;
 * 3. GET /me (the floor: authentication, rate limit, a small body), GET /dashboards/overview
 *    (every block, the default 30 days; then with include_today), GET /analytics/timeseries
 *    (visitors per day, 30 days) of the first tenant, each at --connections for --duration
 *    seconds on the same api process.
 */

const {
  events: EVENTS, batch: BATCH, parallel: PARALLEL, days: DAYS, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP,
  direct: DIRECT, 'direct-batch': DIRECT_BATCH, tenants: TENANTS, today: TODAY, seed: SEED,
} = numberOptions({
  events: 1_000_000, batch: 500, parallel: 4, days: 90, connections: 20, duration: 20, warmup: 3, direct: 0, 'direct-batch': 5000, tenants: 1, today: 0, seed: 0,
});

/** The tenants' zone (the ru cell's default). */
const ZONE = 'Europe/Moscow';

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

/** Where event `n` falls: a day among the last DAYS ending at `lastDay` and a time in it; or, with `today`, a time of today before `now`. */
type When = { lastDay: string } | { today: string; now: Date };

/** Event `n` of the run: its day and time, a type and its properties. */
function eventAt(n: number, when: When): Record<string, unknown> {
  const r = seeded(n + 1);
  const day = 'lastDay' in when ? addDays(when.lastDay, -Math.floor(r() * DAYS)) : when.today;
  const start = Date.parse(`${day}T00:00:00+03:00`);
  const span = 'lastDay' in when ? 86_399_000 : when.now.getTime() - start;
  const occurred = new Date(start + Math.floor(r() * span)).toISOString();
  const visitor = `v${Math.floor(r() * 50_000)}`;
  const kind = r();
  const base = { id: `e${n}`, occurred_at: occurred, visitor_id: visitor };
  if (kind < 0.85) return { ...base, type: 'page_view', properties: { url: PAGES[Math.floor(r() * PAGES.length)], ...SOURCES[Math.floor(r() * SOURCES.length)] } };
  if (kind < 0.93) return { ...base, type: 'site_search', properties: { query: QUERIES[Math.floor(r() * QUERIES.length)], results: Math.floor(r() * 40) } };
  if (kind < 0.97) return { ...base, type: 'add_to_cart', properties: { product_id: `p${Math.floor(r() * 500)}`, quantity: 1 } };
  if (kind < 0.99) return { ...base, type: 'purchase', properties: { order_id: `o${n}`, value: { amount: `${1000 + Math.floor(r() * 9000)}.00`, currency: 'RUB' } } };
  return { ...base, type: 'signup', properties: { method: 'email' } };
}

interface Ingested { events: number; seconds: number; accepted: number; duplicates: number; batchP50: number; batchP99: number; apiCpu: number | null; loadBefore: number }

/** Events [first, first + count) through POST /events, batch b to tenant b mod --tenants. */
async function ingest(base: string, callers: BenchCaller[], api: ChildProcess, first: number, count: number, when: When): Promise<Ingested> {
  const batches = Math.ceil(count / BATCH);
  const loadBefore = os.loadavg()[0]!;
  const ticks = cpuTicks(api.pid);
  const started = Date.now();
  let accepted = 0;
  let duplicates = 0;
  let sent = 0;
  const times = await mapInParallel(batches, PARALLEL, async (b) => {
    const body = JSON.stringify({ events: Array.from({ length: Math.min(BATCH, count - b * BATCH) }, (_, i) => eventAt(first + b * BATCH + i, when)) });
    const apiKey = callers[b % callers.length]!.apiKey;
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
    events: count, seconds: elapsed / 1000, accepted, duplicates, batchP50: percentile(times, 50), batchP99: percentile(times, 99),
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
  const [floor, ...others] = rows;
  for (const other of floor ? others : []) {
    const [f, o] = [floor!.result, other.result];
    lines.push(`| **ratio ${other.name.split(' (')[0]}/floor** | **${(o.requests.average / f.requests.average).toFixed(2)}** | ${(o.latency.p50 / f.latency.p50).toFixed(2)} | ${(o.latency.p99 / f.latency.p99).toFixed(2)} | | | | | |`);
  }
  return lines.join('\n');
}

/** Rows generated per seeding statement. */
const SEED_CHUNK = 500_000;

/**
 * Events [0, SEED) generated by SQL, event i to tenant i mod --tenants, with their dedupe keys, then the ingestion counts
 * of all of them, then each tenant's live days (the LIVE_DAYS before today) rebuilt as the nightly snapshot leaves them.
 */
async function seedSql(config: Config, callers: BenchCaller[], lastDay: string, now: Date): Promise<{ seconds: number; rebuildSeconds: number }> {
  const started = Date.now();
  const tenants = JSON.stringify(callers.map((c) => ({ t: c.tenantId, s: eventSource.api(c.integrationId) })));
  await withOrm(config, async (orm) => {
    for (let from = 0; from < SEED; from += SEED_CHUNK) {
      const to = Math.min(SEED, from + SEED_CHUNK);
      await orm.em.fork().transactional(async (tx) => {
        await tx.execute('set local statement_timeout = 0', [], 'run');
        await tx.execute(
        `with c as (select ?::jsonb as tenants, ?::jsonb as pages, ?::jsonb as sources, ?::date as last_day, ?::timestamptz as now),
              g as (
                select i, c.tenants->((i % jsonb_array_length(c.tenants))::int) as who,
                       (c.last_day - floor(random() * ${DAYS})::int)::timestamp at time zone 'Europe/Moscow' + random() * interval '86399 seconds' as occurred_at,
                       'v' || floor(random() * 50000)::int as visitor_id, random() as kind, random() as a, random() as b, c.pages, c.sources, c.now
                  from generate_series(?::bigint, ?::bigint) i, c offset 0
              ), e as (
                select gen_random_uuid() as id, (who->>'t')::uuid as tenant_id, who->>'s' as source, 's' || i as external_id, occurred_at, now, visitor_id,
                       case when kind < 0.85 then 'page_view' when kind < 0.93 then 'site_search' when kind < 0.97 then 'add_to_cart'
                            when kind < 0.99 then 'purchase' else 'signup' end as type,
                       case when kind < 0.85 then jsonb_build_object('url', pages->floor(a * jsonb_array_length(pages))::int) || (sources->floor(b * jsonb_array_length(sources))::int)
                            when kind < 0.93 then jsonb_build_object('query', 'товар ' || floor(a * 100)::int, 'results', floor(b * 40)::int)
                            when kind < 0.97 then jsonb_build_object('product_id', 'p' || floor(a * 500)::int, 'quantity', 1)
                            when kind < 0.99 then jsonb_build_object('order_id', 'o' || i, 'value', jsonb_build_object('amount', (1000 + floor(a * 9000)::int) || '.00', 'currency', 'RUB'))
                            else jsonb_build_object('method', 'email') end as properties
                  from g
              ), k as (
                insert into analytics_event_keys (tenant_id, source, external_id, occurred_at, received_at) select tenant_id, source, external_id, occurred_at, now from e
              )
              insert into analytics_events (id, tenant_id, source, external_id, type, occurred_at, received_at, visitor_id, properties)
              select id, tenant_id, source, external_id, type, occurred_at, now, visitor_id, properties from e`,
        [tenants, JSON.stringify(PAGES), JSON.stringify(SOURCES), lastDay, now.toISOString(), from, to - 1], 'run');
      });
      console.error(`   ${to} events generated, ${Math.round((to * 1000) / (Date.now() - started))}/s`);
    }
    await orm.em.fork().transactional(async (tx) => {
      await tx.execute('set local statement_timeout = 0', [], 'run');
      await tx.execute(
      `insert into analytics_ingest_counts as c (tenant_id, day, type, accepted, duplicates)
       select tenant_id, (occurred_at at time zone 'Europe/Moscow')::date, type, count(*), 0 from analytics_events group by 1, 2, 3
       on conflict (tenant_id, day, type) do update set accepted = c.accepted + excluded.accepted`, [], 'run');
    });
  });
  const seconds = (Date.now() - started) / 1000;
  const rebuilt = Date.now();
  await withOrm(config, (orm) => mapInParallel(callers.length, 2, async (i) => {
    const days = Array.from({ length: LIVE_DAYS }, (_, d) => addDays(lastDay, -d));
    await rebuildDays(orm.em.fork(), config.cell, { tenantId: callers[i]!.tenantId, zone: ZONE, completeThrough: lastDay }, days);
  }));
  return { seconds, rebuildSeconds: (Date.now() - rebuilt) / 1000 };
}

/** Events [SEED, SEED + DIRECT) stored in-process by the ingestion statement (ingestEvents), batch b to tenant b mod --tenants, 2 at a time. */
async function seedDirect(config: Config, callers: BenchCaller[], lastDay: string, now: Date): Promise<{ seconds: number; accepted: number }> {
  const started = Date.now();
  let accepted = 0;
  let done = 0;
  await withOrm(config, (orm) => mapInParallel(Math.ceil(DIRECT / DIRECT_BATCH), 2, async (b) => {
    const caller = callers[b % callers.length]!;
    const events: RawEvent[] = Array.from({ length: Math.min(DIRECT_BATCH, DIRECT - b * DIRECT_BATCH) }, (_, i) => {
      const e = eventAt(SEED + b * DIRECT_BATCH + i, { lastDay }) as { id: string; type: RawEvent['type']; occurred_at: string; visitor_id: string; properties: Record<string, unknown> };
      return { externalId: e.id, type: e.type, occurredAt: new Date(e.occurred_at), visitorId: e.visitor_id, properties: e.properties };
    });
    accepted += (await ingestEvents(orm.em.fork(), caller.tenantId, eventSource.api(caller.integrationId), events, now, ZONE, config.cell)).accepted;
    done += events.length;
    if ((b + 1) % 20 === 0) console.error(`   ${done} events stored directly, ${Math.round((done * 1000) / (Date.now() - started))}/s`);
  }));
  return { seconds: (Date.now() - started) / 1000, accepted };
}

/** A digest of the rollups of the live days (today and the last LIVE_DAYS) of every tenant: kept by ingestion before the snapshot, rebuilt by it after. */
async function liveDigest(config: Config, today: string): Promise<{ rows: number; md5: string }> {
  return withOrm(config, async (orm) => {
    const [row] = await orm.em.fork().execute<{ rows: string; md5: string }[]>(
      `select count(*) as rows, md5(coalesce(string_agg(tenant_id || ' ' || day || ' ' || metric || ' ' || dimension || ' ' || value, E'\n' order by tenant_id, day, metric, dimension), '')) as md5
         from analytics_daily where day >= ?::date and day < ?::date`, [addDays(today, -LIVE_DAYS), today]);
    return { rows: Number(row!.rows), md5: row!.md5 };
  });
}

/** The snapshot workflow of every tenant, four at a time (the nightly sweep's pace); the time of each. */
async function snapshotAll(services: Services, callers: BenchCaller[]): Promise<{ seconds: number; days: number; rows: number; each: number[] }> {
  const started = Date.now();
  let days = 0;
  let rows = 0;
  const each = await mapInParallel(callers.length, Math.min(4, callers.length), async (i) => {
    const t0 = Date.now();
    const { handle } = await startSnapshot(services, callers[i]!.tenantId, null);
    const result = await followSnapshot(handle, () => undefined);
    days += result.days;
    rows += result.rows;
    return (Date.now() - t0) / 1000;
  });
  return { seconds: (Date.now() - started) / 1000, days, rows, each: each.sort((a, b) => a - b) };
}

const rate = (i: Ingested) => `${i.accepted} events accepted (${i.duplicates} duplicates) in ${i.seconds.toFixed(1)} s = **${(i.accepted / i.seconds).toFixed(0)} events/s** `
  + `(batches of ${BATCH}, ${PARALLEL} in flight; a batch p50 ${i.batchP50.toFixed(0)} ms, p99 ${i.batchP99.toFixed(0)} ms; api CPU ${i.apiCpu === null ? 'n/a' : `${i.apiCpu.toFixed(0)} %`}; load average ${i.loadBefore.toFixed(2)} before)`;

async function main(): Promise<void> {
  if (![EVENTS, BATCH, PARALLEL, DAYS, CONNECTIONS, DURATION, DIRECT_BATCH, TENANTS].every((n) => Number.isInteger(n) && n > 0) || BATCH > 500 || !(WARMUP >= 0)
    || !(Number.isInteger(DIRECT) && Number.isInteger(SEED) && DIRECT >= 0 && SEED >= 0 && SEED + DIRECT <= EVENTS) || !(Number.isInteger(TODAY) && TODAY >= 0)) {
    throw new Error('--events, --parallel, --days, --connections, --duration, --direct-batch and --tenants are positive integers, --batch at most 500, '
      + '--warmup, --seed and --direct (together at most --events) and --today zero or more');
  }
  if (!process.env.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set: run bin/bench-analytics (it starts a Temporal dev server)');
  const config = loadConfig(env);
  await freshDatabase(config);
  const now = new Date();
  const callers = await withOrm(config, (orm) => mapInParallel(TENANTS, 4, (i) => orm.em.fork().transactional((em) => provisionCaller(em, config, `Analytics bench ${i}`, now))));
  const caller = callers[0]!;
  const today = dayIn(now, ZONE);
  const lastDay = addDays(today, -1);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}${API_BASE_PATH}`;
  const api = await startApi(env, { port, readyPath: '/readyz', withinMs: 60_000, logDir: LOG_DIR });
  let worker: ChildProcess | undefined;
  const services = await createServices(config);
  try {
    const seedLoad = os.loadavg()[0]!;
    let seed: { seconds: number; rebuildSeconds: number } | null = null;
    if (SEED) {
      console.error(`-> generating ${SEED} events by SQL over the ${DAYS} days ending ${lastDay}, ${TENANTS} tenant(s)`);
      seed = await seedSql(config, callers, lastDay, now);
    }
    const directLoad = os.loadavg()[0]!;
    let direct: { seconds: number; accepted: number } | null = null;
    if (DIRECT) {
      console.error(`-> storing ${DIRECT} events directly (ingestEvents, batches of ${DIRECT_BATCH}) over the ${DAYS} days ending ${lastDay}, ${TENANTS} tenant(s)`);
      direct = await seedDirect(config, callers, lastDay, now);
    }
    const first = SEED + DIRECT;
    console.error(`-> ingesting ${EVENTS - first} events in batches of ${BATCH}, ${PARALLEL} in flight, over the ${DAYS} days ending ${lastDay}, ${TENANTS} tenant(s)`);
    const ingested = EVENTS > first ? await ingest(base, callers, api, first, EVENTS - first, { lastDay }) : null;
    let live: Ingested | null = null;
    if (TODAY) {
      console.error(`-> ingesting ${TODAY} events of today (${today}) in batches of ${BATCH}`);
      live = await ingest(base, callers, api, EVENTS, TODAY, { today, now: new Date() });
    }
    const digestBefore = await liveDigest(config, today);

    console.error('-> snapshot workflow of every tenant');
    worker = await startWorker(env, { withinMs: 60_000, logDir: LOG_DIR });
    const snapshotLoad = os.loadavg()[0]!;
    const snapshot = await snapshotAll(services, callers);
    await stopChild(worker);
    worker = undefined;
    const digestAfter = await liveDigest(config, today);

    console.error(`-> GET /me, the overview, the overview with today, the timeseries: ${WARMUP} s warm-up, ${DURATION} s at ${CONNECTIONS} connections each`);
    const reads = [
      await read('GET /me (floor)', `${base}/me`, caller.apiKey, api),
      await read('GET /dashboards/overview (all blocks, 30 days)', `${base}/dashboards/overview`, caller.apiKey, api),
      await read('GET /dashboards/overview?include_today=true (all blocks, 30 days to today)', `${base}/dashboards/overview?include_today=true`, caller.apiKey, api),
      await read('GET /analytics/timeseries (visitors per day, 30 days)', `${base}/analytics/timeseries?metric=visitors&interval=day`, caller.apiKey, api),
    ];
    const sizes = await withOrm(config, async (orm) => {
      const [row] = await orm.em.fork().execute<{ daily: string; mine: string; visitors: string; events_size: string; daily_size: string; visitors_size: string }[]>(
        `select (select count(*) from analytics_daily) as daily, (select count(*) from analytics_daily where tenant_id = ?) as mine,
                (select count(*) from analytics_visitor_days) as visitors,
                pg_size_pretty((select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'analytics_events'::regclass)) as events_size,
                pg_size_pretty(pg_total_relation_size('analytics_daily')) as daily_size, pg_size_pretty(pg_total_relation_size('analytics_visitor_days')) as visitors_size`,
        [caller.tenantId]);
      return row!;
    });

    console.log(`\nAnalytics: ingestion, snapshot and the reads, ${new Date().toISOString()}`);
    console.log(`${machineSummary()}; one api process and one worker (NODE_ENV production, LOG_LEVEL warn, pool max ${config.dbPoolMax}); rate limits raised for the run; `
      + `${EVENTS} events over ${DAYS} days ending ${lastDay} and ${TODAY} of today, ${TENANTS} tenant(s).\n`);
    if (seed) {
      console.log(`- Generated by SQL (insert ... select from generate_series, ${SEED_CHUNK} rows a statement, with their dedupe keys; then the ingestion counts): `
        + `${SEED} events in ${seed.seconds.toFixed(1)} s (load average ${seedLoad.toFixed(2)} before); the ${LIVE_DAYS} live days of each tenant then rebuilt in ${seed.rebuildSeconds.toFixed(1)} s.`);
    }
    if (direct) {
      console.log(`- Stored directly (ingestEvents in the benchmark's process, the statement POST /events runs, batches of ${DIRECT_BATCH}, 2 at a time, no HTTP): `
        + `${direct.accepted} events in ${direct.seconds.toFixed(1)} s = **${(direct.accepted / direct.seconds).toFixed(0)} events/s** (load average ${directLoad.toFixed(2)} before).`);
    }
    if (ingested) console.log(`- Ingestion through POST /events: ${rate(ingested)}.`);
    if (live) console.log(`- Ingestion of today's events (a live day: each batch adds to the rollups): ${rate(live)}.`);
    console.log(`- Snapshot (workflow analyticsSnapshot of each of ${TENANTS} tenant(s), four at a time, first run: every day touched): ${snapshot.days} days, ${snapshot.rows} rollup rows `
      + `in **${snapshot.seconds.toFixed(1)} s** (per tenant p50 ${percentile(snapshot.each, 50).toFixed(1)} s, max ${snapshot.each[snapshot.each.length - 1]!.toFixed(1)} s; load average ${snapshotLoad.toFixed(2)} before).`);
    console.log(`- Live days (the ${LIVE_DAYS} before today) as ingestion kept them vs rebuilt by the snapshot: ${digestBefore.rows} and ${digestAfter.rows} rollup rows, `
      + `**${digestBefore.md5 === digestAfter.md5 ? 'identical' : 'DIFFERENT'}** (md5 ${digestBefore.md5.slice(0, 12)}).`);
    console.log(`- Sizes: analytics_daily ${sizes.daily} rows (${sizes.mine} of the read tenant), ${sizes.daily_size}; analytics_visitor_days ${sizes.visitors} rows, ${sizes.visitors_size}; raw events ${sizes.events_size}.`);
    console.log('');
    console.log(readTable(reads));
    const accepted = SEED + (direct?.accepted ?? 0) + (ingested?.accepted ?? 0) + (live?.accepted ?? 0);
    const failed = reads.filter((m) => m.result.non2xx > 0 || m.result.errors > 0 || m.result.timeouts > 0);
    if (failed.length || accepted !== EVENTS + TODAY || digestBefore.md5 !== digestAfter.md5) {
      console.error(`\nnot every request got a 2xx, not every event was accepted, or the live rollups differ from the rebuild: the figures are not valid`);
      process.exitCode = 1;
    }
  } finally {
    await stopChild(worker);
    await stopChild(api);
    await services.close();
  }
}

runBench(main);
