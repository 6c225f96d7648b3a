import { TemporalFailure } from '@temporalio/common';
import { ActivityFailure, CancellationScope, continueAsNew, isCancellation, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { RECOVERY_LISTED, recoveryProgressQuery, type RecoveryInput, type RecoveryJob, type RecoveryProgress } from './recovery-contract.js';
import { SHORT_STEP } from './step-options.js';

/** Each page is one transaction, idempotent by its replays' ids (recoveryReplayId): a retry makes none twice. */
const { recoverDeliveryPage } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** An integrator's recovery's operation steps: short, idempotent (each locks the operation row). */
const steps = proxyLocalActivities<Activities>(SHORT_STEP);

/** Pages one run takes before it continues as new (about 6 history events a page). */
const PAGES_PER_RUN = 100;

/**
 * The pages of one run: replays the range's failed and dead originals a page at a time, at most
 * `input.max`, into `progress`; 'more' when the run took its PAGES_PER_RUN and should continue
 * as new. A page that fails past its retries ends it `failed`; a cancellation goes on up.
 */
async function replayPages(input: RecoveryInput, progress: RecoveryProgress): Promise<'done' | 'more'> {
  for (let page = 0; progress.replayed < input.max; page++) {
    if (page >= PAGES_PER_RUN) return 'more';
    let result;
    try {
      result = await recoverDeliveryPage(input, progress.after, Math.min(input.pageSize, input.max - progress.replayed));
    } catch (err) {
      if (!(err instanceof ActivityFailure) || isCancellation(err)) throw err;
      progress.state = 'failed';
      progress.error = err.cause?.message ?? err.message;
      return 'done';
    }
    progress.pages += 1;
    progress.replayed += result.replays.length;
    progress.skipped += result.skipped;
    progress.replays.push(...result.replays.slice(0, Math.max(0, RECOVERY_LISTED - progress.replays.length)));
    progress.after = result.next;
    if (!result.next) break;
  }
  progress.state = 'finished';
  return 'done';
}

const startingProgress = (): RecoveryProgress => ({ state: 'running', replayed: 0, skipped: 0, replays: [], pages: 0, after: null, error: null });

/**
 * A recovery by range started from the support console: replays the range's failed and dead
 * originals a page at a time, at most `input.max`, its progress answered by a query and carried
 * across continue-as-new, so it outlives the console that started it (and any worker).
 */
export async function deliveryRecovery(input: RecoveryInput, carried?: RecoveryProgress): Promise<RecoveryJob> {
  const progress: RecoveryProgress = carried ?? startingProgress();
  setHandler(recoveryProgressQuery, () => ({ input, progress }));
  if ((await replayPages(input, progress)) === 'more') return continueAsNew<typeof deliveryRecovery>(input, progress);
  return { input, progress };
}

/**
 * Operation `webhook.recovery` (workflow id `op:<operation id>`, POST /webhooks/{id}/recover):
 * the same pages as the console's recovery, each counted into the operation's row in its own
 * transaction. queued -> running, then succeeded when the range is done, failed when a page
 * failed past its retries (or a step past its bound), canceled when the workflow is cancelled
 * (POST /operations/{id}/cancel settles the row first; a page after that makes nothing). Every
 * way out settles the row; what the workflow cannot (it vanished), the reconciler ends.
 */
export async function webhookRecoveryWorkflow(operationId: string, carried?: RecoveryJob): Promise<RecoveryJob | null> {
  try {
    const input = carried?.input ?? await steps.beginWebhookRecovery(operationId);
    if (!input) return null;
    const job: RecoveryJob = { input, progress: carried?.progress ?? startingProgress() };
    setHandler(recoveryProgressQuery, () => job);
    if ((await replayPages(input, job.progress)) === 'more') return continueAsNew<typeof webhookRecoveryWorkflow>(operationId, job);
    await steps.endWebhookRecovery(operationId, job.progress.state === 'failed' ? 'failed' : 'succeeded');
    return job;
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => steps.endWebhookRecovery(operationId, 'canceled'));
      throw err;
    }
    // A step that failed past its bound (step-options.ts) fails the operation.
    if (!(err instanceof TemporalFailure)) throw err;
    await steps.endWebhookRecovery(operationId, 'failed');
    return null;
  }
}
