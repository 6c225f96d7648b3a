/**
 * The orders deliveries wait in: a keyed delivery behind the earlier unfinished ones of its key
 * to its subscription, and a delivery queued while its subscription was paused behind the older
 * ones queued with it. The verdict rules read them (delivery-attempts.ts); an attempt that stops
 * holding the others back asks here whom to signal next.
 */
import type { Em } from '../../db/em.js';
import type { DeliveryState } from '../../entities/webhook.js';

/** Where a keyed delivery stands among its subscription's deliveries of the same key. */
export interface DeliveryOrder {
  key: string;
  seq: string;
}

/**
 * A delivery waits for an earlier unfinished delivery of its key to its subscription while that
 * one has failed fewer than this many attempts (with the default schedule, about 5 minutes of
 * retries): a subscriber that keeps refusing one event does not stop its key for days
 * (docs/decisions.md, "Keyed events go out in order").
 */
export const ORDER_WAIT_ATTEMPTS = 3;

/**
 * An earlier delivery of the same key to the same subscription that a later one waits for: not
 * a replay (a replay is sent when asked, and waits for nothing), pending (held or not tried
 * yet) or failed fewer than ORDER_WAIT_ATTEMPTS times. Delivered and dead ones are final. Read
 * through webhook_deliveries_ordering_idx, which holds only unfinished keyed deliveries.
 */
export const holdsItsKeyBack = (alias: string) => `${alias}.replay_of is null
    and ${alias}.state in ('pending', 'failed') and (${alias}.state = 'pending' or ${alias}.attempt < ${ORDER_WAIT_ATTEMPTS})`;
const UNFINISHED_OF_KEY = `from webhook_deliveries p
  where p.webhook_id = d.webhook_id and p.ordering_key is not null and p.ordering_key = d.ordering_key and ${holdsItsKeyBack('p')}`;

/** Whether delivery d waits behind an earlier unfinished delivery of its key (not for a replay). */
export const EARLIER_OF_KEY = `(d.replay_of is null and d.ordering_key is not null
              and exists (select 1 ${UNFINISHED_OF_KEY} and p.ordering_seq < d.ordering_seq))`;

/**
 * The next delivery of a key to a subscription after `order` (by sequence), not finished and
 * not a replay: the one to signal when this one stops holding it back.
 */
export async function nextOfKey(em: Em, webhookId: string, order: DeliveryOrder): Promise<string | null> {
  const [next] = await em.execute<{ id: string }[]>(
    `select d.id from webhook_deliveries d
      where d.webhook_id = ? and d.ordering_key = ? and d.ordering_seq > ? and d.replay_of is null and d.state in ('pending', 'failed')
      order by d.ordering_seq limit 1`,
    [webhookId, order.key, order.seq],
  );
  return next?.id ?? null;
}

/**
 * The subscription and key order of a keyed delivery (null: no key, or a replay): for an attempt
 * that finds its delivery already finished, its completion lost with a worker, whose release of
 * the key's next delivery may have been lost with it.
 */
export async function keyOrderOf(em: Em, deliveryId: string): Promise<{ webhookId: string; order: DeliveryOrder } | null> {
  const [row] = await em.execute<{ webhook_id: string; ordering_key: string; ordering_seq: string }[]>(
    `select webhook_id, ordering_key, ordering_seq from webhook_deliveries
      where id = ? and replay_of is null and ordering_key is not null and ordering_seq is not null`,
    [deliveryId],
  );
  return row ? { webhookId: row.webhook_id, order: { key: row.ordering_key, seq: row.ordering_seq } } : null;
}

/**
 * Whether a delivery in `state` after `attempt` has just stopped holding back the later
 * deliveries of its key: finished, or failed for the ORDER_WAIT_ATTEMPTS-th time (its later
 * retries signal nobody again).
 */
export const releasesItsKey = (state: DeliveryState, attempt: number): boolean =>
  state === 'delivered' || state === 'dead' || attempt === ORDER_WAIT_ATTEMPTS;

/**
 * A delivery queued while paused whose turn came but which waits for an earlier delivery of its
 * key leaves the queue (its key orders it now), so the queue goes on behind it. Answers its
 * subscription when it was in the queue.
 */
export async function leaveQueue(em: Em, deliveryId: string): Promise<string | null> {
  const [row] = await em.execute<{ webhook_id: string }[]>(
    `update webhook_deliveries set queued_while_paused = false where id = ? and queued_while_paused returning webhook_id`,
    [deliveryId],
  );
  return row?.webhook_id ?? null;
}

/** The delivery `alias` is in its subscription's pause queue: queued while paused, never tried (relay.ts marks first deliveries only, never replays). */
export const inPauseQueue = (alias: string) => `${alias}.queued_while_paused and ${alias}.attempt = 0 and ${alias}.state = 'pending' and ${alias}.replay_of is null`;

/** Queued while paused, never tried, of the same subscription, for an older event (event time, then id). */
const OLDER_QUEUED = `from webhook_deliveries o join outbox_events oe on oe.id = o.event_id
  where o.webhook_id = ? and ${inPauseQueue('o')}`;

/** Whether an older delivery of the pause queue of the delivery's subscription waits (its event: `row`). */
export async function olderQueuedDelivery(em: Em, deliveryId: string, row: { webhook_id: string; event_created_at: string; event_id: string }): Promise<boolean> {
  const older = await em.execute(
    `select 1 ${OLDER_QUEUED} and o.id <> ? and (oe.created_at, oe.id) < (?::timestamptz, ?) limit 1`,
    [row.webhook_id, deliveryId, new Date(row.event_created_at).toISOString(), row.event_id],
  );
  return older.length > 0;
}

/** The oldest delivery of a subscription still queued from its pause: the next one whose turn it is. */
export async function nextQueuedDelivery(em: Em, webhookId: string): Promise<string | null> {
  const [next] = await em.execute<{ id: string }[]>(
    `select o.id ${OLDER_QUEUED} order by oe.created_at, oe.id limit 1`,
    [webhookId],
  );
  return next?.id ?? null;
}
