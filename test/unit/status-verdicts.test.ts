import { describe, expect, it } from '@jest/globals';
import { COMPONENTS, judge, worstOf, type Component, type StatusInputs, type StatusThresholds } from '../../src/domain/status/verdicts.js';
import type { PipelineSignals } from '../../src/domain/status/signals.js';

/**
 * The status map's judge as a table written from docs/decisions.md "The status map": which
 * service each component needs (a missing one is an outage), and which waiting work or error
 * rate makes it degraded. Thresholds: 60 s of waiting, 5 % of answers as server errors.
 */
const T: StatusThresholds = { waitingDegradedSeconds: 60, errorRateDegraded: 0.05 };
const UP = { postgres: true, redis: true, temporal: true };
const QUIET: PipelineSignals = {
  outboxLagSeconds: 0,
  deliveriesWaiting: { count: 0, oldestAgeSeconds: 0 },
  attempts: { count: 0, succeeded: 0, p50Ms: null, p95Ms: null },
  operationsQueued: { ai_replies: { count: 0, oldestAgeSeconds: 0 }, articles: { count: 0, oldestAgeSeconds: 0 } },
};
const inputs = (over: Partial<StatusInputs> = {}): StatusInputs => ({ readiness: UP, pipeline: QUIET, requests: { total: 0, errors: 0 }, ...over });
const statuses = (i: StatusInputs) => Object.fromEntries(Object.entries(judge(i, T)).map(([c, v]) => [c, v.status]));
const allOperational = Object.fromEntries(COMPONENTS.map((c) => [c, 'operational']));

