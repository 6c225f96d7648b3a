import type { AskedPeriod } from '../../domain/analytics/period.js';
import { defineRoute } from '../../http/route.js';
import { offsetPage } from '../../http/offset-page.js';
import { CELL_CURRENCY, money } from '../../domain/wallet/money.js';
import { readPeriodOf } from '../../domain/analytics/period-read.js';
import { asOf } from '../../domain/analytics/rollup-reads.js';
import { hasSent, trafficSources, visibility, type SourceSort } from '../../domain/analytics/reports.js';
import { ANALYTICS_MIGRATION } from './ingest-routes.js';
import { TrafficSourcesQuery, TrafficSourcesSchema, VisibilityQuery, VisibilitySchema } from './read-schemas.js';

const reading = { family: 'analytics', migration: ANALYTICS_MIGRATION, scope: 'analytics:read', rateClass: 'read' } as const;

interface PagedPeriod extends AskedPeriod { limit: number; cursor?: string }

/** Why conversations per source stay null (decisions: "Analytics: conversations per traffic source"). */
const CONVERSATIONS_BY_SOURCE = 'not_connected: a conversation records the page it started on, not its visitor: the beacon\'s visitor is a daily '
  + 'hash kept on page views only, and the chat stores neither that hash nor the referrer, so a chat cannot be joined to the visit that brought it.';

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.round((a - b) * 10_000) / 10_000);

export const trafficSourcesRoute = defineRoute<PagedPeriod & { sort: SourceSort }>({
  ...reading, release: 'available', method: 'GET', path: '/analytics/traffic-sources',
  summary: 'Visitors, page views, leads, won and revenue per traffic source (source / medium)',
  description: 'From the daily rollups, sorted by `sort` descending, paged. Date rules as GET /analytics/timeseries.',
  query: TrafficSourcesQuery,
  responses: { 200: { description: 'TrafficSourcePage', schema: TrafficSourcesSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const { zone, period, state } = await readPeriodOf(services, em, auth.tenant.id, query, services.clock.now());
    const rows = await trafficSources(em, auth.tenant.id, period, query.sort);
    const currency = CELL_CURRENCY[services.config.cell];
    const page = offsetPage(services, auth.integration.id, 'GET /analytics/traffic-sources', { from: period.from, to: period.to, sort: query.sort }, query, rows);
    return {
      status: 200,
      body: {
        data: page.data.map((r) => ({
          source: r.source, medium: r.medium, visitors: r.visitors, page_views: r.page_views, conversations: null, leads: r.leads, won: r.won, revenue: money(r.revenue, currency),
        })),
        next_cursor: page.next_cursor,
        conversations_reason: CONVERSATIONS_BY_SOURCE,
        period: { from: period.from, to: period.to, time_zone: zone },
        data_as_of: asOf(state, ['web', 'leads']),
      },
    };
  },
});

export const visibilityRoute = defineRoute<PagedPeriod>({
  ...reading, release: 'available', method: 'GET', path: '/analytics/visibility',
  summary: 'Search visibility per keyword and page, with the change against the previous period',
  description: 'From the search_performance events you send (POST /events): impressions, clicks, CTR and impression-weighted average '
    + 'position, and the same for the period of the same length just before. availability no_source when none was ever sent.',
  query: VisibilityQuery,
  responses: { 200: { description: 'VisibilityPage', schema: VisibilitySchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const { zone, period, state } = await readPeriodOf(services, em, auth.tenant.id, query, services.clock.now());
    const rows = await visibility(em, auth.tenant.id, period);
    const page = offsetPage(services, auth.integration.id, 'GET /analytics/visibility', { from: period.from, to: period.to }, query, rows);
    const sent = rows.length > 0 || await hasSent(em, auth.tenant.id, 'search_performance');
    return {
      status: 200,
      body: {
        data: page.data.map((r) => ({
          ...r,
          change: {
            impressions: r.current.impressions - r.previous.impressions, clicks: r.current.clicks - r.previous.clicks,
            ctr: diff(r.current.ctr, r.previous.ctr), position: diff(r.current.position, r.previous.position),
          },
        })),
        next_cursor: page.next_cursor,
        availability: rows.length ? 'ok' : sent ? 'no_data' : 'no_source',
        ...(rows.length ? {} : { reason: sent ? 'No search_performance figures fall in this period (or they are not in a snapshot yet).' : 'No search_performance event was ever sent (POST /events).' }),
        period: { from: period.from, to: period.to, time_zone: zone },
        data_as_of: asOf(state, ['search']),
      },
    };
  },
});
