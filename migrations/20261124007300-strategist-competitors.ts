import { Migration } from '@mikro-orm/migrations';

/**
 * The competitor sites a tenant lists for the strategist (`bin/ctl competitors add`): their
 * pages' headings become topics; the domain and name are internal, never answered.
 */
export class Migration20261124007300StrategistCompetitors extends Migration {
  override up(): void {
    this.addSql(`
      create table strategist_competitors (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        url text not null,
        domain text not null,
        name text,
        created_at timestamptz(3) not null
      );
      create unique index strategist_competitors_domain_idx on strategist_competitors (tenant_id, domain);
    `);
  }
}
