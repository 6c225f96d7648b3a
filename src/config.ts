import Joi from 'joi';
import { isValidAllowlistEntry } from './domain/access/ip-rules.js';
import { parseDuration } from './clock.js';
import { CHANGELOG, changelogEntryProblem, deprecationsOf } from './changelog.js';
import { WORK_KINDS, type WorkKind } from './temporal/task-queues.js';
import type { PayloadKey } from './temporal/payload-codec.js';

export const CELLS = ['ru', 'en', 'id'] as const;
export type Cell = (typeof CELLS)[number];

export const API_BASE_PATH = '/api/public/v1';

/** Deprecation of one route, attached as Deprecation/Sunset/Link headers. Key: "GET /me". */
export interface RouteDeprecation {
  deprecation: string;
  sunset?: string;
  link?: string;
}

/** Worker options sized for this workload (docs/decisions.md, "Worker sizing"); the slots are per task queue. */
export interface TemporalWorkerSizing {
  maxConcurrentWorkflowTaskPolls: number;
  maxConcurrentLocalActivityExecutions: number;
  maxCachedWorkflows: number;
}

/** The slots of one task queue's Worker (docs/decisions.md, "Task queues by kind of work"). */
export interface TaskQueueSlots {
  maxConcurrentWorkflowTaskExecutions: number;
  maxConcurrentActivityTaskExecutions: number;
}

export interface WebhookSettings {
  /** Key material for AES-256-GCM of signing secrets at rest. */
  secretKey: string;
  /** Development and tests only: loopback and private addresses become reachable. */
  allowPrivateNetworks: boolean;
  /** Development and tests only (like curl --resolve): host name -> address, still checked by the address policy. */
  resolve: Record<string, string>;
  timeoutMs: number;
  /** Pause before retry 1..8. */
  retrySchedule: number[];
  /** Upper bound for a subscriber's Retry-After. */
  retryAfterMaxMs: number;
  /** How often a held delivery looked again without a signal (jittered): only runs that waited before every hold's end was signalled. */
  holdRecheckMs: number;
  /** The timer of every hold, whose end is signalled: a backstop for a lost signal (jittered; an hour by default). */
  holdBackstopMs: number;
  /** Looks of a hold before the delivery's run continues as new (a short history per run). */
  holdCyclesPerRun: number;
  relaySweepMs: number;
  /**
   * The relay's bound: deliveries whose workflow was started and whose first attempt has not
   * been made yet (held ones excepted). Beyond it, new deliveries wait to be started.
   */
  relayMaxInFlight: number;
  /** While deliveries wait for room under the bound, the relay looks again this often. */
  relayBacklogTickMs: number;
  /** Relay runs woken back to back start at least this far apart, so each takes a batch. */
  relayMinRunMs: number;
  retentionDays: number;
  cleanupEvery: string;
  /** Deliveries an integrator's recovery reads a page (one transaction; WEBHOOK_RECOVERY_PAGE). */
  recoveryPageSize: number;
  /**
   * How long a delivery's database step retries before it fails (DURABLE_STEP_BOUND; default
   * 2 hours, workflows/step-options.ts): the delivery then ends dead, saying why.
   */
  stepBoundMs: number;
  /**
   * A subscription whose every attempt has failed for this long is paused by the platform
   * (WEBHOOK_PAUSE_FAILING_AFTER; default 5 days; src/domain/webhooks/failing-pause.ts).
   */
  pauseFailingAfterMs: number;
}

