import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { domainError } from '../../errors/domain-error.js';
import { findOwnOperation, finishOperation, isFinished, presentOperation } from '../../domain/operations/operations.js';
import { announceOperationFinished } from '../../domain/operations/operation-waiter.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { cellMoney } from '../../domain/wallet/fx.js';
import { cancelOperationWorkflow } from '../../temporal/operations.js';
import { returnGenerationTopic } from '../../domain/articles/generation.js';
import { waitLeftMs } from '../../http/wait.js';
import { OperationSchema, WaitQuery } from '../conversations/ai-reply-schemas.js';

const common = { family: 'operations', migration: 'Migration20261122000500Conversations' } as const;
const OperationParams = Joi.object({ id: Joi.string().uuid().required() });

interface IdParams { id: string }

/**
 * GET /operations/{id} (spec 01: path exists, the rest not shown): the operation as the
 * integration that started it sees it (any other caller: 404). No scope beyond a valid key:
 * an operation shows only ids, states and cost. `wait` holds the answer until it finishes
 * (Google's WaitOperation): when the time is up the answer is the current state.
 */
export const getOperation = defineRoute<{ wait: number }, IdParams>({
  ...common, release: 'available', method: 'GET', path: '/operations/{id}', rateClass: 'read',
  summary: 'An asynchronous operation started by this integration; wait=0..20 holds until it finishes',
  params: OperationParams,
  query: WaitQuery,
  responses: { 200: { description: 'Operation', schema: OperationSchema } },
  errors: ['not_found'],
  handler: async ({ params, auth, em }) => {
    await findOwnOperation(em, auth.integration.id, params.id);
    return { status: 200, body: { id: params.id } };
  },
  settle: async (_result, { params, query, auth, services, ctx }) => {
    await services.operationWaiter.until(params.id, waitLeftMs(ctx, query.wait), async () => isFinished((await findOwnOperation(services.orm.em.fork(), auth.integration.id, params.id)).status));
    const em = services.orm.em.fork();
    const op = await findOwnOperation(em, auth.integration.id, params.id);
    return { status: 200, body: presentOperation(op, await cellMoney(em, services.config.cell)) };
  },
});

/**
 * POST /operations/{id}/cancel: a queued or running operation becomes canceled at once and
 * nothing is charged (its workflow is cancelled after the commit; a result that arrives
 * later is dropped). A finished operation is 409 invalid_state naming its status.
 */
export const cancelOperation = defineRoute<unknown, IdParams>({
  ...common, release: 'beta', method: 'POST', path: '/operations/{id}/cancel', rateClass: 'write',
  summary: 'Cancel a queued or running operation; nothing is charged',
  params: OperationParams,
  responses: { 200: { description: 'The operation, canceled', schema: OperationSchema } },
  errors: ['not_found', 'invalid_state'],
  handler: async ({ params, auth, em, services, afterCommit }) => {
    const op = await findOwnOperation(em, auth.integration.id, params.id, { lock: true });
    if (isFinished(op.status)) throw domainError('invalid_state', `The operation is already ${op.status}; only a queued or running operation can be canceled.`);
    const money = await cellMoney(em, services.config.cell);
    const now = services.clock.now();
    finishOperation(em, op, { status: 'canceled' }, money, now);
    // The workflow's own cancel step finds the operation finished and changes nothing more.
    await returnGenerationTopic(em, op, now);
    afterCommit(async () => {
      await announceOperationFinished(services.redis, op.id);
      await wakeRelay(services.redis);
      await cancelOperationWorkflow(await services.temporal.client(), op.id);
    });
    return { status: 200, body: presentOperation(op, money) };
  },
});

export const operationRoutes = [getOperation, cancelOperation];
