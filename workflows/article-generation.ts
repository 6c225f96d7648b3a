import { TemporalFailure } from '@temporalio/common';
import { CancellationScope, isCancellation, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { modelStepError, STEP_FAILED } from './operation-contract.js';
import { PERMANENT_ERROR_TYPES, SHORT_STEP } from './step-options.js';

/** Database steps: short, idempotent (each locks the operation row), local activities, bounded (step-options.ts). */
const steps = proxyLocalActivities<Activities>(SHORT_STEP);

export type GenerationOutcome = 'succeeded' | 'failed' | 'already_finished';

/**
 * Operation `article.generation` (workflow id `op:<operation id>`), on the AI reply's pattern:
 * queued -> running, the generator call (a regular activity with a heartbeat, retried on
 * provider errors AI_MAX_ATTEMPTS times), then the draft, the charge, article.ready and
 * succeeded in one transaction. A provider that stays down fails the operation with
 * upstream_unavailable (article.generation.failed, nothing charged); cancellation ends it
 * canceled, nothing charged.
 */
export async function articleGenerationWorkflow(operationId: string): Promise<GenerationOutcome> {
  try {
    const timing = await steps.beginArticleGeneration(operationId);
    if (!timing) return 'already_finished';
    const { composeArticle } = proxyActivities<Activities>({
      startToCloseTimeout: timing.timeoutMs + 10_000,
      heartbeatTimeout: '5 seconds',
      retry: { initialInterval: timing.retryInitialMs, backoffCoefficient: 2, maximumAttempts: timing.maxAttempts, nonRetryableErrorTypes: PERMANENT_ERROR_TYPES },
    });
    let article;
    try {
      article = await composeArticle(operationId);
    } catch (err) {
      if (isCancellation(err)) throw err;
      const failure = modelStepError(err, 'The article could not be written.');
      await steps.failArticleGeneration(operationId, failure.code, failure.message);
      return 'failed';
    }
    return (await steps.finishArticleGeneration(operationId, article)) ? 'succeeded' : 'already_finished';
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => steps.cancelArticleGeneration(operationId));
      throw err;
    }
    // A database step that failed (step-options.ts) fails the operation (operation-contract.ts).
    if (!(err instanceof TemporalFailure)) throw err;
    await steps.failArticleGeneration(operationId, STEP_FAILED.code, STEP_FAILED.message);
    return 'failed';
  }
}
