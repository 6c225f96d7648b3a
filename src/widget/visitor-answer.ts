import type { Services } from '../services.js';
import { Conversation, Message } from '../entities/conversation.js';
import { Operation } from '../entities/operation.js';
import { holdOnOperation } from '../domain/ai-reply/turn-outcome.js';
import { announceConversationChanges } from '../domain/conversations/live.js';
import { wakeRelay } from '../domain/events/outbox-wakeup.js';
import { launchOperation } from '../domain/operations/operation-starts.js';
import { conversationView, presentForVisitor } from './visitor-reads.js';
import { announceTokenRotation } from './token-rotations.js';
import type { VisitorTurn } from './visitor-turn.js';
import { noticeLeadChange } from '../temporal/lead-scoring.js';

/** After the commit; a step that fails is logged (the worker's operation starter starts a workflow the api could not). */
async function afterCommit(services: Services, turn: VisitorTurn): Promise<void> {
  const steps: [string, () => Promise<void>][] = [
    ['start the reply workflow', async () => {
      if (turn.operation) await launchOperation(services, turn.operation);
    }],
    ['announce the conversation', () => announceConversationChanges(services.redis, turn.changed)],
    ['announce the token rotation', () => announceTokenRotation(services.redis, services.config.redisKeyPrefix, turn.rotation)],
    ['wake the relay', () => wakeRelay(services.redis)],
    ['notice the lead scorer', async () => {
      const { leadId, tenantId } = turn.conversation;
      if (leadId) await noticeLeadChange(services, { id: leadId, tenantId });
    }],
  ];
  for (const [what, step] of steps) {
    await step().catch((err: unknown) => services.log.warn({ err: (err as Error).message, route: 'POST /api/widget/messages' }, `after-commit step failed: ${what}`));
  }
}

/** Holds up to holdMs on the reply operation; the AI message when it succeeded in time. */
async function heldReply(services: Services, operationId: string, holdMs: number): Promise<Message | null> {
  if (holdMs === 0) return null;
  const em = () => services.orm.em.fork();
  await holdOnOperation(services, operationId, holdMs);
  const op = await em().findOne(Operation, { id: operationId });
  if (op?.status !== 'succeeded' || !op.resourceId) return null;
  return em().findOne(Message, { id: op.resourceId, deletedAt: null });
}

/**
 * The answer of POST /api/widget/messages: the fresh token, the visitor's message, the AI
 * reply when it came within the hold of holdMs (else null: it arrives on the stream or poll),
 * and the conversation's state after all that (queued: with or waiting for an operator).
 */
export async function answerVisitorTurn(services: Services, turn: VisitorTurn, holdMs: number) {
  await afterCommit(services, turn);
  const reply = turn.operation ? await heldReply(services, turn.operation.id, holdMs) : null;
  const conversation = await services.orm.em.fork().findOneOrFail(Conversation, { id: turn.conversation.id });
  const view = conversationView(conversation);
  const now = services.clock.now();
  const [message, response] = await presentForVisitor(services.orm.em.fork(), reply ? [turn.message, reply] : [turn.message], services.config, now);
  return { session_token: turn.token, queued: view.state !== 'ai', response: response ?? null, message: message!, ...view };
}
