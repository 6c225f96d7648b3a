import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { domainError } from '../../errors/domain-error.js';
import type { Money } from '../../domain/wallet/money.js';
import { decideTopic, lockProposedTopic } from '../../domain/strategist/topics.js';
import { cancelAction, confirmAction } from '../../domain/strategist/actions.js';
import { approveWithGeneration } from '../../domain/strategist/generation.js';
import { launchOperation } from '../../domain/operations/operation-starts.js';
import { payerOfApiCaller } from '../../http/authenticate.js';
import { paidRateCounter } from '../../http/rate-limit.js';
import { MAX_COST_RULE, MaxCostSchema, settleGeneration } from '../articles/generation-routes.js';
import { OperationEnvelopeSchema } from '../conversations/ai-reply-schemas.js';
import { ActionSchema, DecisionSchema, StrategistParams } from './schemas.js';
import { presentAction } from './presenters.js';
import { strategistFamily, type IdParams } from './context.js';

const writing = { ...strategistFamily, scope: 'strategist:write', rateClass: 'write' } as const;

interface ApproveBody {
  generate: boolean;
  max_cost?: Money;
}

const ApproveSchema = Joi.object({
  generate: Joi.boolean().default(false).description('true orders article generation (paid): needs articles:generate, a completed editorial profile and an Idempotency-Key.'),
  max_cost: MaxCostSchema.when('generate', { is: true, otherwise: Joi.forbidden() })
    .description(`Only with generate true. ${MAX_COST_RULE}`),
}).meta({ ref: 'StrategistTopicApprove' });

const WaitQuery = Joi.object({
  wait: Joi.number().integer().min(0).max(20).default(0).description('With generate: seconds (0 to 20) to hold the answer until the operation finishes.'),
});

const decision = (t: { id: string; status: string; decidedAt?: Date | null }) => ({ id: t.id, status: t.status, decided_at: t.decidedAt!.toISOString() });

export const approveTopicRoute = defineRoute<{ wait: number }, IdParams, ApproveBody>({
  ...writing, release: 'planned', method: 'POST', path: '/strategist/topics/{id}/approve',
  summary: 'Approve a proposed topic, optionally ordering its article',
  description: 'Without generate: 200 {id, status: approved, decided_at}, free. With generate true: needs the articles:generate scope, an '
    + 'Idempotency-Key and a completed editorial profile; answers 202 OperationEnvelope (article.generation, resource generation_job). '
    + '200 instead when it finished within wait. When generation cannot start (no profile, no funds, a limit) the topic is approved all the same (spec 02) '
    + 'and that catalogue error is answered (409 editorial_profile_required, 402 insufficient_funds or spend_limit_reached); nothing is charged. '
    + 'Only a proposed topic can be decided: 409 invalid_state names its state. Of two simultaneous decisions one executes, the other is 409.',
  params: StrategistParams,
  query: WaitQuery,
  body: ApproveSchema,
  responses: {
    // With generate, an operation finished within wait answers 200 with its envelope.
    200: { description: 'StrategistTopicDecision without generate; OperationEnvelope with generate, finished within wait', schema: Joi.alternatives().try(DecisionSchema, OperationEnvelopeSchema) },
    202: { description: 'OperationEnvelope', schema: OperationEnvelopeSchema },
  },
  errors: ['not_found', 'invalid_state', 'editorial_profile_required', 'insufficient_funds', 'spend_limit_reached', 'validation_failed', 'idempotency_key_required',
    'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ params, body, auth, wallet, em, services, ctx, afterCommit }) => {
    const now = services.clock.now();
    if (!body.generate) return { status: 200, body: decision(await decideTopic(em, auth.tenant.id, params.id, 'approved', now)) };
    if (!auth.scopes.includes('articles:generate')) throw domainError('scope_missing', 'Approving with generate needs the articles:generate scope.');
    const idempotencyKey = ctx.get('idempotency-key');
    if (!idempotencyKey) throw domainError('idempotency_key_required', 'Approving with generate needs an Idempotency-Key header (a UUID v4 is a good choice).');
    const topic = await lockProposedTopic(em, auth.tenant.id, params.id, now);
    const started = await approveWithGeneration(em, {
      admission: { payer: payerOfApiCaller(auth), wallet, services, rates: paidRateCounter(services, ctx) }, topic, maxCost: body.max_cost ?? null, now,
    });
    if ('refusal' in started) return { status: 200, refusal: started.refusal };
    afterCommit(() => launchOperation(services, started.operation));
    return { status: 202, body: started.envelope };
  },
  settle: (result, context) => (result.status === 202 ? settleGeneration(result, context) : Promise.resolve(result)),
});

export const rejectTopicRoute = defineRoute<unknown, IdParams>({
  ...writing, release: 'planned', method: 'POST', path: '/strategist/topics/{id}/reject',
  summary: 'Reject a proposed topic',
  description: 'No body; free. Only a proposed topic can be decided: 409 invalid_state names its state. Idempotency-Key recommended.',
  params: StrategistParams,
  responses: { 200: { description: 'StrategistTopicDecision', schema: DecisionSchema } },
  errors: ['not_found', 'invalid_state', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ params, auth, em, services }) => ({
    status: 200, body: decision(await decideTopic(em, auth.tenant.id, params.id, 'rejected', services.clock.now())),
  }),
});

export const confirmActionRoute = defineRoute<unknown, IdParams>({
  ...writing, release: 'planned', method: 'POST', path: '/strategist/actions/{id}/confirm',
  summary: 'Confirm a proposed action: it is executed at once',
  description: 'No body. The strategist:write scope is checked now, at confirmation. A propose_topic action puts its topic in the queue '
    + '(proposed, source chat) and answers the action executed with result {topic_id}; no article is written. Only a proposed action '
    + 'can be confirmed: 409 invalid_state names its state; of two simultaneous confirmations one executes. Another integration\'s action is 404.',
  params: StrategistParams,
  responses: { 200: { description: 'StrategistAction', schema: ActionSchema } },
  errors: ['not_found', 'invalid_state', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ params, auth, em, services }) => {
    const now = services.clock.now();
    return { status: 200, body: presentAction(await confirmAction(em, auth.integration.id, params.id, now), now) };
  },
});

export const cancelActionRoute = defineRoute<unknown, IdParams>({
  ...writing, release: 'planned', method: 'POST', path: '/strategist/actions/{id}/cancel',
  summary: 'Cancel a proposed action',
  description: 'No body. Only a proposed action can be cancelled: 409 invalid_state names its state. Answers the action, cancelled.',
  params: StrategistParams,
  responses: { 200: { description: 'StrategistAction', schema: ActionSchema } },
  errors: ['not_found', 'invalid_state', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ params, auth, em, services }) => {
    const now = services.clock.now();
    return { status: 200, body: presentAction(await cancelAction(em, auth.integration.id, params.id, now), now) };
  },
});

export const decisionRoutes = [approveTopicRoute, rejectTopicRoute, confirmActionRoute, cancelActionRoute];
