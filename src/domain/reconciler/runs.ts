import type { Em } from '../../db/em.js';
import { newId } from '../../ids.js';
import { STRANDED_KINDS, type StrandedCounts, type StrandedKind } from '../../../workflows/reconciler-contract.js';

/**
 * The reconciler's own record (reconciler_runs, reconciler_findings): one row per run, what it
 * found, and where the slow pass stopped, so the next run goes on from there and the status map
 * counts what was found.
 */

/** Visibility answers a moment after a close: the closed pass of a run looks this far before the last run began. */
export const CLOSED_MARGIN_MS = 5 * 60_000;

/** The first run of all looks at workflows closed in the last day. */
const FIRST_WINDOW_MS = 24 * 3_600_000;

/** Runs are kept this long (the status map counts the last 24 hours). */
const RUNS_KEPT_DAYS = 30;

/** Where the slow pass stopped in a kind's table: the last row looked at. */
export interface RowCursor { at: string; id: string }
export type Cursors = Partial<Record<StrandedKind, RowCursor>>;

/**
 * Begins a run: its closed pass looks at workflows closed since the last finished run began
 * (less the margin). Runs older than RUNS_KEPT_DAYS are removed.
 */
export async function beginRun(em: Em, now: Date): Promise<{ runId: string; closedSince: Date }> {
  const [last] = await em.execute<{ started_at: Date }[]>(`select started_at from reconciler_runs where finished_at is not null order by started_at desc limit 1`);
  const closedSince = last ? new Date(new Date(last.started_at).getTime() - CLOSED_MARGIN_MS) : new Date(now.getTime() - FIRST_WINDOW_MS);
  const runId = newId();
  await em.execute(`insert into reconciler_runs (id, started_at, closed_since) values (?, ?, ?)`, [runId, now.toISOString(), closedSince.toISOString()], 'run');
  await em.execute(`delete from reconciler_runs where started_at < ?`, [new Date(now.getTime() - RUNS_KEPT_DAYS * 86_400_000).toISOString()], 'run');
  return { runId, closedSince };
}

/** Adds what a step found to its run. */
export async function recordFindings(em: Em, runId: string, counts: StrandedCounts): Promise<void> {
  for (const [kind, outcomes] of Object.entries(counts)) {
    for (const [outcome, rows] of Object.entries(outcomes ?? {})) {
      if (!rows) continue;
      await em.execute(
        `insert into reconciler_findings (run_id, kind, outcome, rows) values (?, ?, ?, ?)
         on conflict (run_id, kind, outcome) do update set rows = reconciler_findings.rows + excluded.rows`,
        [runId, kind, outcome, rows], 'run',
      );
    }
  }
}

/** The slow pass's cursors as the last finished run left them. */
export async function lastCursors(em: Em): Promise<Cursors> {
  const [last] = await em.execute<{ cursors: Cursors }[]>(`select cursors from reconciler_runs where finished_at is not null order by started_at desc limit 1`);
  return last?.cursors ?? {};
}

export async function finishRun(em: Em, runId: string, cursors: Cursors, now: Date): Promise<void> {
  await em.execute(`update reconciler_runs set finished_at = ?, cursors = ?::jsonb where id = ?`, [now.toISOString(), JSON.stringify(cursors), runId], 'run');
}

/** What the status map shows: when the last run finished, and the rows found per kind in the 24 hours before `now`. */
export interface ReconcilerReport {
  lastRunAt: string | null;
  found24h: Record<StrandedKind, number>;
}

export async function reconcilerReport(em: Em, now: Date): Promise<ReconcilerReport> {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const [row] = await em.execute<{ last: Date | null; found: { kind: StrandedKind; rows: number }[] | null }[]>(
    `select (select max(finished_at) from reconciler_runs) as last,
            (select json_agg(f) from (select f.kind, sum(f.rows)::int as rows from reconciler_findings f join reconciler_runs r on r.id = f.run_id
              where r.started_at > ?::timestamptz group by f.kind) f) as found`,
    [since],
  );
  const found24h = Object.fromEntries(STRANDED_KINDS.map((k) => [k, row?.found?.find((f) => f.kind === k)?.rows ?? 0])) as Record<StrandedKind, number>;
  return { lastRunAt: row?.last ? new Date(row.last).toISOString() : null, found24h };
}
