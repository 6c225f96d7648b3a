import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { domainError } from '../../errors/domain-error.js';
import type { DeliveryState } from '../../entities/webhook.js';
import { WebhookDelivery } from '../../entities/webhook.js';
import { findSubscription } from '../../domain/webhooks/subscriptions.js';
import { DELIVERY_LOG_ORDER, deliveryLogPage } from '../../domain/webhooks/delivery-log.js';
import { replayDelivery, ReplayRefused } from '../../domain/webhooks/replay.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { DeliveryLogQuery, DeliveryParams, WebhookDeliveryPageSchema, WebhookDeliverySchema, WebhookParams } from './schemas.js';
import { presentDelivery } from '../../presenters/webhooks.js';
import { deliveryHolds, type HoldReason } from '../../domain/webhooks/delivery-attempts.js';
import { WEBHOOKS_MIGRATION } from './context.js';

const common = { family: 'webhooks', scope: 'webhooks:manage', migration: WEBHOOKS_MIGRATION } as const;

interface LogQuery {
  limit: number;
  cursor?: string;
  state?: DeliveryState;
  event_id?: string;
  created_after?: Date;
}

export const listWebhookDeliveries = defineRoute<LogQuery, { id: string }>({
  ...common, release: 'available', method: 'GET', path: '/webhooks/{id}/deliveries', rateClass: 'read',
  summary: 'The delivery log of a subscription, newest first (kept 30 days)',
  params: WebhookParams,
  query: DeliveryLogQuery,
  responses: { 200: { description: 'WebhookDeliveryPage', schema: WebhookDeliveryPageSchema } },
  handler: async ({ params, query, auth, em, services }) => {
    const webhook = await findSubscription(em, auth.integration.id, params.id);
    const filters = { state: query.state, eventId: query.event_id, createdAfter: query.created_after };
    let holds = new Map<string, HoldReason>();
    const body = await keysetPage(services, auth.integration.id, `GET /webhooks/${webhook.id}/deliveries`,
      { state: query.state, event_id: query.event_id, created_after: query.created_after }, query, DELIVERY_LOG_ORDER,
      async (window) => {
        const rows = await deliveryLogPage(em, webhook.id, filters, window);
        holds = await deliveryHolds(em, rows.map((d) => d.id), services.config.cell, services.clock.now());
        return rows;
      },
      (d) => presentDelivery(d, holds.get(d.id) ?? null));
    return { status: 200, body };
  },
});

export const redeliverWebhookDelivery = defineRoute<unknown, { id: string; delivery_id: string }>({
  ...common, release: 'beta', method: 'POST', path: '/webhooks/{id}/deliveries/{delivery_id}/redeliver', rateClass: 'write', idempotency: 'required',
  summary: 'Deliver the event of a delivery again (same Svc-Event-Id)',
  description: 'A new delivery of the same event to this subscription, answered as it starts (pending, attempt 0). '
    + 'Refused with 409 invalid_state while the original is still pending.',
  params: DeliveryParams,
  responses: { 202: { description: 'WebhookDelivery: the new delivery', schema: WebhookDeliverySchema } },
  errors: ['invalid_state'],
  handler: async ({ params, auth, em, services, afterCommit }) => {
    const webhook = await findSubscription(em, auth.integration.id, params.id);
    const original = await em.findOne(WebhookDelivery, { id: params.delivery_id, webhookId: webhook.id });
    if (!original) throw domainError('not_found', 'No such delivery of this webhook subscription.');
    try {
      const replay = await replayDelivery(em, original.id, services.clock.now());
      afterCommit(() => wakeRelay(services.redis));
      const holds = await deliveryHolds(em, [replay.id], services.config.cell, services.clock.now());
      return { status: 202, body: presentDelivery(replay, holds.get(replay.id) ?? null) };
    } catch (err) {
      if (err instanceof ReplayRefused && err.reason === 'pending') throw domainError('invalid_state', 'The delivery is still pending; redeliver it once it is delivered, failed or dead.');
      throw err;
    }
  },
});

export const deliveryRoutes = [listWebhookDeliveries, redeliverWebhookDelivery];
