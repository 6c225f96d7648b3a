import { Migration } from '@mikro-orm/migrations';

/**
 * Contacts, conversations and messages (spec 02, Conversation and Message), product cards
 * (Card), and the asynchronous operations of paid work (spec 01, Operation).
 */
export class Migration20261122000500Conversations extends Migration {
  override up(): void {
    this.addSql(`
      create table contacts (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        name text,
        email text,
        phone text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create index contacts_tenant_idx on contacts (tenant_id);

      -- channel_type is copied from the channel: the list filter and the hidden kinds
      -- (personal mailboxes, student-portal chats) need no join.
      create table conversations (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        channel_id uuid not null references channels(id) deferrable initially deferred,
        channel_type text not null,
        contact_id uuid references contacts(id) deferrable initially deferred,
        external_customer_id text check (char_length(external_customer_id) <= 255),
        status text not null default 'open',
        mode text not null default 'ai' check (mode in ('ai', 'operator')),
        language text check (language ~ '^[a-z]{2}$'),
        lead_id uuid,
        operator_name text,
        page jsonb,
        summary text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create unique index conversations_external_customer_idx on conversations (channel_id, external_customer_id) where external_customer_id is not null;
      create index conversations_traversal_idx on conversations (tenant_id, updated_at, id);

      create table messages (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        conversation_id uuid not null references conversations(id) deferrable initially deferred,
        sender text not null check (sender in ('customer', 'ai', 'operator', 'system')),
        content_type text not null default 'text',
        content text,
        attachments jsonb not null default '[]',
        cards jsonb not null default '[]',
        operator_name text,
        deleted_at timestamptz(3),
        created_at timestamptz(3) not null
      );
      create index messages_traversal_idx on messages (conversation_id, created_at, id);

      create table cards (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        code text not null check (code ~ '^[a-z0-9_-]{1,40}$'),
        name text not null check (char_length(name) <= 120),
        description text check (char_length(description) <= 500),
        image_url text,
        page_url text,
        badge text check (char_length(badge) <= 30),
        price_text text check (char_length(price_text) <= 40),
        price_amount numeric(18, 2),
        price_currency text check (price_currency ~ '^[A-Z]{3}$'),
        buttons jsonb not null default '[]',
        ai_enabled boolean not null default false,
        sort integer not null default 0,
        active boolean not null default true,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        unique (tenant_id, code)
      );
      create index cards_order_idx on cards (tenant_id, sort, created_at, id);

      create table operations (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        type text not null,
        status text not null check (status in ('queued', 'running', 'succeeded', 'failed', 'canceled')),
        resource_type text,
        resource_id text,
        input jsonb not null default '{}',
        cost_ceiling_rub numeric(18, 2) not null,
        usage_cost_rub numeric(18, 2),
        usage_model text,
        error_code text,
        error_message text,
        workflow_started_at timestamptz(3),
        created_at timestamptz(3) not null,
        started_at timestamptz(3),
        completed_at timestamptz(3)
      );
      create index operations_active_idx on operations (tenant_id) where status in ('queued', 'running');
      create index operations_unstarted_idx on operations (created_at) where workflow_started_at is null;

      -- A replayed answer discloses the same personal data again: the replay logs it too.
      alter table idempotency_records add column disclosures jsonb;
    `);
  }
}
