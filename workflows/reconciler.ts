import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { ClosedPassState, ReconcileInput } from './reconciler-contract.js';

/** Each step is one page: idempotent (it looks again before it acts), so a retry does no harm. */
const steps = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/** Pages of closed workflows one run looks at before it continues as new (about 6 history events a page). */
const PAGES_PER_RUN = 200;

/**
 * The reconciler (docs/operating.md, "What the reconciler reports"), started by its Schedule
 * once per cluster every RECONCILE_EVERY: finds rows that say their workflow runs (a delivery
 * pending or failed, an operation queued or running, a publication queued) while the workflow
 * closed without settling them or does not exist, and starts it again or ends the row visibly.
 * Two passes: the workflows of the project's types that closed since the last run other than
 * Completed (a page per step), and a bounded page of old unfinished rows per kind, each
 * described (a cursor walks the table run after run). A long closed pass continues as new.
 */
export async function reconcilerSweep(input: ReconcileInput, carried?: ClosedPassState): Promise<void> {
  const state = carried ?? await steps.beginReconcileRun();
  for (let page = 0; ; page++) {
    if (page >= PAGES_PER_RUN) return continueAsNew<typeof reconcilerSweep>(input, state);
    const next = await steps.reconcileClosedPage(state, input.pageSize);
    if (!next) break;
    state.pageToken = next;
  }
  await steps.reconcileOldRows(state.runId, input.pageSize);
}