describe('the status judge (src/domain/status/verdicts.ts)', () => {
  it('calls everything operational when every service answers and nothing waits, with no reason', () => {
    const v = judge(inputs(), T);
    expect(statuses(inputs())).toEqual(allOperational);
    for (const c of COMPONENTS) expect(v[c].reason).toBeUndefined();
  });

  // Which service each component needs: the one that is down makes exactly these an outage.
  it.each<[string, Partial<typeof UP>, Component[], string]>([
    ['PostgreSQL', { postgres: false }, ['public_api', 'webhook_delivery', 'ai_replies', 'article_generation_and_publication', 'visitor_chat', 'analytics'], 'PostgreSQL cannot be reached.'],
    ['Redis', { redis: false }, ['public_api', 'webhook_delivery', 'ai_replies', 'visitor_chat'], 'Redis cannot be reached.'],
    ['Temporal', { temporal: false }, ['webhook_delivery', 'ai_replies', 'article_generation_and_publication', 'temporal'], 'Temporal cannot be reached.'],
  ])('%s down is an outage of exactly the components that need it', (_name, down, outage, reason) => {
    const i = inputs({ readiness: { ...UP, ...down } });
    const v = judge(i, T);
    expect(statuses(i)).toEqual({ ...allOperational, ...Object.fromEntries(outage.map((c) => [c, 'outage'])) });
    for (const c of outage) expect(v[c].reason).toBe(reason);
  });

  it('names every missing service, joined by "and", and an outage wins over slowness', () => {
    const i = inputs({ readiness: { postgres: false, redis: false, temporal: true }, pipeline: { ...QUIET, outboxLagSeconds: 999 } });
    const v = judge(i, T);
    expect(v.webhook_delivery).toMatchObject({ status: 'outage', reason: 'PostgreSQL and Redis cannot be reached.' });
    expect(v.public_api.reason).toBe('PostgreSQL and Redis cannot be reached.');
  });

  it('degrades the API above 5 % server errors, only from 20 answers on', () => {
    expect(judge(inputs({ requests: { total: 20, errors: 2 } }), T).public_api).toMatchObject({
      status: 'degraded', reason: "10.0 % of the last 15 minutes' answers were server errors.",
    });
    // 19 answers, all errors: too few to judge.
    expect(judge(inputs({ requests: { total: 19, errors: 19 } }), T).public_api.status).toBe('operational');
    // Exactly at the threshold is not above it.
    expect(judge(inputs({ requests: { total: 20, errors: 1 } }), T).public_api.status).toBe('operational');
    expect(judge(inputs({ requests: { total: 40, errors: 3 } }), T).public_api.status).toBe('degraded');
    // The API's error rate concerns the API only.
    expect(statuses(inputs({ requests: { total: 20, errors: 20 } }))).toEqual({ ...allOperational, public_api: 'degraded' });
  });

  it('shows the API figures: answers, server errors and their rate to four places', () => {
    expect(judge(inputs({ requests: { total: 3, errors: 1 } }), T).public_api.figures).toEqual({ requests_15m: 3, server_errors_15m: 1, error_rate_15m: 0.3333 });
    expect(judge(inputs(), T).public_api.figures).toEqual({ requests_15m: 0, server_errors_15m: 0, error_rate_15m: 0 });
  });

  it('degrades webhook delivery when the outbox lags or a due delivery waits past the threshold, not at it', () => {
    expect(judge(inputs({ pipeline: { ...QUIET, outboxLagSeconds: 61 } }), T).webhook_delivery).toMatchObject({ status: 'degraded', reason: 'Events wait 61 s to become deliveries.' });
    expect(judge(inputs({ pipeline: { ...QUIET, outboxLagSeconds: 60 } }), T).webhook_delivery.status).toBe('operational');
    expect(judge(inputs({ pipeline: { ...QUIET, deliveriesWaiting: { count: 4, oldestAgeSeconds: 61 } } }), T).webhook_delivery).toMatchObject({
      status: 'degraded', reason: '4 deliveries are due and not attempted, the oldest for 61 s.',
    });
    expect(judge(inputs({ pipeline: { ...QUIET, deliveriesWaiting: { count: 4, oldestAgeSeconds: 60 } } }), T).webhook_delivery.status).toBe('operational');
    // The outbox's lag is told first when both wait.
    expect(judge(inputs({ pipeline: { ...QUIET, outboxLagSeconds: 70, deliveriesWaiting: { count: 2, oldestAgeSeconds: 90 } } }), T).webhook_delivery.reason)
      .toBe('Events wait 70 s to become deliveries.');
    expect(statuses(inputs({ pipeline: { ...QUIET, outboxLagSeconds: 999 } }))).toEqual({ ...allOperational, webhook_delivery: 'degraded' });
  });

  it('shows the delivery figures, the success rate to four places and null without attempts', () => {
    const p: PipelineSignals = { ...QUIET, outboxLagSeconds: 3, deliveriesWaiting: { count: 2, oldestAgeSeconds: 5 }, attempts: { count: 3, succeeded: 2, p50Ms: 40, p95Ms: 90 } };
    expect(judge(inputs({ pipeline: p }), T).webhook_delivery.figures).toEqual({
      outbox_lag_seconds: 3, deliveries_waiting: 2, oldest_waiting_seconds: 5, attempts_15m: 3, success_rate_15m: 0.6667, attempt_p50_ms: 40, attempt_p95_ms: 90,
    });
    expect(judge(inputs(), T).webhook_delivery.figures.success_rate_15m).toBeNull();
  });

  it.each<['ai_replies' | 'articles', 'ai_replies' | 'article_generation_and_publication']>([
    ['ai_replies', 'ai_replies'], ['articles', 'article_generation_and_publication'],
  ])('degrades %s when its oldest queued operation waits past the threshold, and only that component', (kind, component) => {
    const queued = (oldestAgeSeconds: number) => inputs({ pipeline: { ...QUIET, operationsQueued: { ...QUIET.operationsQueued, [kind]: { count: 7, oldestAgeSeconds } } } });
    expect(judge(queued(61), T)[component]).toEqual({
      status: 'degraded', reason: '7 operations are queued, the oldest for 61 s.', figures: { queued: 7, oldest_queued_seconds: 61 },
    });
    expect(statuses(queued(61))).toEqual({ ...allOperational, [component]: 'degraded' });
    expect(judge(queued(60), T)[component].status).toBe('operational');
  });

  it('without pipeline signals (PostgreSQL unreadable) shows null figures and judges by readiness alone', () => {
    const i = inputs({ pipeline: null });
    const v = judge(i, T);
    expect(statuses(i)).toEqual(allOperational);
    expect(v.webhook_delivery.figures).toEqual({
      outbox_lag_seconds: null, deliveries_waiting: null, oldest_waiting_seconds: null, attempts_15m: null, success_rate_15m: null, attempt_p50_ms: null, attempt_p95_ms: null,
    });
    expect(v.ai_replies.figures).toEqual({ queued: null, oldest_queued_seconds: null });
    expect(v.visitor_chat.figures).toEqual({});
  });

  it('worstOf: outage over degraded over operational; operational for none', () => {
    expect(worstOf(['operational', 'degraded', 'outage'])).toBe('outage');
    expect(worstOf(['operational', 'degraded'])).toBe('degraded');
    expect(worstOf(['operational'])).toBe('operational');
    expect(worstOf([])).toBe('operational');
  });
});
