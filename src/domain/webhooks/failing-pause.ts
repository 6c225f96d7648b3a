import type { Em } from '../../db/em.js';
import type { Services } from '../../services.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { wakeRelay } from '../events/outbox-wakeup.js';

/**
 * Subscriptions whose every attempt fails are paused by the platform (issue 38 item 5;
 * docs/decisions.md, "Failing subscriptions are paused, not disabled"). The rule: a
 * subscription's failing run begins with a failed attempt while none is open
 * (`failing_since`), and a delivered attempt ends it; a failed attempt made when the run began
 * at least `pauseFailingAfterMs` earlier (WEBHOOK_PAUSE_FAILING_AFTER, 5 days) pauses the
 * subscription with paused_reason `failing`, in the transaction that records webhook.paused for
 * the integration's other subscriptions. Seen at failure time only: a subscription nothing is
 * attempted to collects no dead deliveries, so no sweep looks for one.
 */

type FailingServices = Pick<Services, 'orm' | 'redis' | 'clock' | 'config' | 'log'>;

/** The attempt as the failing rule reads it: whose it was, whether a run was open when it was planned, how it went. */
export interface AttemptSeen {
  webhookId: string;
  /** The subscription's failing run was open when the attempt was planned (planAttempt read it). */
  failing: boolean;
  delivered: boolean;
  startedAt: Date;
}

/** Follows the subscription's failing run after an attempt: ended by a delivery, begun or judged by a failure. Answers whether it paused the subscription. */
export async function followFailingRun(s: FailingServices, attempt: AttemptSeen): Promise<boolean> {
  if (attempt.delivered) {
    // Only when the plan saw a run open: the usual delivered attempt costs no statement here.
    if (attempt.failing) await s.orm.em.fork().execute(`update webhooks set failing_since = null where id = ? and failing_since is not null`, [attempt.webhookId], 'run');
    return false;
  }
  const paused = await pauseIfFailing(s, attempt.webhookId, attempt.startedAt);
  if (paused) {
    s.log.info({ webhook_id: attempt.webhookId }, 'subscription paused by the platform: every attempt failed for the window');
    await wakeRelay(s.redis);
  }
  return paused;
}

/**
 * A failed attempt: opens the run at `startedAt` when none is open, and when the open run is at
 * least the window old pauses the active subscription as `failing` and records webhook.paused
 * (one statement writes the row only when one of the two happens: a long run of failures
 * writes it twice, at its start and at the pause).
 */
async function pauseIfFailing(s: FailingServices, webhookId: string, startedAt: Date): Promise<boolean> {
  const now = s.clock.now();
  const cutoff = new Date(now.getTime() - s.config.webhooks.pauseFailingAfterMs).toISOString();
  return s.orm.em.fork().transactional(async (em) => {
    const due = `coalesce(failing_since, ?::timestamptz) <= ?::timestamptz`;
    const [row] = await em.execute<{ tenant_id: string; integration_id: string; failing_since: Date | string; paused: boolean }[]>(
      `update webhooks
          set failing_since = coalesce(failing_since, ?::timestamptz),
              status = case when ${due} then 'paused' else status end,
              paused_reason = case when ${due} then 'failing' else paused_reason end,
              updated_at = case when ${due} then ?::timestamptz else updated_at end
        where id = ? and status = 'active' and (failing_since is null or failing_since <= ?::timestamptz)
        returning tenant_id, integration_id, failing_since, status = 'paused' as paused`,
      [startedAt.toISOString(), startedAt.toISOString(), cutoff, startedAt.toISOString(), cutoff, startedAt.toISOString(), cutoff, now.toISOString(),
        webhookId, cutoff],
    );
    if (!row?.paused) return false;
    recordPaused(em, { tenantId: row.tenant_id, integrationId: row.integration_id, webhookId, failingSince: new Date(row.failing_since) }, now);
    return true;
  });
}

/**
 * webhook.paused for a subscription the platform paused, in the transaction of the pause: to
 * the integration's other subscriptions that ask for it, never to the paused one. Identifiers
 * and a time only (no URL, nothing a customer wrote).
 */
export function recordPaused(em: Em, paused: { tenantId: string; integrationId: string; webhookId: string; failingSince: Date }, now: Date): void {
  recordEvent(em, {
    tenantId: paused.tenantId, integrationId: paused.integrationId, type: 'webhook.paused', excludedWebhookId: paused.webhookId,
    ...EVENTS['webhook.paused']({ webhook_id: paused.webhookId, paused_reason: 'failing', failing_since: paused.failingSince.toISOString() }),
  }, now);
}
