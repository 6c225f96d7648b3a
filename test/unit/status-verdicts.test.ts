import { describe, expect, it } from '@jest/globals';
import { judge, worstOf, type Component, type ComponentStatus, type Readiness, type StatusInputs } from '../../src/domain/status/verdicts.js';
import type { PipelineSignals } from '../../src/domain/status/signals.js';

/**
 * The status map's judge as docs/decisions.md ("The status map") states it, written out as a
 * table: which services each component needs (any of them unreachable: outage), and when it is
 * degraded (waiting work older than STATUS_WAITING_DEGRADED_SECONDS; more than
 * STATUS_ERROR_RATE_DEGRADED of at least 20 answers were 5xx). Delivery success and latency are
 * shown, never judged.
 */

const LIMIT = 60;
const THRESHOLDS = { waitingDegradedSeconds: LIMIT, errorRateDegraded: 0.05 };
const UP: Readiness = { postgres: true, redis: true, temporal: true };
const QUIET: PipelineSignals = {
  outboxLagSeconds: 0,
  deliveriesWaiting: { count: 0, oldestAgeSeconds: 0 },
  attempts: { count: 0, succeeded: 0, p50Ms: null, p95Ms: null },
  operationsQueued: { ai_replies: { count: 0, oldestAgeSeconds: 0 }, articles: { count: 0, oldestAgeSeconds: 0 } },
};
const inputs = (o: { readiness?: Partial<Readiness>; pipeline?: Partial<PipelineSignals> | null; requests?: StatusInputs['requests'] } = {}): StatusInputs => ({
  readiness: { ...UP, ...o.readiness },
  pipeline: o.pipeline === null ? null : { ...QUIET, ...o.pipeline },
  requests: o.requests ?? { total: 0, errors: 0 },
});
const statuses = (i: StatusInputs): Record<Component, ComponentStatus> =>
  Object.fromEntries(Object.entries(judge(i, THRESHOLDS)).map(([c, v]) => [c, v.status])) as Record<Component, ComponentStatus>;

const ALL_OPERATIONAL: Record<Component, ComponentStatus> = {
  public_api: 'operational', webhook_delivery: 'operational', ai_replies: 'operational', article_generation_and_publication: 'operational',
  visitor_chat: 'operational', analytics: 'operational', temporal: 'operational',
};
const O = 'operational';
const D = 'degraded';
const X = 'outage';

describe('the status judge: outage when a needed service cannot be reached', () => {
  // Written from the decision: public_api and visitor_chat need PostgreSQL and Redis; webhook
  // delivery and AI replies all three; articles PostgreSQL and Temporal; analytics PostgreSQL;
  // temporal Temporal.
  it.each<[string, Partial<Readiness>, ComponentStatus[]]>([
    //                                          api delivery ai articles chat analytics temporal
    ['everything up', {}, [O, O, O, O, O, O, O]],
    ['PostgreSQL down', { postgres: false }, [X, X, X, X, X, X, O]],
    ['Redis down', { redis: false }, [X, X, X, O, X, O, O]],
    ['Temporal down', { temporal: false }, [O, X, X, X, O, O, X]],
    ['Redis and Temporal down', { redis: false, temporal: false }, [X, X, X, X, X, O, X]],
    ['all down', { postgres: false, redis: false, temporal: false }, [X, X, X, X, X, X, X]],
  ])('%s', (_, readiness, expected) => {
    const i = inputs({ readiness, pipeline: readiness.postgres === false ? null : {} });
    expect(Object.values(statuses(i))).toEqual(expected);
    const verdicts = judge(i, THRESHOLDS);
    for (const v of Object.values(verdicts)) if (v.status === 'outage') expect(v.reason).toMatch(/cannot be reached\.$/);
  });

  it('names the unreachable services in the reason', () => {
    const v = judge(inputs({ readiness: { redis: false, temporal: false } }), THRESHOLDS);
    expect(v.webhook_delivery.reason).toBe('Redis and Temporal cannot be reached.');
    expect(v.article_generation_and_publication.reason).toBe('Temporal cannot be reached.');
    expect(v.analytics.reason).toBeUndefined();
  });

  it('an outage beats a degraded signal of the same component', () => {
    const v = judge(inputs({ readiness: { temporal: false }, pipeline: { outboxLagSeconds: 3600 } }), THRESHOLDS);
    expect(v.webhook_delivery.status).toBe('outage');
  });
});

