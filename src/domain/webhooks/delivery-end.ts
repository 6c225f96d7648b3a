import type { Services } from '../../services.js';
import { noticeDeliveries } from '../../temporal/deliveries.js';
import { nextOfKey, nextQueuedDelivery } from './delivery-order.js';
import { endDelivery } from './delivery-record.js';

/**
 * Ends an unfinished delivery as dead with `error` (a step of its workflow failed, or the
 * reconciler found its workflow gone for good): the next delivery queued behind it from a pause,
 * and the next of its ordering key, are told to look again. False when it had ended (or was
 * deleted) meanwhile.
 */
export async function closeDelivery(s: Pick<Services, 'orm' | 'clock' | 'metrics' | 'temporal' | 'log'>, deliveryId: string, error: string): Promise<boolean> {
  const em = s.orm.em.fork();
  const ended = await endDelivery(em, deliveryId, error, s.clock.now());
  if (!ended) return false;
  s.metrics.deliveryTransitions.inc({ state: 'dead' });
  const queued = await nextQueuedDelivery(em, ended.webhookId);
  const ofKey = ended.order ? await nextOfKey(em, ended.webhookId, ended.order) : null;
  await noticeDeliveries(s, [queued, ofKey].filter((id): id is string => id !== null), 'recheck');
  return true;
}
