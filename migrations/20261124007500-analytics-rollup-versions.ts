import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics (issue 13), the overview at size: a counter per tenant that every rebuild of its
 * rollups bumps in the same transaction, so a cache of rollup reads keyed by it can never
 * answer figures older than the rollups (decisions: "Analytics: the overview's rollup cache").
 */
export class Migration20261124007500AnalyticsRollupVersions extends Migration {
  override up(): void {
    this.addSql(`
      create table analytics_rollup_versions (
        tenant_id uuid primary key references tenants(id) deferrable initially deferred,
        version bigint not null
      );
      insert into analytics_rollup_versions (tenant_id, version) select tenant_id, 1 from analytics_snapshots;
    `);
  }
}
