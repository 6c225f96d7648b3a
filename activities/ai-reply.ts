import { Context } from '@temporalio/activity';
import { whileHeartbeating } from './heartbeat.js';
import type { Services } from '../src/services.js';
import { loadReplyContext } from '../src/domain/ai-reply/reply-context.js';
import { beginOperation, endOperation, writeAiReply } from '../src/domain/ai-reply/reply-writer.js';
import { operationInSandbox } from '../src/domain/sandbox/shadows.js';
import { DraftPublisher } from '../src/domain/ai-reply/reply-draft.js';
import type { ReplyJob } from '../src/domain/ai-reply/reply-context.js';
import { modelStepError, type ModelOperationOutcome, type ComposedReply, type ModelCallTiming } from '../workflows/operation-contract.js';
import { asModelFailure } from './model-call.js';

/**
 * Activities of the conversation.ai_reply operation. Every database step is one transaction
 * that first locks the operation row, so a cancel from the api and a result from the model
 * are serialised and exactly one of them wins.
 */
export function createAiReplyActivities(services: Services) {
  /** Whether the operation is live (false: a sandbox's, whose replies use SANDBOX_AI_PROVIDER's model). */
  const livemodeOf = async (operationId: string) => !await operationInSandbox(services.orm.em.fork(), operationId);

  /** The model call's limits as this worker is configured, for the operation's model. */
  const timingOf = (livemode: boolean): ModelCallTiming => {
    const { timeoutMs, maxAttempts, retryInitialMs } = services.config.ai;
    return { timeoutMs, maxAttempts, retryInitialMs, remote: services.sellerFor(livemode).remote, livemode };
  };

  const contextOf = (operationId: string) => loadReplyContext(services.orm.em.fork(), operationId, services.config.cell);

  /**
   * The model's reply to the turn; what the model throws comes out as it is. While the model
   * writes, the visitor's chat sees the reply's draft (reply-draft.ts); each attempt starts its
   * draft afresh, and its last piece is the reply as the message will show it.
   */
  async function reply({ context, draft: target }: ReplyJob, livemode: boolean, signal: AbortSignal): Promise<ComposedReply> {
    const draft = target && new DraftPublisher(services.redis, target, services.config.ai.draftThrottleMs, signal);
    try {
      const answer = await services.sellerFor(livemode).reply(context, signal, draft?.update);
      await draft?.finish(answer.content);
      return { content: answer.content, handoff: answer.handoff, model: answer.usage.model, costRub: answer.usage.costRub };
    } finally {
      draft?.stop();
    }
  }

  /**
   * One reply. A provider that cannot answer is an UpstreamUnavailable failure (retried unless it
   * is a refusal). `livemode` as the begin found it; workflows begun before it said so look it up.
   */
  async function compose(operationId: string, livemode: boolean | undefined, signal: AbortSignal): Promise<ComposedReply> {
    const job = await contextOf(operationId);
    const mode = livemode ?? await livemodeOf(operationId);
    try {
      return await reply(job, mode, signal);
    } catch (err) {
      throw asModelFailure(err);
    }
  }

  return {
    /**
     * The whole operation in one step when its model is offline: queued -> running, the reply,
     * and its result (or, when the model fails, the operation failed: an offline model answers
     * the same input the same way, so it is not asked twice). With a model across the network
     * it only begins (queued -> running) and answers the model call's limits. Null when the
     * operation has already ended. The database steps are those of the separate activities,
     * each idempotent, so a retry after a lost worker does no harm.
     */
    async runAiReplyLocally(operationId: string): Promise<ModelCallTiming | { outcome: ModelOperationOutcome } | null> {
      const begun = await beginOperation(services, operationId);
      if (!begun) return null;
      const timing = timingOf(begun.livemode);
      if (timing.remote) return timing;
      // A database step that fails is retried (the activity's retry policy); a model that fails ends the operation.
      const job = await contextOf(operationId);
      let composed: ComposedReply;
      try {
        composed = await reply(job, begun.livemode, Context.current().cancellationSignal);
      } catch (err) {
        if (Context.current().cancellationSignal.aborted) throw err;
        await endOperation(services, operationId, { status: 'failed', error: modelStepError(asModelFailure(err), 'The reply could not be prepared.') });
        return { outcome: 'failed' };
      }
      return { outcome: await writeAiReply(services, operationId, composed) ? 'succeeded' : 'already_finished' };
    },

    /** One model call across the network, heartbeating (an activity another worker takes over). */
    async composeAiReply(operationId: string, livemode?: boolean): Promise<ComposedReply> {
      return whileHeartbeating((signal) => compose(operationId, livemode, signal));
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
