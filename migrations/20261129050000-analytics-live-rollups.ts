import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics (issue 39 item 4): the event rollups of recent days kept by ingestion itself
 * (decisions: "Analytics: live rollups of recent days"). A day listed in analytics_live_days
 * has rollups that every stored event adds to; its distinct visitors are the rows of
 * analytics_visitor_days (inserted once, counted when inserted). Additive: no day is live
 * until a rebuild builds it or its first event arrives, so until then reads behave as before.
 */
export class Migration20261129050000AnalyticsLiveRollups extends Migration {
  override up(): void {
    this.addSql(`
      -- Days (tenant zone) whose event rollups ingestion keeps current: a rebuild of the day, or its first event, lists it.
      create table analytics_live_days (
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        day date not null,
        primary key (tenant_id, day)
      );
      -- The distinct visitors of a live day, per dimension ('' = the day, 'source:<source / medium>'): a row inserted is a visitor counted.
      create table analytics_visitor_days (
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        day date not null,
        dimension text not null,
        visitor_id text not null,
        primary key (tenant_id, day, dimension, visitor_id)
      );
      -- Bumped by ingestion when it changed today's rollups: a read whose period ends today is cached under both counters.
      alter table analytics_rollup_versions add column live_version bigint not null default 0;
    `);
  }
}
