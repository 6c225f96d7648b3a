import { Migration } from '@mikro-orm/migrations';

/**
 * Leads and CRM (spec 02 Lead): contacts gain a merge pointer and
 * lookups by their normalised e-mail and phone; the leads table.
 */
export class Migration20261124001000Leads extends Migration {
  override up(): void {
    this.addSql(`
      -- A merged contact keeps a pointer to its survivor; lookups by e-mail and phone skip it.
      alter table contacts add column merged_into uuid references contacts(id) deferrable initially deferred;
      create index contacts_email_idx on contacts (tenant_id, email) where email is not null and merged_into is null;
      create index contacts_phone_idx on contacts (tenant_id, phone) where phone is not null and merged_into is null;


      create table leads (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        external_id text check (char_length(external_id) <= 255),
        external_url text check (char_length(external_url) <= 2048),
        version integer not null default 1,
        status text not null default 'new' check (status in ('new', 'contacted', 'qualified', 'proposal', 'won', 'lost')),
        archived boolean not null default false,
        archived_reason text,
        owner text,
        title text,
        source text,
        assigned_to text,
        value_amount numeric(18, 2),
        value_currency text check (value_currency ~ '^[A-Z]{3}$'),
        product_id text,
        course_slug text,
        contact_id uuid references contacts(id) deferrable initially deferred,
        conversation_id uuid references conversations(id) deferrable initially deferred,
        attribution jsonb,
        score integer check (score between 0 and 100),
        level text check (level in ('cold', 'warm', 'hot')),
        flags jsonb not null default '[]',
        intent text,
        ai_summary text,
        next_action text,
        next_action_at timestamptz(3),
        lost_reason text,
        qualified_at timestamptz(3),
        won_at timestamptz(3),
        lost_at timestamptz(3),
        last_activity_at timestamptz(3),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create index leads_traversal_idx on leads (tenant_id, updated_at, id);
      create index leads_contact_idx on leads (contact_id);
      -- One open lead per conversation: a second opening finds the first.
      create unique index leads_open_conversation_idx on leads (conversation_id)
        where conversation_id is not null and status not in ('won', 'lost') and not archived;
    `);
  }
}
