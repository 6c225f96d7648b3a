import type { Em } from '../../db/orm.js';
import { previousPeriod, type Period } from '../analytics/period.js';
import { asOf, rollupRows, totals, type SnapshotState } from '../analytics/rollup-reads.js';
import { hasSent } from '../analytics/reports.js';

/**
 * The blocks of GET /dashboards/overview (issue 13), each computed from rows the platform
 * holds, with its availability: ok, no_data (the source exists, nothing in the period),
 * no_source (nothing was ever sent), not_connected (the module that feeds it is not there).
 */
export const OVERVIEW_BLOCKS = [
  'strategist', 'kpi', 'funnel', 'attention', 'ads', 'ai_assistants', 'popular_pages', 'clusters', 'data_trust', 'sitemap_health', 'status',
] as const;
export type OverviewBlock = (typeof OVERVIEW_BLOCKS)[number];

export type Availability = 'ok' | 'no_data' | 'no_source' | 'not_connected';

export interface Block {
  availability: Availability;
  reason?: string;
  data_as_of: Record<string, string>;
  [figure: string]: unknown;
}

export interface BlockContext {
  em: Em;
  tenantId: string;
  period: Period;
  state: SnapshotState;
  /** Money of a cell-currency amount, and of a rouble amount. */
  money(amount: number): { amount: string; currency: string };
  moneyFromRub(amountRub: number): { amount: string; currency: string };
  wallet: { state: string; balance: { amount: string; currency: string } | null };
  now: Date;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
/** (current - previous) / previous, null when previous is 0. */
const change = (current: number, previous: number) => (previous === 0 ? null : round4((current - previous) / previous));

async function periodTotals(c: BlockContext, metrics: string[], range: { from: string; to: string } = c.period) {
  return totals(await rollupRows(c.em, c.tenantId, metrics, range));
}

const empty = (s: Map<string, number>) => [...s.values()].every((v) => v === 0);

async function kpi(c: BlockContext): Promise<Block> {
  const metrics = ['visitors', 'conversations', 'leads', 'won_leads', 'won_value', 'offline_revenue'];
  const [now, before] = await Promise.all([periodTotals(c, metrics), periodTotals(c, metrics, previousPeriod(c.period))]);
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

/** Funnel steps of a period: counts and the conversion from the step before. */
export async function funnelSteps(em: Em, tenantId: string, range: { from: string; to: string }) {
  const sums = totals(await rollupRows(em, tenantId, [...FUNNEL], range));
  const counts = FUNNEL.map((s) => sums.get(s) ?? 0);
  return FUNNEL.map((step, i) => ({
    step, count: counts[i]!, conversion_from_previous: i === 0 || counts[i - 1] === 0 ? null : round4(counts[i]! / counts[i - 1]!),
  }));
}

async function funnel(c: BlockContext): Promise<Block> {
  const steps = await funnelSteps(c.em, c.tenantId, c.period);
  const none = steps.every((s) => s.count === 0);
  return { availability: none ? 'no_data' : 'ok', ...(none ? { reason: 'Nothing in this period.' } : {}), data_as_of: asOf(c.state, ['web', 'conversations', 'leads']), steps };
}

/** Live counts of what needs someone now (not from rollups: they are states, not history). */
async function attention(c: BlockContext): Promise<Block> {
  const [row] = await c.em.execute<{ handoffs: string; hot: string; dead: string }[]>(
    `select (select count(*) from conversations where tenant_id = ? and status = 'handoff_pending') as handoffs,
            (select count(*) from leads where tenant_id = ? and level = 'hot' and status not in ('won', 'lost') and not archived
               and next_action is null) as hot,
            (select count(*) from webhook_deliveries where tenant_id = ? and state = 'dead' and created_at >= ?::timestamptz - interval '30 days') as dead`,
    [c.tenantId, c.tenantId, c.tenantId, c.now.toISOString()],
  );
  return {
    availability: 'ok', data_as_of: {}, as_of: c.now.toISOString(),
    handoffs_waiting: Number(row!.handoffs),
    hot_leads_without_task: Number(row!.hot),
    dead_deliveries_30d: Number(row!.dead),
    failed_publications: null,
    failed_publications_reason: 'not_connected: article publication is not built yet',
    wallet_low: ['low', 'negative', 'blocked'].includes(c.wallet.state),
  };
}

const PAID_MEDIUMS = ['cpc', 'ppc', 'cpm', 'paid', 'paid_social', 'paidsearch'];

async function ads(c: BlockContext): Promise<Block> {
  if (!(await hasSent(c.em, c.tenantId, 'ad_spend'))) {
    return { availability: 'not_connected', reason: 'No ad_spend event was ever sent (POST /events): no ad platform is connected.', data_as_of: {} };
  }
  const spend = await periodTotals(c, ['ad_spend', 'ad_clicks']);
  const leads = await rollupRows(c.em, c.tenantId, ['leads'], c.period, { prefix: 'source:' });
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

async function aiAssistants(c: BlockContext): Promise<Block> {
  const s = await periodTotals(c, ['ai_replies', 'handoffs', 'conversations', 'ai_cost_rub']);
  // The median reply time is not additive over days: it is read from the period's operations.
  const [p50] = await c.em.execute<{ ms: string | null }[]>(
    `select percentile_cont(0.5) within group (order by extract(epoch from (completed_at - created_at)) * 1000) as ms
       from operations where tenant_id = ? and type = 'conversation.ai_reply' and status = 'succeeded'
        and completed_at >= (?::date::timestamp at time zone ?) and completed_at < ((?::date + 1)::timestamp at time zone ?)`,
    [c.tenantId, c.period.from, c.period.zone, c.period.to, c.period.zone],
  );
  const replies = s.get('ai_replies') ?? 0;
  const conversations = s.get('conversations') ?? 0;
  return {
    availability: replies === 0 && conversations === 0 ? 'no_data' : 'ok',
    ...(replies === 0 && conversations === 0 ? { reason: 'No conversations in this period.' } : {}),
    data_as_of: asOf(c.state, ['conversations']),
    replies, handoffs: s.get('handoffs') ?? 0,
    handoff_rate: conversations ? round4((s.get('handoffs') ?? 0) / conversations) : null,
    cost: c.moneyFromRub(s.get('ai_cost_rub') ?? 0),
    reply_time_p50_ms: p50?.ms == null ? null : Math.round(Number(p50.ms)),
  };
}

async function popularPages(c: BlockContext): Promise<Block> {
  const rows = await rollupRows(c.em, c.tenantId, ['page_views', 'conversations'], c.period, { prefix: 'page:' });
  const pages = new Map<string, { page: string; views: number; chats_started: number }>();
  for (const r of rows) {
    const page = r.dimension.slice('page:'.length);
    const p = pages.get(page) ?? { page, views: 0, chats_started: 0 };
    if (r.metric === 'page_views') p.views += r.value;
    else p.chats_started += r.value;
    pages.set(page, p);
  }
  const top = [...pages.values()].sort((a, b) => b.views - a.views || b.chats_started - a.chats_started || a.page.localeCompare(b.page)).slice(0, 10);
  return { availability: top.length ? 'ok' : 'no_data', ...(top.length ? {} : { reason: 'No page views in this period.' }), data_as_of: asOf(c.state, ['web', 'conversations']), pages: top };
}

async function dataTrust(c: BlockContext): Promise<Block> {
  const sources = ['web', 'conversations', 'leads', 'ads', 'search', 'offline_conversions'] as const;
  const metricOf: Record<(typeof sources)[number], string> = {
    web: 'page_views', conversations: 'conversations', leads: 'leads', ads: 'ad_spend', search: 'search_impressions', offline_conversions: 'offline_conversions',
  };
  const rows = await rollupRows(c.em, c.tenantId, Object.values(metricOf), c.period);
  const days = Math.round((Date.parse(`${c.period.to}T00:00:00Z`) - Date.parse(`${c.period.from}T00:00:00Z`)) / 86_400_000) + 1;
  const list = sources.filter((s) => c.state.dataAsOf[s]).map((s) => ({
    source: s,
    complete_through: c.state.dataAsOf[s]!,
    days_with_data: new Set(rows.filter((r) => r.metric === metricOf[s]).map((r) => r.day)).size,
    days_without_data: days - new Set(rows.filter((r) => r.metric === metricOf[s]).map((r) => r.day)).size,
    duplicates_dropped: null,
  }));
  return {
    availability: list.length ? 'ok' : 'no_data',
    ...(list.length ? {} : { reason: 'No snapshot has seen data of this account yet.' }),
    data_as_of: c.state.dataAsOf, sources: list,
    duplicates_reason: 'Duplicates are answered to the sender (POST /events `duplicates`), not kept per day yet.',
  };
}

function status(c: BlockContext): Block {
  return {
    availability: 'ok', data_as_of: {},
    wallet: { state: c.wallet.state, balance: c.wallet.balance },
    site_module: 'not_connected',
  };
}

const notYet = (availability: Availability, reason: string) => (): Block => ({ availability, reason, data_as_of: {} });

export const BLOCKS: Record<OverviewBlock, (c: BlockContext) => Block | Promise<Block>> = {
  strategist: notYet('no_data', 'The strategist has produced no report for this account yet.'),
  kpi,
  funnel,
  attention,
  ads,
  ai_assistants: aiAssistants,
  popular_pages: popularPages,
  clusters: notYet('no_data', 'No article keyword clusters exist yet: topics arrive with the strategist.'),
  data_trust: dataTrust,
  sitemap_health: notYet('not_connected', 'No site is bound to this account (the site module arrives with article publication).'),
  status,
};
