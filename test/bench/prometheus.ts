/**
 * Prometheus text exposition, read by benchmarks: a scrape of a process's /metrics, and the
 * difference of two scrapes of a histogram (its observations between them) with the quantiles
 * read off its buckets, as Prometheus's histogram_quantile does (the bucket's upper bound here:
 * no interpolation, so a figure is "at most").
 */

/** Series (name{labels}) to value. */
export type Scrape = Map<string, number>;

/** A process's series now; none when it does not answer (a process gone meanwhile). */
export async function scrape(url: string): Promise<Scrape> {
  return parseExposition(await fetch(url).then((r) => r.text(), () => ''));
}

export function parseExposition(text: string): Scrape {
  const series: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    const value = Number(line.slice(cut + 1));
    if (Number.isFinite(value) || line.endsWith('+Inf')) series.set(line.slice(0, cut), value);
  }
  return series;
}

export interface HistogramDelta {
  count: number;
  sum: number;
  /** Upper bound → observations at or below it, ascending. */
  buckets: [number, number][];
}

export const labelOf = (series: string, label: string) => new RegExp(`[{,]${label}="([^"]*)"`).exec(series)?.[1];

/**
 * The observations of histogram `name` between two scrapes, summed over every series whose
 * labels pass `where` (all when absent), e.g. one `operation` of persistence_latency.
 */
export function histogramDelta(before: Scrape, after: Scrape, name: string, where: (series: string) => boolean = () => true): HistogramDelta {
  const byBound = new Map<number, number>();
  let count = 0;
  let sum = 0;
  for (const [series, value] of after) {
    if (!series.startsWith(name) || !where(series)) continue;
    const delta = value - (before.get(series) ?? 0);
    const rest = series.slice(name.length);
    if (rest.startsWith('_bucket{')) {
      const le = labelOf(series, 'le')!;
      const bound = le === '+Inf' ? Infinity : Number(le);
      byBound.set(bound, (byBound.get(bound) ?? 0) + delta);
    } else if (rest.startsWith('_count')) count += delta;
    else if (rest.startsWith('_sum')) sum += delta;
  }
  return { count, sum, buckets: [...byBound].sort((a, b) => a[0] - b[0]) };
}

/** The upper bound of the bucket that holds quantile `q` (0-1); NaN without observations. */
export function quantile(h: HistogramDelta, q: number): number {
  if (!h.count) return NaN;
  const rank = q * h.count;
  for (const [bound, n] of h.buckets) if (n >= rank) return bound;
  return Infinity;
}

/** The values of one label across the series of `name` (e.g. every `operation`). */
export function labelValues(s: Scrape, name: string, label: string): string[] {
  const values = new Set<string>();
  for (const series of s.keys()) {
    if (!series.startsWith(`${name}_count`)) continue;
    const v = labelOf(series, label);
    if (v !== undefined) values.add(v);
  }
  return [...values];
}

/** Series filter: label `label` equals `value`. */
export const withLabel = (label: string, value: string) => (series: string) => labelOf(series, label) === value;

/** The sum of a counter or gauge over every series of `name` passing `where`. */
export function total(s: Scrape, name: string, where: (series: string) => boolean = () => true): number {
  let n = 0;
  for (const [series, value] of s) if ((series === name || series.startsWith(`${name}{`)) && where(series)) n += value;
  return n;
}
