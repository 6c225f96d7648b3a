import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { API_BASE_PATH, loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { runCtl } from '../../src/cli/ctl.js';
import { announceAccessChange } from '../../src/domain/access/access-changes.js';
import {
  benchDatabaseUrl, benchEnv, freePort, machineSummary, migrateDatabase, numberOptions, percentile, provisionCaller, runBench,
  startApi, stopChild, type BenchCaller,
} from './bench-support.js';

/**
 * Time from an access change made with bin/ctl's command code (runCtl, as `bin/ctl` runs it)
 * to its refusal on two api processes (child processes, NODE_ENV production) whose caller
 * caches would otherwise hold the old answer for AUTH_CACHE_MS (60 s here). Each trial: a
 * fresh caller, GET /me on both apis (cached), the change (key revoke, integration
 * set-status suspended, tenant set-status inactive, in turn), then GET /me on both until each
 * refuses. Not a test, not in CI: `bin/bench-access-revocation [--trials N]` (36).
 */

const { trials } = numberOptions({ trials: 36 });
const AUTH_CACHE_MS = '60000';
const env = benchEnv(
  { name: 'bench-access', nodeEnv: 'production', databaseUrl: benchDatabaseUrl('BENCH_DATABASE_URL', 'sales_api_bench') },
  // Raised: the trials are not about throttling (each revoked key is refused once per api, all from 127.0.0.1).
  { AUTH_CACHE_MS, RATE_LIMIT_READ_PER_MIN: '100000000', RATE_LIMIT_REFUSED_KEYS_PER_MIN: '100000000' },
);

const CHANGES: { name: string; argv: (c: BenchCaller & { keyId: string }) => string[]; refusal: number }[] = [
  { name: 'key revoke', argv: (c) => ['key', 'revoke', '--key', c.keyId], refusal: 401 },
  { name: 'integration set-status suspended', argv: (c) => ['integration', 'set-status', '--integration', c.integrationId, '--status', 'suspended'], refusal: 401 },
  { name: 'tenant set-status inactive', argv: (c) => ['tenant', 'set-status', '--tenant', c.tenantId, '--status', 'inactive'], refusal: 403 },
];

const me = (port: number, apiKey: string) =>
  fetch(`http://127.0.0.1:${port}${API_BASE_PATH}/me`, { headers: { authorization: `Bearer ${apiKey}` } }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

interface Trial {
  commandMs: number;
  /** From the command's start to the refusal on the later of the two apis. */
  refusedMs: number;
  /** Both apis refused the first request sent after the command returned. */
  firstRefused: boolean;
}

async function trial(services: Services, ports: number[], i: number): Promise<Trial> {
  const change = CHANGES[i % CHANGES.length]!;
  const caller = await services.orm.em.fork().transactional((em) => provisionCaller(em, services.config, `Revocation ${i}`, new Date()));
  const keyId = `key_${caller.apiKey.split('_')[3]}`;
  for (const port of ports) {
    for (let n = 0; n < 2; n++) if ((await me(port, caller.apiKey)) !== 200) throw new Error(`the caller was refused before the change (api :${port})`);
  }
  const started = performance.now();
  await runCtl([...change.argv({ ...caller, keyId }), '--json'], services);
  const commandMs = performance.now() - started;
  let firstRefused = true;
  const refusedAt = await Promise.all(ports.map(async (port) => {
    for (let attempt = 0; ; attempt++) {
      if ((await me(port, caller.apiKey)) === change.refusal) return performance.now();
      if (attempt === 0) firstRefused = false;
      if (performance.now() - started > 70_000) throw new Error(`api :${port} still answers after 70 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }));
  return { commandMs, refusedMs: Math.max(...refusedAt) - started, firstRefused };
}

async function main(): Promise<void> {
  if (!Number.isInteger(trials) || trials < 1) throw new Error('--trials is a positive whole number');
  const config = loadConfig(env);
  await migrateDatabase(config);
  const ports = [await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  const services = await createServices(config);
  try {
    for (const port of ports) children.push(await startApi(env, { port, readyPath: '/healthz', withinMs: 30_000 }));
    // Both apis listen once an announcement reaches two processes.
    for (let i = 0; (await announceAccessChange(services.redis, config.redisKeyPrefix, { keyId: 'warm-up' })).listeners < 2; i++) {
      if (i > 100) throw new Error('the apis do not listen for access changes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const results: Trial[] = [];
    for (let i = 0; i < trials; i++) results.push(await trial(services, ports, i));
    const ms = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
    };
    console.log(`\nAccess change to refusal on two api processes, ${new Date().toISOString()}`);
    console.log(`${machineSummary()}; ${trials} trials (${CHANGES.map((c) => c.name).join(', ')} in turn); AUTH_CACHE_MS ${AUTH_CACHE_MS}, NODE_ENV production.\n`);
    console.log('| measure | figure |');
    console.log('| --- | --- |');
    console.log(`| command (commit + announcement + both acknowledgements) | ${ms(results.map((r) => r.commandMs))} |`);
    console.log(`| command start to refusal on both apis | ${ms(results.map((r) => r.refusedMs))} |`);
    console.log(`| first request after the command refused on both | ${results.filter((r) => r.firstRefused).length} of ${trials} |`);
  } finally {
    for (const child of children) await stopChild(child);
    await services.close();
  }
}

runBench(main);
