import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { load } from 'js-yaml';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config/config-error.js';

/**
 * docker-compose.yml describes the topology `bin/up --cluster` runs (issue 26, item 4). There is
 * no Docker engine on this project's machines, so the file is read, not run: parsed as YAML
 * (anchors and merge keys resolved as Compose resolves them) and held against what the local
 * cluster uses, read from bin/lib/temporal-cluster.sh itself.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COMPOSE = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const CLUSTER_SH = join(ROOT, 'bin/lib/temporal-cluster.sh');
const TEMPORAL_SERVICES = ['history', 'matching', 'frontend', 'worker'] as const;
/** Where deploy/temporal/make-certs writes the cluster's certificates, one directory per kind of process. */
const CERTS = 'deploy/temporal/certs';
const CLIENT_TLS = ['TEMPORAL_TLS_CA', 'TEMPORAL_TLS_CERT', 'TEMPORAL_TLS_KEY'] as const;

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  working_dir?: string;
  entrypoint?: string[];
  command?: string[] | string;
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition?: string }> | string[];
}

/** What the local cluster uses, as bin/lib/temporal-cluster.sh says (it reads the version from docker-compose.yml). */
interface LocalCluster {
  version: string;
  uiVersion: string;
  configDir: string;
  configEnv: string;
  metricsPorts: Record<string, string>;
  dbConns: Record<string, string>;
  /** The dynamic config file the server config names (relative to --root). */
  dynamicConfig: string;
  /** The schemas the SQL tool applies (postgresql/v12/...). */
  schemas: string[];
}

function localCluster(): LocalCluster {
  const out = execFileSync('bash', ['-c', `source "${CLUSTER_SH}"
    temporal_server_version "${ROOT}"; temporal_ui_version "${ROOT}"; echo "$TEMPORAL_CONFIG_DIR"; echo "$TEMPORAL_CONFIG_ENV"
    for s in "\${!TEMPORAL_METRICS_PORTS[@]}"; do echo "$s=\${TEMPORAL_METRICS_PORTS[$s]}"; done | sort | paste -sd,
    for s in "\${!TEMPORAL_DB_CONNS[@]}"; do echo "$s=\${TEMPORAL_DB_CONNS[$s]}"; done | sort | paste -sd,`], { encoding: 'utf8', env: { PATH: process.env.PATH! } });
  const [version, uiVersion, configDir, configEnv, ports, conns] = out.trim().split('\n');
  const map = (line: string) => Object.fromEntries(line.split(',').map((kv) => kv.split('=') as [string, string]));
  const serverConfig = readFileSync(join(ROOT, configDir!, `${configEnv}.yaml`), 'utf8');
  const dynamicConfig = /dynamicConfigClient:[\s\S]*?filepath:.*default "([^"]+)"/.exec(serverConfig)?.[1];
  const schemas = [...readFileSync(CLUSTER_SH, 'utf8').matchAll(/postgresql\/v12\/\w+/g)].map((m) => m[0]);
  return { version: version!, uiVersion: uiVersion!, configDir: configDir!, configEnv: configEnv!, metricsPorts: map(ports!), dbConns: map(conns!), dynamicConfig: dynamicConfig!, schemas };
}

const LOCAL = localCluster();

