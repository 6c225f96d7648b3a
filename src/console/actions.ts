import type { Services } from '../services.js';
import type { Em } from '../db/em.js';
import type { WebhookDelivery, WebhookStatus } from '../entities/webhook.js';
import { replayDelivery } from '../domain/webhooks/replay.js';
import { setSubscriptionStatus } from '../domain/webhooks/operator-actions.js';
import { wakeRelay } from '../domain/events/outbox-wakeup.js';
import { noticeDeliveries } from '../temporal/deliveries.js';
import { recordSupportAction } from '../domain/support/audit.js';

/**
 * The console's actions: the domain functions bin/ctl calls, in one transaction with the
 * record of who did what, and the same announcements after the commit.
 */
async function inTransaction<T>(s: Services, work: (em: Em, afterCommit: (fn: () => Promise<void>) => void) => Promise<T>): Promise<T> {
  const after: (() => Promise<void>)[] = [];
  const result = await s.orm.em.fork().transactional((em) => work(em, (fn) => after.push(fn)));
  for (const fn of after) await fn().catch((err: Error) => s.log.warn({ err: err.message }, 'support console: announcement after commit failed'));
  return result;
}

/**
 * As `bin/ctl deliveries replay`: a new delivery of the same event; the relay starts it. One
 * still retrying, held or already replayed throws ReplayNeedsConfirmation unless `confirmed`.
 */
export function replayForSupport(s: Services, operator: string, deliveryId: string, confirmed: boolean): Promise<WebhookDelivery> {
  return inTransaction(s, async (em, afterCommit) => {
    const now = s.clock.now();
    const replay = await replayDelivery(em, deliveryId, now, { cell: s.config.cell, confirmed });
    await recordSupportAction(em, { operator, action: 'delivery.replay', targetId: deliveryId, tenantId: replay.tenantId, detail: { replay_id: replay.id, event_id: replay.eventId, ...(confirmed ? { confirmed: true } : {}) } }, now);
    afterCommit(() => wakeRelay(s.redis));
    return replay;
  });
}

/** As `bin/ctl webhook pause|resume`: held deliveries of a resumed subscription look again at once. */
export function setStatusForSupport(s: Services, operator: string, webhookId: string, status: WebhookStatus) {
  return inTransaction(s, async (em, afterCommit) => {
    const now = s.clock.now();
    const { webhook, resumed } = await setSubscriptionStatus(em, webhookId, status, { cell: s.config.cell, webhooks: s.config.webhooks, now });
    await recordSupportAction(em, {
      operator, action: status === 'paused' ? 'webhook.pause' : 'webhook.resume', targetId: webhook.id, tenantId: webhook.tenantId, detail: { released: resumed.length },
    }, now);
    afterCommit(() => noticeDeliveries(s, resumed, 'recheck'));
    return webhook;
  });
}
