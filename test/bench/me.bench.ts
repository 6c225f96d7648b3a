import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { API_BASE_PATH, loadConfig, type Config } from '../../src/config.js';
import { seedDemo } from '../../src/domain/provisioning/demo.js';
import {
  API_SCRIPT, benchDatabaseUrl, benchEnv, cpuPercent, cpuTicks, freePort, machineSummary, migrateDatabase, numberOptions, runBench,
  startChild, stopChild, withOrm,
} from './bench-support.js';

/**
 * GET /me of the real api against a bare node:http server doing the same api_keys lookup on
 * the same kind of pool (bare-server.ts). Not a test and not in CI: run `bin/bench` (see
 * docs/benchmarks.md). Each server runs alone as a child process, in production config,
 * while autocannon drives it from this process: bare first, then the api, never both at once.
 *
 *   --duration S      measured seconds per server (20)
 *   --connections N   concurrent connections (50)
 *   --warmup S        unmeasured seconds per server before the measurement (3)
 *
 * Database: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/sales_api_bench), created
 * and migrated when needed. Redis: BENCH_REDIS_URL (redis://127.0.0.1:6379/0) under the key
 * prefix bench:<pid>:. Other api settings (DB_POOL_MAX, AUTH_CACHE_MS...) come from the
 * environment as usual; the read rate limit is raised so that no request is refused.
 */

const { duration, connections, warmup } = numberOptions({ duration: 20, connections: 50, warmup: 3 });

const RATE_LIMIT_READ_PER_MIN = '100000000';

const env = benchEnv(
  { name: 'bench', nodeEnv: 'production', databaseUrl: benchDatabaseUrl('BENCH_DATABASE_URL', 'sales_api_bench') },
  // The default read limit (600/min per integration) would refuse almost every request.
  { RATE_LIMIT_READ_PER_MIN },
);

interface Side {
  name: string;
  script: URL;
  path: string;
  readyPath: string;
}

interface Measured {
  name: string;
  result: autocannon.Result;
  /** CPU of the server process and of this process (autocannon), in % of one core. */
  serverCpu: number | null;
  loadCpu: number;
}

const SIDES: Side[] = [
  { name: 'bare node:http + key lookup', script: new URL('./bare-server.js', import.meta.url), path: '/me', readyPath: '/me' },
  { name: 'api GET /me', script: API_SCRIPT, path: `${API_BASE_PATH}/me`, readyPath: '/healthz' },
];

/** Migrates the benchmark database when needed and seeds one caller (the demo tenant with a fresh key). */
async function prepareDatabase(config: Config): Promise<string> {
  await migrateDatabase(config);
  const seed = await withOrm(config, (orm) => orm.em.fork().transactional((em) => seedDemo(em, config, new Date())));
  return seed.api_key;
}

/** One server alone, as a child process; ready once readyPath answers at all (the bare server answers 401 without a key). */
async function startServer(side: Side, port: number): Promise<ChildProcess> {
  return startChild({
    name: side.name, script: side.script, env: { ...env, PORT: String(port) },
    readyUrl: `http://127.0.0.1:${port}${side.readyPath}`, withinMs: 30_000, ready: () => true,
  });
}

async function measure(side: Side, apiKey: string): Promise<Measured> {
  const port = await freePort();
  const child = await startServer(side, port);
  try {
    const url = `http://127.0.0.1:${port}${side.path}`;
    const headers = { authorization: `Bearer ${apiKey}` };
    const probe = await fetch(url, { headers });
    if (probe.status !== 200) throw new Error(`${side.name} answered ${probe.status}: ${await probe.text()}`);
    if (warmup > 0) await autocannon({ url, headers, connections, duration: warmup });
    const ticksBefore = cpuTicks(child.pid);
    const ownBefore = process.cpuUsage();
    const started = Date.now();
    const result = await autocannon({ url, headers, connections, duration });
    const elapsedMs = Date.now() - started;
    const ticksAfter = cpuTicks(child.pid);
    const own = process.cpuUsage(ownBefore);
    return {
      name: side.name,
      result,
      serverCpu: ticksBefore === null || ticksAfter === null ? null : cpuPercent(ticksAfter - ticksBefore, elapsedMs),
      loadCpu: ((own.user + own.system) / 1000 * 100) / elapsedMs,
    };
  } finally {
    await stopChild(child);
  }
}

function table(rows: Measured[]): string {
  const fixed = (n: number, digits: number) => n.toFixed(digits);
  const lines = [
    '| server | req/s (mean) | p50 (ms) | p99 (ms) | requests | non-2xx | errors | server CPU | autocannon CPU |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(({ name, result: r, serverCpu, loadCpu }) =>
      `| ${name} | ${fixed(r.requests.average, 0)} | ${fixed(r.latency.p50, 1)} | ${fixed(r.latency.p99, 1)} | ${r.requests.total} | ${r.non2xx} | ${r.errors + r.timeouts} | ${serverCpu === null ? 'n/a' : `${fixed(serverCpu, 0)} %`} | ${fixed(loadCpu, 0)} % |`),
  ];
  const [bare, api] = rows.map((m) => m.result);
  if (bare && api) {
    lines.push(`| **ratio api/bare** | **${fixed(api.requests.average / bare.requests.average, 2)}** | ${fixed(api.latency.p50 / bare.latency.p50, 2)} | ${fixed(api.latency.p99 / bare.latency.p99, 2)} | | | | | |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (![duration, connections, warmup].every((n) => Number.isFinite(n) && n >= 0) || duration <= 0 || connections < 1) {
    throw new Error('--duration and --connections are positive numbers, --warmup zero or more');
  }
  const config = loadConfig(env);
  const apiKey = await prepareDatabase(config);
  const rows: Measured[] = [];
  const loadBefore = os.loadavg()[0]!;
  for (const side of SIDES) {
    console.error(`-> ${side.name}: ${warmup} s warm-up, then ${duration} s at ${connections} connections`);
    rows.push(await measure(side, apiKey));
  }
  console.log(`\nGET /me vs a bare key lookup, ${new Date().toISOString()}`);
  console.log(`${machineSummary()}; ${connections} connections, ${duration} s per server after ${warmup} s warm-up; load average ${loadBefore.toFixed(2)} before the run;`);
  console.log(`pool max ${config.dbPoolMax} per server, AUTH_CACHE_MS ${config.authCacheMs}, WALLET_CACHE_MS ${config.walletCacheMs}, RATE_LIMIT_READ_PER_MIN ${RATE_LIMIT_READ_PER_MIN} (raised for the run), LOG_LEVEL warn, NODE_ENV production.\n`);
  console.log(table(rows));
  const failed = rows.filter((m) => m.result.non2xx > 0 || m.result.errors > 0 || m.result.timeouts > 0);
  if (failed.length) {
    console.error(`\nnot every request got a 2xx (${failed.map((m) => m.name).join(', ')}): the figures are not valid`);
    process.exitCode = 1;
  }
}

runBench(main);
