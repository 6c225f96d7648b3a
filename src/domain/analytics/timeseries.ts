import { METRICS, type TimeseriesMetric } from './metrics.js';
import { periodStatement } from './period-read.js';
import { bucketOf, bucketsOf, type Interval, type Period } from './period.js';
import type { RollupRow } from './rollup-reads.js';

export interface Series {
  points: { date: string; value: number | null }[];
  total: number | null;
}

const ratio = (num: number, den: number) => (den === 0 ? null : Math.round((num / den) * 10_000) / 10_000);

/**
 * What a timeseries is read from, beside the tenant's zone and snapshot state, in one statement
 * (period-read.ts): the rollup rows of the metrics ($2, a jsonb array) in the period ($3, $4) of
 * one dimension ($5: '' for the totals), as rollupRows reads them; the cell currency's rate ($6).
 */
export const TIMESERIES_STATEMENT = periodStatement('analytics-timeseries', `
  (select coalesce(json_agg(r), '[]') from (
    select to_char(day, 'YYYY-MM-DD') as day, metric, dimension, value from analytics_daily
     where tenant_id = $1::uuid and metric in (select jsonb_array_elements_text($2::jsonb)) and day between $3::date and $4::date and dimension = $5::text) r) as rows,
  (select per_rub::text from fx_rates where currency = $6::text) as per_rub`);

export interface TimeseriesRow { rows: { day: string; metric: string; dimension: string; value: number | string }[]; per_rub: string | null }

/**
 * A metric per interval from the daily rollup rows of its metrics, zero-filled. conversion_rate
 * is leads over visitors of the same interval (null when there were no visitors).
 */
export function timeseries(read: TimeseriesRow['rows'], metric: TimeseriesMetric, period: Period, interval: Interval): Series {
  const { rollups, unit } = METRICS[metric];
  const rows: RollupRow[] = read.map((r) => ({ ...r, value: Number(r.value) }));
  const buckets = bucketsOf(period, interval);
  const sums = new Map(buckets.map((b) => [b, new Map<string, number>()]));
  for (const r of rows) {
    const bucket = sums.get(bucketOf(r.day, interval, period.from))!;
    bucket.set(r.metric, (bucket.get(r.metric) ?? 0) + r.value);
  }
  const valueOf = (m: Map<string, number>) => (unit === 'ratio'
    ? ratio(m.get(rollups[0]!) ?? 0, m.get(rollups[1]!) ?? 0)
    : rollups.reduce((sum, name) => sum + (m.get(name) ?? 0), 0));
  const all = new Map<string, number>();
  for (const m of sums.values()) for (const [k, v] of m) all.set(k, (all.get(k) ?? 0) + v);
  return { points: buckets.map((b) => ({ date: b, value: valueOf(sums.get(b)!) })), total: valueOf(all) };
}
