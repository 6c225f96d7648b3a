import { runModelOperation, type ModelOperationKind } from './model-operation.js';
import type { ModelOperationOutcome } from './operation-contract.js';

const ARTICLE_GENERATION: ModelOperationKind = {
  begin: 'beginArticleGeneration',
  compose: 'composeArticle',
  finish: 'finishArticleGeneration',
  fail: 'failArticleGeneration',
  abandon: 'cancelArticleGeneration',
  modelFailed: 'The article could not be written.',
  composeTakesLivemode: false,
};

/**
 * Operation `article.generation` (model-operation.ts): the generator's draft, the charge,
 * article.ready and succeeded in one transaction; article.generation.failed when it fails.
 */
export async function articleGenerationWorkflow(operationId: string): Promise<ModelOperationOutcome> {
  return runModelOperation(operationId, ARTICLE_GENERATION);
}
