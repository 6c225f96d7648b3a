import { CancellationScope, isCancellation, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const INFRASTRUCTURE_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;

/** Database steps: short, idempotent (each locks the operation row), local activities. */
const steps = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: INFRASTRUCTURE_RETRY });
/** The generator: a regular activity with a heartbeat, taken over by another worker when this one dies. */
const writer = proxyActivities<Activities>({ startToCloseTimeout: '2 minutes', heartbeatTimeout: '10 seconds', retry: { maximumAttempts: 3 } });

export type GenerationOutcome = 'succeeded' | 'failed' | 'already_finished';

/**
 * Operation `article.generation` (workflow id `op:<operation id>`): queued -> running, the
 * generator writes the article, then the draft, the charge, article.ready and succeeded in one
 * transaction. A generator that keeps failing fails the operation (article.generation.failed,
 * nothing charged); cancellation ends it canceled, nothing charged.
 */
export async function articleGenerationWorkflow(operationId: string): Promise<GenerationOutcome> {
  try {
    if (!(await steps.beginArticleGeneration(operationId))) return 'already_finished';
    let article;
    try {
      article = await writer.composeArticle(operationId);
    } catch (err) {
      if (isCancellation(err)) throw err;
      await steps.failArticleGeneration(operationId, 'internal_error', 'The article could not be written.');
      return 'failed';
    }
    return (await steps.finishArticleGeneration(operationId, article)) ? 'succeeded' : 'already_finished';
  } catch (err) {
    if (isCancellation(err)) await CancellationScope.nonCancellable(() => steps.cancelArticleGeneration(operationId));
    throw err;
  }
}
