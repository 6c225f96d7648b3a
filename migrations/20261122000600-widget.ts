import { Migration } from '@mikro-orm/migrations';

/**
 * The visitor chat (spec 01, Visitor chat routes): visitor sessions behind the rotating
 * session token, and paid operations a visitor starts (no integration: the tenant pays).
 */
export class Migration20261122000600Widget extends Migration {
  override up(): void {
    this.addSql(`
      create table widget_sessions (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        channel_id uuid not null references channels(id) deferrable initially deferred,
        conversation_id uuid not null references conversations(id) deferrable initially deferred,
        token_hash text not null,
        previous_token_hash text,
        previous_valid_until timestamptz(3),
        consent_version text,
        expires_at timestamptz(3) not null,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create index widget_sessions_conversation_idx on widget_sessions (conversation_id);

      alter table operations alter column integration_id drop not null;
      alter table operations add column channel_id uuid references channels(id) deferrable initially deferred;
      alter table operations add constraint operations_started_by check (integration_id is not null or channel_id is not null);
    `);
  }
}
