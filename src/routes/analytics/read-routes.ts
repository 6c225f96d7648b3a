import { defineRoute } from '../../http/route.js';
import { invalidField } from '../../errors/domain-error.js';
import { toCellMoney } from '../../domain/wallet/fx.js';
import { money } from '../../domain/wallet/money.js';
import { CELL_CURRENCY } from '../../domain/wallet/money.js';
import type { AskedPeriod, Interval } from '../../domain/analytics/period.js';
import { METRICS, filterDimension, type Filter, type TimeseriesMetric } from '../../domain/analytics/metrics.js';
import { timeseries, TIMESERIES_STATEMENT, type TimeseriesRow } from '../../domain/analytics/timeseries.js';
import { readPeriodOf, readPeriodWith } from '../../domain/analytics/period-read.js';
import { asOf, rollupRows, totals } from '../../domain/analytics/rollup-reads.js';
import { ANALYTICS_MIGRATION } from './ingest-routes.js';
import { FUNNEL_STEPS, FunnelQuery, FunnelSchema, TimeseriesQuery, TimeseriesSchema } from './read-schemas.js';

const reading = { family: 'analytics', migration: ANALYTICS_MIGRATION, scope: 'analytics:read', rateClass: 'read' } as const;

interface TimeseriesParams extends AskedPeriod {
  metric: TimeseriesMetric;
  interval: Interval;
  channel?: string;
  source?: string;
}

export const timeseriesRoute = defineRoute<TimeseriesParams>({
  ...reading, release: 'available', method: 'GET', path: '/analytics/timeseries',
  summary: 'One metric over time, per day, week or month',
  description: 'Served from the daily rollups (built nightly; events of today and the 7 days before it added as they are stored; data_as_of says up to '
    + 'which day each source is complete, and partial_day that the period ends today). Every interval of the '
    + 'period has a point, 0 when nothing happened. Metric definitions: docs/decisions.md "Analytics: metric definitions". A filter the metric '
    + 'cannot take is 422 not_supported at the filter.',
  query: TimeseriesQuery,
  responses: { 200: { description: 'Timeseries', schema: TimeseriesSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const definition = METRICS[query.metric];
    const filters = (['channel', 'source'] as Filter[]).filter((f) => query[f] !== undefined);
    for (const f of filters) {
      if (!definition.filters.includes(f)) throw invalidField(`/${f}`, 'not_supported', `${query.metric} cannot be filtered by ${f}`);
    }
    if (filters.length > 1) throw invalidField('/source', 'not_supported', 'send one of channel or source');
    const dimension = filters[0] ? filterDimension(filters[0], query[filters[0]]!) : '';
    const currency = CELL_CURRENCY[services.config.cell];
    // The zone, the snapshot state, the rollup rows and the rate in one statement.
    const { zone, period, state, row } = await readPeriodWith<TimeseriesRow>(services, em, auth.tenant.id, query, services.clock.now(), TIMESERIES_STATEMENT,
      (p) => [JSON.stringify(definition.rollups), p.from, p.to, dimension, currency]);
    const series = timeseries(row.rows, query.metric, period, query.interval);
    const toMoney = definition.unit !== 'money' ? null
      : query.metric === 'ai_cost' ? toCellMoney(currency, row.per_rub) : (v: number) => money(v, currency);
    const shown = (v: number | null) => (toMoney && v !== null ? toMoney(v) : v);
    return {
      status: 200,
      body: {
        data: {
          metric: query.metric, interval: query.interval, from: period.from, to: period.to, time_zone: zone, unit: definition.unit,
          points: series.points.map((p) => ({ date: p.date, value: shown(p.value) })),
          total: shown(series.total),
          data_as_of: asOf(state, definition.sources),
        },
      },
    };
  },
});

export const funnelRoute = defineRoute<AskedPeriod>({
  ...reading, release: 'available', method: 'GET', path: '/analytics/funnel',
  summary: 'Visits -> chats -> leads -> qualified -> won over a period, with step conversion rates',
  description: 'Each step counts what happened in the period (visitors summed per day, conversations opened, leads opened, leads qualified, '
    + 'leads won), from the daily rollups; not a cohort followed through. Date rules as GET /analytics/timeseries.',
  query: FunnelQuery,
  responses: { 200: { description: 'Funnel', schema: FunnelSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const { zone, period, state } = await readPeriodOf(services, em, auth.tenant.id, query, services.clock.now());
    const sums = totals(await rollupRows(em, auth.tenant.id, [...FUNNEL_STEPS], period));
    const counts = FUNNEL_STEPS.map((step) => sums.get(step) ?? 0);
    return {
      status: 200,
      body: {
        data: {
          from: period.from, to: period.to, time_zone: zone,
          steps: FUNNEL_STEPS.map((step, i) => ({
            step, count: counts[i]!, conversion_from_previous: i === 0 || counts[i - 1] === 0 ? null : Math.round((counts[i]! / counts[i - 1]!) * 10_000) / 10_000,
          })),
          data_as_of: asOf(state, ['web', 'conversations', 'leads']),
        },
      },
    };
  },
});
