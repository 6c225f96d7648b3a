import { TemporalFailure } from '@temporalio/common';
import { CancellationScope, isCancellation, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { modelStepError, STEP_FAILED } from './operation-contract.js';
import { PERMANENT_ERROR_TYPES, SHORT_STEP } from './step-options.js';

/** Database steps: short, idempotent (each locks the operation row), local activities, bounded (step-options.ts). */
const steps = proxyLocalActivities<Activities>(SHORT_STEP);

export type StrategistTurnOutcome = 'succeeded' | 'failed' | 'already_finished';

/**
 * Operation `strategist.turn` (workflow id `op:<operation id>`), on the AI reply's pattern:
 * queued -> running, the strategist's answer (an activity with a heartbeat, retried on
 * provider errors AI_MAX_ATTEMPTS times), then the answer, its proposed actions,
 * strategist.turn.completed, the charge and succeeded in one transaction. A provider that
 * stays down fails it with upstream_unavailable; cancellation ends it canceled. Neither charges.
 */
export async function strategistTurnWorkflow(operationId: string): Promise<StrategistTurnOutcome> {
  try {
    const timing = await steps.beginStrategistTurn(operationId);
    if (!timing) return 'already_finished';
    const { composeStrategistAnswer } = proxyActivities<Activities>({
      startToCloseTimeout: timing.timeoutMs + 10_000,
      heartbeatTimeout: '5 seconds',
      retry: { initialInterval: timing.retryInitialMs, backoffCoefficient: 2, maximumAttempts: timing.maxAttempts, nonRetryableErrorTypes: PERMANENT_ERROR_TYPES },
    });
    let reply;
    try {
      reply = await composeStrategistAnswer(operationId);
    } catch (err) {
      if (isCancellation(err)) throw err;
      const failure = modelStepError(err, 'The strategist could not answer.');
      await steps.failStrategistTurn(operationId, failure.code, failure.message);
      return 'failed';
    }
    return (await steps.finishStrategistTurn(operationId, reply)) ? 'succeeded' : 'already_finished';
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => steps.cancelStrategistTurn(operationId));
      throw err;
    }
    // A database step that failed (step-options.ts) fails the operation (operation-contract.ts).
    if (!(err instanceof TemporalFailure)) throw err;
    await steps.failStrategistTurn(operationId, STEP_FAILED.code, STEP_FAILED.message);
    return 'failed';
  }
}
