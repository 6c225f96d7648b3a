import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { API_BASE_PATH, loadConfig, type Config } from '../../src/config.js';
import {
  API_SCRIPT, benchDatabaseUrl, benchEnv, freePort, freshDatabase, machineSummary, pidsNamed, runBench, startChild, stopChild, withOrm,
} from './bench-support.js';
import { knee, keptUp, runStep, stepTable, type StepResult } from './open-loop.js';
import { HttpOffer } from './http-open-loop.js';
import { seedManyCallers } from './many-callers.js';

/**
 * GET /me of the real api against a bare node:http server doing an api_keys lookup on the same
 * kind of pool (bare-server.ts), open-loop in steps (open-loop.ts), each side's knee reported
 * as a ratio to the bare lookup's knee measured in the same run (issue 30 item 9). Not a test
 * and not in CI: run `bin/bench` (see docs/benchmarks.md). Each server runs alone as a child
 * process, in production config, while this process offers the load: never two at once.
 *
 * Sides (--sides, all by default, in this order):
 *   bare       the bare lookup, one key
 *   warm       the api, one key, default caches (AUTH_CACHE_MS, WALLET_CACHE_MS 5 s)
 *   cold       the api, one key, AUTH_CACHE_MS=0 WALLET_CACHE_MS=0: every request a cache miss
 *   bare-10k   the bare lookup, keys drawn at random from --keys keys of as many tenants
 *   api-10k    the api, the same keys, default caches
 * warm and cold are compared with bare, api-10k with bare-10k.
 *
 *   --steps LIST        offered requests/s per step (200,400,700,1000,1400,1800,2400,3000,4000,5000)
 *   --step-seconds S    seconds per step (5); a side stops after two steps in a row it did not keep up with
 *   --warmup S          unmeasured seconds at the first step's rate before the ladder (2)
 *   --connections N     keep-alive sockets at most (128)
 *   --keys N            callers of the -10k sides (10000), seeded with bulk SQL (many-callers.ts)
 *   --p99-limit MS      a step is kept up only with p99 under this (500)
 *
 * Database: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/sales_api_bench), dropped,
 * created and migrated at the start. Redis: BENCH_REDIS_URL (redis://127.0.0.1:6379/0) under
 * the key prefix bench:<pid>:. The read rate limit is raised so that no request is refused.
 */

const { values: o } = parseArgs({
  options: {
    steps: { type: 'string', default: '200,400,700,1000,1400,1800,2400,3000,4000,5000' },
    'step-seconds': { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '128' },
    keys: { type: 'string', default: '10000' },
    'p99-limit': { type: 'string', default: '500' },
    sides: { type: 'string', default: 'bare,warm,cold,bare-10k,api-10k' },
  },
});
const steps = o.steps.split(',').map(Number);
const stepSeconds = Number(o['step-seconds']);
const warmup = Number(o.warmup);
const connections = Number(o.connections);
const keyCount = Number(o.keys);
const p99Limit = Number(o['p99-limit']);

const RATE_LIMIT_READ_PER_MIN = '100000000';
const NO_CACHES = { AUTH_CACHE_MS: '0', WALLET_CACHE_MS: '0' };

const env = benchEnv(
  { name: 'bench', nodeEnv: 'production', databaseUrl: benchDatabaseUrl('BENCH_DATABASE_URL', 'sales_api_bench') },
  // The default read limit (600/min per integration) would refuse almost every request.
  { RATE_LIMIT_READ_PER_MIN },
);

interface Side {
  name: string;
  label: string;
  script: URL;
  path: string;
  readyPath: string;
  keys: 'one' | 'many';
  env?: Record<string, string>;
  /** The side whose knee this one's is divided by. */
  floor?: string;
}

