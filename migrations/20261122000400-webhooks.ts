import { Migration } from '@mikro-orm/migrations';

/** Webhook subscriptions, their deliveries and the attempts of each delivery (spec 01, Webhooks). */
export class Migration20261122000400Webhooks extends Migration {
  override up(): void {
    this.addSql(`
      create table webhooks (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        url text not null,
        events text[] not null,
        include_pii boolean not null default false,
        description text check (char_length(description) <= 200),
        status text not null default 'active' check (status in ('active', 'paused')),
        secret_sealed text not null,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz(3),
        secret_rotated_at timestamptz(3),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create index webhooks_integration_idx on webhooks (integration_id, created_at, id);
      create index webhooks_tenant_active_idx on webhooks (tenant_id) where status = 'active';

      -- Targeted events (webhook.test) name the one subscription they are for.
      alter table outbox_events add column target_webhook_id uuid;

      create table webhook_deliveries (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        webhook_id uuid not null references webhooks(id) on delete cascade deferrable initially deferred,
        event_id text not null references outbox_events(id) deferrable initially deferred,
        event_type text not null,
        state text not null default 'pending' check (state in ('pending', 'delivered', 'failed', 'dead')),
        attempt integer not null default 0,
        status_code integer,
        duration_ms integer,
        error text,
        next_attempt_at timestamptz(3),
        delivered_at timestamptz(3),
        replay_of uuid references webhook_deliveries(id) on delete set null deferrable initially deferred,
        workflow_started_at timestamptz(3),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      -- The relay writes one delivery per (subscription, event); replays are further rows.
      create unique index webhook_deliveries_once on webhook_deliveries (webhook_id, event_id) where replay_of is null;
      create index webhook_deliveries_log_idx on webhook_deliveries (webhook_id, created_at, id);
      create index webhook_deliveries_unstarted_idx on webhook_deliveries (created_at) where workflow_started_at is null;
      create index webhook_deliveries_retention_idx on webhook_deliveries (created_at);
      create index webhook_deliveries_held_idx on webhook_deliveries (tenant_id) where state in ('pending', 'failed');

      create table webhook_delivery_attempts (
        delivery_id uuid not null references webhook_deliveries(id) on delete cascade deferrable initially deferred,
        attempt integer not null,
        started_at timestamptz(3) not null,
        status_code integer,
        duration_ms integer not null,
        error text,
        primary key (delivery_id, attempt)
      );
    `);
  }
}
