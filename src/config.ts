import { durationSetting } from './config/duration.js';
import Joi from 'joi';
import { isValidAllowlistEntry } from './domain/access/ip-rules.js';
import { parseDuration } from './clock.js';
import { CHANGELOG, changelogEntryProblem, deprecationsOf } from './changelog.js';
import { ConfigError, list } from './config/config-error.js';
import { AI_ENV, parseAiSettings, type AiSettings } from './config/ai.js';
import { TEMPORAL_ENV, parseTemporalSettings, type TemporalSettings } from './config/temporal.js';
import { WEBHOOK_ENV, parseWebhookSettings, type WebhookSettings } from './config/webhooks.js';
import { WIDGET_ENV, parseWidgetSettings, type WidgetSettings } from './config/widget.js';

export const CELLS = ['ru', 'en', 'id'] as const;
export type Cell = (typeof CELLS)[number];

export const API_BASE_PATH = '/api/public/v1';

/** Deprecation of one route, attached as Deprecation/Sunset/Link headers. Key: "GET /me". */
export interface RouteDeprecation {
  deprecation: string;
  sunset?: string;
  link?: string;
}

export interface OperationSettings {
  /** How often the worker's operation starter looks for unstarted operations without being woken. */
  sweepMs: number;
  /**
   * Operations whose workflow was started and has not begun (status queued) at most; the
   * others wait unstarted in PostgreSQL (docs/decisions.md, "Operation pacing").
   */
  maxInFlight: number;
  /** How long the widget and POST ... ?wait hold at most (spec: 20 s). */
  maxWaitSeconds: number;
  /**
   * Paid-admission transactions of one tenant at once in one api process; the others wait in
   * memory, holding no database connection (docs/decisions.md, "Paid admissions take turns").
   */
  admissionsAtOnce: number;
}

/**
 * A route's release label (spec 01 Versioning 5): available works in the spec's release
 * status, beta is this project's addition beyond the spec, planned is designed in the spec and
 * not released there. RELEASED_LABELS chooses which answer; the others are 404 like an
 * unknown path, and test keys (Planned in the spec) work only where planned is on. Unset, a
 * production start (NODE_ENV=production) runs the spec's release status, `available` alone;
 * development and test run everything built.
 */
export const RELEASES = ['available', 'beta', 'planned'] as const;
export type Release = (typeof RELEASES)[number];
/** RELEASED_LABELS of a production start that does not set it: the spec's release status. */
export const PRODUCTION_RELEASES = 'available';

export interface Config {
  env: 'development' | 'test' | 'production';
  cell: Cell;
  host: string;
  port: number;
  publicOrigin: string;
  baseUrl: string;
  cellBaseUrls: Record<Cell, string>;
  topupUrl: string;
  databaseUrl: string;
  dbPoolMax: number;
  redisUrl: string;
  redisKeyPrefix: string;
  temporal: TemporalSettings;
  secrets: { apiKeyPepper: string; cursor: string };
  /**
   * The support console's codec endpoint for the Temporal UI (src/console/codec-endpoint.ts):
   * the UI's origin it answers (TEMPORAL_UI_ORIGIN; default TEMPORAL_UI_URL's) and the token a
   * CLI may present instead of an operator's session (CODEC_OPERATOR_TOKEN; none by default).
   */
  codecEndpoint: { uiOrigin: string; operatorToken: string | null };
  trustedProxies: string[];
  authCacheMs: number;
  /** The request log: hours it keeps each api request (REQUEST_LOG_HOURS; 0: none), how often each process writes what it holds (REQUEST_LOG_FLUSH_MS). */
  requestLog: { hours: number; flushMs: number };
  migrationCheckMs: number;
  walletReadTimeoutMs: number;
  /** A paid request whose wallet was not read within walletReadTimeoutMs reads it again, this long, before it answers 503. */
  walletPaidReadTimeoutMs: number;
  walletCacheMs: number;
  dbStatementTimeoutMs: number;
  /** Per integration and rate class; refusedKeysPerMin: well-formed API keys refused per client address (then 429 before any lookup). */
  limits: { readPerMin: number; writePerMin: number; paidPerMin: number; paidConcurrency: number; refusedKeysPerMin: number };
  operationCostCapRub: string;
  walletLowThresholdRub: string;
  deprecations: Record<string, RouteDeprecation>;
  /** Release labels whose routes answer (RELEASED_LABELS); the others are 404 like an unknown path. Test keys need planned. */
  releasedLabels: Release[];
  keyExpiryScanEvery: string;
  /** The Schedules' sweeps over tenants (workflows/tenant-sweep.ts): tenants per page, the window their runs spread over. */
  tenantSweep: { pageSize: number; spreadMs: number };
  webhooks: WebhookSettings;
  /** The reconciler (workflows/reconciler.ts): how often its Schedule starts it, and the rows (or closed workflows) of one step. */
  reconciler: { every: string; pageSize: number };
  ai: AiSettings;
  operations: OperationSettings;
  widget: WidgetSettings;
  /** The status map (GET /status): how long a document is kept, and when waiting work is degraded. */
  status: { cacheMs: number; waitingDegradedSeconds: number; errorRateDegraded: number };
  /** Lead scoring: a burst of conversation changes scores once, after this much quiet, and at most this late; a scorer idle for idleMs ends. */
  leadScoring: { debounceMs: number; maxDelayMs: number; idleMs: number };
  /** How long a publication waits for its site module's result (the module polls about every 10 minutes) before it ends failed. */
  publicationWaitMs: number;
  /** The api's graceful drain on SIGTERM (src/http/drain.ts): readiness failed this long before the listener closes; the whole drain at most timeoutMs. */
  drain: { readinessGraceMs: number; timeoutMs: number };
  logLevel: string;
}