const BARE = new URL('./bare-server.js', import.meta.url);
const SIDES: Side[] = [
  { name: 'bare', label: 'bare node:http + key lookup, 1 key', script: BARE, path: '/me', readyPath: '/me', keys: 'one' },
  { name: 'warm', label: 'api GET /me, 1 key, caches warm', script: API_SCRIPT, path: `${API_BASE_PATH}/me`, readyPath: '/healthz', keys: 'one', floor: 'bare' },
  { name: 'cold', label: 'api GET /me, 1 key, AUTH_CACHE_MS=0 WALLET_CACHE_MS=0', script: API_SCRIPT, path: `${API_BASE_PATH}/me`, readyPath: '/healthz', keys: 'one', env: NO_CACHES, floor: 'bare' },
  { name: 'bare-10k', label: `bare node:http + key lookup, ${keyCount} keys`, script: BARE, path: '/me', readyPath: '/me', keys: 'many' },
  { name: 'api-10k', label: `api GET /me, ${keyCount} keys of ${keyCount} tenants`, script: API_SCRIPT, path: `${API_BASE_PATH}/me`, readyPath: '/healthz', keys: 'many', floor: 'bare-10k' },
];

interface Measured {
  side: Side;
  steps: StepResult[];
  knee: number;
  bestDelivered: number;
  /** CPU of the server and of its own PostgreSQL backends per answered request (ms), at the knee (fixed costs weigh less there). */
  cpuMsPerRequest: number;
  failures: number;
  firstFailure: string | null;
}

/** One server alone, as a child process; ready once readyPath answers at all (the bare server answers 401 without a key). */
function startServer(side: Side, port: number): Promise<ChildProcess> {
  return startChild({
    name: side.name, script: side.script, env: { ...env, ...side.env, PORT: String(port) },
    readyUrl: `http://127.0.0.1:${port}${side.readyPath}`, withinMs: 30_000, ready: () => true,
  });
}

/**
 * PostgreSQL backends serving the benchmark's database (their process title names it): on a
 * shared machine the other databases' backends are someone else's load.
 */
function backendsOf(database: string): number[] {
  // The title reads "postgres: <cluster>: <user> <database> <host(port)> <activity>".
  return pidsNamed('postgres').filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(' ')[3] === database;
    } catch {
      return false;
    }
  });
}

async function measure(side: Side, keys: string[], database: string): Promise<Measured> {
  const port = await freePort();
  const child = await startServer(side, port);
  const url = new URL(`http://127.0.0.1:${port}${side.path}`);
  const pick = keys.length === 1 ? () => keys[0]! : () => keys[Math.floor(Math.random() * keys.length)]!;
  const load = new HttpOffer(url, pick, connections);
  try {
    const probe = await fetch(url, { headers: { authorization: `Bearer ${keys[0]}` } });
    if (probe.status !== 200) throw new Error(`${side.name} answered ${probe.status}: ${await probe.text()}`);
    const cpu = { server: () => [child.pid!], 'own postgres': () => backendsOf(database), redis: () => pidsNamed('redis-server'), load: () => [process.pid] };
    const step = (perSecond: number, seconds: number) => runStep({ side: side.name, perSecond, seconds, drainMs: 3000, cpu, ...load.step() });
    if (warmup > 0) await step(steps[0]!, warmup);
    const results: StepResult[] = [];
    let missed = 0;
    for (const perSecond of steps) {
      const r = await step(perSecond, stepSeconds);
      results.push(r);
      console.error(`   ${side.name} ${perSecond}/s: delivered ${r.deliveredPerSecond.toFixed(0)}/s, p99 ${r.p99} ms${keptUp(r, p99Limit) ? '' : ' (not kept up)'}`);
      missed = keptUp(r, p99Limit) ? 0 : missed + 1;
      if (missed === 2) break;
    }
    const delivered = results.filter((r) => r.arrived === r.offered).map((r) => r.deliveredPerSecond);
    // CPU % of one core over a step = ms of CPU per second; divided by the answers per second.
    const atKnee = results.find((r) => r.offeredPerSecond === knee(results, p99Limit) && keptUp(r, p99Limit));
    return {
      side, steps: results, knee: knee(results, p99Limit), bestDelivered: delivered.length ? Math.max(...delivered) : 0,
      cpuMsPerRequest: atKnee ? ((atKnee.cpu.server ?? 0) + (atKnee.cpu['own postgres'] ?? 0)) * 10 / atKnee.deliveredPerSecond : NaN,
      failures: load.failures, firstFailure: load.firstFailure,
    };
  } finally {
    load.close();
    await stopChild(child);
  }
}

