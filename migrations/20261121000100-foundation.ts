import { Migration } from '@mikro-orm/migrations';

/** Tenants, integrations, keys, channels, the wallet, FX rates, idempotency and the outbox. */
export class Migration20261121000100Foundation extends Migration {
  override up(): void {
    this.addSql(`
      create table tenants (
        id uuid primary key,
        name text not null,
        status text not null default 'active' check (status in ('active', 'inactive')),
        features text[] not null default '{}',
        crm_mode text not null default 'internal',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      create table integrations (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        name text not null,
        status text not null default 'active' check (status in ('active', 'suspended', 'revoked')),
        scopes text[] not null default '{}',
        owner_permissions text[] not null default '{}',
        owner_active boolean not null default true,
        ip_allowlist text[],
        hosting_country text check (hosting_country ~ '^[A-Z]{2}$'),
        transfer_basis text,
        daily_spend_limit_rub numeric(18, 2) check (daily_spend_limit_rub >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index integrations_tenant_idx on integrations (tenant_id);

      create table api_keys (
        key_id text primary key,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        secret_hash text not null,
        mode text not null check (mode in ('live', 'test')),
        cell text not null check (cell in ('ru', 'en', 'id')),
        expires_at timestamptz not null,
        ip_allowlist text[],
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index api_keys_integration_idx on api_keys (integration_id);
      create index api_keys_expiry_idx on api_keys (expires_at) where revoked_at is null;

      create table channels (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid references integrations(id) deferrable initially deferred,
        type text not null,
        name text not null,
        settings jsonb not null default '{}',
        created_at timestamptz not null default now()
      );
      create unique index channels_one_api_channel on channels (integration_id) where type = 'api';

      create table wallets (
        tenant_id uuid primary key references tenants(id) deferrable initially deferred,
        balance_rub numeric(18, 2) not null default 0,
        blocked boolean not null default false,
        low_threshold_rub numeric(18, 2) not null default 1000,
        updated_at timestamptz not null default now()
      );

      create table wallet_ledger (
        id uuid primary key,
        tenant_id uuid not null references wallets(tenant_id) deferrable initially deferred,
        kind text not null check (kind in ('topup', 'charge', 'refund', 'adjustment')),
        amount_rub numeric(18, 2) not null,
        balance_after_rub numeric(18, 2) not null,
        integration_id uuid references integrations(id) deferrable initially deferred,
        operation_id text unique,
        description text not null default '',
        created_at timestamptz not null default now()
      );
      create index wallet_ledger_tenant_idx on wallet_ledger (tenant_id, created_at);
      create index wallet_ledger_spend_idx on wallet_ledger (integration_id, created_at) where kind = 'charge';

      create table fx_rates (
        currency text primary key check (currency ~ '^[A-Z]{3}$'),
        per_rub numeric(24, 10) not null check (per_rub > 0),
        updated_at timestamptz not null default now()
      );
      insert into fx_rates (currency, per_rub) values ('RUB', 1), ('GBP', 0.0095), ('IDR', 190);

      create table idempotency_records (
        id uuid primary key,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        key text not null,
        request_hash text not null,
        response_status integer not null,
        response_body jsonb,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        unique (integration_id, key)
      );
      create index idempotency_records_expiry_idx on idempotency_records (expires_at);

      create table outbox_events (
        id text primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid references integrations(id) deferrable initially deferred,
        type text not null,
        api_version text not null,
        livemode boolean not null default true,
        data jsonb not null,
        pii_data jsonb,
        created_at timestamptz not null default now(),
        relayed_at timestamptz
      );
      create index outbox_events_unrelayed_idx on outbox_events (created_at) where relayed_at is null;
      create index outbox_events_tenant_idx on outbox_events (tenant_id, created_at);

      create table key_expiry_notices (
        key_id text not null references api_keys(key_id) deferrable initially deferred,
        threshold_days integer not null,
        event_id text references outbox_events(id) deferrable initially deferred,
        created_at timestamptz not null default now(),
        primary key (key_id, threshold_days)
      );
    `);
  }
}
