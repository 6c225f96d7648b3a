import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { ReportType } from './strategist-contract.js';

const { writeStrategistReport } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});
/**
 * The planner and the competitor scan: competitor pages are fetched one after another, each
 * within the webhook timeout. It heartbeats every second (whileHeartbeating), so a lost worker
 * is noticed after 30 s rather than after the attempt's 15 minutes.
 */
const { planStrategistTopics } = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 3 },
});


/**
 * One tenant's report of `type` up to `reportDate`; also what `bin/ctl strategist run` starts.
 * The report is followed by the planner and the competitor scan (topics into the queue) until
 * they have finished once: a run of the period whose report exists plans it if an earlier
 * run's planner failed (the report's planned_at says which).
 */
export async function strategistReport(tenantId: string, type: ReportType, reportDate: string): Promise<{ id: string; created: boolean }> {
  const report = await writeStrategistReport(tenantId, type, reportDate);
  if (!report.planned) await planStrategistTopics(tenantId, reportDate, report.id);
  return { id: report.id, created: report.created };
}
