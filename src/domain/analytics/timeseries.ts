import type { Em } from '../../db/em.js';
import { METRICS, type TimeseriesMetric } from './metrics.js';
import { bucketOf, bucketsOf, type Interval, type Period } from './period.js';
import { rollupRows } from './rollup-reads.js';

export interface Series {
  points: { date: string; value: number | null }[];
  total: number | null;
}

const ratio = (num: number, den: number) => (den === 0 ? null : Math.round((num / den) * 10_000) / 10_000);

/**
 * A metric per interval from the daily rollups, zero-filled. conversion_rate is leads over
 * visitors of the same interval (null when there were no visitors).
 */
export async function timeseries(em: Em, tenantId: string, metric: TimeseriesMetric, period: Period, interval: Interval, dimension: string): Promise<Series> {
  const { rollups, unit } = METRICS[metric];
  const rows = await rollupRows(em, tenantId, rollups, period, dimension);
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
