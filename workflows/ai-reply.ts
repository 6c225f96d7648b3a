import { TemporalFailure } from '@temporalio/common';
import { CancellationScope, isCancellation, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { modelStepError, STEP_FAILED, type AiReplyOutcome } from './operation-contract.js';
import { PERMANENT_ERROR_TYPES, SHORT_STEP } from './step-options.js';

/**
 * The database steps are short, idempotent (each locks the operation row and changes nothing
 * once it has ended) and run as local activities: in the worker that runs the workflow, with
 * no task-queue round trip through the server. A model across the network (openai) is a
 * regular activity (it heartbeats, and another worker takes it over when this one dies); with
 * an offline model (builtin) the whole operation is one local activity (runAiReplyLocally).
 */
const steps = proxyLocalActivities<Activities>(SHORT_STEP);

/**
 * Operation `conversation.ai_reply` (workflow id `op:<operation id>`): queued -> running, one
 * model reply (retried on provider errors up to AI_MAX_ATTEMPTS calls), then the AI message,
 * the charge and succeeded in one transaction. A provider that stays down fails the
 * operation with upstream_unavailable; cancellation (POST /operations/{id}/cancel, or an
 * operator in the Temporal UI) ends it canceled. Neither charges anything.
 */
export async function aiReplyWorkflow(operationId: string): Promise<AiReplyOutcome> {
  try {
    // One round trip: queued -> running, and the model call's limits as the worker is configured;
    // with an offline model, the whole reply (one local activity, one activation instead of four).
    const begun = await steps.runAiReplyLocally(operationId);
    if (!begun) return 'already_finished';
    if ('outcome' in begun) return begun.outcome;
    const timing = begun;
    const modelRetry = { initialInterval: timing.retryInitialMs, backoffCoefficient: 2, maximumAttempts: timing.maxAttempts, nonRetryableErrorTypes: PERMANENT_ERROR_TYPES };
    const startToCloseTimeout = timing.timeoutMs + 10_000;
    // Only a model across the network comes this far (an offline one replied in runAiReplyLocally).
    const { composeAiReply: compose } = proxyActivities<Activities>({ startToCloseTimeout, heartbeatTimeout: '5 seconds', retry: modelRetry });
    let reply;
    try {
      reply = await compose(operationId, timing.livemode);
    } catch (err) {
      if (isCancellation(err)) throw err;
      const failure = modelStepError(err, 'The reply could not be prepared.');
      await steps.failOperation(operationId, failure.code, failure.message);
      return 'failed';
    }
    return (await steps.finishAiReply(operationId, reply)) ? 'succeeded' : 'already_finished';
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => steps.abandonOperation(operationId));
      throw err;
    }
    // A database step that failed (step-options.ts) fails the operation (operation-contract.ts).
    if (!(err instanceof TemporalFailure)) throw err;
    await steps.failOperation(operationId, STEP_FAILED.code, STEP_FAILED.message);
    return 'failed';
  }
}
