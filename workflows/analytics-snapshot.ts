import { proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { snapshotProgressQuery, type SnapshotProgress, type SnapshotResult } from './analytics-contract.js';

const { planAnalyticsSnapshot, finishAnalyticsSnapshot } = proxyActivities<Activities>({
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
