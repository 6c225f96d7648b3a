import { Migration } from '@mikro-orm/migrations';

/**
 * Retention deletes only ended deliveries (issue 40 item 4; delivered or dead) whose last change
 * is older than the retention: a delivery still owed (held, failed, pending) keeps its row and
 * attempts however old it is. The retention's batches walk this partial index over ended rows
 * by updated_at (their last change: the attempt that delivered them, or the step that ended them).
 * The index by created_at stays: the status signals' oldest waiting delivery may read it.
 */
export class Migration20261128000200DeliveryRetention extends Migration {
  override up(): void {
    this.addSql(`create index webhook_deliveries_ended_idx on webhook_deliveries (updated_at) where state in ('delivered', 'dead');`);
  }
}