const tagOf = (image: string | undefined, repo: string) => (image?.startsWith(`${repo}:`) ? image.slice(repo.length + 1) : undefined);
const words = (s: Service) => [...(s.entrypoint ?? []), ...(Array.isArray(s.command) ? s.command : s.command ? [s.command] : [])].join(' ');
/** A Compose variable reference's name (`${NAME:?message}` -> NAME), or the literal itself. */
const variableOf = (value: string | undefined) => /^\$\{(\w+)/.exec(value ?? '')?.[1] ?? value;
const oneShot = (s: Service) => s.restart === 'no';
/** The Temporal service a container runs: --service=<name>, or its command's first word when the entrypoint passes "$1". */
function roleOf(s: Service): string | undefined {
  const named = /--service[= ]"?([\w$]+)/.exec(words(s))?.[1];
  return named === '$$1' ? [s.command ?? []].flat()[0] : named;
}

/** Every way docker-compose.yml departs from the local cluster's topology; none when it agrees. */
function composeProblems(text: string): string[] {
  const problems: string[] = [];
  const services = (load(text) as { services: Record<string, Service> }).services;
  const entries = Object.entries(services);

  // One version: the one bin/up --cluster builds.
  for (const [name, s] of entries) {
    const server = tagOf(s.image, 'temporalio/server');
    if (server !== undefined && server !== LOCAL.version) problems.push(`${name}: temporalio/server:${server}, the local cluster runs ${LOCAL.version}`);
    const tools = tagOf(s.image, 'temporalio/admin-tools');
    if (tools !== undefined && tools !== LOCAL.version && !tools.startsWith(`${LOCAL.version}-`)) problems.push(`${name}: temporalio/admin-tools:${tools}, the server is ${LOCAL.version}`);
    const ui = tagOf(s.image, 'temporalio/ui');
    if (ui !== undefined && ui !== LOCAL.uiVersion) problems.push(`${name}: temporalio/ui:${ui}, the local cluster runs ${LOCAL.uiVersion}`);
  }

  // The four services, each from the repository's config files, mounted (not copied) where the server looks.
  for (const role of TEMPORAL_SERVICES) {
    const found = entries.filter(([, s]) => tagOf(s.image, 'temporalio/server') !== undefined && roleOf(s) === role);
    if (found.length !== 1) { problems.push(`the Temporal ${role} service: ${found.length} compose services run it`); continue; }
    const [name, s] = found[0]!;
    const root = /--root (\S+)/.exec(words(s))?.[1];
    if (!words(s).includes(`--config ${LOCAL.configDir} --env ${LOCAL.configEnv}`)) problems.push(`${name}: not --config ${LOCAL.configDir} --env ${LOCAL.configEnv}`);
    // The server opens the dynamic config's relative path from its working directory.
    if (s.working_dir !== root) problems.push(`${name}: works in ${s.working_dir}, not its --root ${root}`);
    for (const dir of [LOCAL.configDir, dirname(LOCAL.dynamicConfig)]) {
      const mount = `./${dir}:${root}/${dir}`;
      if (!(s.volumes ?? []).some((v) => v === mount || v === `${mount}:ro`)) problems.push(`${name}: does not mount ${mount}`);
      if (!existsSync(join(ROOT, dir))) problems.push(`${dir} does not exist`);
    }
    if (s.build !== undefined) problems.push(`${name}: built, not the temporalio/server image with the files mounted`);
    const env = s.environment ?? {};
    if (env.TEMPORAL_DYNAMIC_CONFIG !== undefined) problems.push(`${name}: names another dynamic config (${env.TEMPORAL_DYNAMIC_CONFIG})`);
    if (env.TEMPORAL_METRICS_PORT !== LOCAL.metricsPorts[role]) problems.push(`${name}: metrics on ${env.TEMPORAL_METRICS_PORT}, the local cluster's ${role} on ${LOCAL.metricsPorts[role]}`);
    if (env.TEMPORAL_DB_MAX_CONNS !== LOCAL.dbConns[role]) problems.push(`${name}: ${env.TEMPORAL_DB_MAX_CONNS} database connections, the local cluster's ${role} ${LOCAL.dbConns[role]}`);
    // Temporal's own database and credentials, apart from the application's.
    const app = /^postgres:\/\/([^:]+):(.+)@([^:/]+)/.exec(services['api-1']?.environment?.DATABASE_URL ?? '');
    if (!app) { problems.push('api-1: no DATABASE_URL'); continue; }
    if (env.TEMPORAL_DB_USER === app[1]) problems.push(`${name}: Temporal's database user is the application's (${app[1]})`);
    if (variableOf(env.TEMPORAL_DB_PASSWORD) === variableOf(app[2])) problems.push(`${name}: Temporal's database password is the application's`);
    if (env.TEMPORAL_DB_HOST === app[3]) problems.push(`${name}: Temporal's databases are on the application's PostgreSQL (${app[3]})`);
    const db = services[env.TEMPORAL_DB_HOST ?? ''];
    if (db?.environment?.POSTGRES_USER !== env.TEMPORAL_DB_USER || variableOf(db?.environment?.POSTGRES_PASSWORD) !== variableOf(env.TEMPORAL_DB_PASSWORD)) {
      problems.push(`${name}: its database service ${env.TEMPORAL_DB_HOST} does not have its role`);
    }
  }

  // The schema, applied by a one-shot admin-tools job with Temporal's SQL tool, the schemas bin/up applies.
  const schemaJobs = entries.filter(([, s]) => tagOf(s.image, 'temporalio/admin-tools') !== undefined);
  if (schemaJobs.length !== 1 || !oneShot(schemaJobs[0]![1])) problems.push('no one-shot admin-tools job');
  for (const schema of LOCAL.schemas) {
    if (!schemaJobs.some(([, s]) => /temporal-sql-tool/.test(words(s)) && words(s).includes(`update-schema --schema-name ${schema}`))) problems.push(`the schema job does not apply ${schema} with temporal-sql-tool`);
  }

  // Restart policies and health checks on what runs for long; start order on health, or on a job's success.
  for (const [name, s] of entries) {
    if (!oneShot(s)) {
      if (!['always', 'unless-stopped', 'on-failure'].includes(s.restart ?? '')) problems.push(`${name}: no restart policy`);
      if (!s.healthcheck?.test?.length) problems.push(`${name}: no health check`);
    }
    if (Array.isArray(s.depends_on)) { problems.push(`${name}: depends_on without conditions`); continue; }
    for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
      const target = services[dep];
      if (!target) problems.push(`${name}: depends on ${dep}, which does not exist`);
      else if (condition !== (oneShot(target) ? 'service_completed_successfully' : 'service_healthy')) problems.push(`${name}: depends on ${dep} with ${condition}`);
    }
  }

  // The application as bin/up --cluster runs it: two apis behind HAProxy (its config mounted), two workers.
  for (const [name, entry] of [['api-1', 'server.js'], ['api-2', 'server.js'], ['worker-1', 'worker.js'], ['worker-2', 'worker.js']] as const) {
    const s = services[name];
    if (!s || !words(s).includes(`dist/src/${entry}`)) { problems.push(`${name}: missing, or not dist/src/${entry}`); continue; }
    const env = s.environment ?? {};
    if (env.TEMPORAL_ADDRESS !== 'temporal-frontend:7233' || roleOf(services['temporal-frontend'] ?? {}) !== 'frontend') problems.push(`${name}: TEMPORAL_ADDRESS is not the frontend`);
    for (const variable of ['METRICS_PORT', 'WORKER_METRICS_PORT', 'WORKER_SDK_METRICS_PORT', 'TRUSTED_PROXIES', 'REDIS_URL', 'DATABASE_URL']) {
      if (!env[variable]) problems.push(`${name}: no ${variable}`);
    }
  }
  const balancer = entries.find(([, s]) => (s.volumes ?? []).some((v) => v.startsWith('./deploy/haproxy/haproxy.cfg:')));
  if (!balancer) problems.push('no HAProxy with deploy/haproxy/haproxy.cfg');
  else if (!['api-1', 'api-2'].every((api) => Object.values(balancer[1].environment ?? {}).includes(api))) problems.push(`${balancer[0]}: does not balance api-1 and api-2`);
  if (!entries.some(([, s]) => tagOf(s.image, 'temporalio/ui') !== undefined && s.environment?.TEMPORAL_ADDRESS === 'temporal-frontend:7233')) problems.push('no Temporal UI on the frontend');
  problems.push(...tlsProblems(services));
  return problems;
}

