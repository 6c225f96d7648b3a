import { WorkflowNotFoundError } from '@temporalio/client';

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
