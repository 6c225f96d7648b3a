import type { Em } from '../../db/orm.js';
import type { StrategistTopic } from '../../entities/strategist.js';
import { domainError } from '../../errors/domain-error.js';

/** What approve-with-generate asks of article generation. */
export interface GenerationRequest {
  tenantId: string;
  integrationId: string;
  topic: StrategistTopic;
  maxCost: { amount: string; currency: string } | null;
  idempotencyKey: string;
  now: Date;
}

/** The operation article generation started: the route answers it as a 202 OperationEnvelope. */
export interface StartedGeneration {
  envelope: { operation: Record<string, unknown> };
  generationJobId: string;
}

/**
 * Starts article generation for a locked, proposed topic in the caller's transaction, or
 * raises the catalogue's refusal (editorial_profile_required, insufficient_funds,
 * spend_limit_reached, ...). On success the topic moves to generating; a refusal rolls the
 * transaction back, so the topic is left as it was and nothing is charged.
 */
export interface GenerationStarter {
  start(em: Em, request: GenerationRequest): Promise<StartedGeneration>;
}

/**
 * The first implementation: article generation and editorial profiles do not exist on this
 * platform yet, so no tenant has a completed profile, and the answer says exactly that.
 */
export const noEditorialProfileYet: GenerationStarter = {
  start() {
    return Promise.reject(domainError('editorial_profile_required',
      'Article generation needs a completed editorial profile (niche at least); this account has none. The topic was not changed.'));
  },
};

/** The starter approve-with-generate uses; replaced when article generation exists. */
export const generationStarter: { current: GenerationStarter } = { current: noEditorialProfileYet };