/** Secrets every process needs, in every environment (bin/up writes random ones into .env, bin/test per run). */
export const REQUIRED_SECRETS = ['API_KEY_PEPPER', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY', 'WIDGET_SECRET'] as const;

const schema = Joi.object({
  ...TEMPORAL_ENV,
  ...WEBHOOK_ENV,
  ...AI_ENV,
  ...WIDGET_ENV,
  NODE_ENV: Joi.string().valid('development', 'test', 'production').default('development'),
  CELL: Joi.string().valid(...CELLS).default('ru'),
  HOST: Joi.string().default('127.0.0.1'),
  PORT: Joi.number().integer().min(0).max(65535).default(3000),
  // The balancer checks /readyz every second and takes an api out after 2 failures: 3 s covers that.
  DRAIN_READINESS_GRACE_MS: Joi.number().integer().min(0).max(60000).default(5000),
  // Longer than the readiness grace plus the longest hold of a request (wait=20).
  DRAIN_TIMEOUT_MS: Joi.number().integer().min(100).max(600000).default(25000),
  PUBLIC_ORIGIN: Joi.string().uri({ scheme: ['http', 'https'] }),
  CELL_ORIGINS: Joi.string().default('ru=https://api.ru.example.com,en=https://api.en.example.com,id=https://api.id.example.com'),
  DASHBOARD_ORIGIN: Joi.string().uri({ scheme: ['http', 'https'] }),
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).default('postgres://postgres@127.0.0.1:5432/sales_api'),
  DB_POOL_MAX: Joi.number().integer().min(1).max(200).default(20),
  REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }).default('redis://127.0.0.1:6379/0'),
  REDIS_KEY_PREFIX: Joi.string().default('svc:'),
  TEMPORAL_UI_ORIGIN: Joi.string().uri({ scheme: ['http', 'https'] }),
  CODEC_OPERATOR_TOKEN: Joi.string().min(32),
  API_KEY_PEPPER: Joi.string().min(32),
  CURSOR_SECRET: Joi.string().min(32),
  TRUSTED_PROXIES: Joi.string().allow('').default(''),
  AUTH_CACHE_MS: Joi.number().integer().min(0).default(5000),
  REQUEST_LOG_HOURS: Joi.number().integer().min(0).max(24 * 30).default(72),
  REQUEST_LOG_FLUSH_MS: Joi.number().integer().min(1).max(3_600_000).default(1000),
  MIGRATION_CHECK_MS: Joi.number().integer().min(0).default(5000),
  WALLET_READ_TIMEOUT_MS: Joi.number().integer().min(10).default(500),
  WALLET_PAID_READ_TIMEOUT_MS: Joi.number().integer().min(10).default(3000),
  WALLET_CACHE_MS: Joi.number().integer().min(0).max(30000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: Joi.number().integer().min(100).default(30000),
  RATE_LIMIT_READ_PER_MIN: Joi.number().integer().min(1).default(600),
  RATE_LIMIT_WRITE_PER_MIN: Joi.number().integer().min(1).default(120),
  RATE_LIMIT_PAID_PER_MIN: Joi.number().integer().min(1).default(30),
  RATE_LIMIT_REFUSED_KEYS_PER_MIN: Joi.number().integer().min(1).default(30),
  PAID_CONCURRENCY: Joi.number().integer().min(1).default(5),
  OPERATION_COST_CAP_RUB: Joi.string().pattern(/^\d+(\.\d{1,2})?$/).default('100'),
  WALLET_LOW_THRESHOLD_RUB: Joi.string().pattern(/^\d+(\.\d{1,2})?$/).default('1000'),
  ROUTE_DEPRECATIONS: Joi.string().default('{}'),
  // Empty as unset (a compose file's `${RELEASED_LABELS:-}`): the environment's default.
  RELEASED_LABELS: Joi.string().pattern(new RegExp(`^(${RELEASES.join('|')})(,(${RELEASES.join('|')}))*$`)).allow(''),
  KEY_EXPIRY_SCAN_EVERY: durationSetting('1h'),
  TENANT_SWEEP_PAGE: Joi.number().integer().min(1).max(1000).default(200),
  TENANT_SWEEP_SPREAD: Joi.string().pattern(/^(0|[1-9]\d*(ms|s|m|h))$/).default('4h'),
  RECONCILE_EVERY: Joi.string().pattern(/^[1-9]\d*(s|m|h)$/).default('5m'),
  RECONCILE_PAGE: Joi.number().integer().min(1).max(1000).default(500),
  OPERATION_SWEEP_MS: Joi.number().integer().min(50).default(5000),
  OPERATION_MAX_IN_FLIGHT: Joi.number().integer().min(1).max(100000).default(64),
  PAID_ADMISSIONS_AT_ONCE: Joi.number().integer().min(1).max(1000).default(4),
  STATUS_CACHE_MS: Joi.number().integer().min(0).max(60000).default(5000),
  STATUS_WAITING_DEGRADED_SECONDS: Joi.number().min(0.1).max(86400).default(60),
  STATUS_ERROR_RATE_DEGRADED: Joi.number().min(0).max(1).default(0.05),
  LEAD_SCORE_DEBOUNCE: durationSetting('10s'),
  LEAD_SCORE_MAX_DELAY: durationSetting('2m'),
  LEAD_SCORE_IDLE: durationSetting('1h'),
  // Days, not hours: the module polls about every 10 minutes, and a site may be down over a weekend.
  PUBLICATION_WAIT: durationSetting('3d'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
}).unknown(true);

