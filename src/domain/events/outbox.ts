import type { Em } from '../../db/em.js';
import { OutboxEvent } from '../../entities/outbox-event.js';
import { newEventId } from '../../ids.js';
import { EVENT_API_VERSION, type EventType } from './event-types.js';

export interface NewEvent {
  tenantId: string;
  integrationId?: string | null;
  type: EventType;
  data: Record<string, unknown>;
  piiData?: Record<string, unknown> | null;
  livemode?: boolean;
  /** Only for events meant for one subscription (webhook.test). */
  targetWebhookId?: string | null;
  /** Only for events about one subscription that go to the integration's others (webhook.paused). */
  excludedWebhookId?: string | null;
}

/**
 * The key whose events reach each subscription in the order they were recorded
 * (docs/decisions.md, "Keyed events go out in order"): a conversation's events and its
 * messages' by the conversation, a lead's and its tasks' by the lead. Other events have none.
 */
export function orderingKeyOf(type: EventType, data: Record<string, unknown>): string | null {
  const family = type.slice(0, type.indexOf('.'));
  const id = (field: string) => (typeof data[field] === 'string' && data[field] ? data[field] as string : null);
  if (family === 'conversation' || family === 'message') return keyOf('conversation', id('conversation_id'));
  if (family === 'lead' || family === 'task') return keyOf('lead', id('lead_id'));
  return null;
}

const keyOf = (kind: string, id: string | null): string | null => (id ? `${kind}:${id}` : null);

/**
 * Writes an event to the outbox. Call it inside the transaction of the change that caused
 * the event: both commit or neither does, so no event is lost or invented.
 */
export function recordEvent(em: Em, event: NewEvent, now: Date): OutboxEvent {
  return em.create(OutboxEvent, {
    id: newEventId(),
    tenantId: event.tenantId,
    integrationId: event.integrationId ?? null,
    type: event.type,
    apiVersion: EVENT_API_VERSION,
    livemode: event.livemode ?? true,
    data: event.data,
    piiData: event.piiData ?? null,
    targetWebhookId: event.targetWebhookId ?? null,
    excludedWebhookId: event.excludedWebhookId ?? null,
    orderingKey: orderingKeyOf(event.type, event.data),
    createdAt: now,
    relayedAt: null,
  });
}
