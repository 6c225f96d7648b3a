import { Migration } from '@mikro-orm/migrations';

/**
 * The relay's pacing (issue 10 item 3). `start_claimed_until`: a relay has claimed the
 * delivery to start its workflow (outside any transaction); another relay takes it only after
 * the claim expires. `held_at`: the last time an attempt found the delivery held; a held
 * delivery does not count against the bound of deliveries in flight. Two partial indexes keep
 * the relay's per-tick reads on the rows that matter: the unstarted ones by tenant (fair
 * picking) and the started ones whose first attempt is still to come (the bound).
 */
export class Migration20261124000100DeliveryPacing extends Migration {
  override up(): void {
    this.addSql(`
      alter table webhook_deliveries add column start_claimed_until timestamptz(3) null;
      alter table webhook_deliveries add column held_at timestamptz(3) null;
      create index webhook_deliveries_unstarted_tenant_idx on webhook_deliveries (tenant_id, created_at) where workflow_started_at is null;
      create index webhook_deliveries_in_flight_idx on webhook_deliveries (workflow_started_at) where workflow_started_at is not null and state = 'pending' and attempt = 0 and held_at is null;
    `);
  }
}
