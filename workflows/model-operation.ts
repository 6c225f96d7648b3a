import { TemporalFailure } from '@temporalio/common';
import { CancellationScope, isCancellation, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { modelStepError, STEP_FAILED, type ModelCallTiming, type ModelOperationOutcome } from './operation-contract.js';
import { PERMANENT_ERROR_TYPES, SHORT_STEP } from './step-options.js';

/**
 * The database steps are short, idempotent (each locks the operation row and changes nothing
 * once it has ended) and run as local activities: in the worker that runs the workflow, with
 * no task-queue round trip through the server. The model across the network is a regular
 * activity (it heartbeats, and another worker takes it over when this one dies).
 */
const steps = proxyLocalActivities<Activities>(SHORT_STEP);

/**
 * What tells one model operation from another: its activities, by name, and the message of a
 * model that could not answer. Everything else (begin, the model call with heartbeats and its
 * retries, write, fail, abandon on cancel) is the one shape below.
 */
export interface ModelOperationKind {
  /** queued -> running: null once ended, else the model call's limits, or (an offline model's whole operation in one step) its outcome. */
  begin: 'runAiReplyLocally' | 'beginArticleGeneration' | 'beginStrategistTurn';
  /** The model call, heartbeating. */
  compose: 'composeAiReply' | 'composeArticle' | 'composeStrategistAnswer';
  /** Writes the result and succeeds the operation (charged there); false when it had ended. */
  finish: 'finishAiReply' | 'finishArticleGeneration' | 'finishStrategistTurn';
  fail: 'failOperation' | 'failArticleGeneration' | 'failStrategistTurn';
  /** Ends it canceled, nothing charged. */
  abandon: 'abandonOperation' | 'cancelArticleGeneration' | 'cancelStrategistTurn';
  /** The operation's error message when the model could not answer. */
  modelFailed: string;
  /** The model call is told the operation's livemode as begin found it (the AI reply's sandbox model). */
  composeTakesLivemode: boolean;
}

/**
 * One model operation (workflow id `op:<operation id>`): queued -> running, one model call
 * (retried on provider errors up to AI_MAX_ATTEMPTS calls, AI_TIMEOUT_MS each), then the result,
 * the charge and succeeded in one transaction. A provider that stays down fails the operation
 * with upstream_unavailable; cancellation (POST /operations/{id}/cancel, or an operator in the
 * Temporal UI) ends it canceled; a database step that failed past its retries (step-options.ts)
 * fails it with internal_error. None of these charges anything.
 */
export async function runModelOperation(operationId: string, kind: ModelOperationKind): Promise<ModelOperationOutcome> {
  try {
    const begun = await steps[kind.begin](operationId);
    if (!begun) return 'already_finished';
    if ('outcome' in begun) return begun.outcome;
    const timing = begun;
    const { [kind.compose]: compose } = proxyActivities<Activities>({
      startToCloseTimeout: timing.timeoutMs + 10_000,
      heartbeatTimeout: '5 seconds',
      retry: { initialInterval: timing.retryInitialMs, backoffCoefficient: 2, maximumAttempts: timing.maxAttempts, nonRetryableErrorTypes: PERMANENT_ERROR_TYPES },
    });
    let result;
    try {
      result = await (kind.composeTakesLivemode ? compose(operationId, (timing as ModelCallTiming).livemode) : compose(operationId));
    } catch (err) {
      if (isCancellation(err)) throw err;
      const failure = modelStepError(err, kind.modelFailed);
      await steps[kind.fail](operationId, failure.code, failure.message);
      return 'failed';
    }
    return (await (steps[kind.finish] as (id: string, result: unknown) => Promise<boolean>)(operationId, result)) ? 'succeeded' : 'already_finished';
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => steps[kind.abandon](operationId));
      throw err;
    }
    if (!(err instanceof TemporalFailure)) throw err;
    await steps[kind.fail](operationId, STEP_FAILED.code, STEP_FAILED.message);
    return 'failed';
  }
}