/** The model behind the AI seller (see src/domain/ai-seller). */
export interface AiSettings {
  provider: 'builtin' | 'openai';
  /** Test mode's model: `builtin` (default: a sandbox spends no provider tokens) or `live` (AI_PROVIDER's). */
  sandboxProvider: 'builtin' | 'live';
  /**
   * The builtin models' fixed prices, in roubles: one reply (AI_BUILTIN_PRICE_RUB), one article
   * (AI_BUILTIN_ARTICLE_PRICE_RUB), one strategist chat answer (AI_BUILTIN_STRATEGIST_PRICE_RUB).
   * Live work: 0 unless set (a placeholder is not billed as AI); a sandbox's: SANDBOX_BUILTIN_PRICES.
   */
  builtinPriceRub: string;
  /** The builtin seller's pace as its reply streams into the chat: this long between words (AI_BUILTIN_STREAM_WORD_MS). */
  builtinStreamWordMs: number;
  /** A reply's live draft is published at most once per this long, its first piece at once and its last always (AI_DRAFT_THROTTLE_MS). */
  draftThrottleMs: number;
  builtinArticlePriceRub: string;
  builtinStrategistPriceRub: string;
  openai: {
    baseUrl: string;
    apiKey: string;
    model: string;
    /** Roubles per 1000 tokens, by model: prompt (input) and completion (output). */
    prices: Record<string, { inputPer1kRub: string; outputPer1kRub: string }>;
    maxTokens: number;
  };
  /** One model call's deadline. */
  timeoutMs: number;
  /** Calls of one reply before it fails with upstream_unavailable, and the first pause between them. */
  maxAttempts: number;
  retryInitialMs: number;
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

/** The visitor chat (spec 01, Visitor chat routes). */
export interface WidgetSettings {
  /** Idle lifetime of a visitor session; every message renews it. */
  sessionTtlMs: number;
  /** How long the previous session token stays valid after a rotation. */
  tokenGraceMs: number;
  /** How long POST /api/widget/messages holds for the AI reply before answering without it. */
  replyHoldMs: number;
  /** Messages of one session. */
  visitorPerMin: number;
  /** Messages from one client address on one channel, whatever session they come in (below channelPerMin: one client cannot fill a site's chat). */
  addressPerMin: number;
  /** New sessions (messages without a session token) from one client address on one channel. */
  sessionsPerAddressPerMin: number;
  /** Messages of a channel, from everyone. */
  channelPerMin: number;
  /** Comment lines on the event stream, so proxies and browsers keep it open. */
  heartbeatMs: number;
  /** Lifetime of a signed attachment address. */
  attachmentUrlTtlMs: number;
  /** Event streams open at once, across api processes: per session and per client address. */
  streamsPerSession: number;
  streamsPerAddress: number;
  /** Refused session tokens per client address per minute. */
  rejectedPerMin: number;
  /** Key of the session-token hashes and attachment signatures. */
  secret: string;
  /** Default cap of a tenant's widget AI spend per UTC day, in roubles; null = no cap. */
  dailyAiCapRub: string | null;
  /** Paid visitor turns (AI replies) one client address may start on one tenant's chats in an hour. */
  paidTurnsPerAddressPerHour: number;
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

/**
 * The files of a TLS connection to Temporal's frontend (TEMPORAL_TLS_*, the temporal CLI's own
 * variable names): the CA that signed the frontend's certificate (unset: the system's), the
 * client certificate and key the frontend asks for, the name its certificate carries when the
 * address is another (bin/up --cluster: 127.0.0.1, certificate for temporal-frontend).
 */
export interface TemporalTlsFiles {
  ca?: string;
  cert?: string;
  key?: string;
  serverName?: string;
}

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
  temporal: {
    address: string; namespace: string;
    /** The base name of the task queues (src/temporal/task-queues.ts). */
    taskQueue: string;
    /** Put before every Schedule id the setup makes (TEMPORAL_SCHEDULE_PREFIX; default none): two deployments, or two test files, in one namespace keep theirs apart. */
    schedulePrefix: string;
    /** The setup keeps this deployment's Schedules paused (TEMPORAL_SCHEDULES_PAUSED; default false): a staging copy, or a test, triggers them by hand. */
    schedulesPaused: boolean;
    /**
     * The Worker Deployment the workers poll as (TEMPORAL_DEPLOYMENT; default the task queues'
     * base): with the build id of the workflow bundle, the version of a worker
     * (src/temporal/worker-versioning.ts).
     */
    deployment: string;
    uiUrl: string; worker: TemporalWorkerSizing;
    /** Mutual TLS to the frontend (src/temporal/tls.ts): files, read at each connection; none on the dev server. */
    tls?: TemporalTlsFiles;
    slots: Record<WorkKind, TaskQueueSlots>;
    /** The queues a worker process polls (WORKER_QUEUES; default all). */
    workerQueues: WorkKind[];
    /**
     * The payload codec's keys (TEMPORAL_PAYLOAD_KEYS), oldest first: the last seals new payloads,
     * every one opens (src/temporal/payload-codec.ts; docs/operations.md, "Rotating the payload key").
     */
    payloadKeys: PayloadKey[];
  };
  secrets: { apiKeyPepper: string; cursor: string };
  /**
   * The support console's codec endpoint for the Temporal UI (src/support/codec-endpoint.ts):
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

/** The OpenAI API, where AI_PROVIDER=openai calls unless OPENAI_BASE_URL names another Chat Completions server. */
const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

const schema = Joi.object({
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
  TEMPORAL_ADDRESS: Joi.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: Joi.string().default('default'),
  TEMPORAL_TASK_QUEUE: Joi.string().default('public-api'),
  TEMPORAL_SCHEDULE_PREFIX: Joi.string().allow('').default(''),
  TEMPORAL_SCHEDULES_PAUSED: Joi.boolean().default(false),
  // The server refuses a deployment name with '.' or ':' (its version names are `<deployment>.<build id>`), or one starting with '__'.
  TEMPORAL_DEPLOYMENT: Joi.string().pattern(/^(?!__)[A-Za-z0-9_-]{1,100}$/),
  TEMPORAL_UI_URL: Joi.string().uri().default('http://127.0.0.1:8233'),
  // Paths (docs/operations.md, "Certificates for the cluster"); empty as unset. A certificate needs its key.
  TEMPORAL_TLS_CA: Joi.string().allow(''),
  TEMPORAL_TLS_CERT: Joi.string().allow(''),
  TEMPORAL_TLS_KEY: Joi.string().allow(''),
  TEMPORAL_TLS_SERVER_NAME: Joi.string().hostname().allow(''),
  TEMPORAL_UI_ORIGIN: Joi.string().uri({ scheme: ['http', 'https'] }),
  CODEC_OPERATOR_TOKEN: Joi.string().min(32),
  TEMPORAL_PAYLOAD_KEYS: Joi.string().allow(''),
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
  KEY_EXPIRY_SCAN_EVERY: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('1h'),
  TENANT_SWEEP_PAGE: Joi.number().integer().min(1).max(1000).default(200),
  TENANT_SWEEP_SPREAD: Joi.string().pattern(/^(0|[1-9]\d*(ms|s|m|h))$/).default('4h'),
  WEBHOOK_SECRET_KEY: Joi.string().min(32),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: Joi.boolean().default(false),
  WEBHOOK_RESOLVE: Joi.string().allow('').default(''),
  WEBHOOK_TIMEOUT_MS: Joi.number().integer().min(100).max(60000).default(10000),
  WEBHOOK_RETRY_SCHEDULE: Joi.string().default('5s,5m,30m,2h,5h,10h,10h,10h'),
  WEBHOOK_RETRY_AFTER_MAX: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('1h'),
  WEBHOOK_HOLD_RECHECK: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('10m'),
  WEBHOOK_HOLD_BACKSTOP: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('1h'),
  WEBHOOK_HOLD_CYCLES_PER_RUN: Joi.number().integer().min(1).max(1000).default(100),
  RELAY_SWEEP_MS: Joi.number().integer().min(50).default(1000),
  RELAY_MAX_IN_FLIGHT: Joi.number().integer().min(1).max(100000).default(64),
  RELAY_BACKLOG_TICK_MS: Joi.number().integer().min(5).max(10000).default(50),
  RELAY_MIN_RUN_MS: Joi.number().integer().min(0).max(1000).default(20),
  TEMPORAL_MAX_WORKFLOW_TASKS: Joi.number().integer().min(2).max(10000).default(200),
  TEMPORAL_WORKFLOW_TASK_POLLS: Joi.number().integer().min(2).max(1000).default(20),
  TEMPORAL_MAX_LOCAL_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(200),
  TEMPORAL_MAX_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(100),
  TEMPORAL_MAX_CACHED_WORKFLOWS: Joi.number().integer().min(0).max(100000).default(2000),
  // TEMPORAL_MAX_WORKFLOW_TASKS and TEMPORAL_MAX_ACTIVITIES are the deliveries queue's slots (the benchmarks' knob).
  TEMPORAL_INTERACTIVE_MAX_WORKFLOW_TASKS: Joi.number().integer().min(2).max(10000).default(200),
  TEMPORAL_INTERACTIVE_MAX_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(100),
  TEMPORAL_BATCH_MAX_WORKFLOW_TASKS: Joi.number().integer().min(2).max(10000).default(10),
  TEMPORAL_BATCH_MAX_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(4),
  WORKER_QUEUES: Joi.string().pattern(new RegExp(`^\\s*(${WORK_KINDS.join('|')})\\s*(,\\s*(${WORK_KINDS.join('|')})\\s*)*$`)).default(WORK_KINDS.join(',')),
  WEBHOOK_LOG_RETENTION_DAYS: Joi.number().integer().min(1).default(30),
  WEBHOOK_CLEANUP_EVERY: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('1h'),
  WEBHOOK_PAUSE_FAILING_AFTER: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('5d'),
  WEBHOOK_RECOVERY_PAGE: Joi.number().integer().min(1).max(1000).default(200),
  DURABLE_STEP_BOUND: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h)$/).default('2h'),
  RECONCILE_EVERY: Joi.string().pattern(/^[1-9]\d*(s|m|h)$/).default('5m'),
  RECONCILE_PAGE: Joi.number().integer().min(1).max(1000).default(500),
  // The model settings take empty as unset (a compose file's `${AI_PROVIDER:-}`): the default.
  AI_PROVIDER: Joi.string().empty('').valid('builtin', 'openai').default('builtin'),
  // Production refuses AI_PROVIDER=builtin unless this is true (docs/decisions.md, "No placeholder billed as AI in production").
  AI_ALLOW_BUILTIN_IN_PRODUCTION: Joi.boolean().empty('').default(false),
  SANDBOX_AI_PROVIDER: Joi.string().empty('').valid('builtin', 'live').default('builtin'),
  AI_BUILTIN_PRICE_RUB: Joi.string().empty('').pattern(/^\d+(\.\d{1,2})?$/).default('0'),
  AI_BUILTIN_ARTICLE_PRICE_RUB: Joi.string().empty('').pattern(/^\d+(\.\d{1,2})?$/).default('0'),
  AI_BUILTIN_STRATEGIST_PRICE_RUB: Joi.string().empty('').pattern(/^\d+(\.\d{1,2})?$/).default('0'),
  AI_BUILTIN_STREAM_WORD_MS: Joi.number().integer().min(0).max(1000).default(35),
  AI_DRAFT_THROTTLE_MS: Joi.number().integer().min(0).max(5000).default(50),
  OPENAI_BASE_URL: Joi.string().empty('').uri({ scheme: ['http', 'https'] }).default(DEFAULT_OPENAI_BASE_URL),
  OPENAI_API_KEY: Joi.string().allow('').default(''),
  OPENAI_MODEL: Joi.string().empty('').default('gpt-4o-mini'),
  AI_PRICE_TABLE: Joi.string().empty('').default('{"gpt-4o-mini":{"input_per_1k_rub":"0.02","output_per_1k_rub":"0.06"}}'),
  AI_MAX_TOKENS: Joi.number().integer().min(16).max(32000).default(600),
  AI_TIMEOUT_MS: Joi.number().integer().min(100).max(300000).default(30000),
  AI_MAX_ATTEMPTS: Joi.number().integer().min(1).max(10).default(3),
  AI_RETRY_INITIAL: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('2s'),
  OPERATION_SWEEP_MS: Joi.number().integer().min(50).default(5000),
  OPERATION_MAX_IN_FLIGHT: Joi.number().integer().min(1).max(100000).default(64),
  PAID_ADMISSIONS_AT_ONCE: Joi.number().integer().min(1).max(1000).default(4),
  STATUS_CACHE_MS: Joi.number().integer().min(0).max(60000).default(5000),
  STATUS_WAITING_DEGRADED_SECONDS: Joi.number().min(0.1).max(86400).default(60),
  STATUS_ERROR_RATE_DEGRADED: Joi.number().min(0).max(1).default(0.05),
  WIDGET_SECRET: Joi.string().min(32),
  WIDGET_SESSION_TTL: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('30d'),
  WIDGET_TOKEN_GRACE: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('2m'),
  WIDGET_REPLY_HOLD_MS: Joi.number().integer().min(0).max(20000).default(8000),
  WIDGET_RATE_VISITOR_PER_MIN: Joi.number().integer().min(1).default(30),
  WIDGET_RATE_CHANNEL_PER_MIN: Joi.number().integer().min(1).default(600),
  WIDGET_RATE_IP_PER_MIN: Joi.number().integer().min(1).default(60),
  WIDGET_RATE_SESSIONS_PER_IP_PER_MIN: Joi.number().integer().min(1).default(10),
  WIDGET_HEARTBEAT_MS: Joi.number().integer().min(100).default(15000),
  WIDGET_DAILY_AI_CAP_RUB: Joi.string().pattern(/^(\d+(\.\d{1,2})?|none)$/).default('300'),
  WIDGET_PAID_PER_IP_PER_HOUR: Joi.number().integer().min(1).default(20),
  WIDGET_ATTACHMENT_URL_TTL: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('10m'),
  WIDGET_STREAMS_PER_SESSION: Joi.number().integer().min(1).default(3),
  WIDGET_STREAMS_PER_IP: Joi.number().integer().min(1).default(20),
  WIDGET_RATE_REJECTED_PER_MIN: Joi.number().integer().min(1).default(30),
  LEAD_SCORE_DEBOUNCE: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('10s'),
  LEAD_SCORE_MAX_DELAY: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('2m'),
  LEAD_SCORE_IDLE: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('1h'),
  // Days, not hours: the module polls about every 10 minutes, and a site may be down over a weekend.
  PUBLICATION_WAIT: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default('3d'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
}).unknown(true);

const deprecationSchema = Joi.object().pattern(
  Joi.string().pattern(/^(GET|POST|PATCH|DELETE) \/\S*$/),
  // ISO text kept as given (Joi.date() would refuse text under convert: false).
  Joi.object({ deprecation: Joi.string().isoDate().required(), sunset: Joi.string().isoDate(), link: Joi.string().uri() }),
);

export class ConfigError extends Error {}

const PAYLOAD_KEY = /^([A-Za-z0-9_.-]{1,40}):([A-Za-z0-9+/]{43}=)$/;

/**
 * TEMPORAL_PAYLOAD_KEYS: `<key id>:<32 bytes in base64>`, comma-separated, oldest first (bin/up
 * writes the first into .env). Required in every environment: no process of the project talks
 * to Temporal without sealing what it writes there.
 */
export function parsePayloadKeys(text: string | undefined): PayloadKey[] {
  if (!text?.trim()) {
    throw new ConfigError('configuration: "TEMPORAL_PAYLOAD_KEYS" is required (`<key id>:<32 random bytes in base64>`, comma-separated, newest last; bin/up writes one into .env on its first run)');
  }
  const keys = text.split(',').map((entry, i) => {
    const m = PAYLOAD_KEY.exec(entry.trim());
    if (!m) throw new ConfigError(`configuration: "TEMPORAL_PAYLOAD_KEYS" entry ${i + 1} is not \`<key id>:<32 bytes in base64>\` (a key id of letters, digits, ".", "_" or "-")`);
    return { id: m[1]!, key: Buffer.from(m[2]!, 'base64') };
  });
  const repeated = keys.find((k, i) => keys.findIndex((o) => o.id === k.id) !== i);
  if (repeated) throw new ConfigError(`configuration: "TEMPORAL_PAYLOAD_KEYS" names key id "${repeated.id}" twice`);
  return keys;
}

function list(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- joi hands back the validated environment untyped
function parseWebhookSettings(v: Record<string, any>, production: boolean): WebhookSettings {
  const retrySchedule = list(v.WEBHOOK_RETRY_SCHEDULE).map((d) => {
    try {
      return parseDuration(d);
    } catch {
      throw new ConfigError(`configuration: "WEBHOOK_RETRY_SCHEDULE" entry "${d}" is not a duration like 5s, 30m or 2h`);
    }
  });
  if (retrySchedule.length !== 8) throw new ConfigError('configuration: "WEBHOOK_RETRY_SCHEDULE" needs exactly 8 comma-separated durations (one per retry)');
  const resolve: Record<string, string> = {};
  for (const pair of list(v.WEBHOOK_RESOLVE)) {
    const [host, address] = pair.split('=');
    if (!host || !address || !isValidAllowlistEntry(address) || address.includes('/')) {
      throw new ConfigError(`configuration: "WEBHOOK_RESOLVE" entry "${pair}" is not host=address`);
    }
    resolve[host.toLowerCase()] = address;
  }
  if (production && (v.WEBHOOK_ALLOW_PRIVATE_NETWORKS || Object.keys(resolve).length)) {
    throw new ConfigError('configuration: "WEBHOOK_ALLOW_PRIVATE_NETWORKS" and "WEBHOOK_RESOLVE" are for development and tests, not production');
  }
  return {
    secretKey: v.WEBHOOK_SECRET_KEY,
    allowPrivateNetworks: v.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    resolve,
    timeoutMs: v.WEBHOOK_TIMEOUT_MS,
    retrySchedule,
    retryAfterMaxMs: parseDuration(v.WEBHOOK_RETRY_AFTER_MAX),
    holdRecheckMs: parseDuration(v.WEBHOOK_HOLD_RECHECK),
    holdBackstopMs: parseDuration(v.WEBHOOK_HOLD_BACKSTOP),
    holdCyclesPerRun: v.WEBHOOK_HOLD_CYCLES_PER_RUN,
    relaySweepMs: v.RELAY_SWEEP_MS,
    relayMaxInFlight: v.RELAY_MAX_IN_FLIGHT,
    relayBacklogTickMs: v.RELAY_BACKLOG_TICK_MS,
    relayMinRunMs: v.RELAY_MIN_RUN_MS,
    retentionDays: v.WEBHOOK_LOG_RETENTION_DAYS,
    cleanupEvery: v.WEBHOOK_CLEANUP_EVERY,
    recoveryPageSize: v.WEBHOOK_RECOVERY_PAGE,
    stepBoundMs: parseDuration(v.DURABLE_STEP_BOUND),
    pauseFailingAfterMs: parseDuration(v.WEBHOOK_PAUSE_FAILING_AFTER),
  };
}

const priceTableSchema = Joi.object().pattern(Joi.string(), Joi.object({
  input_per_1k_rub: Joi.string().pattern(/^\d+(\.\d+)?$/).required(),
  output_per_1k_rub: Joi.string().pattern(/^\d+(\.\d+)?$/).required(),
}));

function parseTemporalTls(v: Record<string, string | undefined>): TemporalTlsFiles | undefined {
  const files: TemporalTlsFiles = { ca: v.TEMPORAL_TLS_CA || undefined, cert: v.TEMPORAL_TLS_CERT || undefined, key: v.TEMPORAL_TLS_KEY || undefined, serverName: v.TEMPORAL_TLS_SERVER_NAME || undefined };
  if (!files.cert !== !files.key) throw new ConfigError('configuration: "TEMPORAL_TLS_CERT" and "TEMPORAL_TLS_KEY" go together (the client certificate and its key)');
  return Object.values(files).some(Boolean) ? files : undefined;
}

/**
 * Production serves live AI work from a remote model (AI_PROVIDER=openai: any Chat Completions
 * server), or from the builtin models only when the operator says so: they are keyword retrieval
 * and templates, not a language model.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- joi hands back the validated environment untyped
function checkProductionModel(v: Record<string, any>): void {
  if (v.AI_PROVIDER === 'builtin' && !v.AI_ALLOW_BUILTIN_IN_PRODUCTION) {
    throw new ConfigError('configuration: NODE_ENV=production needs a remote model for live AI work: set "AI_PROVIDER"=openai with "OPENAI_BASE_URL", "OPENAI_API_KEY", "OPENAI_MODEL" and its price in "AI_PRICE_TABLE" (the OpenAI API, or a vLLM, llama.cpp or Ollama server: README, "Conversations, product cards and the AI seller"), or set "AI_ALLOW_BUILTIN_IN_PRODUCTION"=true to serve the builtin models (keyword retrieval and templates; free unless "AI_BUILTIN_PRICE_RUB", "AI_BUILTIN_ARTICLE_PRICE_RUB" or "AI_BUILTIN_STRATEGIST_PRICE_RUB" is set)');
  }
  if (v.AI_PROVIDER === 'openai' && v.OPENAI_BASE_URL.replace(/\/$/, '') === DEFAULT_OPENAI_BASE_URL && !v.OPENAI_API_KEY) {
    throw new ConfigError('configuration: "OPENAI_API_KEY" is required in production with the OpenAI API ("OPENAI_BASE_URL" is its default, https://api.openai.com/v1): every call would be refused');
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- joi hands back the validated environment untyped
function parseAiSettings(v: Record<string, any>, production: boolean): AiSettings {
  if (production) checkProductionModel(v);
  let table: Record<string, { input_per_1k_rub: string; output_per_1k_rub: string }>;
  try {
    table = Joi.attempt(JSON.parse(v.AI_PRICE_TABLE), priceTableSchema, { convert: false });
  } catch (err) {
    throw new ConfigError(`configuration: "AI_PRICE_TABLE" is not valid: ${(err as Error).message}`);
  }
  if (v.AI_PROVIDER === 'openai' && !table[v.OPENAI_MODEL]) {
    throw new ConfigError(`configuration: "AI_PRICE_TABLE" has no price for OPENAI_MODEL "${v.OPENAI_MODEL}"; every reply must be billable`);
  }
  const prices = Object.fromEntries(Object.entries(table).map(([model, p]) => [model, { inputPer1kRub: p.input_per_1k_rub, outputPer1kRub: p.output_per_1k_rub }]));
  return {
    provider: v.AI_PROVIDER,
    sandboxProvider: v.SANDBOX_AI_PROVIDER,
    builtinPriceRub: v.AI_BUILTIN_PRICE_RUB,
    builtinStreamWordMs: v.AI_BUILTIN_STREAM_WORD_MS,
    draftThrottleMs: v.AI_DRAFT_THROTTLE_MS,
    builtinArticlePriceRub: v.AI_BUILTIN_ARTICLE_PRICE_RUB,
    builtinStrategistPriceRub: v.AI_BUILTIN_STRATEGIST_PRICE_RUB,
    openai: { baseUrl: v.OPENAI_BASE_URL.replace(/\/$/, ''), apiKey: v.OPENAI_API_KEY, model: v.OPENAI_MODEL, prices, maxTokens: v.AI_MAX_TOKENS },
    timeoutMs: v.AI_TIMEOUT_MS,
    maxAttempts: v.AI_MAX_ATTEMPTS,
    retryInitialMs: parseDuration(v.AI_RETRY_INITIAL),
  };
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
  const temporalTls = parseTemporalTls(v);
  const payloadKeys = parsePayloadKeys(v.TEMPORAL_PAYLOAD_KEYS);
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
    temporal: {
      address: v.TEMPORAL_ADDRESS, namespace: v.TEMPORAL_NAMESPACE, taskQueue: v.TEMPORAL_TASK_QUEUE, schedulePrefix: v.TEMPORAL_SCHEDULE_PREFIX, schedulesPaused: v.TEMPORAL_SCHEDULES_PAUSED, uiUrl: v.TEMPORAL_UI_URL,
      deployment: v.TEMPORAL_DEPLOYMENT ?? v.TEMPORAL_TASK_QUEUE,
      ...(temporalTls ? { tls: temporalTls } : {}),
      worker: {
        maxConcurrentWorkflowTaskPolls: v.TEMPORAL_WORKFLOW_TASK_POLLS,
        maxConcurrentLocalActivityExecutions: v.TEMPORAL_MAX_LOCAL_ACTIVITIES,
        maxCachedWorkflows: v.TEMPORAL_MAX_CACHED_WORKFLOWS,
      },
      slots: {
        deliveries: { maxConcurrentWorkflowTaskExecutions: v.TEMPORAL_MAX_WORKFLOW_TASKS, maxConcurrentActivityTaskExecutions: v.TEMPORAL_MAX_ACTIVITIES },
        interactive: { maxConcurrentWorkflowTaskExecutions: v.TEMPORAL_INTERACTIVE_MAX_WORKFLOW_TASKS, maxConcurrentActivityTaskExecutions: v.TEMPORAL_INTERACTIVE_MAX_ACTIVITIES },
        batch: { maxConcurrentWorkflowTaskExecutions: v.TEMPORAL_BATCH_MAX_WORKFLOW_TASKS, maxConcurrentActivityTaskExecutions: v.TEMPORAL_BATCH_MAX_ACTIVITIES },
      },
      workerQueues: [...new Set(String(v.WORKER_QUEUES).split(',').map((k) => k.trim() as WorkKind))],
      payloadKeys,
    },
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
    widget: {
      sessionTtlMs: parseDuration(v.WIDGET_SESSION_TTL),
      tokenGraceMs: parseDuration(v.WIDGET_TOKEN_GRACE),
      replyHoldMs: v.WIDGET_REPLY_HOLD_MS,
      visitorPerMin: v.WIDGET_RATE_VISITOR_PER_MIN,
      addressPerMin: v.WIDGET_RATE_IP_PER_MIN,
      sessionsPerAddressPerMin: v.WIDGET_RATE_SESSIONS_PER_IP_PER_MIN,
      channelPerMin: v.WIDGET_RATE_CHANNEL_PER_MIN,
      heartbeatMs: v.WIDGET_HEARTBEAT_MS,
      attachmentUrlTtlMs: parseDuration(v.WIDGET_ATTACHMENT_URL_TTL),
      secret: v.WIDGET_SECRET,
      dailyAiCapRub: v.WIDGET_DAILY_AI_CAP_RUB === 'none' ? null : v.WIDGET_DAILY_AI_CAP_RUB,
      paidTurnsPerAddressPerHour: v.WIDGET_PAID_PER_IP_PER_HOUR,
      streamsPerSession: v.WIDGET_STREAMS_PER_SESSION,
      streamsPerAddress: v.WIDGET_STREAMS_PER_IP,
      rejectedPerMin: v.WIDGET_RATE_REJECTED_PER_MIN,
    },
    leadScoring: { debounceMs: parseDuration(v.LEAD_SCORE_DEBOUNCE), maxDelayMs: parseDuration(v.LEAD_SCORE_MAX_DELAY), idleMs: parseDuration(v.LEAD_SCORE_IDLE) },
    publicationWaitMs: parseDuration(v.PUBLICATION_WAIT),
    drain: { readinessGraceMs: v.DRAIN_READINESS_GRACE_MS, timeoutMs: v.DRAIN_TIMEOUT_MS },
    logLevel: v.LOG_LEVEL,
  };
}
