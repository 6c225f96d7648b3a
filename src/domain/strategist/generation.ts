import type { Em } from '../../db/em.js';
import type { StrategistTopic } from '../../entities/strategist.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Money } from '../wallet/money.js';
import { requestGeneration, type GenerationAdmission } from '../articles/generation.js';
import { presentOperation } from '../operations/operations.js';
import { cellMoney } from '../wallet/fx.js';
import type { Operation } from '../../entities/operation.js';

/** What approve-with-generate asks of article generation. */
export interface GenerationRequest {
  admission: GenerationAdmission;
  topic: StrategistTopic;
  /** As POST /articles/generation-jobs takes it (requestGeneration: maxCostRub's rule). */
  maxCost: Money | null;
  now: Date;
}

/** The operation article generation started: the route answers it as a 202 OperationEnvelope. */
export interface StartedGeneration {
  envelope: { operation: Record<string, unknown> };
  operation: Operation;
}

/**
 * Starts article generation for a locked, proposed topic in the caller's transaction, or
 * raises the catalogue's refusal (editorial_profile_required, insufficient_funds,
 * spend_limit_reached, ...). On success the topic moves to generating; on a refusal nothing
 * of the start is kept (approveWithGeneration runs it in a savepoint) and nothing is charged.
 */
export interface GenerationStarter {
  start(em: Em, request: GenerationRequest): Promise<StartedGeneration>;
}

/**
 * The real starter: the very admission of POST /articles/generation-jobs (profile check, paid
 * checks, max_cost lowering the ceiling), keyword = the topic's title, topic_id = the topic;
 * the topic moves to generating in the same transaction as the queued operation.
 */
export const articleGenerationStarter: GenerationStarter = {
  async start(em, { admission, topic, maxCost, now }) {
    const operation = await requestGeneration(em, admission, {
      keyword: (topic.title ?? '').slice(0, 200) || 'Untitled topic', title: topic.title ?? undefined, topic_id: topic.id,
      ...(maxCost ? { max_cost: maxCost } : {}),
    });
    topic.status = 'generating';
    topic.decidedAt = now;
    topic.updatedAt = now;
    await em.flush();
    return { operation, envelope: { operation: presentOperation(operation, await cellMoney(em, admission.services.config.cell)) } };
  },
};

/** The starter approve-with-generate uses. */
export const generationStarter: { current: GenerationStarter } = { current: articleGenerationStarter };

/** Why generation cannot start (spec 02, Topic: "no profile, funds or limit"): the topic is approved all the same. */
const CANNOT_START = ['editorial_profile_required', 'insufficient_funds', 'spend_limit_reached'];

/**
 * Approve with generate true on a locked, proposed topic: generation starts (the topic
 * generating), or, when it cannot start for want of a profile, funds or a limit, the topic is
 * approved without it (spec 02: approved, "error by catalog code") and that refusal comes back
 * for the answer. Any other error (a bad max_cost, the store down) leaves the topic proposed.
 */
export async function approveWithGeneration(em: Em, request: GenerationRequest): Promise<StartedGeneration | { refusal: DomainError }> {
  try {
    return await em.transactional((savepoint) => generationStarter.current.start(savepoint, request));
  } catch (err) {
    if (!(err instanceof DomainError) || !CANNOT_START.includes(err.code)) throw err;
    const { topic, now } = request;
    topic.status = 'approved';
    topic.decidedAt = now;
    topic.updatedAt = now;
    await em.flush();
    return { refusal: err };
  }
}
