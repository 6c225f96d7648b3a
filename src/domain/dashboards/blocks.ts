import { previousPeriod } from '../analytics/period.js';
import { asOf, totals, type RollupRow } from '../analytics/rollup-reads.js';
import { clustersBlock, siteModules, sitemapHealthBlock, strategistBlock } from './live-blocks.js';
import type { RollupPart } from './overview-rollups.js';
import type { OverviewRow } from './overview-reads.js';
import type { Block, BlockContext } from './block.js';

/**
 * The blocks of GET /dashboards/overview (issue 13), each computed from rows the platform
 * holds, with its availability: ok, no_data (the source exists, nothing in the period),
 * no_source (nothing was ever sent), not_connected (the module that feeds it is not there).
 */
export const OVERVIEW_BLOCKS = [
  'strategist', 'kpi', 'funnel', 'attention', 'ads', 'ai_assistants', 'popular_pages', 'clusters', 'data_trust', 'sitemap_health', 'status',
] as const;
export type OverviewBlock = (typeof OVERVIEW_BLOCKS)[number];

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
/** (current - previous) / previous, null when previous is 0. */
const change = (current: number, previous: number) => (previous === 0 ? null : round4((current - previous) / previous));

/** Day totals of these metrics within `range` (the period, or the one before), from the day totals read once per request. */
function periodRows(c: BlockContext, metrics: readonly string[], range: { from: string; to: string } = c.period): RollupRow[] {
  return c.rollups.dayTotals!.filter((r) => metrics.includes(r.metric) && r.day >= range.from && r.day <= range.to);
}

function periodTotals(c: BlockContext, metrics: readonly string[], range: { from: string; to: string } = c.period) {
  return totals(periodRows(c, metrics, range));
}

const empty = (s: Map<string, number>) => [...s.values()].every((v) => v === 0);

function kpi(c: BlockContext): Block {
  const metrics = ['visitors', 'conversations', 'leads', 'won_leads', 'won_value', 'offline_revenue'];
  const [now, before] = [periodTotals(c, metrics), periodTotals(c, metrics, previousPeriod(c.period))];
  const v = (s: Map<string, number>, m: string) => s.get(m) ?? 0;
  const figure = (m: string) => ({ value: v(now, m), previous: v(before, m), change: change(v(now, m), v(before, m)) });
  const revenue = (s: Map<string, number>) => v(s, 'won_value') + v(s, 'offline_revenue');
  const data_as_of = asOf(c.state, ['web', 'conversations', 'leads', 'offline_conversions']);
  return {
    availability: empty(now) && empty(before) ? 'no_data' : 'ok',
    ...(empty(now) && empty(before) ? { reason: 'No visits, conversations or leads in this period or the one before.' } : {}),
    data_as_of,
    visitors: figure('visitors'), conversations: figure('conversations'), leads: figure('leads'), won: figure('won_leads'),
    revenue: { value: c.money(revenue(now)), previous: c.money(revenue(before)), change: change(revenue(now), revenue(before)) },
  };
}

export const FUNNEL = ['visitors', 'conversations', 'leads', 'qualified_leads', 'won_leads'] as const;

function funnel(c: BlockContext): Block {
  const sums = periodTotals(c, FUNNEL);
  const counts = FUNNEL.map((s) => sums.get(s) ?? 0);
  const steps = FUNNEL.map((step, i) => ({
    step, count: counts[i]!, conversion_from_previous: i === 0 || counts[i - 1] === 0 ? null : round4(counts[i]! / counts[i - 1]!),
  }));
  const none = steps.every((s) => s.count === 0);
  return { availability: none ? 'no_data' : 'ok', ...(none ? { reason: 'Nothing in this period.' } : {}), data_as_of: asOf(c.state, ['web', 'conversations', 'leads']), steps };
}

/** Live counts of what needs someone now (not from rollups: they are states, not history). */
function attention(c: BlockContext): Block {
  const row = c.live;
  return {
    availability: 'ok', data_as_of: {}, as_of: c.now.toISOString(),
    handoffs_waiting: Number(row.handoffs),
    hot_leads_without_task: Number(row.hot),
    dead_deliveries_30d: Number(row.dead),
    failed_publications: Number(row.failed),
    wallet_low: ['low', 'negative', 'blocked'].includes(c.wallet.state),
  };
}

/** utm_medium values of paid traffic: the leads an ad spend is set against. */
export const PAID_MEDIUMS = ['cpc', 'ppc', 'cpm', 'paid', 'paid_social', 'paidsearch'];

function ads(c: BlockContext): Block {
  if (!c.live.ad_spend_sent) {
    return { availability: 'not_connected', reason: 'No ad_spend event was ever sent (POST /events): no ad platform is connected.', data_as_of: {} };
  }
  const spend = periodTotals(c, ['ad_spend', 'ad_clicks']);
  const leads = c.rollups.leadsBySource!;
  const conversions = leads.filter((r) => PAID_MEDIUMS.includes(r.dimension.split(' / ')[1] ?? '')).reduce((n, r) => n + r.value, 0);
  const cost = spend.get('ad_spend') ?? 0;
  return {
    availability: cost === 0 && conversions === 0 ? 'no_data' : 'ok',
    ...(cost === 0 && conversions === 0 ? { reason: 'No ad spend in this period.' } : {}),
    data_as_of: asOf(c.state, ['ads', 'leads']),
    spend: c.money(cost), clicks: spend.get('ad_clicks') ?? 0,
    conversions, cost_per_lead: conversions ? c.money(cost / conversions) : null,
  };
}

