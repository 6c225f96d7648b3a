import type { Em } from '../../db/em.js';

/** Reads of the daily rollups (never of the raw events): what every analytics figure is computed from. */

export interface RollupRow {
  day: string;
  metric: string;
  dimension: string;
  value: number;
}

/** The statement of rollupRows (rows as they are stored, value a numeric) and its parameters. */
export function rollupRowsQuery(tenantId: string, metrics: string[], range: { from: string; to: string }, dimension: string | { prefix: string } = ''): { sql: string; params: unknown[] } {
  const byPrefix = typeof dimension !== 'string';
  return {
    sql: `select to_char(day, 'YYYY-MM-DD') as day, metric, dimension, value from analytics_daily
      where tenant_id = ? and metric in (select jsonb_array_elements_text(?::jsonb)) and day between ?::date and ?::date
        and ${byPrefix ? 'starts_with(dimension, ?)' : 'dimension = ?'}`,
    params: [tenantId, JSON.stringify(metrics), range.from, range.to, byPrefix ? dimension.prefix : dimension],
  };
}

/** Rows of these metrics in [from, to], total rows (dimension '') or those of a dimension kind or value. */
export async function rollupRows(em: Em, tenantId: string, metrics: string[], range: { from: string; to: string }, dimension: string | { prefix: string } = ''): Promise<RollupRow[]> {
  const { sql, params } = rollupRowsQuery(tenantId, metrics, range, dimension);
  const rows = await em.execute<{ day: string; metric: string; dimension: string; value: string }[]>(sql, params);
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}

/** Sum of each metric over the rows. */
export function totals(rows: RollupRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.metric, (out.get(r.metric) ?? 0) + r.value);
  return out;
}

export interface SnapshotState {
  /** Per source, the day up to which its data is complete; a source without data is omitted. */
  dataAsOf: Record<string, string>;
  /** null: no snapshot has run for the tenant yet. */
  completeThrough: string | null;
  /** Today, when the read's period ends today: its figures are partial (data_as_of.partial_day). */
  partialDay: string | null;
  /** Bumped by every rebuild of the tenant's rollups, in its transaction (null: never built): what a cache of rollup reads is keyed by. */
  rollupVersion: string | null;
  /** Bumped by ingestion when it changed today's (or a later day's) rollups: with rollupVersion, what a read ending today is cached by. */
  liveVersion: string;
}

export async function snapshotState(em: Em, tenantId: string): Promise<SnapshotState> {
  const [row] = await em.execute<{ sources: Record<string, string> | null; complete_through: string | null; version: string | null; live_version: string | null }[]>(
    `select s.sources, to_char(s.complete_through, 'YYYY-MM-DD') as complete_through, v.version::text as version, v.live_version::text as live_version
       from (select ?::uuid as tenant_id) t left join analytics_snapshots s using (tenant_id) left join analytics_rollup_versions v using (tenant_id)`,
    [tenantId]);
  return { dataAsOf: row?.sources ?? {}, completeThrough: row?.complete_through ?? null, partialDay: null, rollupVersion: row?.version ?? null, liveVersion: row?.live_version ?? '0' };
}

/** The data_as_of of these sources only (every source when none are named), and partial_day when the period ends today. */
export function asOf(state: SnapshotState, sources?: readonly string[]): Record<string, string> {
  const complete = Object.entries(state.dataAsOf).filter(([s]) => !sources || sources.includes(s));
  return Object.fromEntries([...complete, ...(state.partialDay ? [['partial_day', state.partialDay]] : [])]);
}
