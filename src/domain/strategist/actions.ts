import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { StrategistAction, type ActionState } from '../../entities/strategist.js';
import { domainError } from '../../errors/domain-error.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { newId } from '../../ids.js';
import { ACTION_LIFETIME_MS, stateAt, stateCondition } from './states.js';
import { proposeTopic } from './topics.js';
import { clusterFor } from './clusters.js';
import { knownTitles, nearDuplicateOf } from './near-duplicates.js';

/** Newest first. */
export const ACTION_ORDER: KeysetOrder = { keys: [['createdAt', 'time'], ['id', 'uuid']], direction: 'desc' };

export interface ActionProposal {
  tenantId: string;
  integrationId: string;
  sessionId: string | null;
  title: string;
  rationale: string | null;
}

/** A propose_topic action of a session, proposed; it expires 7 days later. */
export function proposeAction(em: Em, proposal: ActionProposal, now: Date): StrategistAction {
  return em.create(StrategistAction, {
    id: newId(),
    tenantId: proposal.tenantId,
    integrationId: proposal.integrationId,
    sessionId: proposal.sessionId,
    type: 'propose_topic',
    title: proposal.title,
    rationale: proposal.rationale,
    status: 'proposed',
    result: null,
    error: null,
    createdAt: now,
    decidedAt: null,
    expiresAt: new Date(now.getTime() + ACTION_LIFETIME_MS),
  });
}

/** The integration's action, else not_found: another integration's (even of the same tenant) is indistinguishable from none. */
export async function findAction(em: Em, integrationId: string, id: string, lock = false): Promise<StrategistAction> {
  const action = await em.findOne(StrategistAction, { integrationId, id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!action) throw domainError('not_found', 'No such action.');
  return action;
}

export function listActions(
  em: Em, integrationId: string, filters: { status?: ActionState; sessionId?: string }, now: Date, window: PageWindow,
): Promise<StrategistAction[]> {
  const conditions: Record<string, unknown>[] = [{ integrationId }];
  if (filters.status) conditions.push(stateCondition(filters.status, now));
  if (filters.sessionId) conditions.push({ sessionId: filters.sessionId });
  return em.find(StrategistAction, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

async function lockProposedAction(em: Em, integrationId: string, id: string, now: Date): Promise<StrategistAction> {
  const action = await findAction(em, integrationId, id, true);
  const state = stateAt<ActionState>(action, now);
  if (state !== 'proposed') throw domainError('invalid_state', `Only a proposed action can be confirmed or cancelled; this one is ${state}.`);
  return action;
}

/**
 * Confirms a proposed action and executes it in the same transaction: a propose_topic puts
 * its topic in the queue (source chat, unscored) and records `{topic_id}`; no article is
 * written. It fails instead, with `error` {code: duplicate_topic}, when the title
 * near-duplicates one of the tenant's topics (any state) or articles: the queue holds each
 * subject once (the rule queueTopic applies to the planner's proposals). The row lock makes a
 * second simultaneous confirmation find it decided.
 */
export async function confirmAction(em: Em, integrationId: string, id: string, now: Date): Promise<StrategistAction> {
  const action = await lockProposedAction(em, integrationId, id, now);
  action.decidedAt = now;
  const existing = nearDuplicateOf(action.title, await knownTitles(em, action.tenantId));
  if (existing !== null) {
    action.status = 'failed';
    action.error = { code: 'duplicate_topic', message: `The queue already holds this subject: "${existing}".` };
    await em.flush();
    return action;
  }
  const clusterId = await clusterFor(em, action.tenantId, action.title);
  const topic = proposeTopic(em, { tenantId: action.tenantId, title: action.title, rationale: action.rationale ?? null, trendScore: null, source: 'chat', clusterId }, now);
  action.status = 'executed';
  action.result = { topic_id: topic.id };
  await em.flush();
  return action;
}

export async function cancelAction(em: Em, integrationId: string, id: string, now: Date): Promise<StrategistAction> {
  const action = await lockProposedAction(em, integrationId, id, now);
  action.status = 'cancelled';
  action.decidedAt = now;
  await em.flush();
  return action;
}
