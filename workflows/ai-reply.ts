import { runModelOperation, type ModelOperationKind } from './model-operation.js';
import type { ModelOperationOutcome } from './operation-contract.js';

/**
 * With an offline model (builtin) the whole reply is one local activity (runAiReplyLocally:
 * one activation instead of four); only a model across the network comes to the compose step.
 */
const AI_REPLY: ModelOperationKind = {
  begin: 'runAiReplyLocally',
  compose: 'composeAiReply',
  finish: 'finishAiReply',
  fail: 'failOperation',
  abandon: 'abandonOperation',
  modelFailed: 'The reply could not be prepared.',
  composeTakesLivemode: true,
};

/** Operation `conversation.ai_reply`: the AI seller's reply in a conversation (model-operation.ts). */
export async function aiReplyWorkflow(operationId: string): Promise<ModelOperationOutcome> {
  return runModelOperation(operationId, AI_REPLY);
}
