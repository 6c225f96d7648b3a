import { WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import type { Services } from '../services.js';
import { taskQueueFor } from './task-queues.js';
import { TENANT_ID } from '../../workflows/search-attributes.js';
import { snapshotProgressQuery, snapshotWorkflowId, type SnapshotProgress, type SnapshotResult } from '../../workflows/analytics-contract.js';

/**
 * Starts a tenant's analytics snapshot (`analytics-snapshot:<tenant>`), or finds the one
 * already running (the nightly run's, or another operator's).
 */
export async function startSnapshot(services: Services, tenantId: string, from: string | null): Promise<{ handle: WorkflowHandle; joined: boolean }> {
  const client = await services.temporal.client();
  const workflowId = snapshotWorkflowId(tenantId);
  try {
    const handle = await client.workflow.start('analyticsSnapshot', {
      taskQueue: taskQueueFor(services.temporal.taskQueue, 'analyticsSnapshot'), workflowId, args: [tenantId, from],
      typedSearchAttributes: [{ key: TENANT_ID, value: tenantId }],
    });
    return { handle, joined: false };
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return { handle: client.workflow.getHandle(workflowId), joined: true };
  }
}

const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Waits for a snapshot, telling its progress (days rebuilt of the total) as it goes. */
export async function followSnapshot(handle: WorkflowHandle, onProgress: (p: SnapshotProgress) => void): Promise<SnapshotResult> {
  const result = handle.result() as Promise<SnapshotResult>;
  let finished = false;
  void result.then(() => { finished = true; }, () => { finished = true; });
  while (!finished) {
    const progress = await handle.query(snapshotProgressQuery).catch(() => null);
    if (progress) onProgress(progress);
    await Promise.race([result.catch(() => undefined), pause(500)]);
  }
  const done = await result;
  onProgress({ done: done.days, total: done.days });
  return done;
}
