import { Context } from '@temporalio/activity';
import type { Services } from '../src/services.js';
import { loadReplyContext } from '../src/domain/ai-reply/reply-context.js';
import { beginOperation, endOperation, writeAiReply } from '../src/domain/ai-reply/reply-writer.js';
import { operationInSandbox } from '../src/domain/sandbox/shadows.js';
import type { ComposedReply, ModelCallTiming } from '../workflows/operation-contract.js';
import { asModelFailure } from './model-call.js';

/** How often the model activity tells Temporal it is alive (a dead worker is noticed in a few seconds). */
const HEARTBEAT_MS = 1000;

/**
 * Activities of the conversation.ai_reply operation. Every database step is one transaction
 * that first locks the operation row, so a cancel from the api and a result from the model
 * are serialised and exactly one of them wins.
 */
export function createAiReplyActivities(services: Services) {
  /** The model of the operation's mode: a sandbox's replies use SANDBOX_AI_PROVIDER's. */
  const modelOf = async (operationId: string) => services.sellerFor(!await operationInSandbox(services.orm.em.fork(), operationId));

  /** One reply. A provider that cannot answer is an UpstreamUnavailable failure (retried unless it is a refusal). */
  async function compose(operationId: string, signal: AbortSignal): Promise<ComposedReply> {
    const context = await loadReplyContext(services.orm.em.fork(), operationId, services.config.cell);
    const model = await modelOf(operationId);
    try {
      const reply = await model.reply(context, signal);
      return { content: reply.content, handoff: reply.handoff, model: reply.usage.model, costRub: reply.usage.costRub };
    } catch (err) {
      throw asModelFailure(err);
    }
  }

  return {
    /**
     * queued -> running, answering the model call's limits as this worker is configured; null
     * when the operation has already ended (canceled before it began).
     */
    async beginAiReply(operationId: string): Promise<ModelCallTiming | null> {
      if (!(await beginOperation(services, operationId))) return null;
      const { timeoutMs, maxAttempts, retryInitialMs } = services.config.ai;
      return { timeoutMs, maxAttempts, retryInitialMs, remote: (await modelOf(operationId)).remote };
    },

    /** One model call across the network, heartbeating (an activity another worker takes over). */
    async composeAiReply(operationId: string): Promise<ComposedReply> {
      const activity = Context.current();
      const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
      try {
        return await compose(operationId, activity.cancellationSignal);
      } finally {
        clearInterval(beat);
      }
    },

    /** One reply of an offline model, in the worker that runs the workflow (a local activity). */
    async composeAiReplyLocally(operationId: string): Promise<ComposedReply> {
      return compose(operationId, Context.current().cancellationSignal);
    },

    async finishAiReply(operationId: string, reply: ComposedReply): Promise<boolean> {
      return writeAiReply(services, operationId, reply);
    },

    async failOperation(operationId: string, code: string, message: string): Promise<boolean> {
      return endOperation(services, operationId, { status: 'failed', error: { code, message } });
    },

    async abandonOperation(operationId: string): Promise<boolean> {
      return endOperation(services, operationId, { status: 'canceled' });
    },
  };
}
