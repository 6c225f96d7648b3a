import type { QueryResult } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';

/**
 * Spec 01: the delivery log is kept 30 days. Deletes the oldest deliveries created before
 * `cutoff`, at most `limit` per call so a large backlog is removed in short transactions;
 * their attempts go by cascade, replays of them keep their rows (replay_of becomes null).
 */
export async function deleteExpiredDeliveries(em: Em, cutoff: Date, limit: number): Promise<number> {
  const deleted = await em.execute<QueryResult>(
    `delete from webhook_deliveries where id in (
       select id from webhook_deliveries where created_at < ? order by created_at limit ?
     )`,
    [cutoff.toISOString(), limit],
    'run',
  );
  return deleted.affectedRows;
}
