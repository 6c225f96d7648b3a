import { executeChild, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { TENANT_ID } from './search-attributes.js';
import { strategistReportWorkflowId, type ReportType } from './strategist-contract.js';

const { strategistReportTargets, writeStrategistReport } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});
/** The planner and the competitor scan: competitor pages are fetched one after another, each within the webhook timeout. */
const { planStrategistTopics } = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 3 },
});


/**
 * Started by the cell's daily or weekly strategist Schedule: one child per tenant with the
 * strategist, tagged with TenantId, each writing that tenant's report up to yesterday (UTC).
 */
export async function strategistReportScan(type: ReportType): Promise<{ tenants: number; written: number }> {
  const { tenants, reportDate } = await strategistReportTargets(new Date().toISOString());
  let written = 0;
  for (const tenantId of tenants) {
    const result = await executeChild(strategistReport, {
      workflowId: `${strategistReportWorkflowId(tenantId, type, reportDate)}:${workflowInfo().workflowId}`,
      args: [tenantId, type, reportDate],
      typedSearchAttributes: [{ key: TENANT_ID, value: tenantId }],
    });
    if (result.created) written += 1;
  }
  return { tenants: tenants.length, written };
}

/**
 * One tenant's report of `type` up to `reportDate`; also what `bin/ctl strategist run` starts.
 * A new report is followed by the planner and the competitor scan (topics into the queue).
 */
export async function strategistReport(tenantId: string, type: ReportType, reportDate: string): Promise<{ id: string; created: boolean }> {
  const report = await writeStrategistReport(tenantId, type, reportDate);
  if (report.created) await planStrategistTopics(tenantId, reportDate);
  return report;
}