const deprecationSchema = Joi.object().pattern(
  Joi.string().pattern(/^(GET|POST|PATCH|DELETE) \/\S*$/),
  // ISO text kept as given (Joi.date() would refuse text under convert: false).
  Joi.object({ deprecation: Joi.string().isoDate().required(), sunset: Joi.string().isoDate(), link: Joi.string().uri() }),
);

function parseCellOrigins(value: string): Record<Cell, string> {
  const out: Partial<Record<Cell, string>> = {};
  for (const pair of list(value)) {
    const [cell, origin] = pair.split('=');
    if (!cell || !origin || !(CELLS as readonly string[]).includes(cell)) {
      throw new ConfigError(`CELL_ORIGINS: "${pair}" is not cell=origin with a cell of ${CELLS.join(', ')}`);
    }
    out[cell as Cell] = origin.replace(/\/$/, '');
  }
  return out as Record<Cell, string>;
}

/** Reads and validates the environment once; throws ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { value: v, error } = schema.validate(env, { abortEarly: true, convert: true });
  if (error) throw new ConfigError(`configuration: ${error.message}`);
  const production = v.NODE_ENV === 'production';
  if (v.DRAIN_TIMEOUT_MS <= v.DRAIN_READINESS_GRACE_MS) throw new ConfigError('configuration: "DRAIN_TIMEOUT_MS" must be longer than "DRAIN_READINESS_GRACE_MS" (the drain waits that grace first)');
  const missing = REQUIRED_SECRETS.filter((name) => !v[name]);
  if (missing.length) {
    throw new ConfigError(`configuration: ${missing.map((n) => `"${n}"`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} required (32+ random characters each; bin/up writes them into .env on its first run)`);
  }
  const webhooks = parseWebhookSettings(v, production);
  const trustedProxies = list(v.TRUSTED_PROXIES);
  const badProxy = trustedProxies.find((p) => !isValidAllowlistEntry(p));
  if (badProxy) throw new ConfigError(`configuration: "TRUSTED_PROXIES" entry "${badProxy}" is not an IP address or CIDR network`);
  let deprecations: Record<string, RouteDeprecation>;
  try {
    deprecations = Joi.attempt(JSON.parse(v.ROUTE_DEPRECATIONS), deprecationSchema, { convert: false });
  } catch (err) {
    throw new ConfigError(`configuration: "ROUTE_DEPRECATIONS" is not valid: ${(err as Error).message}`);
  }
  for (const [route, d] of Object.entries(deprecations)) {
    const problem = changelogEntryProblem({ date: d.deprecation.slice(0, 10), kind: 'deprecation', routes: [route], text: '', sunset: d.sunset?.slice(0, 10) });
    if (problem) throw new ConfigError(`configuration: "ROUTE_DEPRECATIONS" for ${route}: ${problem}`);
  }
  for (const e of CHANGELOG) {
    const problem = changelogEntryProblem(e);
    if (problem) throw new ConfigError(`the change log entry of ${e.date}: ${problem}`);
  }
  const cell = v.CELL as Cell;
  const publicOrigin = (v.PUBLIC_ORIGIN ?? `http://127.0.0.1:${v.PORT}`).replace(/\/$/, '');
  const origins = { ...parseCellOrigins(v.CELL_ORIGINS), [cell]: publicOrigin };
  const cellBaseUrls = Object.fromEntries(CELLS.map((c) => [c, `${origins[c] ?? `https://api.${c}.example.com`}${API_BASE_PATH}`])) as Record<Cell, string>;
  const dashboard = (v.DASHBOARD_ORIGIN ?? `https://app.${cell}.example.com`).replace(/\/$/, '');
  return {
    env: v.NODE_ENV,
    cell,
    host: v.HOST,
    port: v.PORT,
    publicOrigin,
    baseUrl: cellBaseUrls[cell],
    cellBaseUrls,
    topupUrl: `${dashboard}/billing/wallet/topup`,
    databaseUrl: v.DATABASE_URL,
    dbPoolMax: v.DB_POOL_MAX,
    redisUrl: v.REDIS_URL,
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    temporal: parseTemporalSettings(v),
    secrets: { apiKeyPepper: v.API_KEY_PEPPER, cursor: v.CURSOR_SECRET },
    codecEndpoint: { uiOrigin: new URL(v.TEMPORAL_UI_ORIGIN ?? v.TEMPORAL_UI_URL).origin, operatorToken: v.CODEC_OPERATOR_TOKEN ?? null },
    trustedProxies,
    authCacheMs: v.AUTH_CACHE_MS,
    requestLog: { hours: v.REQUEST_LOG_HOURS, flushMs: v.REQUEST_LOG_FLUSH_MS },
    migrationCheckMs: v.MIGRATION_CHECK_MS,
    walletReadTimeoutMs: v.WALLET_READ_TIMEOUT_MS,
    walletPaidReadTimeoutMs: v.WALLET_PAID_READ_TIMEOUT_MS,
    walletCacheMs: v.WALLET_CACHE_MS,
    dbStatementTimeoutMs: v.DB_STATEMENT_TIMEOUT_MS,
    limits: {
      readPerMin: v.RATE_LIMIT_READ_PER_MIN,
      writePerMin: v.RATE_LIMIT_WRITE_PER_MIN,
      paidPerMin: v.RATE_LIMIT_PAID_PER_MIN,
      paidConcurrency: v.PAID_CONCURRENCY,
      refusedKeysPerMin: v.RATE_LIMIT_REFUSED_KEYS_PER_MIN,
    },
    operationCostCapRub: v.OPERATION_COST_CAP_RUB,
    walletLowThresholdRub: v.WALLET_LOW_THRESHOLD_RUB,
    // The change log's deprecations, then the deployment's own (ROUTE_DEPRECATIONS).
    deprecations: { ...deprecationsOf(CHANGELOG, `${publicOrigin}${API_BASE_PATH}/changelog`), ...deprecations },
    releasedLabels: list(v.RELEASED_LABELS || (production ? PRODUCTION_RELEASES : RELEASES.join(','))) as Release[],
    keyExpiryScanEvery: v.KEY_EXPIRY_SCAN_EVERY,
    tenantSweep: { pageSize: v.TENANT_SWEEP_PAGE, spreadMs: v.TENANT_SWEEP_SPREAD === '0' ? 0 : parseDuration(v.TENANT_SWEEP_SPREAD) },
    webhooks,
    reconciler: { every: v.RECONCILE_EVERY, pageSize: v.RECONCILE_PAGE },
    ai: parseAiSettings(v, production),
    operations: { sweepMs: v.OPERATION_SWEEP_MS, maxInFlight: v.OPERATION_MAX_IN_FLIGHT, maxWaitSeconds: 20, admissionsAtOnce: v.PAID_ADMISSIONS_AT_ONCE },
    status: { cacheMs: v.STATUS_CACHE_MS, waitingDegradedSeconds: v.STATUS_WAITING_DEGRADED_SECONDS, errorRateDegraded: v.STATUS_ERROR_RATE_DEGRADED },
    widget: parseWidgetSettings(v),
    leadScoring: { debounceMs: parseDuration(v.LEAD_SCORE_DEBOUNCE), maxDelayMs: parseDuration(v.LEAD_SCORE_MAX_DELAY), idleMs: parseDuration(v.LEAD_SCORE_IDLE) },
    publicationWaitMs: parseDuration(v.PUBLICATION_WAIT),
    drain: { readinessGraceMs: v.DRAIN_READINESS_GRACE_MS, timeoutMs: v.DRAIN_TIMEOUT_MS },
    logLevel: v.LOG_LEVEL,
  };
}
