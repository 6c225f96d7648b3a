import type { Client } from '@temporalio/client';
import { OPERATION_WORKFLOW_TYPES, operationWorkflowId, type OperationType } from '../../workflows/operation-contract.js';
import { taskQueueFor } from './task-queues.js';
import { startedOnce, unlessEnded } from './ended.js';
import { INTEGRATION_ID, OPERATION_TYPE, TENANT_ID } from '../../workflows/search-attributes.js';

export interface OperationRef {
  id: string;
  tenantId: string;
  integrationId?: string | null;
  type: string;
}

/**
 * Starts workflow `op:<id>` on the interactive queue of `baseQueue`; `eager` when `client` is on
 * the connection of a worker of this process polling it (the first workflow task comes back in the answer). Starting
 * twice (the api, then a starter after a lost claim) is a no-op: the id is rejected as a duplicate.
 * `again` (the reconciler): a fresh run over one that did not complete; false when one is under way.
 */
export async function startOperationWorkflow(client: Client, baseQueue: string, op: OperationRef, eager = false, again = false): Promise<boolean> {
  const workflowType = OPERATION_WORKFLOW_TYPES[op.type as OperationType];
  return startedOnce(client.workflow.start(workflowType, {
    workflowId: operationWorkflowId(op.id),
    taskQueue: taskQueueFor(baseQueue, workflowType),
    args: [op.id],
    workflowIdReusePolicy: again ? 'ALLOW_DUPLICATE_FAILED_ONLY' : 'REJECT_DUPLICATE',
    requestEagerStart: eager,
    typedSearchAttributes: [
      { key: TENANT_ID, value: op.tenantId },
      ...(op.integrationId ? [{ key: INTEGRATION_ID, value: op.integrationId }] : []),
      { key: OPERATION_TYPE, value: op.type },
    ],
  }));
}

/** Asks an operation's workflow to stop; a finished or unknown workflow ignores it (Temporal unavailable is an error). */
export async function cancelOperationWorkflow(client: Client, operationId: string): Promise<void> {
  await unlessEnded(client.workflow.getHandle(operationWorkflowId(operationId)).cancel());
}
