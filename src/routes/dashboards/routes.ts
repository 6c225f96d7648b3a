import type { AskedPeriod } from '../../domain/analytics/period.js';
import { defineRoute } from '../../http/route.js';
import { invalidField } from '../../errors/domain-error.js';
import { toCellMoney } from '../../domain/wallet/fx.js';
import { linkPulseTopics } from '../../domain/dashboards/pulse-topics.js';
import { CELL_CURRENCY, money } from '../../domain/wallet/money.js';
import { asOf } from '../../domain/analytics/rollup-reads.js';
import { rollupCache } from '../../domain/analytics/rollup-cache.js';
import { pulse, PULSE_SOURCES } from '../../domain/dashboards/pulse.js';
import { BLOCKS, OVERVIEW_BLOCKS, rollupPartsOf, type OverviewBlock } from '../../domain/dashboards/blocks.js';
import { OVERVIEW_STATEMENT, overviewValues, type OverviewRow } from '../../domain/dashboards/overview-reads.js';
import { readOverviewRollups } from '../../domain/dashboards/overview-rollups.js';
import { readPeriodOf, readPeriodWith } from '../../domain/analytics/period-read.js';
import type { Block } from '../../domain/dashboards/block.js';
import { ANALYTICS_MIGRATION } from '../analytics/ingest-routes.js';
import { OverviewQuery, OverviewSchema, PulseQuery, PulseSchema } from './schemas.js';

const reading = { family: 'dashboards', migration: ANALYTICS_MIGRATION, scope: 'dashboards:read', rateClass: 'read' } as const;

/** The blocks asked for, in screen order; an unknown name is 422 at /blocks. */
function blocksOf(text: string | undefined): OverviewBlock[] {
  if (text === undefined) return [...OVERVIEW_BLOCKS];
  const names = text.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(OVERVIEW_BLOCKS as readonly string[]).includes(n));
  if (unknown.length || !names.length) throw invalidField('/blocks', 'not_supported', `unknown block(s) ${unknown.map((n) => `"${n}"`).join(', ')}; known: ${OVERVIEW_BLOCKS.join(', ')}`);
  return OVERVIEW_BLOCKS.filter((b) => names.includes(b));
}