function aiAssistants(c: BlockContext): Block {
  const s = periodTotals(c, ['ai_replies', 'handoffs', 'conversations', 'ai_cost_rub']);
  // The median reply time is not additive over days: it is read from the period's operations (overview-reads.ts).
  const p50 = c.live.reply_p50_ms;
  const replies = s.get('ai_replies') ?? 0;
  const conversations = s.get('conversations') ?? 0;
  return {
    availability: replies === 0 && conversations === 0 ? 'no_data' : 'ok',
    ...(replies === 0 && conversations === 0 ? { reason: 'No conversations in this period.' } : {}),
    data_as_of: asOf(c.state, ['conversations']),
    replies, handoffs: s.get('handoffs') ?? 0,
    handoff_rate: conversations ? round4((s.get('handoffs') ?? 0) / conversations) : null,
    cost: c.moneyFromRub(s.get('ai_cost_rub') ?? 0),
    reply_time_p50_ms: p50 == null ? null : Math.round(Number(p50)),
  };
}

/** The 10 pages with most views in the period (and the chats started on them), summed by the database: a busy site has thousands of pages a day. */
function popularPages(c: BlockContext): Block {
  const rows = c.rollups.popularPages!;
  const top = rows.map((r) => ({ page: r.page, views: Number(r.views ?? 0), chats_started: Number(r.chats ?? 0) }));
  return { availability: top.length ? 'ok' : 'no_data', ...(top.length ? {} : { reason: 'No page views in this period.' }), data_as_of: asOf(c.state, ['web', 'conversations']), pages: top };
}

/** The event types each data_trust source is sent as (conversations and leads are the platform's own rows: nothing to drop). */
const SENT_AS: Record<string, string[]> = { web: ['page_view'], ads: ['ad_spend'], search: ['search_performance'], offline_conversions: ['offline_conversion'] };

/** Re-sent events dropped by POST /events and /offline-conversions, per day received (tenant zone) and type. */
function duplicatesDropped(c: BlockContext): { day: string; type: string; n: number }[] {
  return c.live.duplicates!.map((r) => ({ day: r.day, type: r.type, n: Number(r.duplicates) }));
}

function dataTrust(c: BlockContext): Block {
  const sources = ['web', 'conversations', 'leads', 'ads', 'search', 'offline_conversions'] as const;
  const metricOf: Record<(typeof sources)[number], string> = {
    web: 'page_views', conversations: 'conversations', leads: 'leads', ads: 'ad_spend', search: 'search_impressions', offline_conversions: 'offline_conversions',
  };
  const [rows, dropped] = [periodRows(c, Object.values(metricOf)), duplicatesDropped(c)];
  const days = Math.round((Date.parse(`${c.period.to}T00:00:00Z`) - Date.parse(`${c.period.from}T00:00:00Z`)) / 86_400_000) + 1;
  const list = sources.filter((s) => c.state.dataAsOf[s]).map((s) => {
    const withData = new Set(rows.filter((r) => r.metric === metricOf[s]).map((r) => r.day)).size;
    const types = SENT_AS[s];
    return {
      source: s, complete_through: c.state.dataAsOf[s]!, days_with_data: withData, days_without_data: days - withData,
      duplicates_dropped: types ? dropped.filter((d) => types.includes(d.type)).reduce((n, d) => n + d.n, 0) : null,
    };
  });
  const byDay = new Map<string, number>();
  for (const d of dropped) byDay.set(d.day, (byDay.get(d.day) ?? 0) + d.n);
  return {
    availability: list.length ? 'ok' : 'no_data',
    ...(list.length ? {} : { reason: 'No snapshot has seen data of this account yet.' }),
    data_as_of: asOf(c.state), sources: list,
    duplicates_dropped: [...byDay.values()].reduce((n, v) => n + v, 0),
    duplicates_by_day: [...byDay].map(([day, duplicates]) => ({ day, duplicates })),
  };
}

function status(c: BlockContext): Block {
  return { availability: 'ok', data_as_of: {}, wallet: { state: c.wallet.state, balance: c.wallet.balance }, ...siteModules(c) };
}

export const BLOCKS: Record<OverviewBlock, (c: BlockContext) => Block | Promise<Block>> = {
  strategist: strategistBlock,
  kpi,
  funnel,
  attention,
  ads,
  ai_assistants: aiAssistants,
  popular_pages: popularPages,
  clusters: clustersBlock,
  data_trust: dataTrust,
  sitemap_health: sitemapHealthBlock,
  status,
};

/** The blocks that read the day totals (ads only when connected). */
const DAY_TOTALS: readonly OverviewBlock[] = ['kpi', 'funnel', 'ads', 'ai_assistants', 'data_trust'];

/** The rollup reads the blocks asked for need (leads per source only when ads is connected). */
export function rollupPartsOf(names: readonly OverviewBlock[], live: OverviewRow): RollupPart[] {
  return [
    ...(names.some((n) => DAY_TOTALS.includes(n) && (n !== 'ads' || live.ad_spend_sent)) ? ['dayTotals' as const] : []),
    ...(names.includes('ads') && live.ad_spend_sent ? ['leadsBySource' as const] : []),
    ...(names.includes('popular_pages') ? ['popularPages' as const] : []),
  ];
}
