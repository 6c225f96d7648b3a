/**
 * What a delivery's row says of its wait (held_at, held_for): written by the attempt that finds
 * it held or throttled, and claimed back when the wallet that held it is released.
 */
import type { Em } from '../../db/em.js';
import type { HoldReason } from './delivery-attempts.js';
import { EARLIER_OF_KEY } from './delivery-order.js';

/**
 * The attempt found the delivery held: it leaves the relay's count of deliveries in flight, and
 * `held_for` says why, so that a wallet release signals only the deliveries held for the wallet
 * (WalletHoldRelease). Written only when it changes: a long hold re-checks many times.
 */
export async function markHeld(em: Em, deliveryId: string, reason: HoldReason, now: Date): Promise<void> {
  await em.execute(
    `update webhook_deliveries set held_at = coalesce(held_at, ?), held_for = ? where id = ? and (held_at is null or held_for is distinct from ?)`,
    [now.toISOString(), reason, deliveryId, reason],
    'run',
  );
}

/**
 * The attempt waits for a start at its subscription's max_per_second: like a held delivery it
 * leaves the relay's count of deliveries in flight (it waits for its slot, not for Temporal), so
 * a slow subscriber's backlog never takes the room of other subscriptions' deliveries.
 * `held_for` says it to an operator; the delivery log does not show it as held (it is on its way).
 */
export async function markThrottled(em: Em, deliveryId: string, now: Date): Promise<void> {
  await em.execute(
    `update webhook_deliveries set held_at = coalesce(held_at, ?), held_for = 'rate_limited' where id = ? and held_for is distinct from 'rate_limited'`,
    [now.toISOString(), deliveryId],
    'run',
  );
}

/**
 * Claims, once across the cluster, the tenant's unfinished deliveries whose last look found them
 * held for the wallet: each claimed row is cleared, so a second worker acting on the same wallet
 * change finds none (the update's row locks order them). Returns the ids to signal. A keyed
 * delivery behind an earlier unfinished one of its key is left out: the earlier one signals it
 * when it stops holding the key back (releaseNextOfKey), and a signal now would only find it
 * waiting; at 100,000 held over 10,000 keys that is 90,000 workflow tasks the release saves
 * (docs/adr/0106-a-wallet-release-signals-the-head-of-each-key.md).
 */
export async function claimWalletHeld(em: Em, tenantId: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `update webhook_deliveries d set held_for = null
      where d.tenant_id = ? and d.held_for = 'wallet_suspended' and d.state in ('pending', 'failed') and d.workflow_started_at is not null
        and not ${EARLIER_OF_KEY}
      returning d.id`,
    [tenantId],
  );
  return rows.map((r) => r.id);
}
