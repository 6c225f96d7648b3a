import type { Em } from '../../db/em.js';
import type { Webhook } from '../../entities/webhook.js';
import type { OutboxEvent } from '../../entities/outbox-event.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';

/**
 * POST /webhooks/{id}/test: a `webhook.test` event (livemode false) for this subscription
 * only, whatever its events list. It goes out through the outbox like any event.
 */
export async function queueTestEvent(em: Em, webhook: Webhook, now: Date): Promise<OutboxEvent> {
  const built = EVENTS['webhook.test']({ webhook_id: webhook.id });
  const event = recordEvent(em, {
    tenantId: webhook.tenantId,
    integrationId: webhook.integrationId,
    type: 'webhook.test',
    data: built.data,
    piiData: built.piiData ?? null,
    livemode: false,
    targetWebhookId: webhook.id,
  }, now);
  await em.flush();
  return event;
}
