import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { openSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TLSConfig } from '@temporalio/client';
import type { Config } from '../../src/config.js';
import { connectTemporal } from '../../src/temporal/connect.js';
import { temporalTls } from '../../src/temporal/tls.js';
import { API_SCRIPT, WORKER_SCRIPT, freePort, hasEnded, startChild } from './bench-support.js';
import { loadConfig } from '../../src/config.js';
import { labelOf, parseExposition, scrape, total } from './prometheus.js';

/**
 * The processes of bin/cluster-faults' stack, each one stoppable and restartable on its own:
 * the application's PostgreSQL (pg_ctl on a data directory of the run, bin/lib/own-postgres.sh)
 * and Redis, the four Temporal services of deploy/temporal/ (as bin/lib/temporal-cluster.sh
 * starts them), the apis, the workers and HAProxy (deploy/haproxy/haproxy.cfg).
 */

/** bin/cluster-faults runs this from the checkout's root. */
export const ROOT = process.cwd();

function need(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run bin/cluster-faults`);
  return v;
}

export const RUN_DIR = process.env.FAULTS_RUN_DIR ?? join(ROOT, '.state/cluster-faults');
export const LOG_DIR = join(RUN_DIR, 'logs');

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

export async function waitPort(port: number, withinMs: number, what: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not open 127.0.0.1:${port} within ${withinMs / 1000} s (logs: ${LOG_DIR})`);
}

function logFd(name: string): number {
  return openSync(join(LOG_DIR, `${name}.log`), 'a');
}

/** SIGTERM (or `signal`), then SIGKILL after `killAfterMs`; resolves once the child exited. */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 60_000): Promise<void> {
  if (!child || hasEnded(child)) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// The application's PostgreSQL and Redis of the run

export const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 55432);
export const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 56379);

/** The run's PostgreSQL directory (bin/lib/own-postgres.sh): its data, socket and log. */
const pgDir = () => need('FAULTS_PG_DIR');

