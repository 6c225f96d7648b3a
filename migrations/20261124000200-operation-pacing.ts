import { Migration } from '@mikro-orm/migrations';

/**
 * Operation starts paced like deliveries (issue 10 item 4). `start_claimed_until`: the api or a
 * worker's operation starter has claimed the operation to start its workflow (outside any
 * transaction); another takes it only after the claim expires. The partial index holds the
 * operations that count against OPERATION_MAX_IN_FLIGHT: started, not yet begun by the worker.
 */
export class Migration20261124000200OperationPacing extends Migration {
  override up(): void {
    this.addSql(`
      alter table operations add column start_claimed_until timestamptz(3) null;
      create index operations_in_flight_idx on operations (workflow_started_at) where workflow_started_at is not null and status = 'queued';
      drop index operations_unstarted_idx;
      create index operations_unstarted_idx on operations (tenant_id, created_at) where workflow_started_at is null and status = 'queued';
    `);
  }
}
