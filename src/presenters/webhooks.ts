import type { Webhook, WebhookDelivery } from '../entities/webhook.js';
import { previousSecretValid } from '../domain/webhooks/secret-rotation.js';
import type { HoldReason } from '../domain/webhooks/delivery-attempts.js';
import { shownDeliveryError } from '../domain/webhooks/sender.js';
import { iso } from './iso.js';


/** Webhook (spec 01): never a secret, sealed or not. The api's answers and bin/ctl's. */
export function presentWebhook(w: Webhook, now: Date) {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    include_pii: w.includePii,
    description: w.description ?? null,
    status: w.status,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    secret_rotated_at: iso(w.secretRotatedAt),
    previous_secret_expires_at: previousSecretValid(w, now) ? iso(w.previousSecretExpiresAt) : null,
    max_per_second: w.maxPerSecond ?? null,
    paused_reason: w.status === 'paused' ? w.pausedReason ?? null : null,
  };
}

/**
 * WebhookDelivery: the fields of the spec table, plus whether an unfinished delivery is held
 * now and why (its state stays pending or failed: the spec's vocabulary; docs/decisions.md).
 * The api's answers and the support console's delivery pages.
 */
export function presentDelivery(d: WebhookDelivery, hold: HoldReason | null = null) {
  return {
    id: d.id,
    event_id: d.eventId,
    state: d.state,
    held: hold !== null,
    hold_reason: hold,
    attempt: d.attempt,
    status_code: d.statusCode ?? null,
    duration_ms: d.durationMs ?? null,
    error: shownDeliveryError(d.statusCode ?? null, d.error ?? null),
    next_attempt_at: iso(d.nextAttemptAt),
    delivered_at: iso(d.deliveredAt),
    created_at: d.createdAt.toISOString(),
  };
}
