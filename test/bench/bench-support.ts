import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../src/config.js';
import { promoteBuild } from '../../src/temporal/worker-versioning.js';
import { ensureDatabase } from '../../src/db/database.js';
import { initORM } from '../../src/db/orm.js';
import type { Em, Orm } from '../../src/db/em.js';
import { migrateUp } from '../../src/db/migrations.js';
import { createTenant } from '../../src/domain/provisioning/tenants.js';
import { createIntegration } from '../../src/domain/provisioning/integrations.js';
import { issueApiKey } from '../../src/domain/provisioning/api-keys.js';
import { ISSUED_KEYS, type IssuedKeys } from '../../src/domain/access/issued-keys.js';
import { PLAN_FEATURES, SCOPES } from '../../src/domain/access/scopes.js';

/**
 * What the benchmarks (me, webhooks, ai-reply, widget-stream) share: their options, the
 * environment of the processes they start, a fresh database, child processes, /proc sampling
 * and a few figures. Each *.bench.ts keeps only what it measures.
 */

// ---------------------------------------------------------------------------------------------
// Options and environment

/** Parses `--name value` options that are numbers, each with its default; the checks stay with the caller. */
export function numberOptions<K extends string>(defaults: Record<K, number>): Record<K, number> {
  const options = Object.fromEntries(Object.entries<number>(defaults).map(([name, value]) => [name, { type: 'string' as const, default: String(value) }]));
  const { values } = parseArgs({ options });
  return Object.fromEntries(Object.keys(defaults).map((name) => [name, Number(values[name])])) as Record<K, number>;
}

const BENCH_SECRET = 'benchmark-only-secret-not-for-any-real-cell-0123456789';

/** Every secret loadConfig requires in production, none of them used by any real cell. */
export function benchSecrets(): Record<string, string> {
  return {
    API_KEY_PEPPER: BENCH_SECRET,
    CURSOR_SECRET: `${BENCH_SECRET}-cursor`,
    WEBHOOK_SECRET_KEY: `${BENCH_SECRET}-webhooks`,
    WIDGET_SECRET: `${BENCH_SECRET}-widget`,
    TEMPORAL_PAYLOAD_KEYS: 'bench:YmVuY2htYXJrLW9ubHkta2V5LW5vdC1mb3ItY2VsbHM=',
  };
}

/** The benchmark's database: `variable` from the environment, else `name` on the local PostgreSQL. */
export function benchDatabaseUrl(variable: string, name: string): string {
  return process.env[variable] ?? `postgres://postgres@127.0.0.1:5432/${name}`;
}

export interface BenchEnvOptions {
  /** Names the Redis key prefix (`<name>:<pid>:`) and the Temporal task queue (`<name>-<pid>`) of this run. */
  name: string;
  nodeEnv: 'production' | 'development';
  databaseUrl: string;
}

/**
 * The environment of the api and worker processes (and of loadConfig here): this process's,
 * with LOG_LEVEL warn, the benchmark's database, Redis (BENCH_REDIS_URL) under a key prefix
 * of this run, a task queue of this run, every release label, benchSecrets() and, in production,
 * the builtin models allowed; `extra` last.
 */
