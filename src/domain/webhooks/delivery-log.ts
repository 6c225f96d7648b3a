import type { Em } from '../../db/orm.js';
import { WebhookDelivery, type DeliveryState } from '../../entities/webhook.js';

export interface DeliveryLogFilters {
  state?: DeliveryState;
  eventId?: string;
  /** Strictly later than this instant. */
  createdAfter?: Date;
}

/**
 * A page of one subscription's delivery log, newest first by (created_at desc, id desc):
 * what an integrator looks at is what just happened. `before` is the sort key of the last
 * row of the previous page.
 */
export async function deliveryLogPage(em: Em, webhookId: string, filters: DeliveryLogFilters, before: [string, string] | null, limit: number): Promise<WebhookDelivery[]> {
  const conditions: Record<string, unknown>[] = [{ webhookId }];
  if (filters.state) conditions.push({ state: filters.state });
  if (filters.eventId) conditions.push({ eventId: filters.eventId });
  if (filters.createdAfter) conditions.push({ createdAt: { $gt: filters.createdAfter } });
  if (before) conditions.push({ $or: [{ createdAt: { $lt: new Date(before[0]) } }, { createdAt: new Date(before[0]), id: { $lt: before[1] } }] });
  return em.find(WebhookDelivery, { $and: conditions } as never, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
}
