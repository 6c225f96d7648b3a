import {
  ApplicationFailure, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError, WorkflowUpdateStage,
  WithStartWorkflowOperation, type Client, type WorkflowUpdateHandle,
} from '@temporalio/client';
import {
  PUBLICATION_WORKFLOW_TYPE, RESULT_REFUSED, moduleResultUpdate, publicationWorkflowId, type ModuleResult, type ResultAnswer,
} from '../../workflows/publication-contract.js';
import { taskQueueFor } from './task-queues.js';
import { startedOnce, unlessEnded } from './ended.js';
import { TENANT_ID } from '../../workflows/search-attributes.js';
import type { Services } from '../services.js';

export interface PublicationRef {
  id: string;
  tenantId: string;
}

/** How publication workflows start: the base task queue, and how long a job waits for its module's result (PUBLICATION_WAIT). */
export interface PublicationStart {
  taskQueue: string;
  waitMs: number;
}

export const publicationStartOf = (services: Pick<Services, 'temporal' | 'config'>): PublicationStart =>
  ({ taskQueue: services.temporal.taskQueue, waitMs: services.config.publicationWaitMs });

const startOptions = (start: PublicationStart, p: PublicationRef) => ({
  workflowId: publicationWorkflowId(p.id),
  taskQueue: taskQueueFor(start.taskQueue, PUBLICATION_WORKFLOW_TYPE),
  args: [p.id, start.waitMs] as [string, number],
  workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
  typedSearchAttributes: [{ key: TENANT_ID, value: p.tenantId }],
});

/** Starts workflow `publication:<id>`; already started is the expected answer of a second start. */
export async function startPublicationWorkflow(client: Client, start: PublicationStart, p: PublicationRef): Promise<void> {
  await startedOnce(client.workflow.start(PUBLICATION_WORKFLOW_TYPE, startOptions(start, p)));
}

/** A fresh run of a queued publication whose workflow ended without its result, or vanished (the reconciler); false when one is under way. */
export async function restartPublicationWorkflow(client: Client, start: PublicationStart, p: PublicationRef): Promise<boolean> {
  return startedOnce(client.workflow.start(PUBLICATION_WORKFLOW_TYPE, { ...startOptions(start, p), workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY' }));
}

/**
 * What became of a result handed to the job's workflow: its answer (applied, stale), `refused`
 * by it, `ended` (its run had completed: the job is no longer queued), `taken` (accepted,
 * durably in its history, but not applied by `answerBy`), or `unreachable` (not taken by
 * `acceptBy`: no worker polls, or Temporal is away).
 */
export type ResultHandOver = ResultAnswer | { outcome: 'refused' | 'ended' | 'taken' | 'unreachable' };

/**
 * Hands the module's result to the job's workflow as an Update and answers what the workflow
 * made of it. Update-with-Start: a run whose start was lost, or that ended without a result
 * (terminated by an operator, failed, canceled), is started afresh and takes it; a completed
 * run (its result applied, or its wait over) is not.
 */
export async function handModuleResult(
  client: Client, start: PublicationStart, p: PublicationRef, result: ModuleResult, by: { acceptBy: number; answerBy: number },
): Promise<ResultHandOver> {
  const startWorkflowOperation = new WithStartWorkflowOperation(PUBLICATION_WORKFLOW_TYPE, {
    ...startOptions(start, p), workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY', workflowIdConflictPolicy: 'USE_EXISTING',
  });
  let update: WorkflowUpdateHandle<ResultAnswer>;
  try {
    update = await client.withDeadline(by.acceptBy, () => client.workflow.startUpdateWithStart(moduleResultUpdate, {
      args: [result], waitForStage: WorkflowUpdateStage.ACCEPTED, startWorkflowOperation,
    }));
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError || err instanceof WorkflowNotFoundError) return { outcome: 'ended' };
    if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return { outcome: 'unreachable' };
    throw err;
  }
  // A refusal is known at once (the handle holds it); an answer not yet there is waited for until answerBy.
  try {
    return await client.withDeadline(by.answerBy, () => update.result());
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === RESULT_REFUSED) return { outcome: 'refused' };
    if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return { outcome: 'taken' };
    throw err;
  }
}

/** Ends the wait of a superseded version; a finished or unknown workflow ignores it (Temporal unavailable is an error). */
export async function cancelPublicationWorkflow(client: Client, publicationId: string): Promise<void> {
  await unlessEnded(client.workflow.getHandle(publicationWorkflowId(publicationId)).cancel());
}
