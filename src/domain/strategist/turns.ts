import { Decimal } from 'decimal.js';
import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import type { Services } from '../../services.js';
import type { AiSettings } from '../../config/ai.js';
import { Operation } from '../../entities/operation.js';
import { StrategistAction, StrategistSession, StrategistTopic } from '../../entities/strategist.js';
import { StrategistTurn } from '../../entities/strategist-turn.js';
import { newId } from '../../ids.js';
import { createOperation, finishOperation, isFinished, type Outcome } from '../operations/operations.js';
import { admitPaidOperation } from '../operations/paid-admission.js';
import { changeLockedOperation } from '../operations/locked-operation.js';
import { chargeOperation } from '../wallet/operation-charge.js';
import { announceWalletChange } from '../wallet/wallet-cache.js';
import { cellMoney } from '../wallet/fx.js';
import { recordEvent } from '../events/outbox.js';
import { EVENTS } from '../events/catalogue.js';
import type { GenerationAdmission } from '../articles/generation.js';
import { chatFigures } from './chat-figures.js';
import { proposeAction } from './actions.js';
import { stateCondition } from './states.js';
import { nearDuplicateOf, titleWords } from './near-duplicates.js';
import { findSession } from './sessions.js';
import { builtinChatAnalyst, PROPOSALS_PER_TURN, type ChatAnalyst, type ChatBrief, type ChatReply, type TopicSuggestion } from './chat-analyst.js';
import { openaiChatAnalyst } from './openai-chat-analyst.js';
import { aiSettingsFor } from '../ai-seller/index.js';
import { operationInSandbox } from '../sandbox/shadows.js';

const HISTORY_TURNS = 10;
const QUEUE_READ = 10;
const TITLE_CHARS = 200;

/** The strategist AI_PROVIDER names: builtin (offline) or openai (Chat Completions). */
export function chatAnalystOf(ai: AiSettings): ChatAnalyst {
  return ai.provider === 'openai' ? openaiChatAnalyst(ai) : builtinChatAnalyst(new Decimal(ai.builtinStrategistPriceRub).toFixed(2));
}

/** What the operation works on, fixed at admission (the turn's id chosen up front). */
export interface TurnInput {
  session_id: string;
  turn_id: string;
}

/**
 * Admits one turn of the integration's session (spec 01 paid operations, on the AI reply's
 * pattern): 404 for another integration's session, then the paid checks (402
 * insufficient_funds, spend_limit_reached, 503 while the wallet is unknown); then, in the
 * request's transaction, the turn (its question) and the queued operation `strategist.turn`
 * with resource {type: strategist_turn, id}. A refusal writes nothing.
 */
export async function requestTurn(em: Em, r: GenerationAdmission, sessionId: string, question: string): Promise<{ turn: StrategistTurn; operation: Operation }> {
  const session = await findSession(em, r.payer.integrationId!, sessionId, true);
  const admission = await admitPaidOperation(em, { ...r, costBounds: chatAnalystOf(aiSettingsFor(r.services.config.ai, r.payer.livemode)).costBounds() });
  if (!admission.admitted) throw admission.error;
  const now = r.services.clock.now();
  const input: TurnInput = { session_id: session.id, turn_id: newId() };
  const operation = createOperation(em, {
    tenantId: session.tenantId, integrationId: session.integrationId, type: 'strategist.turn', input: { ...input },
    resource: { type: 'strategist_turn', id: input.turn_id }, costCeilingRub: admission.costCeilingRub,
  }, now);
  const turn = em.create(StrategistTurn, {
    id: input.turn_id, tenantId: session.tenantId, integrationId: session.integrationId, sessionId: session.id, operationId: operation.id,
    question, answer: null, actionIds: [], createdAt: now, answeredAt: null,
  });
  session.updatedAt = now;
  await em.flush();
  return { turn, operation };
}

type TurnServices = Pick<Services, 'orm' | 'redis' | 'clock' | 'config'>;

/** Titles the strategist must not propose again, nor their near-duplicates: every topic of the tenant, and the integration's actions still proposed. */
async function takenTitles(em: Em, tenantId: string, integrationId: string, now: Date): Promise<string[]> {
  const topics = await em.find(StrategistTopic, { tenantId, title: { $ne: null } }, { fields: ['title'] });
  const actions = await em.find(StrategistAction, { $and: [{ integrationId }, stateCondition('proposed', now)] } as never, { fields: ['title'] });
  return [...topics.map((t) => t.title ?? ''), ...actions.map((a) => a.title)];
}