/** Where a service mounts `./deploy/temporal/certs/<dir>`, when it does. */
function certsMount(s: Service, dir: string): string | undefined {
  return (s.volumes ?? []).map((v) => v.split(':')).find(([from]) => from === `./${CERTS}/${dir}`)?.[1];
}

/**
 * Mutual TLS as under bin/up --cluster: each Temporal service reads the server/ certificates from
 * where it mounts them (TEMPORAL_TLS_DIR), every other client of the frontend presents its own
 * client certificate from a mounted app/ (the project's) or ui/ (the UI's), and no container
 * mounts the CA's directory (its key signs certificates).
 */
function tlsProblems(services: Record<string, Service>): string[] {
  const problems: string[] = [];
  for (const [name, s] of Object.entries(services)) {
    if ((s.volumes ?? []).some((v) => v.startsWith(`./${CERTS}:`) || v.startsWith(`./${CERTS}/ca`))) problems.push(`${name}: mounts the CA's key`);
    const env = s.environment ?? {};
    if (tagOf(s.image, 'temporalio/server') !== undefined) {
      const mount = certsMount(s, 'server');
      if (!mount || env.TEMPORAL_TLS_DIR !== mount) problems.push(`${name}: its certificates are not the mounted ./${CERTS}/server (TEMPORAL_TLS_DIR ${env.TEMPORAL_TLS_DIR})`);
      continue;
    }
    const calls = env.TEMPORAL_ADDRESS === 'temporal-frontend:7233';
    if (!calls) continue;
    const dir = tagOf(s.image, 'temporalio/ui') !== undefined ? 'ui' : 'app';
    const mount = certsMount(s, dir);
    const missing = CLIENT_TLS.filter((v) => !mount || !env[v]?.startsWith(`${mount}/`));
    if (missing.length) problems.push(`${name}: no client certificate for the frontend from a mounted ./${CERTS}/${dir} (${missing.join(', ')})`);
  }
  // The server config asks every client of the frontend and of each service for a certificate of the CA.
  const tls = (serverConfig().global as { tls?: Record<string, { server?: { requireClientAuth?: boolean; clientCaFiles?: string[] } }> }).tls ?? {};
  for (const group of ['frontend', 'internode']) {
    if (tls[group]?.server?.requireClientAuth !== true || !tls[group]?.server?.clientCaFiles?.length) problems.push(`the server config's ${group} does not require a client certificate of the CA`);
  }
  return problems;
}