describe('the status judge: degraded when work waits too long or the api answers 5xx', () => {
  it.each<[string, Parameters<typeof inputs>[0], Partial<Record<Component, ComponentStatus>>, RegExp | null]>([
    ['events waiting exactly the limit', { pipeline: { outboxLagSeconds: LIMIT } }, {}, null],
    ['events waiting past the limit', { pipeline: { outboxLagSeconds: LIMIT + 1 } }, { webhook_delivery: D }, /^Events wait 61 s to become deliveries\.$/],
    ['due deliveries waiting past the limit', { pipeline: { deliveriesWaiting: { count: 3, oldestAgeSeconds: LIMIT + 5 } } }, { webhook_delivery: D },
      /^3 deliveries are due and not attempted, the oldest for 65 s\.$/],
    ['due deliveries waiting within the limit', { pipeline: { deliveriesWaiting: { count: 300, oldestAgeSeconds: LIMIT } } }, {}, null],
    ['every delivery attempt failing (a subscriber down is not judged)', { pipeline: { attempts: { count: 500, succeeded: 0, p50Ms: 9000, p95Ms: 10000 } } }, {}, null],
    ['AI replies queued past the limit', { pipeline: { operationsQueued: { ai_replies: { count: 2, oldestAgeSeconds: 120 }, articles: { count: 0, oldestAgeSeconds: 0 } } } },
      { ai_replies: D }, /^2 operations are queued, the oldest for 120 s\.$/],
    ['articles queued past the limit', { pipeline: { operationsQueued: { ai_replies: { count: 0, oldestAgeSeconds: 0 }, articles: { count: 1, oldestAgeSeconds: 61 } } } },
      { article_generation_and_publication: D }, /^1 operations are queued, the oldest for 61 s\.$/],
    ['5xx above 5 % of 20 answers', { requests: { total: 20, errors: 2 } }, { public_api: D }, /^10\.0 % of the last 15 minutes' answers were server errors\.$/],
    ['5xx at exactly 5 %', { requests: { total: 40, errors: 2 } }, {}, null],
    ['every answer 5xx but fewer than 20', { requests: { total: 19, errors: 19 } }, {}, null],
    ['PostgreSQL unreadable for the signals (no pipeline): nothing waits as far as is known', { pipeline: null }, {}, null],
  ])('%s', (_, given, degraded, reason) => {
    const v = judge(inputs(given), THRESHOLDS);
    expect(statuses(inputs(given))).toEqual({ ...ALL_OPERATIONAL, ...degraded });
    const [component] = Object.keys(degraded) as Component[];
    if (component) expect(v[component].reason).toMatch(reason!);
    for (const c of Object.values(v)) if (c.status === 'operational') expect(c.reason).toBeUndefined();
  });

  it('the figures behind the verdicts', () => {
    const v = judge(inputs({ requests: { total: 200, errors: 3 }, pipeline: { outboxLagSeconds: 4, attempts: { count: 8, succeeded: 6, p50Ms: 120, p95Ms: 900 } } }), THRESHOLDS);
    expect(v.public_api.figures).toEqual({ requests_15m: 200, server_errors_15m: 3, error_rate_15m: 0.015 });
    expect(v.webhook_delivery.figures).toEqual({
      outbox_lag_seconds: 4, deliveries_waiting: 0, oldest_waiting_seconds: 0, attempts_15m: 8, success_rate_15m: 0.75, attempt_p50_ms: 120, attempt_p95_ms: 900,
    });
  });
});

describe('the overall status is the worst component', () => {
  it.each<[ComponentStatus[], ComponentStatus]>([
    [[], O], [[O, O], O], [[O, D, O], D], [[D, X, O], X], [[X], X], [[D, D], D],
  ])('%j -> %s', (all, worst) => expect(worstOf(all)).toBe(worst));
});
