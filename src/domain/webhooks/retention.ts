import type { QueryResult } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';

/**
 * Spec 01: the delivery log is kept 30 days; spec 01 also: deliveries held (a suspended wallet,
 * a paused subscription) are postponed, not lost. So only an ended delivery (delivered or dead)
 * expires, 30 days after its last change (updated_at: the attempt or the step that ended it); a
 * pending or failed one is still owed and keeps its row and attempts however old it is, until it
 * ends. Deletes the longest-ended first, at most `limit` per call so a large backlog is removed in
 * short transactions (webhook_deliveries_ended_idx); their attempts go by cascade, replays of them
 * keep their rows (replay_of becomes null). Outbox events are never deleted here: a delivery
 * references its event (no cascade), and nothing deletes events by age.
 */
export async function deleteExpiredDeliveries(em: Em, cutoff: Date, limit: number): Promise<number> {
  const deleted = await em.execute<QueryResult>(
    `delete from webhook_deliveries where id in (
       select id from webhook_deliveries where state in ('delivered', 'dead') and updated_at < ? order by updated_at limit ?
     )`,
    [cutoff.toISOString(), limit],
    'run',
  );
  return deleted.affectedRows;
}
