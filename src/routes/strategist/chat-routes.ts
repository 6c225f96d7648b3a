import { defineRoute, type HandlerResult, type SettleInput } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { payerOfApiCaller } from '../../http/authenticate.js';
import { paidRateCounter } from '../../http/rate-limit.js';
import { waitLeftMs } from '../../http/wait.js';
import { domainError } from '../../errors/domain-error.js';
import type { Em } from '../../db/em.js';
import type { Config } from '../../config.js';
import type { StrategistSession } from '../../entities/strategist.js';
import type { StrategistTurn } from '../../entities/strategist-turn.js';
import { Operation } from '../../entities/operation.js';
import { presentOperation } from '../../domain/operations/operations.js';
import { launchOperation } from '../../domain/operations/operation-starts.js';
import { holdOnOperation } from '../../domain/ai-reply/turn-outcome.js';
import { cellMoney } from '../../domain/wallet/fx.js';
import { SESSION_ORDER, TURN_ORDER, createSession, findSession, listSessions, listTurns, operationsOfTurns, turnStatusOf } from '../../domain/strategist/sessions.js';
import { requestTurn } from '../../domain/strategist/turns.js';
import { StrategistTurn as TurnEntity } from '../../entities/strategist-turn.js';
import { WaitQuery } from '../conversations/ai-reply-schemas.js';
import {
  PageQuery, SessionCreateSchema, SessionPageSchema, SessionParams, SessionSchema, TurnAnswerSchema, TurnCreateSchema, TurnPageSchema, StrategistTurnUpstreamProblemSchema,
} from './chat-schemas.js';
import { strategistFamily, type IdParams } from './context.js';
import { iso } from '../../presenters/iso.js';

/** The chat's tables came with its own migration. */
const chatting = { ...strategistFamily, migration: 'Migration20261124007200StrategistTurns', scope: 'strategist:chat', release: 'planned' } as const;


function presentSession(s: StrategistSession) {
  return { id: s.id, title: s.title ?? null, created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString() };
}

function presentTurn(t: StrategistTurn, op: Operation) {
  return {
    id: t.id, session_id: t.sessionId, status: turnStatusOf(op.status), question: t.question, answer: t.answer ?? null, action_ids: t.actionIds,
    operation_id: t.operationId, created_at: t.createdAt.toISOString(), answered_at: iso(t.answeredAt),
  };
}

/** The answer of POST …/turns from the turn and its operation as they stand. */
async function turnAnswer(em: Em, cell: Config['cell'], turnId: string) {
  const turn = await em.findOneOrFail(TurnEntity, { id: turnId });
  const op = await em.findOneOrFail(Operation, { id: turn.operationId });
  return { op, body: { turn: presentTurn(turn, op), operation: presentOperation(op, await cellMoney(em, cell)) } };
}

/**
 * After the commit (fresh or replayed), as the AI reply answers: holds up to `wait` on the
 * operation, then 200 when it finished (answered, failed or canceled), 202 while it runs, and
 * 503 upstream_unavailable when the model provider was down (nothing charged).
 */
async function settleTurnAnswer(result: HandlerResult, { query, services, ctx }: SettleInput<{ wait: number }, IdParams>): Promise<HandlerResult> {
  const turnId = (result.body as { turn: { id: string } }).turn.id;
  const operationId = (result.body as { operation: { id: string } }).operation.id;
  await holdOnOperation(services, operationId, waitLeftMs(ctx, query.wait));
  const { op, body } = await turnAnswer(services.orm.em.fork(), services.config.cell, turnId);
  if (op.status === 'failed' && op.errorCode === 'upstream_unavailable') {
    throw domainError('upstream_unavailable', `The language model is unavailable: ${op.errorMessage ?? 'no answer'}. Nothing was charged; the question is kept.`, body, { retryAfterSeconds: 30 });
  }
  return { status: op.status === 'queued' || op.status === 'running' ? 202 : 200, headers: result.headers, body };
}

export const createSessionRoute = defineRoute<unknown, unknown, { title?: string | null }>({
  ...chatting, method: 'POST', path: '/strategist/sessions', rateClass: 'write',
  summary: 'Open a strategist chat session',
  description: "A session belongs to the integration that opened it: no other integration sees it or its turns. Free; Idempotency-Key recommended.",
  body: SessionCreateSchema,
  responses: { 201: { description: 'StrategistSession', schema: SessionSchema } },
  errors: ['validation_failed', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ body, auth, em, services }) => {
    const session = createSession(em, { tenantId: auth.tenant.id, integrationId: auth.integration.id, title: body.title ?? null }, services.clock.now());
    await em.flush();
    return { status: 201, body: presentSession(session) };
  },
});

