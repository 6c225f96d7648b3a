import type { Em } from '../../db/em.js';
import { Tenant } from '../../entities/tenant.js';
import { Integration } from '../../entities/integration.js';
import { Operation } from '../../entities/operation.js';
import { Webhook, WebhookDelivery, WebhookDeliveryAttempt, type DeliveryState } from '../../entities/webhook.js';
import { keyReferenceOf, type KeyReference } from './keys.js';
import { REQUEST_ID, type LoggedRequest, type RequestLog } from './request-log.js';
import { UUID } from '../../ids.js';

/** Rows a support page shows at most: a page for a person, not an export. */
export const SUPPORT_PAGE_ROWS = 100;

export interface SupportFindings {
  tenants: Tenant[];
  integrations: Integration[];
  webhooks: Webhook[];
  deliveries: WebhookDelivery[];
  operations: Operation[];
  /** A key id or a key's prefix: the key page says what the api makes of it, issued here or not. */
  key: KeyReference | null;
  /** The request of a request id, while the request log keeps it. */
  requests: LoggedRequest[];
}

/** An event id as Svc-Event-Id carries it (src/ids.ts). */
const EVENT_ID = /^evt_[0-9A-Za-z]{1,64}$/;
const NOTHING: SupportFindings = { tenants: [], integrations: [], webhooks: [], deliveries: [], operations: [], key: null, requests: [] };

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What support may be looking for, from what the customer or integrator told them: an id of a
 * tenant, integration, subscription, delivery or operation, an event id (`evt_…`, its
 * deliveries), a key id or a key's prefix, a request id (`req_…`, or one the caller sent as
 * X-Request-Id), part of a tenant's or an integration's name, or part of a subscription's URL.
 */
export async function findForSupport(em: Em, query: string, requestLog: RequestLog): Promise<SupportFindings> {
  const q = query.trim();
  if (!q) return NOTHING;
  if (UUID.test(q)) {
    const id = q.toLowerCase();
    return {
      ...NOTHING,
      tenants: await em.find(Tenant, { id }), integrations: await em.find(Integration, { id }),
      webhooks: await em.find(Webhook, { id }), deliveries: await em.find(WebhookDelivery, { id }),
      operations: await em.find(Operation, { id }),
    };
  }
  if (EVENT_ID.test(q)) {
    return { ...NOTHING, deliveries: await em.find(WebhookDelivery, { eventId: q }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SUPPORT_PAGE_ROWS }) };
  }
  const key = keyReferenceOf(q);
  if (key) return { ...NOTHING, key };
  const request = REQUEST_ID.test(q) ? await requestLog.find(q) : null;
  if (request) return { ...NOTHING, requests: [request] };
  const name = { name: { $ilike: likePattern(q) } };
  const order = { orderBy: { name: 'asc', id: 'asc' }, limit: SUPPORT_PAGE_ROWS } as const;
  return {
    ...NOTHING,
    tenants: await em.find(Tenant, name, order),
    integrations: await em.find(Integration, name, order),
    webhooks: await em.find(Webhook, { url: { $ilike: likePattern(q) } }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: SUPPORT_PAGE_ROWS }),
  };
}

/** Whose deliveries: a tenant's, an integration's or one subscription's. */
export type DeliveryOwner = { tenantId: string } | { integrationId: string } | { webhookId: string };

export interface SupportDeliveryFilters {
  state?: DeliveryState;
  eventType?: string;
  /** Inclusive. */
  since?: Date;
  /** Exclusive. */
  until?: Date;
}

/** An owner's deliveries, newest first (the delivery log's order), by state, event type and time. */
export async function deliveriesForSupport(em: Em, owner: DeliveryOwner, f: SupportDeliveryFilters): Promise<WebhookDelivery[]> {
  const created = { ...(f.since ? { $gte: f.since } : {}), ...(f.until ? { $lt: f.until } : {}) };
  return em.find(WebhookDelivery, {
    ...owner,
    ...(f.state ? { state: f.state } : {}),
    ...(f.eventType ? { eventType: f.eventType } : {}),
    ...(Object.keys(created).length ? { createdAt: created } : {}),
  }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SUPPORT_PAGE_ROWS });
}

export interface DeliveryStory {
  delivery: WebhookDelivery;
  attempts: WebhookDeliveryAttempt[];
  /** The deliveries of the same event to the same subscription (the original and its replays), oldest first. */
  related: WebhookDelivery[];
}

/** One delivery with every attempt and the other deliveries of its event; null when there is none. */
export async function deliveryStory(em: Em, id: string): Promise<DeliveryStory | null> {
  const delivery = UUID.test(id) ? await em.findOne(WebhookDelivery, { id }) : null;
  if (!delivery) return null;
  const attempts = await em.find(WebhookDeliveryAttempt, { deliveryId: delivery.id }, { orderBy: { attempt: 'asc' } });
  const related = await em.find(WebhookDelivery, { webhookId: delivery.webhookId, eventId: delivery.eventId, id: { $ne: delivery.id } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return { delivery, attempts, related };
}
