import type { Em } from '../../db/orm.js';
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
}

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
    createdAt: now,
    relayedAt: null,
  });
}
