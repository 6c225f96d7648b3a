import { Migration } from '@mikro-orm/migrations';

/**
 * The strategist (spec 02, Strategist topic, action and report): reports written by the
 * report workflow, the tenant's topic queue, and the chat sessions and actions an integration
 * owns. `model`, `cost_rub` and `snapshot_id` of a report are internal: never answered.
 */
export class Migration20261124005010Strategist extends Migration {
  override up(): void {
    this.addSql(`
      create table strategist_reports (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        report_date text not null check (report_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        report_type text not null check (report_type in ('daily', 'weekly')),
        creative boolean not null default false,
        summary_text text not null,
        highlights jsonb not null,
        concerns jsonb not null,
        actions jsonb not null,
        evidence jsonb not null,
        data_as_of jsonb not null,
        analyst text not null,
        model text,
        cost_rub numeric(18, 2),
        snapshot_id uuid,
        delivered_at timestamptz(3),
        created_at timestamptz(3) not null
      );
      create unique index strategist_reports_period_idx on strategist_reports (tenant_id, report_type, report_date) where not creative;
      create index strategist_reports_list_idx on strategist_reports (tenant_id, created_at desc, id desc);

      create table strategist_topics (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        title text,
        rationale text,
        trend_score numeric(5, 2) check (trend_score between 0 and 100),
        queue_rank integer not null,
        source text not null,
        status text not null check (status in ('proposed', 'approved', 'generating', 'generated', 'rejected', 'duplicate')),
        cluster_id uuid,
        generated_article_id uuid,
        proposed_at timestamptz(3),
        decided_at timestamptz(3),
        expires_at timestamptz(3),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create index strategist_topics_queue_idx on strategist_topics (tenant_id, queue_rank desc, id desc);

      create table strategist_sessions (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        title text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create index strategist_sessions_integration_idx on strategist_sessions (integration_id, created_at desc);

      create table strategist_actions (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        session_id uuid references strategist_sessions(id) deferrable initially deferred,
        type text not null check (type in ('propose_topic')),
        title text not null,
        rationale text,
        status text not null check (status in ('proposed', 'confirmed', 'executed', 'failed', 'cancelled')),
        result jsonb,
        error jsonb,
        created_at timestamptz(3) not null,
        decided_at timestamptz(3),
        expires_at timestamptz(3) not null
      );
      create index strategist_actions_list_idx on strategist_actions (integration_id, created_at desc, id desc);
    `);
  }
}
