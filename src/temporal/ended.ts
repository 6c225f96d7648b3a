import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';

/**
 * Sends a signal or a cancel to a workflow that may have ended. Temporal answers "not found" for
 * a run that has finished as for one that never started: either way nothing is left to tell, so
 * that answer is done. Any other (Temporal unavailable, a refused connection) is the caller's to
 * handle: the workflow may still be waiting for the notice.
 */
export async function unlessEnded(notice: Promise<unknown>): Promise<void> {
  try {
    await notice;
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

/**
 * Starts a workflow under its business-key id: true when this call started it, false when a run
 * with that id is already under way (or, under REJECT_DUPLICATE, ever was), the expected answer
 * of a second start. Any other error is the caller's.
 */
export async function startedOnce(start: Promise<unknown>): Promise<boolean> {
  try {
    await start;
    return true;
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return false;
  }
}
