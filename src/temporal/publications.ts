import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { PUBLICATION_WORKFLOW_TYPE, moduleResultSignal, publicationWorkflowId, type ModuleResult } from '../../workflows/publication-contract.js';
import { taskQueueFor } from './task-queues.js';
import { TENANT_ID } from '../../workflows/search-attributes.js';

export interface PublicationRef {
  id: string;
  tenantId: string;
}

const startOptions = (baseQueue: string, p: PublicationRef) => ({
  workflowId: publicationWorkflowId(p.id),
  taskQueue: taskQueueFor(baseQueue, PUBLICATION_WORKFLOW_TYPE),
  args: [p.id] as [string],
  workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
  typedSearchAttributes: [{ key: TENANT_ID, value: p.tenantId }],
});

/** Starts workflow `publication:<id>`; already started is the expected answer of a second start. */
export async function startPublicationWorkflow(client: Client, baseQueue: string, p: PublicationRef): Promise<void> {
  try {
    await client.workflow.start(PUBLICATION_WORKFLOW_TYPE, startOptions(baseQueue, p));
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** A fresh run of a queued publication whose workflow ended without its result, or vanished (the reconciler); false when one is under way. */
export async function restartPublicationWorkflow(client: Client, baseQueue: string, p: PublicationRef): Promise<boolean> {
  try {
    await client.workflow.start(PUBLICATION_WORKFLOW_TYPE, { ...startOptions(baseQueue, p), workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY' });
    return true;
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return false;
  }
}

/** Hands the module's result to the job's workflow, starting it when its start was lost (signal-with-start). */
export async function signalModuleResult(client: Client, baseQueue: string, p: PublicationRef, result: ModuleResult): Promise<void> {
  try {
    await client.workflow.signalWithStart(PUBLICATION_WORKFLOW_TYPE, { ...startOptions(baseQueue, p), signal: moduleResultSignal, signalArgs: [result] });
  } catch (err) {
    // The workflow has already ended (its result applied): nothing is left to hand over.
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Ends the wait of a superseded version; a finished or unknown workflow ignores it. */
export async function cancelPublicationWorkflow(client: Client, publicationId: string): Promise<void> {
  await client.workflow.getHandle(publicationWorkflowId(publicationId)).cancel().catch(() => undefined);
}