export function benchEnv(o: BenchEnvOptions, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: o.nodeEnv,
    // Benchmarks measure every route built, Planned ones too (production alone defaults to available).
    RELEASED_LABELS: process.env.RELEASED_LABELS || 'available,beta,planned',
    LOG_LEVEL: 'warn',
    CELL: process.env.CELL ?? 'ru',
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    REDIS_KEY_PREFIX: `${o.name}:${process.pid}:`,
    TEMPORAL_TASK_QUEUE: `${o.name}-${process.pid}`,
    ...benchSecrets(),
    // Benchmarks measure the platform with the builtin models (offline, deterministic): a production
    // start says so, as an operator's must (docs/decisions.md, "No placeholder billed as AI in production").
    ...(o.nodeEnv === 'production' ? { AI_ALLOW_BUILTIN_IN_PRODUCTION: 'true' } : {}),
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Database

/** Opens an ORM on `config.databaseUrl` for `use`, then closes it. */
export async function withOrm<T>(config: Config, use: (orm: Orm) => Promise<T>): Promise<T> {
  const orm = await initORM(config);
  try {
    return await use(orm);
  } finally {
    await orm.close(true);
  }
}

/** Drops the database of `url` (its name must be a plain identifier), through the postgres database. */
export async function dropDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} is not a plain identifier`);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** Creates the database of `config` when missing and runs every pending migration. */
export async function migrateDatabase(config: Config): Promise<void> {
  await ensureDatabase(config.databaseUrl);
  await withOrm(config, (orm) => migrateUp(orm));
}

/** Drops the database of `config`, creates it again and migrates it. */
export async function freshDatabase(config: Config): Promise<void> {
  console.error(`-> fresh database ${new URL(config.databaseUrl).pathname.slice(1)}`);
  await dropDatabase(config.databaseUrl);
  await migrateDatabase(config);
}

export interface BenchCaller {
  tenantId: string;
  integrationId: string;
  apiKey: string;
}

/** Key ids into the stack's index of issued keys (src/domain/access/issued-keys.ts), as the api's provisioning adds them. */
export function issuedKeysOf(config: Config): Pick<IssuedKeys, 'add'> & { addAll(keyIds: string[]): Promise<void> } {
  const addAll = async (keyIds: string[]) => {
    const redis = new Redis(config.redisUrl, { keyPrefix: config.redisKeyPrefix });
    try {
      for (let i = 0; i < keyIds.length; i += 10_000) await redis.sadd(ISSUED_KEYS, ...keyIds.slice(i, i + 10_000));
    } finally {
      redis.disconnect();
    }
  };
  return { add: (keyId) => addAll([keyId]), addAll };
}

/** A tenant with every plan feature, an integration with every scope (loopback allowlist, the ru conditions) and a live key. */
export async function provisionCaller(em: Em, config: Config, tenantName: string, now: Date): Promise<BenchCaller> {
  const tenant = await createTenant(em, { name: tenantName, features: [...PLAN_FEATURES], lowThresholdRub: '100' }, now);
  const { integration } = await createIntegration(em, {
    tenantId: tenant.id, name: 'Bench integration', scopes: [...SCOPES], ipAllowlist: ['127.0.0.0/8', '::1'],
    hostingCountry: 'RU', transferBasis: 'Benchmark data processing agreement',
  }, now);
  const key = await issueApiKey(em, { integrationId: integration.id, mode: 'live', cell: config.cell, expiresInDays: 30, ipAllowlist: null }, config.secrets.apiKeyPepper, now, issuedKeysOf(config));
  return { tenantId: tenant.id, integrationId: integration.id, apiKey: key.api_key };
}

// ---------------------------------------------------------------------------------------------
// Processes

export const API_SCRIPT = new URL('../../src/server.js', import.meta.url);
export const WORKER_SCRIPT = new URL('../../src/worker.js', import.meta.url);

/** A TCP port nobody listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export function hasEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export interface ChildSpec {
  /** In messages, and the log file's name (`<logDir>/<name>.log`). */
  name: string;
  script: URL;
  env: NodeJS.ProcessEnv;
  /** Polled every 100 ms until `ready` holds for its answer. */
  readyUrl: string;
  withinMs: number;
  /** The child's output goes to <logDir>/<name>.log (appended); without it, to this terminal. */
  logDir?: string;
  /** Whether an answer of readyUrl means ready: a 2xx by default. */
  ready?: (res: Response) => boolean;
}

/** Starts a node script as a child process and waits until it answers `readyUrl`; kills it if it does not within `withinMs`. */
export async function startChild(spec: ChildSpec): Promise<ChildProcess> {
  const { name, readyUrl, withinMs, logDir, ready = (r) => r.ok } = spec;
  const out = logDir ? openSync(join(logDir, `${name}.log`), 'a') : 'inherit';
  // BENCH_CPU_PROF_DIR=<dir>: each child writes V8 CPU profiles into <dir>/<name>/ (one per thread) when it exits.
  const profDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profDir, name)}`] : [];
  const child = spawn(process.execPath, [...profile, spec.script.pathname], { env: spec.env, stdio: ['ignore', out, out] });
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (hasEnded(child)) throw new Error(`the ${name} ended with ${child.exitCode ?? child.signalCode} before it was ready${logDir ? ` (see ${logDir}/${name}.log)` : ''}`);
    if (await fetch(readyUrl).then(ready, () => false)) return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the ${name} did not answer ${readyUrl} within ${withinMs / 1000} s`);
}

/** The api (dist/src/server.js) on 127.0.0.1:`port`, ready when `readyPath` answers 2xx. */
export function startApi(env: NodeJS.ProcessEnv, o: { port: number; readyPath: '/healthz' | '/readyz'; withinMs: number; logDir?: string }): Promise<ChildProcess> {
  return startChild({ name: 'api', script: API_SCRIPT, env: { ...env, PORT: String(o.port) }, readyUrl: `http://127.0.0.1:${o.port}${o.readyPath}`, withinMs: o.withinMs, logDir: o.logDir });
}

/** A worker (dist/src/worker.js), ready when its /metrics (on a free port) answers 2xx, its version made current as a deploy makes it. */
export async function startWorker(env: NodeJS.ProcessEnv, o: { withinMs: number; logDir?: string }): Promise<ChildProcess> {
  const metricsPort = await freePort();
  const child = await startChild({
    name: 'worker', script: WORKER_SCRIPT, env: { ...env, WORKER_METRICS_PORT: String(metricsPort) },
    readyUrl: `http://127.0.0.1:${metricsPort}/metrics`, withinMs: o.withinMs, logDir: o.logDir,
  });
  await promoteBuild(loadConfig(env), 'bench');
  return child;
}

/** SIGTERM, then SIGKILL after 15 s; resolves once the child has exited. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || hasEnded(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// /proc (Linux)

/** Clock ticks per second of /proc/<pid>/stat (100 where getconf is missing). */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command name (state first: utime is [11]), null when the process is gone. */
export function procStat(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process in clock ticks, null when it is gone (or outside Linux). */
export function cpuTicks(pid: number | undefined): number | null {
  const fields = pid === undefined ? null : procStat(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : null;
}

export function ticksToMs(ticks: number): number {
  return (ticks / CLK_TCK) * 1000;
}

/** `ticks` of CPU used over `ms` of wall time, in % of one core. */
export function cpuPercent(ticks: number, ms: number): number {
  return (ticksToMs(ticks) * 100) / ms;
}

/** Every process whose command is `name` (e.g. all PostgreSQL backends). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** VmRSS of a process in KiB, null when it is gone. */
export function rssKib(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Figures and running

/** The nearest-rank percentile `p` (0-100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Runs `task(i)` for i in [0, count), `parallel` at a time; the results in order of i. */
export async function mapInParallel<T>(count: number, parallel: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, async () => {
    while (next < count) {
      const i = next++;
      out[i] = await task(i);
    }
  }));
  return out;
}

/** `node v22…, N x <cpu model>`: the start of every report's machine line. */
export function machineSummary(): string {
  const cpus = os.cpus();
  return `node ${process.version}, ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}`;
}

/** Runs the benchmark's main; on an error prints `bench: <stack>` and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(`bench: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    process.exit(1);
  });
}
