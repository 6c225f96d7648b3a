import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { StrategistTopic, type TopicState } from '../../entities/strategist.js';
import { domainError } from '../../errors/domain-error.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { newId } from '../../ids.js';
import { TOPIC_LIFETIME_MS, stateAt, stateCondition } from './states.js';
import { knownTitles, nearDuplicateOf } from './near-duplicates.js';
import { clusterFor } from './clusters.js';

/** Queue order: trend_score descending, unscored last (queue_rank -1), then id. */
export const TOPIC_ORDER: KeysetOrder = { keys: [['queueRank', 'integer'], ['id', 'uuid']], direction: 'desc' };

/** trend_score (0 to 100, two places) as one integer key; -1 sorts unscored topics last. */
export function queueRank(trendScore: number | null): number {
  return trendScore === null ? -1 : Math.round(trendScore * 100);
}

export interface TopicProposal {
  tenantId: string;
  title: string | null;
  rationale: string | null;
  trendScore: number | null;
  source: string;
  /** The cluster it joins (clusterFor); absent or null: a cluster of its own. */
  clusterId?: string | null;
  /** duplicate when it repeats a topic already in the queue (see queueTopic). */
  status?: 'proposed' | 'duplicate';
}

/** Puts a topic in the tenant's queue as proposed; it expires 30 days later. */
export function proposeTopic(em: Em, proposal: TopicProposal, now: Date): StrategistTopic {
  const score = proposal.trendScore === null ? null : Math.round(Math.min(100, Math.max(0, proposal.trendScore)) * 100) / 100;
  const id = newId();
  return em.create(StrategistTopic, {
    id,
    tenantId: proposal.tenantId,
    title: proposal.title,
    rationale: proposal.rationale,
    trendScore: score,
    queueRank: queueRank(score),
    source: proposal.source,
    status: proposal.status ?? 'proposed',
    clusterId: proposal.clusterId ?? id,
    generatedArticleId: null,
    proposedAt: now,
    decidedAt: null,
    expiresAt: new Date(now.getTime() + TOPIC_LIFETIME_MS),
    createdAt: now,
    updatedAt: now,
  });
}

/** The tenant's topic, else not_found (another tenant's is indistinguishable from none). */
export async function findTopic(em: Em, tenantId: string, id: string, lock = false): Promise<StrategistTopic> {
  const topic = await em.findOne(StrategistTopic, { tenantId, id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!topic) throw domainError('not_found', 'No such topic.');
  return topic;
}

/** A page of the tenant's queue in TOPIC_ORDER, optionally only topics reading as `status` at `now`. */
export function listTopics(em: Em, tenantId: string, filters: { status?: TopicState }, now: Date, window: PageWindow): Promise<StrategistTopic[]> {
  const conditions: Record<string, unknown>[] = [{ tenantId }];
  if (filters.status) conditions.push(stateCondition(filters.status, now));
  return em.find(StrategistTopic, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/**
 * Locks the topic and refuses any decision unless it reads as proposed at `now`: of two
 * simultaneous decisions the second waits on the row lock, then finds the first one's state.
 */
export async function lockProposedTopic(em: Em, tenantId: string, id: string, now: Date): Promise<StrategistTopic> {
  const topic = await findTopic(em, tenantId, id, true);
  const state = stateAt<TopicState>(topic, now);
  if (state !== 'proposed') throw domainError('invalid_state', `Only a proposed topic can be decided; this one is ${state}.`);
  return topic;
}

/** proposed -> approved or rejected, with decided_at. */
export async function decideTopic(em: Em, tenantId: string, id: string, decision: 'approved' | 'rejected', now: Date): Promise<StrategistTopic> {
  const topic = await lockProposedTopic(em, tenantId, id, now);
  topic.status = decision;
  topic.decidedAt = now;
  topic.updatedAt = now;
  await em.flush();
  return topic;
}

/**
 * Puts a topic in the queue; a topic whose title near-duplicates one of the tenant's topics
 * (any state) or articles goes in as duplicate, so the queue shows each subject once. Flushed,
 * so the next proposal of the same run compares with it.
 */
export async function queueTopic(em: Em, proposal: TopicProposal, now: Date): Promise<StrategistTopic> {
  const repeated = proposal.title ? nearDuplicateOf(proposal.title, await knownTitles(em, proposal.tenantId)) !== null : false;
  const clusterId = await clusterFor(em, proposal.tenantId, proposal.title);
  const topic = proposeTopic(em, { ...proposal, clusterId, status: repeated ? 'duplicate' : 'proposed' }, now);
  await em.flush();
  return topic;
}
