import type { Period } from '../analytics/period.js';
import { periodStatement } from '../analytics/period-read.js';

/**
 * What the overview reads live (decisions: "Dashboards: the overview in two round trips"),
 * beside the tenant's zone and snapshot state, in one prepared statement: each block's part
 * only when the block is asked for ($7), null otherwise (a CASE never runs the subquery of a
 * branch it does not take). The blocks compute from this row and from the rollup reads
 * (overview-rollups.ts); nothing else goes to the database.
 */

export interface ReportRow { id: string; report_date: string; report_type: string; summary_text: string; actions: { title: string; priority?: string }[]; data_as_of: Record<string, string>; created_at: string }
export interface ClusterRow { cluster: string; title: string; topics: number; proposed: number; approved: number; generated: number; total: number }
export interface SiteRow { id: string; tenant_id: string; url: string; last_heartbeat_at: string | null; job_state: string | null; job_at: string | null }

export interface OverviewRow {
  /** Units of the cell currency per rouble (null for RUB, which has no rate row). */
  per_rub: string | null;
  report: ReportRow | null;
  topics_proposed: string | null;
  handoffs: string | null;
  hot: string | null;
  dead: string | null;
  failed: string | null;
  ad_spend_sent: boolean | null;
  reply_p50_ms: number | null;
  /** The largest first, 10 at most. */
  clusters: ClusterRow[] | null;
  /** Every bound site, in the order they were bound, with its latest publication job. */
  sites: SiteRow[] | null;
  duplicates: { day: string; type: string; duplicates: number }[] | null;
}

/** How many clusters the block lists (the largest first). */
export const CLUSTERS_SHOWN = 10;

const asked = (...blocks: string[]) => blocks.map((b) => `'${b}' = any($7::text[])`).join(' or ');

/** Parameters: $1 tenant, $2 now, $3 from, $4 to, $5 zone, $6 cell currency, $7 the blocks asked. */
export const OVERVIEW_STATEMENT = periodStatement('dashboards-overview', `
  (select per_rub::text from fx_rates where currency = $6::text) as per_rub,
  case when ${asked('strategist')} then (
    select json_build_object('id', r.id, 'report_date', r.report_date, 'report_type', r.report_type, 'summary_text', r.summary_text,
                             'actions', r.actions, 'data_as_of', r.data_as_of, 'created_at', r.created_at)
      from strategist_reports r where r.tenant_id = $1::uuid and not r.creative order by r.report_date desc, r.created_at desc, r.id desc limit 1) end as report,
  case when ${asked('strategist')} then (
    select count(*) from strategist_topics where tenant_id = $1::uuid and status = 'proposed' and (expires_at is null or expires_at > $2::timestamptz)) end as topics_proposed,
  case when ${asked('attention')} then (select count(*) from conversations where tenant_id = $1::uuid and status = 'handoff_pending') end as handoffs,
  case when ${asked('attention')} then (
    select count(*) from leads where tenant_id = $1::uuid and level = 'hot' and status not in ('won', 'lost') and not archived
       and not exists (select 1 from lead_tasks t where t.lead_id = leads.id and t.status = 'open')) end as hot,
  case when ${asked('attention')} then (
    select count(*) from webhook_deliveries where tenant_id = $1::uuid and state = 'dead' and created_at >= $2::timestamptz - interval '30 days') end as dead,
  case when ${asked('attention')} then (
    select count(*) from (select distinct on (article_id) state from publications where tenant_id = $1::uuid order by article_id, version desc) latest
     where state in ('failed', 'conflict')) end as failed,
  case when ${asked('ads')} then exists (select 1 from analytics_ingest_counts where tenant_id = $1::uuid and type = 'ad_spend' and accepted > 0) end as ad_spend_sent,
  case when ${asked('ai_assistants')} then (
    select percentile_cont(0.5) within group (order by extract(epoch from (completed_at - created_at)) * 1000)
      from operations where tenant_id = $1::uuid and type = 'conversation.ai_reply' and status = 'succeeded'
       and completed_at >= ($3::date::timestamp at time zone $5::text) and completed_at < (($4::date + 1)::timestamp at time zone $5::text)) end as reply_p50_ms,
  case when ${asked('clusters')} then (
    select coalesce(json_agg(json_build_object('cluster', cluster, 'title', title, 'topics', topics, 'proposed', proposed, 'approved', approved,
                                               'generated', generated, 'total', total) order by ord), '[]')
      from (select coalesce(cluster_id, id) as cluster, (array_agg(title order by created_at, id))[1] as title, count(*) as topics,
                   count(*) filter (where status = 'proposed' and (expires_at is null or expires_at > $2::timestamptz)) as proposed,
                   count(*) filter (where status in ('approved', 'generating')) as approved,
                   count(*) filter (where status = 'generated') as generated,
                   count(*) over () as total,
                   row_number() over (order by count(*) desc, min(created_at), coalesce(cluster_id, id)) as ord
              from strategist_topics where tenant_id = $1::uuid and title is not null and status not in ('rejected', 'duplicate')
             group by 1 order by count(*) desc, min(created_at), 1 limit ${CLUSTERS_SHOWN}) c) end as clusters,
  case when ${asked('status', 'sitemap_health')} then (
    select coalesce(json_agg(json_build_object('id', s.id, 'tenant_id', s.tenant_id, 'url', s.url, 'last_heartbeat_at', s.last_heartbeat_at,
                                               'job_state', j.state, 'job_at', j.updated_at) order by s.created_at, s.id), '[]')
      from sites s left join lateral (select state, updated_at from publications pub where pub.site_id = s.id order by updated_at desc, id desc limit 1) j on true
     where s.tenant_id = $1::uuid) end as sites,
  case when ${asked('data_trust')} then (
    select coalesce(json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'type', type, 'duplicates', duplicates) order by day, type), '[]')
      from analytics_ingest_counts where tenant_id = $1::uuid and day between $3::date and $4::date and duplicates > 0) end as duplicates`);

/** The statement's parameters after the tenant. */
export const overviewValues = (period: Period, now: Date, currency: string, blocks: readonly string[]) => [
  now.toISOString(), period.from, period.to, period.zone, currency, blocks,
];
