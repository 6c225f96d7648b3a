/**
 * What the api, the Schedule and the reconciler workflow share (definitions only, no I/O):
 * the workflow's type, its input, and the kinds and outcomes it counts.
 */
export const RECONCILER_WORKFLOW_TYPE = 'reconcilerSweep';

/** The kinds of row whose workflow the reconciler checks (lead scoring has no row that says a run is owed). */
export const STRANDED_KINDS = ['delivery', 'operation', 'publication'] as const;
export type StrandedKind = (typeof STRANDED_KINDS)[number];

/** What the reconciler did with a stranded row: its workflow started again, or the row ended visibly (dead, failed). */
export const RECONCILE_OUTCOMES = ['restarted', 'ended'] as const;
export type ReconcileOutcome = (typeof RECONCILE_OUTCOMES)[number];

/** Counts of one run: kind -> outcome -> rows. */
export type StrandedCounts = Partial<Record<StrandedKind, Partial<Record<ReconcileOutcome, number>>>>;

export interface ReconcileInput {
  /** Rows (or closed workflows) looked at per step, in each pass. */
  pageSize: number;
}

/** Where the closed pass of a run stands: carried into the next run of the same sweep when it continues as new. */
export interface ClosedPassState {
  /** The reconciler_runs row of this sweep. */
  runId: string;
  /** Workflows closed after this instant (ISO) are looked at. */
  closedSince: string;
  /** The visibility listing's page token (base64); null at the start. */
  pageToken: string | null;
}
