import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One turn of a strategist chat session: the customer's question and the strategist's answer,
 * written by the `strategist.turn` operation `operationId`. Its state is the operation's
 * (pending while queued or running, then answered, failed or canceled), never stored twice.
 */
export const StrategistTurn = defineEntity({
  name: 'StrategistTurn',
  tableName: 'strategist_turns',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid(),
    sessionId: p.uuid(),
    operationId: p.uuid(),
    question: p.text(),
    answer: p.text().nullable(),
    /** The actions (propose_topic) the answer proposed, in order. */
    actionIds: p.json<string[]>(),
    createdAt: p.datetime(),
    answeredAt: p.datetime().nullable(),
  },
});
export type StrategistTurn = InferEntity<typeof StrategistTurn>;
