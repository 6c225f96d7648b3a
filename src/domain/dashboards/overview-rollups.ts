import type { Em } from '../../db/em.js';
import { previousPeriod, type Period } from '../analytics/period.js';
import type { RollupCache } from '../analytics/rollup-cache.js';
import { rollupRowsQuery, type RollupRow } from '../analytics/rollup-reads.js';

/**
 * The overview's reads of the daily rollups (decisions: "Analytics: the overview's rollup
 * cache", "Dashboards: the overview in two round trips"): through the rollup cache, all the
 * blocks' in one Redis round trip, and those it did not hold in one statement.
 */

/** Every day-total metric a block reads (kpi, funnel, ads, ai_assistants, data_trust). */
const TOTAL_METRICS = [
  'visitors', 'page_views', 'conversations', 'leads', 'qualified_leads', 'won_leads', 'won_value', 'offline_revenue', 'offline_conversions',
  'ad_spend', 'ad_clicks', 'search_impressions', 'ai_replies', 'handoffs', 'ai_cost_rub',
];

export interface PageRow { page: string; views: string | null; chats: string | null }

export interface OverviewRollups {
  /** The day totals of the period and of the one before. */
  dayTotals: RollupRow[];
  /** Leads per traffic source in the period. */
  leadsBySource: RollupRow[];
  /** The 10 pages with most views in the period. */
  popularPages: PageRow[];
}
export type RollupPart = keyof OverviewRollups;

/** Rows of the stored shape (value a numeric): as rollupRows answers them. */
const rows = (q: { sql: string; params: unknown[] }) => ({ sql: `select coalesce(json_agg(r), '[]') from (${q.sql}) r`, params: q.params });

/** Each part's cache name (everything the read depends on besides the tenant and its rollups) and its statement. */
function parts(tenantId: string, period: Period): Record<RollupPart, { name: string; sql: string; params: unknown[] }> {
  const totals = { from: previousPeriod(period).from, to: period.to };
  return {
    dayTotals: { name: `day-totals:${totals.from}:${totals.to}`, ...rows(rollupRowsQuery(tenantId, TOTAL_METRICS, totals)) },
    leadsBySource: { name: `leads-by-source:${period.from}:${period.to}`, ...rows(rollupRowsQuery(tenantId, ['leads'], period, { prefix: 'source:' })) },
    // Summed by the database: a busy site has thousands of pages a day.
    popularPages: {
      name: `popular-pages:${period.from}:${period.to}`,
      sql: `select coalesce(json_agg(json_build_object('page', page, 'views', views, 'chats', chats) order by n), '[]') from (
        select substr(dimension, 6) as page, (sum(value) filter (where metric = 'page_views'))::text as views, (sum(value) filter (where metric = 'conversations'))::text as chats,
               row_number() over (order by sum(value) filter (where metric = 'page_views') desc nulls last, sum(value) filter (where metric = 'conversations') desc nulls last, dimension collate "C") as n
          from analytics_daily where tenant_id = ? and metric in ('page_views', 'conversations') and day between ?::date and ?::date and starts_with(dimension, 'page:')
         group by dimension order by n limit 10) t`,
      params: [tenantId, period.from, period.to],
    },
  };
}

/** The rollup parts `wanted` of the period: those the cache holds from it, the rest read in one statement (and kept). */
export async function readOverviewRollups(em: Em, cache: RollupCache, tenantId: string, period: Period, wanted: RollupPart[]): Promise<Partial<OverviewRollups>> {
  if (!wanted.length) return {};
  const all = parts(tenantId, period);
  return await cache.getAll(Object.fromEntries(wanted.map((p) => [p, all[p].name])) as Record<RollupPart, string>, async (missing) => {
    const [row] = await em.execute<Record<string, unknown[]>[]>(
      `select ${missing.map((p) => `(${all[p].sql}) as "${p}"`).join(', ')}`, missing.flatMap((p) => all[p].params));
    const out: Partial<Record<RollupPart, unknown>> = {};
    for (const p of missing) {
      out[p] = p === 'popularPages' ? row![p]
        : (row![p] as { day: string; metric: string; dimension: string; value: number | string }[]).map((r) => ({ ...r, value: Number(r.value) }));
    }
    return out;
  }) as Partial<OverviewRollups>;
}
