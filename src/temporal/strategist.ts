import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { ReportType } from '../entities/strategist.js';
import { STRATEGIST_REPORT_WORKFLOW_TYPE, strategistReportWorkflowId } from '../../workflows/strategist-contract.js';
import { taskQueueFor } from './task-queues.js';
import { TENANT_ID } from '../../workflows/search-attributes.js';

/**
 * Runs one tenant's report workflow now (bin/ctl strategist run) and waits for it: the same
 * workflow the Schedules' scan starts per tenant, under the business key of tenant, type and
 * date. One already running for that key is joined, not started twice.
 */
export async function runStrategistReport(client: Client, baseQueue: string, tenantId: string, type: ReportType, reportDate: string): Promise<{ id: string; created: boolean }> {
  const workflowId = strategistReportWorkflowId(tenantId, type, reportDate);
  try {
    const handle = await client.workflow.start(STRATEGIST_REPORT_WORKFLOW_TYPE, {
      workflowId, taskQueue: taskQueueFor(baseQueue, STRATEGIST_REPORT_WORKFLOW_TYPE), args: [tenantId, type, reportDate], typedSearchAttributes: [{ key: TENANT_ID, value: tenantId }],
    });
    return await handle.result() as { id: string; created: boolean };
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return await client.workflow.getHandle(workflowId).result() as { id: string; created: boolean };
  }
}