export const listSessionsRoute = defineRoute<{ limit: number; cursor?: string }>({
  ...chatting, method: 'GET', path: '/strategist/sessions', rateClass: 'read',
  summary: "This integration's strategist chat sessions, newest first",
  query: PageQuery,
  responses: { 200: { description: 'StrategistSessionPage', schema: SessionPageSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => ({
    status: 200,
    body: await keysetPage(services, auth.integration.id, 'GET /strategist/sessions', {}, query, SESSION_ORDER, (window) => listSessions(em, auth.integration.id, window), presentSession),
  }),
});

export const getSessionRoute = defineRoute<unknown, IdParams>({
  ...chatting, method: 'GET', path: '/strategist/sessions/{id}', rateClass: 'read',
  summary: 'One strategist chat session of this integration',
  description: "Another integration's session, a missing or a non-uuid id answers 404 not_found.",
  params: SessionParams,
  responses: { 200: { description: 'StrategistSession', schema: SessionSchema } },
  errors: ['not_found'],
  handler: async ({ params, auth, em }) => ({ status: 200, body: presentSession(await findSession(em, auth.integration.id, params.id)) }),
});

export const askRoute = defineRoute<{ wait: number }, IdParams, { content: string }>({
  ...chatting, method: 'POST', path: '/strategist/sessions/{id}/turns', rateClass: 'paid', idempotency: 'required', paidAdmission: true,
  summary: 'Ask the strategist: a paid operation (strategist.turn) answers',
  description: [
    'Stores the question as a turn and starts a strategist.turn operation (resource {type: strategist_turn, id}) that answers it from the',
    "tenant's analytics for the period the question names (the last 7 days when it names none) against the period before, each figure with",
    'its source and period, and from its topic queue, and may propose topics as propose_topic actions (expiring 7 days later; confirm',
    'them with POST /strategist/actions/{id}/confirm, which needs strategist:write). Answers 202 {turn, operation} while it runs (or when wait',
    'elapsed), 200 when it finished within wait (0..20 s); 503 upstream_unavailable when the model provider is down (nothing charged). The',
    'answer is charged once and raises strategist.turn.completed and operation.completed. POST /operations/{id}/cancel cancels it, free.',
    'One Idempotency-Key per question: a retry answers the same turn and operation, never a second charge.',
  ].join(' '),
  params: SessionParams,
  query: WaitQuery,
  body: TurnCreateSchema,
  responses: {
    200: { description: 'Finished within wait', schema: TurnAnswerSchema },
    202: { description: 'Being answered, or wait elapsed', schema: TurnAnswerSchema },
  },
  errors: ['not_found', 'insufficient_funds', 'spend_limit_reached', 'upstream_unavailable', 'validation_failed', 'idempotency_key_required', 'idempotency_conflict', 'operation_in_progress'],
  problems: { upstream_unavailable: StrategistTurnUpstreamProblemSchema },
  handler: async ({ params, body, auth, wallet, em, services, ctx, afterCommit }) => {
    const { turn, operation } = await requestTurn(em, { payer: payerOfApiCaller(auth), wallet, services, rates: paidRateCounter(services, ctx) }, params.id, body.content);
    afterCommit(() => launchOperation(services, operation));
    return { status: 202, body: { turn: presentTurn(turn, operation), operation: presentOperation(operation, await cellMoney(em, services.config.cell)) } };
  },
  settle: settleTurnAnswer,
});

export const listTurnsRoute = defineRoute<{ limit: number; cursor?: string }, IdParams>({
  ...chatting, method: 'GET', path: '/strategist/sessions/{id}/turns', rateClass: 'read',
  summary: 'The turns of a session, oldest first: question, answer, proposed action ids',
  description: "Another integration's session answers 404 not_found.",
  params: SessionParams,
  query: PageQuery,
  responses: { 200: { description: 'StrategistTurnPage', schema: TurnPageSchema } },
  errors: ['not_found', 'validation_failed'],
  handler: async ({ params, query, auth, em, services }) => {
    const session = await findSession(em, auth.integration.id, params.id);
    let ops = new Map<string, Operation>();
    const body = await keysetPage(services, auth.integration.id, `GET /strategist/sessions/${session.id}/turns`, {}, query, TURN_ORDER, async (window) => {
      const turns = await listTurns(em, session.id, window);
      ops = await operationsOfTurns(em, turns);
      return turns;
    }, (t) => presentTurn(t, ops.get(t.operationId)!));
    return { status: 200, body };
  },
});

/** Issue 14: the strategist chat, sessions and their turns. */
export const chatRoutes = [createSessionRoute, listSessionsRoute, getSessionRoute, askRoute, listTurnsRoute];
