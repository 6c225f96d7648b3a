import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics (issue 13), second step: what POST /events answered, kept per tenant, day and
 * event type (the duplicates data_trust reports, and whether a kind of event was ever sent,
 * without scanning raw events); and an index that takes the dashboard reads straight to the
 * rollups of the metrics they ask for.
 */
export class Migration20261124007100AnalyticsIngestCounts extends Migration {
  override up(): void {
    this.addSql(`
      -- Per tenant, event type and the event's own day (tenant zone; properties.date for ad_spend and
      -- search_performance): events stored, and re-sent ones dropped.
      create table analytics_ingest_counts (
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        day date not null,
        type text not null,
        accepted bigint not null default 0,
        duplicates bigint not null default 0,
        primary key (tenant_id, day, type)
      );
      -- "Has this tenant ever sent ad_spend / search_performance?"
      create index analytics_ingest_counts_type_idx on analytics_ingest_counts (tenant_id, type) where accepted > 0;
      -- Events stored before: counted on their UTC day (the duplicates they met were not kept).
      insert into analytics_ingest_counts (tenant_id, day, type, accepted)
      select tenant_id, d, type, count(*) from (
        select tenant_id, type, case when type in ('ad_spend', 'search_performance') then (properties->>'date')::date
                                     else (occurred_at at time zone 'UTC')::date end as d from analytics_events
      ) e group by tenant_id, d, type;

      -- The reads ask for a few metrics over a range of days: without it they walk every dimension of every day.
      create index analytics_daily_metric_idx on analytics_daily (tenant_id, metric, day);
    `);
  }
}