function summary(rows: Measured[]): string {
  const byName = new Map(rows.map((m) => [m.side.name, m]));
  const lines = [
    '| side | knee (req/s offered) | ratio to its floor | most delivered/s (all arrived) | ratio | CPU ms per request (server + own PostgreSQL) | floor\'s / this (capacity ratio on a dedicated machine) | failed requests |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const m of rows) {
    const floor = m.side.floor ? byName.get(m.side.floor) : undefined;
    const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '–');
    lines.push(`| ${m.side.label} | ${m.knee} | ${floor ? `**${ratio(m.knee, floor.knee)}** (of ${floor.side.name})` : 'floor'} | ${m.bestDelivered.toFixed(0)} | ${floor ? ratio(m.bestDelivered, floor.bestDelivered) : '–'} | ${m.cpuMsPerRequest.toFixed(2)} | ${floor ? `**${ratio(floor.cpuMsPerRequest, m.cpuMsPerRequest)}**` : '–'} | ${m.failures} |`);
  }
  return lines.join('\n');
}

async function prepareDatabase(config: Config): Promise<string[]> {
  await freshDatabase(config);
  const started = Date.now();
  const keys = await withOrm(config, (orm) => seedManyCallers(orm, config, keyCount, new Date()));
  console.error(`-> ${keys.length} callers (tenants, wallets, integrations, channels, keys) seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return keys;
}

async function main(): Promise<void> {
  if (![stepSeconds, connections, keyCount, p99Limit, ...steps].every((n) => Number.isFinite(n) && n > 0) || !(warmup >= 0)) {
    throw new Error('--steps, --step-seconds, --connections, --keys and --p99-limit are positive numbers, --warmup zero or more');
  }
  const wanted = o.sides.split(',');
  const unknown = wanted.filter((n) => !SIDES.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown side(s) ${unknown.join(', ')}; sides are ${SIDES.map((s) => s.name).join(', ')}`);
  const config = loadConfig(env);
  const keys = await prepareDatabase(config);
  const loadBefore = os.loadavg();
  const rows: Measured[] = [];
  for (const side of SIDES.filter((s) => wanted.includes(s.name))) {
    console.error(`-> ${side.label}: ${warmup} s warm-up, then steps of ${stepSeconds} s`);
    rows.push(await measure(side, side.keys === 'one' ? keys.slice(0, 1) : keys, new URL(config.databaseUrl).pathname.slice(1)));
  }
  const loadAfter = os.loadavg();
  console.log(`\nGET /me vs a bare key lookup, open-loop steps, ${new Date().toISOString()}`);
  console.log(`${machineSummary()}; steps of ${stepSeconds} s after ${warmup} s warm-up, at most ${connections} sockets, kept up = all answered 200, >= 95 % of the offered rate, p99 < ${p99Limit} ms;`);
  console.log(`load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before and ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after the run (1, 5, 15 min; the machine is shared);`);
  console.log(`pool max ${config.dbPoolMax} per server, AUTH_CACHE_MS ${config.authCacheMs} and WALLET_CACHE_MS ${config.walletCacheMs} unless the side says 0, RATE_LIMIT_READ_PER_MIN ${RATE_LIMIT_READ_PER_MIN} (raised for the run), LOG_LEVEL warn, NODE_ENV production.\n`);
  console.log(summary(rows));
  console.log(`\n${stepTable(rows.flatMap((m) => m.steps))}`);
  const failed = rows.filter((m) => m.failures > 0);
  for (const m of failed) console.error(`${m.side.name}: ${m.failures} requests failed, the first: ${m.firstFailure}`);
}

runBench(main);
