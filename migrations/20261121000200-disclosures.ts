import { Migration } from '@mikro-orm/migrations';

/** The personal-data disclosure log and the disclosure register (spec 01, Authentication 7). */
export class Migration20261121000200Disclosures extends Migration {
  override up(): void {
    this.addSql(`
      create table disclosure_log (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        key_id text,
        channel text not null check (channel in ('api', 'webhook')),
        request_id text,
        route text not null,
        resource_type text not null,
        resource_ids text[] not null default '{}',
        recipient_country text,
        occurred_at timestamptz not null default now()
      );
      create index disclosure_log_integration_idx on disclosure_log (integration_id, occurred_at, id);

      create table disclosure_register (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        subject_type text not null,
        subject_id text not null,
        action text not null,
        transfer_basis text,
        recipient_country text,
        created_at timestamptz not null default now()
      );
      create index disclosure_register_integration_idx on disclosure_register (integration_id, created_at);
    `);
  }
}
