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
  /** Whether the operation is live (false: a sandbox's, whose replies use SANDBOX_AI_PROVIDER's model). */
  const livemodeOf = async (operationId: string) => !await operationInSandbox(services.orm.em.fork(), operationId);

  /**
   * One reply. A provider that cannot answer is an UpstreamUnavailable failure (retried unless it
   * is a refusal). `livemode` as beginAiReply found it; workflows begun before it said so look it up.
   */
  async function compose(operationId: string, livemode: boolean | undefined, signal: AbortSignal): Promise<ComposedReply> {
    const context = await loadReplyContext(services.orm.em.fork(), operationId, services.config.cell);
    const model = services.sellerFor(livemode ?? await livemodeOf(operationId));
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
      const begun = await beginOperation(services, operationId);
      if (!begun) return null;
      const { timeoutMs, maxAttempts, retryInitialMs } = services.config.ai;
      const { livemode } = begun;
      return { timeoutMs, maxAttempts, retryInitialMs, remote: services.sellerFor(livemode).remote, livemode };
    },

    /** One model call across the network, heartbeating (an activity another worker takes over). */
    async composeAiReply(operationId: string, livemode?: boolean): Promise<ComposedReply> {
      const activity = Context.current();
      const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
      try {
        return await compose(operationId, livemode, activity.cancellationSignal);
      } finally {
        clearInterval(beat);
      }
    },

    /** One reply of an offline model, in the worker that runs the workflow (a local activity). */
    async composeAiReplyLocally(operationId: string, livemode?: boolean): Promise<ComposedReply> {
      return compose(operationId, livemode, Context.current().cancellationSignal);
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
