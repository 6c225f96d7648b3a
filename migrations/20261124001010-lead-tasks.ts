import { Migration } from '@mikro-orm/migrations';

/** A lead's follow-ups (issue 11 "Tasks"): made by the integrator or by the scorer for a hot lead. */
export class Migration20261124001010LeadTasks extends Migration {
  override up(): void {
    this.addSql(`
      create table lead_tasks (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        lead_id uuid not null references leads(id) deferrable initially deferred,
        title text not null check (char_length(title) between 1 and 500),
        due_at timestamptz(3),
        status text not null default 'open' check (status in ('open', 'completed')),
        source text not null check (source in ('api', 'scorer')),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null,
        completed_at timestamptz(3)
      );
      create index lead_tasks_lead_idx on lead_tasks (lead_id, created_at, id);
      -- The scorer keeps at most one open task per lead.
      create unique index lead_tasks_open_scorer_idx on lead_tasks (lead_id) where source = 'scorer' and status = 'open';
    `);
  }
}
