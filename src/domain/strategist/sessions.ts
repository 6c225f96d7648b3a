import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { StrategistSession } from '../../entities/strategist.js';
import { StrategistTurn } from '../../entities/strategist-turn.js';
import { Operation, type OperationStatus } from '../../entities/operation.js';
import { domainError } from '../../errors/domain-error.js';
import { BY_CREATION, pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { newId } from '../../ids.js';

/** Sessions newest first; the turns of a session oldest first (a conversation reads downwards). */
export const SESSION_ORDER: KeysetOrder = { keys: [['createdAt', 'time'], ['id', 'uuid']], direction: 'desc' };
export const TURN_ORDER = BY_CREATION;

export function createSession(em: Em, s: { tenantId: string; integrationId: string; title: string | null }, now: Date): StrategistSession {
  return em.create(StrategistSession, { id: newId(), tenantId: s.tenantId, integrationId: s.integrationId, title: s.title, createdAt: now, updatedAt: now });
}

/** The integration's session, else not_found: another integration's (even of the same tenant) is indistinguishable from none. */
export async function findSession(em: Em, integrationId: string, id: string, lock = false): Promise<StrategistSession> {
  const session = await em.findOne(StrategistSession, { integrationId, id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!session) throw domainError('not_found', 'No such session.');
  return session;
}

export function listSessions(em: Em, integrationId: string, window: PageWindow): Promise<StrategistSession[]> {
  return em.find(StrategistSession, pageWhere([{ integrationId }], window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

export function listTurns(em: Em, sessionId: string, window: PageWindow): Promise<StrategistTurn[]> {
  return em.find(StrategistTurn, pageWhere([{ sessionId }], window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/** A turn's state is its operation's: pending while queued or running, then answered, failed or canceled. */
export type TurnStatus = 'pending' | 'answered' | 'failed' | 'canceled';
export function turnStatusOf(status: OperationStatus): TurnStatus {
  if (status === 'succeeded') return 'answered';
  return status === 'failed' || status === 'canceled' ? status : 'pending';
}

/** The operations of `turns`, by id: what their state is read from. */
export async function operationsOfTurns(em: Em, turns: StrategistTurn[]): Promise<Map<string, Operation>> {
  if (!turns.length) return new Map();
  const ops = await em.find(Operation, { id: { $in: turns.map((t) => t.operationId) } });
  return new Map(ops.map((o) => [o.id, o]));
}