export const overviewRoute = defineRoute<AskedPeriod & { blocks?: string }>({
  ...reading, release: 'available', method: 'GET', path: '/dashboards/overview',
  summary: 'The overview dashboard: the blocks asked for, in screen order',
  description: 'Every block has availability, an optional reason and data_as_of, and its figures: strategist (live) {report: {id, '
    + 'report_date, report_type, summary_text, created_at, top_actions: [{title, priority}] (its first 3), actions_total} of the latest '
    + 'report by report_date, topics_proposed (topics waiting for a decision)}, no_data without a report; kpi {visitors, conversations, leads, won, '
    + 'revenue: {value, previous, change}} against the period just before; funnel {steps}; attention (live) {handoffs_waiting, '
    + 'hot_leads_without_task (hot open leads with no open task), dead_deliveries_30d, failed_publications (articles whose latest publication failed or met a conflict), wallet_low}; ads {spend, clicks, conversions (leads from a paid '
    + 'medium), cost_per_lead} or not_connected when no ad_spend was ever sent; ai_assistants {replies, handoffs, handoff_rate, cost, '
    + 'reply_time_p50_ms}; popular_pages {pages: [{page, views, chats_started}]}; data_trust {sources: [{source, complete_through, '
    + 'days_with_data, days_without_data, duplicates_dropped (re-sent events dropped in the period, by the day they were received; null for '
    + 'conversations and leads, which are not sent)}], duplicates_dropped, duplicates_by_day: [{day, duplicates}]}; status (live) {wallet (its balance in RUB '
    + 'on every cell, as GET /wallet), site_module (not_connected without a bound site, working when a site module sent a heartbeat within 2 hours, '
    + 'else silent), sites: [{id, url, state, last_heartbeat_at, last_job: {state, at} or null}]}; clusters (live) {clusters_total, clusters: '
    + '[{id (the topics\' cluster_id), title (its first topic\'s), topics, proposed, approved, generated}] (the 10 largest; rejected topics and '
    + 'duplicates aside)}, no_data without topics; sitemap_health (live, read at most every 10 minutes, 2 after an error; the '
    + 'overview waits at most 2 seconds for a read) {state (the worst of its sites\': error, warning, checking, ok; not_connected without a '
    + 'bound site), sites: [SitemapHealthSite]}, availability ok when a site\'s sitemap was read, no_data while none was. Period figures come from the daily rollups, live ones from the rows as they are. A source that fails answers 503 '
    + 'for the whole request, never an empty block. Date rules as GET /analytics/timeseries.',
  query: OverviewQuery,
  responses: { 200: { description: 'Overview', schema: OverviewSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services, wallet }) => {
    const names = blocksOf(query.blocks);
    const { cell } = services.config;
    const now = services.clock.now();
    const currency = CELL_CURRENCY[cell];
    // One statement for the zone, the snapshot state and every live part; one round trip to the rollup cache (and one statement for what it lacks).
    const { zone, period, state, row: live } = await readPeriodWith<OverviewRow>(
      services, em, auth.tenant.id, query, now, OVERVIEW_STATEMENT, (p) => overviewValues(p, now, currency, names));
    const rollups = await readOverviewRollups(em, rollupCache(services.redis, auth.tenant.id, state.rollupVersion), auth.tenant.id, period, rollupPartsOf(names, live));
    const fromRub = toCellMoney(currency, live.per_rub);
    const context = {
      tenantId: auth.tenant.id, period, state, now, live, rollups,
      money: (amount: number) => money(amount, currency), moneyFromRub: (amountRub: number) => fromRub(amountRub),
      // The wallet is kept in roubles on every cell (spec 01): shown as /me and /wallet show it.
      wallet: { state: wallet.state, balance: wallet.balance },
      sitemaps: { redis: services.redis, orm: services.orm, settings: services.config.webhooks, now: () => services.clock.now() },
    };
    // Answered in screen order (sitemap_health alone may wait: for its sites' sitemaps).
    const answers = await Promise.all(names.map((name) => BLOCKS[name](context)));
    const blocks: Partial<Record<OverviewBlock, Block>> = Object.fromEntries(names.map((name, i) => [name, answers[i]]));
    return { status: 200, body: { data: { from: period.from, to: period.to, time_zone: zone, blocks } } };
  },
});


export const pulseRoute = defineRoute<AskedPeriod>({
  ...reading, release: 'available', method: 'GET', path: '/dashboards/pulse',
  summary: 'Rising keywords of the period: site searches, search impressions and customer questions against the period just before',
  description: 'Each keyword seen in site_search events, search_performance impressions or customer questions in chats (a customer '
    + 'message ending with a question mark or starting with a question word, English or Russian) in the period [from, to] or in '
    + 'previous_period, the same number of days just before it (the overview\'s kpi compares the same way): new (none in the previous '
    + 'period), active (steady or growing) or fading. Sorted by score, at most 50 (truncated says when cut). Questions count once the '
    + 'snapshot has rolled their day up. data_as_of names the sources the alerts are read from: web (the site\'s events, site searches '
    + 'among them; named once page views were sent), search (impressions) and conversations (questions); a source without data is omitted. Date rules as GET /analytics/timeseries (30 days ending at `to` by default).',
  query: PulseQuery,
  responses: { 200: { description: 'Pulse', schema: PulseSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const { zone, period, state } = await readPeriodOf(services, em, auth.tenant.id, query, services.clock.now());
    const found = await pulse(em, auth.tenant.id, period);
    const alerts = await linkPulseTopics(em, auth.tenant.id, found.alerts, services.clock.now());
    return {
      status: 200,
      body: {
        data: {
          period: { from: period.from, to: period.to, time_zone: zone }, previous_period: found.previous,
          new_7d: found.new7d, truncated: found.truncated, alerts, data_as_of: asOf(state, PULSE_SOURCES),
        },
      },
    };
  },
});

/** Spec 02 "Dashboards". */
export const dashboardRoutes = [overviewRoute, pulseRoute];