/** deploy/temporal/config/production.yaml as YAML, its template's actions read as text. */
function serverConfig(): Record<string, unknown> {
  const text = readFileSync(join(ROOT, LOCAL.configDir, `${LOCAL.configEnv}.yaml`), 'utf8');
  return load(text.replace(/^\{\{.*\}\}$/gm, '').replace(/\{\{.*?\}\}/g, 'x')) as Record<string, unknown>;
}

describe('docker-compose.yml, the same topology as bin/up --cluster', () => {
  it('reads the local cluster: bin/lib/temporal-cluster.sh pins its version from the compose file', () => {
    expect(LOCAL.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(LOCAL.schemas).toEqual(['postgresql/v12/temporal', 'postgresql/v12/visibility']);
    expect(LOCAL.dynamicConfig).toBe('deploy/temporal/dynamicconfig/production.yaml');
    expect(Object.keys(LOCAL.metricsPorts).sort()).toEqual([...TEMPORAL_SERVICES].sort());
  });

  it('agrees with it: version, config files, credentials, restart policies, health checks, start order', () => {
    expect(composeProblems(COMPOSE)).toEqual([]);
  });

  // The check itself: each departure below is one a change could make, and is caught.
  it.each([
    ['another server version', (t: string) => t.replace(`temporalio/server:${LOCAL.version}`, 'temporalio/server:1.28.0'), /temporalio\/server:1\.28\.0, the local cluster runs/],
    ['an admin-tools image of another version', (t: string) => t.replace(/temporalio\/admin-tools:[^\s]+/, 'temporalio/admin-tools:1.27.2'), /admin-tools:1\.27\.2/],
    ['another dynamic config directory', (t: string) => t.replace('./deploy/temporal/dynamicconfig:', './deploy/temporal/dynamicconfig-docker:'), /does not mount \.\/deploy\/temporal\/dynamicconfig:/],
    ['other config files', (t: string) => t.replace('--config deploy/temporal/config', '--config config/docker'), /not --config deploy\/temporal\/config/],
    ['another working directory', (t: string) => t.replace('working_dir: /etc/temporal', 'working_dir: /home/temporal'), /works in \/home\/temporal, not its --root \/etc\/temporal/],
    ['the application\'s database user', (t: string) => t.replace('TEMPORAL_DB_USER: temporal', 'TEMPORAL_DB_USER: app'), /Temporal's database user is the application's/],
    ['the application\'s database', (t: string) => t.replace('TEMPORAL_DB_HOST: temporal-postgres', 'TEMPORAL_DB_HOST: postgres'), /on the application's PostgreSQL/],
    ['a start on service_started', (t: string) => t.replace('temporal-history: { condition: service_healthy }', 'temporal-history: { condition: service_started }'), /depends on temporal-history with service_started/],
    ['a service with no restart policy', (t: string) => t.replace('  redis:\n    image: redis:7\n    restart: unless-stopped\n', '  redis:\n    image: redis:7\n'), /redis: no restart policy/],
    ['Temporal services without their certificates', (t: string) => t.replace('    - ./deploy/temporal/certs/server:/etc/temporal/tls:ro\n', ''), /temporal-history: its certificates are not the mounted/],
    ['the apis and workers without a client certificate', (t: string) => t.replace('  TEMPORAL_TLS_CERT: /etc/sales-api/temporal-tls/client.crt\n', ''), /api-1: no client certificate for the frontend .*TEMPORAL_TLS_CERT/],
    ['the UI without its client certificate', (t: string) => t.replace('      - ./deploy/temporal/certs/ui:/etc/temporal-ui/tls:ro\n', ''), /temporal-ui: no client certificate for the frontend from a mounted \.\/deploy\/temporal\/certs\/ui/],
    ['the CA mounted into a container', (t: string) => t.replace('./deploy/temporal/certs/app:', './deploy/temporal/certs:'), /mounts the CA's key/],
  ])('fails on %s', (_what, change, expected) => {
    const changed = change(COMPOSE);
    expect(changed).not.toBe(COMPOSE);
    expect(composeProblems(changed).join('\n')).toMatch(expected);
  });
});

/**
 * An app service's environment as Compose interpolates it from `vars` (a shell's or an .env
 * file's): `${X:-default}` is X unless unset or empty, `${X:?message}` fails then, `${X}` is X or empty.
 */
function composedAppEnv(service: string, vars: Record<string, string>): Record<string, string> {
  const env = (load(COMPOSE) as { services: Record<string, Service> }).services[service]?.environment ?? {};
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, String(value).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, v: string, op?: string, arg?: string) => {
    if (vars[v]) return vars[v];
    if (op === '?') throw new Error(`${v}: ${arg}`);
    return op === '-' ? arg ?? '' : '';
  })]));
}

