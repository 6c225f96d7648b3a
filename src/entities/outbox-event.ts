import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An event written in the same transaction as the change that caused it. */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  properties: {
    id: p.text().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid().nullable(),
    type: p.text(),
    apiVersion: p.text(),
    livemode: p.boolean(),
    data: p.json<Record<string, unknown>>(),
    /** Content for include_pii subscriptions (lead.*, contact.*, conversation.*), else null. */
    piiData: p.json<Record<string, unknown>>().nullable(),
    /** Set for an event meant for one subscription only (webhook.test). */
    targetWebhookId: p.uuid().nullable(),
    /** Set for an event about one subscription that goes to the others only (webhook.paused). */
    excludedWebhookId: p.uuid().nullable(),
    /**
     * `conversation:<id>` or `lead:<id>`: the events of one key reach each subscription in order
     * (orderingKeyOf). The column `seq` (a sequence, not mapped) orders them.
     */
    orderingKey: p.text().nullable(),
    createdAt: p.datetime(),
    relayedAt: p.datetime().nullable(),
  },
});
export type OutboxEvent = InferEntity<typeof OutboxEvent>;
