import type { Services } from '../src/services.js';
import { composeArticle, endGeneration, writeGeneratedArticle } from '../src/domain/articles/generation.js';
import type { ComposedArticle } from '../workflows/operation-contract.js';
import { beginModelOperation, heartbeatingModelCall, type ModelTiming } from './model-call.js';

/** Activities of the article.generation operation; every database step locks the operation row first. */
export function createArticleGenerationActivities(services: Services) {
  return {
    /** queued -> running, answering the generator call's limits (AI_TIMEOUT_MS, AI_MAX_ATTEMPTS, AI_RETRY_INITIAL); null once ended. */
    async beginArticleGeneration(operationId: string): Promise<ModelTiming | null> {
      return beginModelOperation(services, operationId);
    },

    /** One generator call with a heartbeat; a provider that cannot answer is an UpstreamUnavailable failure. */
    async composeArticle(operationId: string): Promise<ComposedArticle> {
      return heartbeatingModelCall((signal) => composeArticle(services, operationId, signal));
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
