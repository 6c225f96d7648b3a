import { durationSetting } from './duration.js';
import Joi from 'joi';
import { isValidAllowlistEntry } from '../domain/access/ip-rules.js';
import { parseDuration } from '../clock.js';
import { ConfigError, list, type Env } from './config-error.js';

/** Webhook deliveries: signing, the sender, retries, holds, the relay, the log's retention, recovery. */
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
  /** The backstop doubles at each look of one hold up to this (a day by default; never below holdBackstopMs). */
  holdBackstopMaxMs: number;
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

/** The variables of the webhook settings. */
export const WEBHOOK_ENV = {
  WEBHOOK_SECRET_KEY: Joi.string().min(32),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: Joi.boolean().default(false),
  WEBHOOK_RESOLVE: Joi.string().allow('').default(''),
  WEBHOOK_TIMEOUT_MS: Joi.number().integer().min(100).max(60000).default(10000),
  WEBHOOK_RETRY_SCHEDULE: Joi.string().default('5s,5m,30m,2h,5h,10h,10h,10h'),
  WEBHOOK_RETRY_AFTER_MAX: durationSetting('1h'),
  WEBHOOK_HOLD_RECHECK: durationSetting('10m'),
  WEBHOOK_HOLD_BACKSTOP: durationSetting('1h'),
  WEBHOOK_HOLD_BACKSTOP_MAX: durationSetting('24h'),
  WEBHOOK_HOLD_CYCLES_PER_RUN: Joi.number().integer().min(1).max(1000).default(100),
  RELAY_SWEEP_MS: Joi.number().integer().min(50).default(1000),
  RELAY_MAX_IN_FLIGHT: Joi.number().integer().min(1).max(100000).default(64),
  RELAY_BACKLOG_TICK_MS: Joi.number().integer().min(5).max(10000).default(50),
  RELAY_MIN_RUN_MS: Joi.number().integer().min(0).max(1000).default(20),
  WEBHOOK_LOG_RETENTION_DAYS: Joi.number().integer().min(1).default(30),
  WEBHOOK_CLEANUP_EVERY: durationSetting('1h'),
  WEBHOOK_PAUSE_FAILING_AFTER: durationSetting('5d'),
  WEBHOOK_RECOVERY_PAGE: Joi.number().integer().min(1).max(1000).default(200),
  DURABLE_STEP_BOUND: Joi.string().pattern(/^[1-9]\d*(ms|s|m|h)$/).default('2h'),
};

export function parseWebhookSettings(v: Env, production: boolean): WebhookSettings {
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
    holdBackstopMaxMs: Math.max(parseDuration(v.WEBHOOK_HOLD_BACKSTOP), parseDuration(v.WEBHOOK_HOLD_BACKSTOP_MAX)),
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
