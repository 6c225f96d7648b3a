import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { DELIVERY_WORKFLOW_TYPE, deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { OPERATION_WORKFLOW_TYPES, operationWorkflowId } from '../../workflows/operation-contract.js';
import { PUBLICATION_WORKFLOW_TYPE, publicationWorkflowId } from '../../workflows/publication-contract.js';
import type { StrandedKind } from '../../workflows/reconciler-contract.js';
import { taskQueueFor } from './task-queues.js';

/** The workflow types whose rows the reconciler checks, by kind of row. */
const TYPES_OF: Record<StrandedKind, readonly string[]> = {
  delivery: [DELIVERY_WORKFLOW_TYPE],
  operation: Object.values(OPERATION_WORKFLOW_TYPES),
  publication: [PUBLICATION_WORKFLOW_TYPE],
};

const WORKFLOW_ID_OF: Record<StrandedKind, (id: string) => string> = {
  delivery: deliveryWorkflowId, operation: operationWorkflowId, publication: publicationWorkflowId,
};

export const strandedWorkflowId = (kind: StrandedKind, rowId: string): string => WORKFLOW_ID_OF[kind](rowId);

/** The row a workflow id names (`delivery:<id>`, `op:<id>`, `publication:<id>`), or null for another id. */
export function strandedRowOf(workflowId: string): { kind: StrandedKind; id: string } | null {
  const [prefix, id] = workflowId.split(/:(.*)/s);
  const kind = ({ delivery: 'delivery', op: 'operation', publication: 'publication' } as const)[prefix as 'delivery' | 'op' | 'publication'];
  return kind && id ? { kind, id } : null;
}

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * Workflows of the project's row-backed types on this deployment's queues that closed after
 * `since` other than Completed (Failed, Canceled, Terminated, TimedOut; ContinuedAsNew goes on
 * in its next run): one page of the visibility listing, and the token of the next (null: none).
 */
export async function closedWorkflowsPage(client: Client, baseQueue: string, since: Date, pageSize: number, pageToken: string | null): Promise<{ workflowIds: string[]; next: string | null }> {
  const types = Object.values(TYPES_OF).flat();
  const queues = [...new Set(types.map((t) => taskQueueFor(baseQueue, t as Parameters<typeof taskQueueFor>[1])))];
  const query = `WorkflowType IN (${quoted(types)}) AND TaskQueue IN (${quoted(queues)}) AND ExecutionStatus IN ('Failed', 'Canceled', 'Terminated', 'TimedOut') AND CloseTime > '${since.toISOString()}'`;
  const res = await client.workflowService.listWorkflowExecutions({
    namespace: client.options.namespace, query, pageSize, nextPageToken: pageToken ? Buffer.from(pageToken, 'base64') : undefined,
  });
  const token = res.nextPageToken?.length ? Buffer.from(res.nextPageToken).toString('base64') : null;
  return { workflowIds: (res.executions ?? []).map((e) => e.execution?.workflowId ?? '').filter(Boolean), next: token };
}

/** Where the latest run of a workflow id stands: running, closed (and how), or missing (never started, or its history gone after the namespace's retention). */
export type LatestRun = 'running' | 'completed' | 'canceled' | 'closed' | 'missing';

export async function latestRunOf(client: Client, workflowId: string): Promise<LatestRun> {
  try {
    const { status } = await client.workflow.getHandle(workflowId).describe();
    if (status.name === 'RUNNING' || status.name === 'PAUSED') return 'running';
    if (status.name === 'COMPLETED') return 'completed';
    return status.name === 'CANCELLED' ? 'canceled' : 'closed';
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return 'missing';
    throw err;
  }
}
