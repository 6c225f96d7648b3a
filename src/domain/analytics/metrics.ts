/**
 * The metrics of GET /analytics/timeseries and where each comes from (decisions: "Analytics:
 * metric definitions"): the rollup metrics summed, the filters each can take, and the
 * sources whose data_as_of it carries.
 */
export const TIMESERIES_METRICS = [
  'visitors', 'page_views', 'conversations', 'ai_replies', 'handoffs', 'leads', 'qualified_leads', 'won_leads', 'revenue', 'ai_cost', 'conversion_rate',
] as const;
export type TimeseriesMetric = (typeof TIMESERIES_METRICS)[number];

export type Filter = 'channel' | 'source';

export interface MetricDefinition {
  /** Rollup metrics added together. */
  rollups: string[];
  /** count, money (cell currency; ai_cost kept in roubles and converted), or a ratio of two counts. */
  unit: 'count' | 'money' | 'ratio';
  /** The filters this metric can take; another is 422 not_supported. */
  filters: Filter[];
  sources: string[];
}

export const METRICS: Record<TimeseriesMetric, MetricDefinition> = {
  visitors: { rollups: ['visitors'], unit: 'count', filters: ['source'], sources: ['web'] },
  page_views: { rollups: ['page_views'], unit: 'count', filters: ['source'], sources: ['web'] },
  conversations: { rollups: ['conversations'], unit: 'count', filters: ['channel'], sources: ['conversations'] },
  ai_replies: { rollups: ['ai_replies'], unit: 'count', filters: [], sources: ['conversations'] },
  handoffs: { rollups: ['handoffs'], unit: 'count', filters: [], sources: ['conversations'] },
  leads: { rollups: ['leads'], unit: 'count', filters: ['channel', 'source'], sources: ['leads'] },
  qualified_leads: { rollups: ['qualified_leads'], unit: 'count', filters: [], sources: ['leads'] },
  won_leads: { rollups: ['won_leads'], unit: 'count', filters: ['source'], sources: ['leads'] },
  revenue: { rollups: ['won_value', 'offline_revenue'], unit: 'money', filters: ['source'], sources: ['leads', 'offline_conversions'] },
  ai_cost: { rollups: ['ai_cost_rub'], unit: 'money', filters: [], sources: ['conversations'] },
  conversion_rate: { rollups: ['leads', 'visitors'], unit: 'ratio', filters: ['source'], sources: ['web', 'leads'] },
};

/** The rollup dimension a filter selects. */
export const filterDimension = (filter: Filter, value: string) => `${filter}:${value.toLowerCase()}`;
