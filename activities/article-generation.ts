import { Context } from '@temporalio/activity';
import type { Services } from '../src/services.js';
import { beginOperation } from '../src/domain/ai-reply/reply-writer.js';
import { composeBuiltinArticle, endGeneration, writeGeneratedArticle } from '../src/domain/articles/generation.js';
import type { ComposedArticle } from '../workflows/operation-contract.js';

const HEARTBEAT_MS = 1000;

/** Activities of the article.generation operation; every database step locks the operation row first. */
export function createArticleGenerationActivities(services: Services) {
  return {
    async beginArticleGeneration(operationId: string): Promise<boolean> {
      return beginOperation(services, operationId);
    },

    /** The generator (builtin: offline and deterministic). */
    async composeArticle(operationId: string): Promise<ComposedArticle> {
      const beat = setInterval(() => Context.current().heartbeat(), HEARTBEAT_MS);
      try {
        return await composeBuiltinArticle(services, operationId);
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
