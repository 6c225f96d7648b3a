import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WEBHOOK_STATUSES = ['active', 'paused'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** Who paused a paused subscription: the platform (every attempt failed for a while) or the integration itself. */
export const PAUSED_REASONS = ['failing', 'integrator'] as const;
export type PausedReason = (typeof PAUSED_REASONS)[number];

/** A webhook subscription of one integration. Secrets are stored sealed (AES-256-GCM). */
export const Webhook = defineEntity({
  name: 'Webhook',
  tableName: 'webhooks',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid(),
    url: p.text(),
    events: p.array(),
    includePii: p.boolean(),
    description: p.text().nullable(),
    status: p.enum(WEBHOOK_STATUSES),
    secretSealed: p.text(),
    previousSecretSealed: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    secretRotatedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    /** Deliveries start no faster than this many a second (delivery-rate.ts); null = no limit. */
    maxPerSecond: p.integer().nullable(),
    /** null while active. */
    pausedReason: p.enum(PAUSED_REASONS).nullable(),
    /** The first failed attempt of the unbroken run of failures up to now; null after a success (failing-pause.ts). */
    failingSince: p.datetime().nullable(),
  },
});
export type Webhook = InferEntity<typeof Webhook>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One event on its way to one subscription; a replay is a new delivery of the same event. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid(),
    webhookId: p.uuid(),
    eventId: p.text(),
    eventType: p.text(),
    state: p.enum(DELIVERY_STATES),
    /** Number of the last attempt; 0 = none yet. */
    attempt: p.integer(),
    statusCode: p.integer().nullable(),
    durationMs: p.integer().nullable(),
    error: p.text().nullable(),
    nextAttemptAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    replayOf: p.uuid().nullable(),
    workflowStartedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;

export const WebhookDeliveryAttempt = defineEntity({
  name: 'WebhookDeliveryAttempt',
  tableName: 'webhook_delivery_attempts',
  properties: {
    deliveryId: p.uuid().primary(),
    attempt: p.integer().primary(),
    startedAt: p.datetime(),
    statusCode: p.integer().nullable(),
    durationMs: p.integer(),
    error: p.text().nullable(),
    /** The start of a 4xx or 5xx answer's body (SendResult.answerExcerpt); shown to support only. */
    answerExcerpt: p.text().nullable(),
  },
});
export type WebhookDeliveryAttempt = InferEntity<typeof WebhookDeliveryAttempt>;
