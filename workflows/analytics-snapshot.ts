import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, executeChild, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { TENANT_ID } from './search-attributes.js';
import { snapshotProgressQuery, snapshotWorkflowId, type SnapshotProgress, type SnapshotResult } from './analytics-contract.js';

const { listAnalyticsTenants, planAnalyticsSnapshot, finishAnalyticsSnapshot } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * A chunk of days of a large tenant can take a while; the activity heartbeats every second while
 * it runs, so a lost worker, or a task handed out that never reached a worker, is retried after
 * 30 s (with a heartbeat only at its start, such a task hung 10 minutes in bin/bench-tenants).
 */
const { rebuildAnalyticsDays } = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 10 },
});

/** Days rebuilt per transaction. */
const CHUNK_DAYS = 14;
/** Tenants rebuilt at once by the nightly run. */
const PARALLEL_TENANTS = 4;

/**
 * Rebuilds one tenant's daily rollups: the days changed since its last run (late events
 * re-open their days), or with `from` every day from it to the last full day. Its id is
 * `analytics-snapshot:<tenant>`: one at a time per tenant.
 */
export async function analyticsSnapshot(tenantId: string, from: string | null = null): Promise<SnapshotResult> {
  const progress: SnapshotProgress = { done: 0, total: 0 };
  setHandler(snapshotProgressQuery, () => progress);
  const plan = await planAnalyticsSnapshot(tenantId, new Date().toISOString(), from);
  progress.total = plan.days.length;
  let rows = 0;
  for (let i = 0; i < plan.days.length; i += CHUNK_DAYS) {
    const days = plan.days.slice(i, i + CHUNK_DAYS);
    rows += await rebuildAnalyticsDays(plan, days);
    progress.done += days.length;
  }
  await finishAnalyticsSnapshot(plan, new Date().toISOString());
  return { days: plan.days.length, rows, complete_through: plan.completeThrough };
}

/**
 * @deprecated What the cell's `analytics-nightly-snapshot` Schedule started before the tenant
 * sweep (workflows/tenant-sweep.ts); kept, unchanged, so a night's run started before the deploy
 * replays and ends. Remove in the release after.
 */
export async function analyticsNightlySnapshots(): Promise<{ tenants: number; skipped: number }> {
  const tenants = await listAnalyticsTenants();
  let skipped = 0;
  const queue = [...tenants];
  const lane = async () => {
    for (let tenantId = queue.shift(); tenantId !== undefined; tenantId = queue.shift()) {
      const id = tenantId;
      // On the parent's task queue (no taskQueue given): the batch queue, analyticsSnapshot's kind too.
      await executeChild(analyticsSnapshot, {
        workflowId: snapshotWorkflowId(id),
        args: [id, null],
        typedSearchAttributes: [{ key: TENANT_ID, value: id }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
      }).catch((err: unknown) => {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        skipped += 1;
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_TENANTS }, lane));
  return { tenants: tenants.length, skipped };
}
