import { Migration } from '@mikro-orm/migrations';

/**
 * The reconciler (issue 40 item 1; docs/operating.md, "What the reconciler reports"): one row
 * per run (when it ran, the window of its closed pass, where its slow pass stopped) and what it
 * found per kind and outcome, which the status map counts. The slow pass walks the unfinished
 * rows of each kind in (created_at, id) order through partial indexes over those rows only.
 */
export class Migration20261128004000Reconciler extends Migration {
  override up(): void {
    this.addSql(`
      create table reconciler_runs (
        id uuid primary key,
        started_at timestamptz(3) not null,
        finished_at timestamptz(3),
        closed_since timestamptz(3) not null,
        -- kind -> {at, id}: the last row the slow pass looked at; absent: from the start.
        cursors jsonb not null default '{}'
      );
      create index reconciler_runs_started_idx on reconciler_runs (started_at);
      create table reconciler_findings (
        run_id uuid not null references reconciler_runs(id) on delete cascade,
        kind text not null check (kind in ('delivery', 'operation', 'publication')),
        outcome text not null check (outcome in ('restarted', 'ended')),
        rows integer not null check (rows >= 0),
        primary key (run_id, kind, outcome)
      );
      create index webhook_deliveries_unfinished_idx on webhook_deliveries (created_at, id)
        where state in ('pending', 'failed') and workflow_started_at is not null;
      create index operations_unfinished_idx on operations (created_at, id)
        where status in ('queued', 'running') and workflow_started_at is not null;
      create index publications_queued_idx on publications (created_at, id) where state = 'queued' and target = 'connector';
    `);
  }
}
