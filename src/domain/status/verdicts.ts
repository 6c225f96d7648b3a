import type { PipelineSignals } from './signals.js';

/**
 * The status map's verdicts (docs/decisions.md, "The status map"), pure: the readiness of the
 * three services and the pipeline signals in, each component's status and the figures behind
 * it out. A subscriber's own failures (its endpoint down) are shown, not judged: they are not
 * an outage of the platform.
 */

export type ComponentStatus = 'operational' | 'degraded' | 'outage';

export const COMPONENTS = [
  'public_api', 'webhook_delivery', 'ai_replies', 'article_generation_and_publication', 'visitor_chat', 'analytics', 'temporal',
] as const;
export type Component = (typeof COMPONENTS)[number];

export interface Readiness { postgres: boolean; redis: boolean; temporal: boolean }

export interface StatusInputs {
  readiness: Readiness;
  /** null when PostgreSQL cannot be read. */
  pipeline: PipelineSignals | null;
  /** This api process's answers of the last 15 minutes. */
  requests: { total: number; errors: number };
}

export interface StatusThresholds {
  /** Work waiting longer than this (outbox lag, a due delivery, a queued operation) is degraded. */
  waitingDegradedSeconds: number;
  /** A share of 5xx answers above this (with at least 20 answers) is degraded. */
  errorRateDegraded: number;
}

export interface ComponentVerdict {
  status: ComponentStatus;
  /** Why, in a sentence; absent when operational. */
  reason?: string;
  figures: Record<string, number | string | boolean | null>;
}

// Stryker disable next-line StringLiteral: 'operational' is also the answer when none is found.
const WORST: ComponentStatus[] = ['outage', 'degraded', 'operational'];
export const worstOf = (statuses: ComponentStatus[]): ComponentStatus => WORST.find((s) => statuses.includes(s)) ?? 'operational';

const down = (r: Readiness, names: (keyof Readiness)[]): (keyof Readiness)[] => names.filter((n) => !r[n]);
const NAMES: Record<keyof Readiness, string> = { postgres: 'PostgreSQL', redis: 'Redis', temporal: 'Temporal' };

function verdict(r: Readiness, needs: (keyof Readiness)[], figures: ComponentVerdict['figures'], slow: string | null): ComponentVerdict {
  const missing = down(r, needs);
  if (missing.length) return { status: 'outage', reason: `${missing.map((n) => NAMES[n]).join(' and ')} cannot be reached.`, figures };
  if (slow) return { status: 'degraded', reason: slow, figures };
  return { status: 'operational', figures };
}

export function judge(i: StatusInputs, t: StatusThresholds): Record<Component, ComponentVerdict> {
  const { readiness: r, pipeline: p } = i;
  const limit = t.waitingDegradedSeconds;
  const errorRate = i.requests.total ? i.requests.errors / i.requests.total : 0;
  const apiSlow = i.requests.total >= 20 && errorRate > t.errorRateDegraded
    ? `${(errorRate * 100).toFixed(1)} % of the last 15 minutes' answers were server errors.` : null;
  const lag = p?.outboxLagSeconds ?? null;
  const waiting = p?.deliveriesWaiting ?? null;
  const deliverySlow = (lag ?? 0) > limit ? `Events wait ${lag} s to become deliveries.`
    : waiting && waiting.oldestAgeSeconds > limit ? `${waiting.count} deliveries are due and not attempted, the oldest for ${waiting.oldestAgeSeconds} s.` : null;
  const queued = (kind: 'ai_replies' | 'articles') => {
    const q = p?.operationsQueued[kind];
    return { figures: { queued: q?.count ?? null, oldest_queued_seconds: q?.oldestAgeSeconds ?? null },
      slow: q && q.oldestAgeSeconds > limit ? `${q.count} operations are queued, the oldest for ${q.oldestAgeSeconds} s.` : null };
  };
  const ai = queued('ai_replies');
  const articles = queued('articles');
  return {
    public_api: verdict(r, ['postgres', 'redis'], {
      requests_15m: i.requests.total, server_errors_15m: i.requests.errors, error_rate_15m: Number(errorRate.toFixed(4)),
    }, apiSlow),
    webhook_delivery: verdict(r, ['postgres', 'redis', 'temporal'], {
      outbox_lag_seconds: lag, deliveries_waiting: waiting?.count ?? null, oldest_waiting_seconds: waiting?.oldestAgeSeconds ?? null,
      attempts_15m: p?.attempts.count ?? null,
      success_rate_15m: p && p.attempts.count ? Number((p.attempts.succeeded / p.attempts.count).toFixed(4)) : null,
      attempt_p50_ms: p?.attempts.p50Ms ?? null, attempt_p95_ms: p?.attempts.p95Ms ?? null,
    }, deliverySlow),
    ai_replies: verdict(r, ['postgres', 'redis', 'temporal'], ai.figures, ai.slow),
    article_generation_and_publication: verdict(r, ['postgres', 'temporal'], articles.figures, articles.slow),
    visitor_chat: verdict(r, ['postgres', 'redis'], {}, null),
    analytics: verdict(r, ['postgres'], {}, null),
    // Shown, not judged: a row the reconciler found has been settled (docs/operating.md, "What the reconciler reports").
    temporal: verdict(r, ['temporal'], p?.reconciler ? {
      reconciler_last_run_at: p.reconciler.lastRunAt, stranded_deliveries_24h: p.reconciler.found24h.delivery,
      stranded_operations_24h: p.reconciler.found24h.operation, stranded_publications_24h: p.reconciler.found24h.publication,
    } : {}, null),
  };
}
