import { CancellationScope, isCancellation, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { modelStepError } from './operation-contract.js';

const INFRASTRUCTURE_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;

/** Database steps: short, idempotent (each locks the operation row), local activities. */
const steps = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: INFRASTRUCTURE_RETRY });

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
      retry: { initialInterval: timing.retryInitialMs, backoffCoefficient: 2, maximumAttempts: timing.maxAttempts },
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
    if (isCancellation(err)) await CancellationScope.nonCancellable(() => steps.cancelArticleGeneration(operationId));
    throw err;
  }
}
