import { Migration } from '@mikro-orm/migrations';

/** The status map reads the last 15 minutes of delivery attempts and the waiting deliveries. */
export class Migration20261124006000StatusSignals extends Migration {
  override up(): void {
    this.addSql(`
      create index webhook_delivery_attempts_started_idx on webhook_delivery_attempts (started_at);
      create index webhook_deliveries_waiting_idx on webhook_deliveries (created_at)
        where state = 'pending' and attempt = 0 and held_at is null and not queued_while_paused;
      create index operations_queued_idx on operations (created_at) where status = 'queued';
    `);
  }
}
