import { Migration } from '@mikro-orm/migrations';

/**
 * What the scheduled sweeps ask of a tenant before they start work for it (docs/decisions.md,
 * "Idle tenants cost a sweep no workflow"): has any of its rows changed since a moment? The
 * sources without an index on (tenant_id, time) get one; future-dated events are found by their
 * occurred_at.
 */
export class Migration20261127000100SweepActivityIndexes extends Migration {
  override up(): void {
    this.addSql(`
      create index messages_tenant_created_idx on messages (tenant_id, created_at);
      create index operations_tenant_completed_idx on operations (tenant_id, completed_at) where completed_at is not null;
      create index analytics_event_keys_occurred_idx on analytics_event_keys (tenant_id, occurred_at);
    `);
  }
}
