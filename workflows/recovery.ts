import { ActivityFailure, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { RECOVERY_LISTED, recoveryProgressQuery, type RecoveryInput, type RecoveryJob, type RecoveryProgress } from './recovery-contract.js';

/** Each page is one transaction, idempotent by its replays' ids (recoveryReplayId): a retry makes none twice. */
const { recoverDeliveryPage } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** Pages one run takes before it continues as new (about 6 history events a page). */
const PAGES_PER_RUN = 100;

/**
 * A recovery by range started from the support console: replays the range's failed and dead
 * originals a page at a time, at most `input.max`, its progress answered by a query and carried
 * across continue-as-new, so it outlives the console that started it (and any worker).
 */
export async function deliveryRecovery(input: RecoveryInput, carried?: RecoveryProgress): Promise<RecoveryJob> {
  const progress: RecoveryProgress = carried ?? { state: 'running', replayed: 0, skipped: 0, replays: [], pages: 0, after: null, error: null };
  setHandler(recoveryProgressQuery, () => ({ input, progress }));
  for (let page = 0; progress.replayed < input.max; page++) {
    if (page >= PAGES_PER_RUN) return continueAsNew<typeof deliveryRecovery>(input, progress);
    let result;
    try {
      result = await recoverDeliveryPage(input, progress.after, Math.min(input.pageSize, input.max - progress.replayed));
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      progress.state = 'failed';
      progress.error = err.cause?.message ?? err.message;
      return { input, progress };
    }
    progress.pages += 1;
    progress.replayed += result.replays.length;
    progress.skipped += result.skipped;
    progress.replays.push(...result.replays.slice(0, Math.max(0, RECOVERY_LISTED - progress.replays.length)));
    progress.after = result.next;
    if (!result.next) break;
  }
  progress.state = 'finished';
  return { input, progress };
}
