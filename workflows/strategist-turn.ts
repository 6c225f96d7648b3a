import { runModelOperation, type ModelOperationKind } from './model-operation.js';
import type { ModelOperationOutcome } from './operation-contract.js';

const STRATEGIST_TURN: ModelOperationKind = {
  begin: 'beginStrategistTurn',
  compose: 'composeStrategistAnswer',
  finish: 'finishStrategistTurn',
  fail: 'failStrategistTurn',
  abandon: 'cancelStrategistTurn',
  modelFailed: 'The strategist could not answer.',
  composeTakesLivemode: false,
};

/** Operation `strategist.turn`: the strategist's answer in a chat session (model-operation.ts). */
export async function strategistTurnWorkflow(operationId: string): Promise<ModelOperationOutcome> {
  return runModelOperation(operationId, STRATEGIST_TURN);
}
