import type { Webhook } from '../../entities/webhook.js';
import type { OutboxEvent } from '../../entities/outbox-event.js';
import { presentWebhook } from '../../presenters/webhooks.js';

/** The webhooks' answers only the api gives; the ones bin/ctl and the console give too are src/presenters/webhooks.ts. */

/** WebhookWithSecret: the plain secret exists only in this one answer. */
export function presentWebhookWithSecret(w: Webhook, secret: string, now: Date) {
  return { ...presentWebhook(w, now), secret };
}

/** What an idempotent replay of a secret-bearing answer shows: the secret is not shown twice. */
export function withoutSecret(body: unknown): unknown {
  return { ...(body as Record<string, unknown>), secret: null };
}

export function presentTestResult(event: OutboxEvent) {
  return { event_id: event.id, type: event.type, status: 'queued' };
}
