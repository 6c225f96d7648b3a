import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { API_BASE_PATH, loadConfig } from '../../src/config.js';
import { ensureDatabase } from '../../src/db/database.js';
import { initORM } from '../../src/db/orm.js';
import { migrateUp } from '../../src/db/migrations.js';
import { seedDemo } from '../../src/domain/provisioning/demo.js';

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

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const warmup = Number(args.warmup);

const BENCH_SECRET = 'benchmark-only-secret-not-for-any-real-cell-0123456789';
const RATE_LIMIT_READ_PER_MIN = '100000000';

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sales_api_bench',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
  REDIS_KEY_PREFIX: `bench:${process.pid}:`,
  API_KEY_PEPPER: BENCH_SECRET,
  CURSOR_SECRET: `${BENCH_SECRET}-cursor`,
  // The default read limit (600/min per integration) would refuse almost every request.
  RATE_LIMIT_READ_PER_MIN,
};

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
  { name: 'api GET /me', script: new URL('../../src/server.js', import.meta.url), path: `${API_BASE_PATH}/me`, readyPath: '/healthz' },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Seeds one caller (the demo tenant with a fresh key) in the benchmark database. */
async function prepareDatabase(): Promise<string> {
  const config = loadConfig(env);
  await ensureDatabase(config.databaseUrl);
  const orm = await initORM(config);
  try {
    await migrateUp(orm);
    const seed = await orm.em.fork().transactional((em) => seedDemo(em, config, new Date()));
    return seed.api_key;
  } finally {
    await orm.close(true);
  }
}

/** User + system CPU time of a process in clock ticks of 10 ms (Linux /proc; null elsewhere). */
function cpuTicks(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

async function startServer(side: Side, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [side.script.pathname], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${side.name} (${side.script.pathname}) ended with ${child.exitCode ?? child.signalCode} before answering`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}${side.readyPath}`).then(() => true, () => false);
    if (ok) return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${side.name} did not answer on port ${port} within 30 s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
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
      serverCpu: ticksBefore === null || ticksAfter === null ? null : ((ticksAfter - ticksBefore) * 10 * 100) / elapsedMs,
      loadCpu: ((own.user + own.system) / 1000 * 100) / elapsedMs,
    };
  } finally {
    await stopServer(child);
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
  const apiKey = await prepareDatabase();
  const rows: Measured[] = [];
  const loadBefore = os.loadavg()[0]!;
  for (const side of SIDES) {
    console.error(`-> ${side.name}: ${warmup} s warm-up, then ${duration} s at ${connections} connections`);
    rows.push(await measure(side, apiKey));
  }
  const cpus = os.cpus();
  console.log(`\nGET /me vs a bare key lookup, ${new Date().toISOString()}`);
  console.log(`node ${process.version}, ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}; ${connections} connections, ${duration} s per server after ${warmup} s warm-up; load average ${loadBefore.toFixed(2)} before the run;`);
  console.log(`pool max ${config.dbPoolMax} per server, AUTH_CACHE_MS ${config.authCacheMs}, WALLET_CACHE_MS ${config.walletCacheMs}, RATE_LIMIT_READ_PER_MIN ${RATE_LIMIT_READ_PER_MIN} (raised for the run), LOG_LEVEL warn, NODE_ENV production.\n`);
  console.log(table(rows));
  const failed = rows.filter((m) => m.result.non2xx > 0 || m.result.errors > 0 || m.result.timeouts > 0);
  if (failed.length) {
    console.error(`\nnot every request got a 2xx (${failed.map((m) => m.name).join(', ')}): the figures are not valid`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
