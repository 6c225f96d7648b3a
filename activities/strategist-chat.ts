import type { Services } from '../src/services.js';
import type { ChatReply } from '../src/domain/strategist/chat-analyst.js';
import { composeStrategistAnswer, endTurn, writeTurnAnswer } from '../src/domain/strategist/turns.js';
import { beginModelOperation, heartbeatingModelCall, type ModelTiming } from './model-call.js';

/** Activities of the strategist.turn operation; every database step locks the operation row first. */
export function createStrategistChatActivities(services: Services) {
  return {
    /** queued -> running, answering the model call's limits; null once ended. */
    async beginStrategistTurn(operationId: string): Promise<ModelTiming | null> {
      return beginModelOperation(services, operationId);
    },

    /** The strategist's answer, heartbeating; a provider that cannot answer is an UpstreamUnavailable failure. */
    async composeStrategistAnswer(operationId: string): Promise<ChatReply> {
      return heartbeatingModelCall((signal) => composeStrategistAnswer(services, operationId, signal));
    },

    async finishStrategistTurn(operationId: string, reply: ChatReply): Promise<boolean> {
      return writeTurnAnswer(services, operationId, reply);
    },

    async failStrategistTurn(operationId: string, code: string, message: string): Promise<boolean> {
      return endTurn(services, operationId, { status: 'failed', error: { code, message } });
    },

    async cancelStrategistTurn(operationId: string): Promise<boolean> {
      return endTurn(services, operationId, { status: 'canceled' });
    },
  };
}
