import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Services } from '../src/services.js';
import { beginOperation } from '../src/domain/ai-reply/reply-writer.js';
import { UpstreamUnavailable } from '../src/domain/ai-seller/seller-model.js';
import { composeArticle, endGeneration, writeGeneratedArticle } from '../src/domain/articles/generation.js';
import { UPSTREAM_UNAVAILABLE, type ComposedArticle, type ModelCallTiming } from '../workflows/operation-contract.js';

/** The generator call's limits, from the worker's configuration (the AI reply's AI_TIMEOUT_MS, AI_MAX_ATTEMPTS, AI_RETRY_INITIAL). */
type GenerationTiming = Pick<ModelCallTiming, 'timeoutMs' | 'maxAttempts' | 'retryInitialMs'>;

const HEARTBEAT_MS = 1000;
const RETRY_AFTER_CAP_MS = 60_000;

/** Activities of the article.generation operation; every database step locks the operation row first. */
export function createArticleGenerationActivities(services: Services) {
  return {
    /** queued -> running, answering the generator call's limits (AI_TIMEOUT_MS, AI_MAX_ATTEMPTS, AI_RETRY_INITIAL); null once ended. */
    async beginArticleGeneration(operationId: string): Promise<GenerationTiming | null> {
      if (!(await beginOperation(services, operationId))) return null;
      const { timeoutMs, maxAttempts, retryInitialMs } = services.config.ai;
      return { timeoutMs, maxAttempts, retryInitialMs };
    },

    /** One generator call with a heartbeat; a provider that cannot answer is an UpstreamUnavailable failure. */
    async composeArticle(operationId: string): Promise<ComposedArticle> {
      const activity = Context.current();
      const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
      try {
        return await composeArticle(services, operationId, activity.cancellationSignal);
      } catch (err) {
        if (err instanceof UpstreamUnavailable) {
          throw ApplicationFailure.create({
            type: UPSTREAM_UNAVAILABLE, message: err.message, nonRetryable: !err.retryable,
            nextRetryDelay: err.retryAfterMs ? Math.min(err.retryAfterMs, RETRY_AFTER_CAP_MS) : undefined,
          });
        }
        throw err;
      } finally {
        clearInterval(beat);
      }
    },

    async finishArticleGeneration(operationId: string, article: ComposedArticle): Promise<boolean> {
      return writeGeneratedArticle(services, operationId, article);
    },

    async failArticleGeneration(operationId: string, code: string, message: string): Promise<boolean> {
      return endGeneration(services, operationId, { status: 'failed', error: { code, message } });
    },

    async cancelArticleGeneration(operationId: string): Promise<boolean> {
      return endGeneration(services, operationId, { status: 'canceled' });
    },
  };
}
