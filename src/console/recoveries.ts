import { WorkflowNotFoundError } from '@temporalio/client';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import type { RecoveryRange } from '../domain/webhooks/replay.js';
import { recordSupportAction } from '../domain/support/audit.js';
import { taskQueueFor } from '../temporal/task-queues.js';
import { TENANT_ID, WEBHOOK_ID } from '../../workflows/search-attributes.js';
import {
  RECOVERY_WORKFLOW_TYPE, recoveryProgressQuery, recoveryWorkflowId, type RecoveryInput, type RecoveryJob,
} from '../../workflows/recovery-contract.js';

/**
 * Starts a recovery by range as a workflow (workflows/recovery.ts) on the batch queue, through
 * the project's client (its payloads sealed), recorded as `webhook.recover` with the job's id
 * and the count it starts from; the record and the start stand or fall together (the start is
 * the transaction's last step). Answers the job's id.
 */
export async function startRecovery(s: Services, operator: string, range: RecoveryRange & { tenantId: string }, o: { total: number; max: number; pageSize: number }): Promise<string> {
  const jobId = newId();
  const input: RecoveryInput = {
    jobId, operator, webhookId: range.webhookId, tenantId: range.tenantId, since: range.since.toISOString(), until: range.until.toISOString(), ...o,
  };
  const client = await s.temporal.client();
  await s.orm.em.fork().transactional(async (em) => {
    const now = s.clock.now();
    await recordSupportAction(em, {
      operator, action: 'webhook.recover', targetId: range.webhookId, tenantId: range.tenantId,
      detail: { job_id: jobId, since: input.since, until: input.until, to_replay: o.total, max: o.max },
    }, now);
    await client.workflow.start(RECOVERY_WORKFLOW_TYPE, {
      workflowId: recoveryWorkflowId(jobId),
      taskQueue: taskQueueFor(s.temporal.taskQueue, RECOVERY_WORKFLOW_TYPE),
      args: [input],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [{ key: TENANT_ID, value: range.tenantId }, { key: WEBHOOK_ID, value: range.webhookId }],
    });
  });
  return jobId;
}

export type { RecoveryJob };

/**
 * A job read from its workflow, whichever console process started it: a running one answers
 * the progress query, a completed one its result; null for no such workflow.
 */
export async function recoveryJob(s: Services, jobId: string): Promise<RecoveryJob | null> {
  const client = await s.temporal.client();
  const handle = client.workflow.getHandle(recoveryWorkflowId(jobId));
  try {
    const { status } = await handle.describe();
    const job = status.name === 'COMPLETED' ? await handle.result() as RecoveryJob : await handle.query(recoveryProgressQuery);
    if (status.name !== 'RUNNING' && status.name !== 'COMPLETED' && job.progress.state === 'running') {
      return { ...job, progress: { ...job.progress, state: 'failed', error: `its workflow ended: ${status.name.toLowerCase()}` } };
    }
    return job;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return null;
    throw err;
  }
}
