import type { Em } from '../../db/em.js';
import { previousPeriod } from './period.js';
import { rollupRows } from './rollup-reads.js';

/** The per-source and per-keyword reports, summed from the daily rollups. */

export const SOURCE_SORTS = ['visitors', 'page_views', 'leads', 'won', 'revenue'] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];

export interface SourceRow {
  key: string;
  source: string;
  medium: string;
  visitors: number;
  page_views: number;
  leads: number;
  won: number;
  revenue: number;
}

const SOURCE_METRICS: Record<string, keyof Omit<SourceRow, 'key' | 'source' | 'medium'>> = {
  visitors: 'visitors', page_views: 'page_views', leads: 'leads', won_leads: 'won', won_value: 'revenue',
};

/** Per traffic source ("source / medium"), sorted by `sort` descending, then by the key. */
export async function trafficSources(em: Em, tenantId: string, range: { from: string; to: string }, sort: SourceSort): Promise<SourceRow[]> {
  const rows = await rollupRows(em, tenantId, Object.keys(SOURCE_METRICS), range, { prefix: 'source:' });
  const byKey = new Map<string, SourceRow>();
  for (const r of rows) {
    const key = r.dimension.slice('source:'.length);
    const [source, medium] = key.split(' / ');
    const row = byKey.get(key) ?? { key, source: source ?? key, medium: medium ?? '(none)', visitors: 0, page_views: 0, leads: 0, won: 0, revenue: 0 };
    row[SOURCE_METRICS[r.metric]!] += r.value;
    byKey.set(key, row);
  }
  return [...byKey.values()].sort((a, b) => b[sort] - a[sort] || a.key.localeCompare(b.key));
}

export interface VisibilityFigures {
  impressions: number;
  clicks: number;
  /** clicks / impressions, null without impressions. */
  ctr: number | null;
  /** Impression-weighted average position, null without impressions. */
  position: number | null;
}

export interface VisibilityRow {
  keyword: string;
  page: string;
  current: VisibilityFigures;
  previous: VisibilityFigures;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

async function visibilityOf(em: Em, tenantId: string, range: { from: string; to: string }): Promise<Map<string, { impressions: number; clicks: number; weighted: number }>> {
  const rows = await rollupRows(em, tenantId, ['search_impressions', 'search_clicks', 'search_position_x_impressions'], range, { prefix: 'keyword_page:' });
  const out = new Map<string, { impressions: number; clicks: number; weighted: number }>();
  for (const r of rows) {
    const sums = out.get(r.dimension) ?? { impressions: 0, clicks: 0, weighted: 0 };
    if (r.metric === 'search_impressions') sums.impressions += r.value;
    else if (r.metric === 'search_clicks') sums.clicks += r.value;
    else sums.weighted += r.value;
    out.set(r.dimension, sums);
  }
  return out;
}

const figures = (s: { impressions: number; clicks: number; weighted: number } | undefined): VisibilityFigures => ({
  impressions: s?.impressions ?? 0,
  clicks: s?.clicks ?? 0,
  ctr: s && s.impressions ? round(s.clicks / s.impressions, 4) : null,
  position: s && s.impressions ? round(s.weighted / s.impressions, 2) : null,
});

/** Per keyword and page: this period's figures and the previous period's (same length, just before), by impressions descending. */
export async function visibility(em: Em, tenantId: string, range: { from: string; to: string }): Promise<VisibilityRow[]> {
  const [now, before] = await Promise.all([visibilityOf(em, tenantId, range), visibilityOf(em, tenantId, previousPeriod(range))]);
  const rows = [...now.keys()].map((dimension) => {
    const [keyword, page] = JSON.parse(dimension.slice('keyword_page:'.length)) as [string, string];
    return { keyword, page, current: figures(now.get(dimension)), previous: figures(before.get(dimension)) };
  });
  return rows.sort((a, b) => b.current.impressions - a.current.impressions || a.keyword.localeCompare(b.keyword) || a.page.localeCompare(b.page));
}

/** Has the tenant ever sent this kind of event (any day)? No: the report's source is missing. Read from the ingestion counts, never the raw events. */
export async function hasSent(em: Em, tenantId: string, type: 'ad_spend' | 'search_performance'): Promise<boolean> {
  const rows = await em.execute('select 1 from analytics_ingest_counts where tenant_id = ? and type = ? and accepted > 0 limit 1', [tenantId, type]);
  return rows.length > 0;
}
