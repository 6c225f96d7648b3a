import { Migration } from '@mikro-orm/migrations';

/**
 * Deliveries made while their subscription was paused (issue 9 item 14): they wait for the
 * resume and then go out oldest event first, so the relay marks them.
 */
export class Migration20261123000200DeliveryBacklog extends Migration {
  override up(): void {
    this.addSql(`
      alter table webhook_deliveries add column queued_while_paused boolean not null default false;
      create index webhook_deliveries_paused_queue_idx on webhook_deliveries (webhook_id) where queued_while_paused and attempt = 0;
    `);
  }
}