describe("docker-compose.yml's model of live AI work", () => {
  const secret = (name: string) => `${name.toLowerCase()}-0123456789abcdef0123456789abcdef`;
  const REQUIRED = {
    ...Object.fromEntries(['APP_DB_PASSWORD', 'TEMPORAL_DB_PASSWORD', 'API_KEY_PEPPER', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY', 'WIDGET_SECRET'].map((n) => [n, secret(n)])),
    TEMPORAL_PAYLOAD_KEYS: 'k1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  };

  it('is chosen by the operator: unset, the api and the worker refuse to start, naming the settings; the builtin models only when allowed', () => {
    for (const service of ['api-1', 'worker-1']) {
      expect(() => loadConfig(composedAppEnv(service, REQUIRED))).toThrow(ConfigError);
      expect(() => loadConfig(composedAppEnv(service, REQUIRED))).toThrow(/"AI_PROVIDER"=openai.*"AI_ALLOW_BUILTIN_IN_PRODUCTION"=true/);
    }
    const builtin = loadConfig(composedAppEnv('api-1', { ...REQUIRED, AI_ALLOW_BUILTIN_IN_PRODUCTION: 'true' }));
    expect(builtin.env).toBe('production');
    expect(builtin.ai).toMatchObject({ provider: 'builtin', builtinPriceRub: '0', builtinArticlePriceRub: '0', builtinStrategistPriceRub: '0' });
    // A self-hosted server (here Ollama's OpenAI endpoint) through the same variables.
    const ollama = loadConfig(composedAppEnv('worker-1', {
      ...REQUIRED, AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://ollama:11434/v1', OPENAI_MODEL: 'llama3.1:8b',
      AI_PRICE_TABLE: '{"llama3.1:8b":{"input_per_1k_rub":"0.001","output_per_1k_rub":"0.002"}}',
    }));
    expect(ollama.ai).toMatchObject({ provider: 'openai', openai: { baseUrl: 'http://ollama:11434/v1', apiKey: '', model: 'llama3.1:8b' } });
  });
});