/** What the strategist answers from: the question, the session's answered turns, the figures of the period it asks about and the queue. */
export async function chatBrief(s: TurnServices, operationId: string): Promise<ChatBrief> {
  const em = s.orm.em.fork();
  const op = await em.findOneOrFail(Operation, { id: operationId });
  const input = op.input as unknown as TurnInput;
  const turn = await em.findOneOrFail(StrategistTurn, { id: input.turn_id });
  const now = s.clock.now();
  const earlier = await em.find(StrategistTurn, { sessionId: turn.sessionId, answer: { $ne: null }, createdAt: { $lt: turn.createdAt } },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: HISTORY_TURNS });
  const { read, figures } = await chatFigures(s, em, op.tenantId, turn.question, now);
  const queue = await em.find(StrategistTopic, { $and: [{ tenantId: op.tenantId }, stateCondition('proposed', now)] } as never,
    { orderBy: { queueRank: 'desc', id: 'desc' }, limit: QUEUE_READ });
  return {
    question: turn.question,
    history: earlier.reverse().map((t) => ({ question: t.question, answer: t.answer ?? '' })),
    read,
    figures,
    queue: queue.map((t) => ({ title: t.title ?? '', trend_score: t.trendScore === null || t.trendScore === undefined ? null : Number(t.trendScore) })),
    taken: await takenTitles(em, op.tenantId, turn.integrationId, now),
  };
}

/**
 * The answer of AI_PROVIDER's strategist (in a sandbox, SANDBOX_AI_PROVIDER's: builtin unless
 * set to live); a provider that cannot answer throws UpstreamUnavailable.
 */
export async function composeStrategistAnswer(s: TurnServices, operationId: string, signal?: AbortSignal): Promise<ChatReply> {
  const livemode = !await operationInSandbox(s.orm.em.fork(), operationId);
  return chatAnalystOf(aiSettingsFor(s.config.ai, livemode)).answer(await chatBrief(s, operationId), signal);
}

/** What of an analyst's proposals becomes actions: titled, at most PROPOSALS_PER_TURN, nothing the queue or the session already holds. */
function keptProposals(proposals: TopicSuggestion[], taken: string[]): TopicSuggestion[] {
  const seen = [...taken];
  const kept: TopicSuggestion[] = [];
  for (const p of proposals) {
    const title = [...p.title.trim()].slice(0, TITLE_CHARS).join('');
    if (!titleWords(title).size || nearDuplicateOf(title, seen) !== null || kept.length >= PROPOSALS_PER_TURN) continue;
    seen.push(title);
    kept.push({ title, rationale: p.rationale });
  }
  return kept;
}

/**
 * The answer, in one transaction: the turn's answer, its propose_topic actions (proposed,
 * expiring 7 days later; the strategist only proposes, a caller with strategist:write
 * confirms), strategist.turn.completed for the session's integration, the operation
 * succeeded with its usage and operation.completed, and the charge (keyed by the operation in
 * the ledger, so never twice). An operation canceled meanwhile is left alone: nothing written.
 */
export async function writeTurnAnswer(s: TurnServices, operationId: string, reply: ChatReply): Promise<boolean> {
  let chargedTenant: string | null = null;
  const written = await changeLockedOperation(s, operationId, async (tx, op) => {
    if (isFinished(op.status)) return false;
    const now = s.clock.now();
    const input = op.input as unknown as TurnInput;
    const turn = await tx.findOneOrFail(StrategistTurn, { id: input.turn_id });
    const session = await tx.findOneOrFail(StrategistSession, { id: turn.sessionId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const proposals = keptProposals(reply.proposals, await takenTitles(tx, op.tenantId, turn.integrationId, now));
    const actions = proposals.map((p) => proposeAction(tx, { tenantId: op.tenantId, integrationId: turn.integrationId, sessionId: session.id, title: p.title, rationale: p.rationale || null }, now));
    turn.answer = reply.answer;
    turn.actionIds = actions.map((a) => a.id);
    turn.answeredAt = now;
    session.updatedAt = now;
    recordEvent(tx, {
      tenantId: op.tenantId, integrationId: turn.integrationId, type: 'strategist.turn.completed',
      ...EVENTS['strategist.turn.completed']({ session_id: session.id, turn_id: turn.id }),
    }, now);
    const cost = Decimal.min(new Decimal(reply.costRub), new Decimal(op.costCeilingRub)).toFixed(2);
    if (!finishOperation(tx, op, { status: 'succeeded', usage: { costRub: cost, model: reply.model } }, await cellMoney(tx, s.config.cell), now)) return false;
    if (await chargeOperation(tx, op, cost, `Strategist answer (${reply.model})`, now)) chargedTenant = op.tenantId;
    return true;
  });
  if (chargedTenant) await announceWalletChange(s.redis, chargedTenant);
  return written;
}

/** Ends a turn without an answer (failed or canceled): no actions, no event but operation.completed, nothing charged. */
export async function endTurn(s: TurnServices, operationId: string, outcome: Exclude<Outcome, { status: 'succeeded' }>): Promise<boolean> {
  return changeLockedOperation(s, operationId, async (tx, op) => finishOperation(tx, op, outcome, await cellMoney(tx, s.config.cell), s.clock.now()));
}
