import type { Em } from '../../db/em.js';
import { WebhookDelivery, type DeliveryState } from '../../entities/webhook.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';

export interface DeliveryLogFilters {
  state?: DeliveryState;
  eventId?: string;
  /** Strictly later than this instant. */
  createdAfter?: Date;
}

/** Newest first by (created_at desc, id desc): what an integrator looks at is what just happened. */
export const DELIVERY_LOG_ORDER: KeysetOrder = { keys: [['createdAt', 'time'], ['id', 'uuid']], direction: 'desc' };

/** A page of one subscription's delivery log, in DELIVERY_LOG_ORDER. */
export async function deliveryLogPage(em: Em, webhookId: string, filters: DeliveryLogFilters, window: PageWindow): Promise<WebhookDelivery[]> {
  const conditions: Record<string, unknown>[] = [{ webhookId }];
  if (filters.state) conditions.push({ state: filters.state });
  if (filters.eventId) conditions.push({ eventId: filters.eventId });
  if (filters.createdAfter) conditions.push({ createdAt: { $gt: filters.createdAfter } });
  return em.find(WebhookDelivery, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}