/** pg_ctl as the server's user, as bin/lib/own-postgres.sh runs it (postgres under root). */
function pgCtl(args: string[]): void {
  const r = spawnSync('bash', ['-c', 'source bin/lib/services.sh && source bin/lib/own-postgres.sh && own_postgres_run pg_ctl "$@"', 'pg_ctl', '-D', join(pgDir(), 'data'), ...args], {
    cwd: ROOT, env: { ...process.env, OWN_PG_DIR: pgDir(), OWN_PG_BIN: need('FAULTS_PG_BIN') }, encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed: ${r.stderr || r.stdout} (the server's log: ${join(pgDir(), 'postgres.log')}, kept as ${join(LOG_DIR, 'postgres.log')} after the run)`);
}

/** Starts the run's PostgreSQL (fsync on, as production) and waits until it accepts connections. */
export async function startPostgres(): Promise<void> {
  const dir = pgDir();
  const options = `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=300 -c log_checkpoints=on`;
  pgCtl(['-l', join(dir, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start']);
  await waitPort(PG_PORT, 30_000, 'PostgreSQL');
}

/** `immediate`: the server stops at once, as in a crash (committed data is in the WAL). */
export function stopPostgres(mode: 'immediate' | 'fast' = 'immediate'): void {
  pgCtl(['-m', mode, '-w', 'stop']);
}

export async function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', logFd('redis'), logFd('redis')],
  });
  await waitPort(REDIS_PORT, 10_000, 'Redis');
  return child;
}

// ---------------------------------------------------------------------------------------------
// Temporal

export type TemporalService = 'history' | 'matching' | 'frontend' | 'worker';
/** As bin/lib/temporal-cluster.sh: metrics port, database connections, and the port that opens once it serves. */
const SERVICES: Record<TemporalService, { metrics: number; conns: number; port: number }> = {
  history: { metrics: 9702, conns: 16, port: 7234 },
  matching: { metrics: 9703, conns: 4, port: 7235 },
  frontend: { metrics: 9701, conns: 4, port: 7233 },
  worker: { metrics: 9704, conns: 2, port: 6939 },
};

export async function startTemporalService(service: TemporalService): Promise<ChildProcess> {
  const s = SERVICES[service];
  const server = join(need('TEMPORAL_SERVER_DIR'), 'temporal-server');
  const child = spawn(server, ['--root', ROOT, '--config', 'deploy/temporal/config', '--env', 'production', '--allow-no-auth', 'start', `--service=${service}`], {
    cwd: ROOT, env: { ...process.env, TEMPORAL_METRICS_PORT: String(s.metrics), TEMPORAL_DB_MAX_CONNS: String(s.conns) },
    stdio: ['ignore', logFd(`temporal-${service}`), logFd(`temporal-${service}`)],
  });
  await waitPort(s.port, 90_000, `Temporal ${service}`);
  return child;
}

/**
 * What the frontend answers a client that presents no certificate, over plaintext and over TLS
 * with the cluster's CA but no client certificate, beside its answer to the run's own client
 * certificate (config's TEMPORAL_TLS_*): each 'answered' (it listed the namespaces), or the
 * error the client met. Mutual TLS: only the last answers.
 */
export async function frontendAnswers(config: Config): Promise<{ plaintext: string; noCertificate: string; certificate: string }> {
  const tls = temporalTls(config);
  const serverOnly: TLSConfig = { serverNameOverride: tls?.serverNameOverride, serverRootCACertificate: tls?.serverRootCACertificate };
  return { plaintext: await frontendAnswer(config, undefined), noCertificate: await frontendAnswer(config, serverOnly), certificate: await frontendAnswer(config, tls) };
}

async function frontendAnswer(config: Config, tls: TLSConfig | undefined): Promise<string> {
  try {
    const connection = await connectTemporal(config, { tls, connectTimeout: '5s' });
    try {
      await connection.withDeadline(Date.now() + 5000, () => connection.workflowService.listNamespaces({}));
      return 'answered';
    } finally {
      await connection.close();
    }
  } catch (err) {
    return `refused ("${(err as Error).message.split('\n')[0]}")`;
  }
}

// ---------------------------------------------------------------------------------------------
// The project's processes

export const BALANCER_PORT = 3000;
export const API_PORTS = [3010, 3011] as const;

/** Each api's and worker's Prometheus series (METRICS_PORT, WORKER_METRICS_PORT): event-loop delay, GC, the application's own. */
const METRICS_PORTS = new WeakMap<ChildProcess, number>();
/** Each worker's Temporal SDK metrics port (WORKER_SDK_METRICS_PORT). */
const SDK_PORTS = new WeakMap<ChildProcess, number>();

export const metricsUrl = (child: ChildProcess) => `http://127.0.0.1:${METRICS_PORTS.get(child)}/metrics`;
export const sdkMetricsUrl = (child: ChildProcess) => `http://127.0.0.1:${SDK_PORTS.get(child)}/metrics`;
export const temporalMetricsUrl = (service: TemporalService) => `http://127.0.0.1:${SERVICES[service].metrics}/metrics`;

export async function startApi(env: NodeJS.ProcessEnv, index: 0 | 1): Promise<ChildProcess> {
  const port = API_PORTS[index];
  const metrics = await freePort();
  const child = await startChild({
    name: `api-${index + 1}`, script: API_SCRIPT, env: { ...env, PORT: String(port), METRICS_PORT: String(metrics) },
    readyUrl: `http://127.0.0.1:${port}/readyz`, withinMs: 60_000, logDir: LOG_DIR,
  });
  METRICS_PORTS.set(child, metrics);
  return child;
}

/**
 * A worker of the build whose dist/src/worker.js is `script` (default this build's), named
 * `worker-<index + 1>`, ready once it polls: its SDK reports workflow-task pollers on every task
 * queue it serves (its WORKER_QUEUES), not merely once its process answers.
 */
export async function startWorkerProcess(env: NodeJS.ProcessEnv, index: number, script: URL = WORKER_SCRIPT): Promise<ChildProcess> {
  const queues = loadConfig(env).temporal.workerQueues.length;
  const [metrics, sdk] = [await freePort(), await freePort()];
  const name = `worker-${index + 1}`;
  const child = await startChild({
    name, script, env: { ...env, WORKER_METRICS_PORT: String(metrics), WORKER_SDK_METRICS_PORT: String(sdk) },
    readyUrl: `http://127.0.0.1:${metrics}/metrics`, withinMs: 120_000, logDir: LOG_DIR,
  });
  SDK_PORTS.set(child, sdk);
  METRICS_PORTS.set(child, metrics);
  const deadline = Date.now() + 120_000;
  while ((await polledQueues(child)) < queues) {
    if (hasEnded(child)) throw new Error(`${name} ended before it polled (see ${LOG_DIR}/${name}.log)`);
    if (Date.now() > deadline) throw new Error(`${name} did not poll its ${queues} task queues within 120 s`);
    await sleep(200);
  }
  return child;
}

/** How many task queues a running worker polls for workflow tasks now (its SDK's temporal_num_pollers). */
async function polledQueues(worker: ChildProcess): Promise<number> {
  const polling = [...(await scrape(sdkMetricsUrl(worker)))].filter(([series, n]) => series.startsWith('temporal_num_pollers{') && labelOf(series, 'poller_type') === 'workflow_task' && n > 0);
  return new Set(polling.map(([series]) => labelOf(series, 'task_queue')).filter(Boolean)).size;
}

/** The workflow tasks a running worker failed so far (its SDK's temporal_workflow_task_execution_failed, every queue and reason). */
export async function failedWorkflowTasks(worker: ChildProcess): Promise<number> {
  return total(parseExposition(await (await fetch(sdkMetricsUrl(worker))).text()), 'temporal_workflow_task_execution_failed');
}

export async function startBalancer(): Promise<ChildProcess> {
  const child = spawn('haproxy', ['-db', '-f', 'deploy/haproxy/haproxy.cfg'], {
    cwd: ROOT,
    env: { ...process.env, BALANCER_HOST: '127.0.0.1', PORT: String(BALANCER_PORT), PUBLIC_ORIGIN: `http://127.0.0.1:${BALANCER_PORT}`, API_1_HOST: '127.0.0.1', API_2_HOST: '127.0.0.1', API_1_PORT: String(API_PORTS[0]), API_2_PORT: String(API_PORTS[1]) },
    stdio: ['ignore', logFd('haproxy'), logFd('haproxy')],
  });
  await waitPort(BALANCER_PORT, 10_000, 'HAProxy');
  return child;
}

/** Until the balancer sends `path` to a ready api (its health checks need rise × inter). */
export async function waitBalanced(withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${BALANCER_PORT}/readyz`).then((r) => r.ok, () => false)) return;
    await sleep(200);
  }
  throw new Error(`the balancer found no ready api within ${withinMs / 1000} s`);
}
