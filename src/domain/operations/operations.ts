import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { FINISHED_STATUSES, Operation, type OperationProgress, type OperationStatus } from '../../entities/operation.js';
import type { OperationType } from '../../../workflows/operation-contract.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { domainError } from '../../errors/domain-error.js';
import type { ToCellMoney } from '../wallet/fx.js';
import { newId } from '../../ids.js';

export interface NewOperation {
  tenantId: string;
  /** Who started it: an integration through the API, or a visitor of a website channel. */
  integrationId: string | null;
  channelId?: string | null;
  type: OperationType;
  input: Record<string, unknown>;
  /** The resource whose result is read, known from the start (e.g. the reply message's id). */
  resource: { type: string; id: string } | null;
  costCeilingRub: string;
  /** Work through many rows (a webhook recovery): where it starts. */
  progress?: OperationProgress;
}

/** Writes the operation row, queued. Its workflow is started after the commit. */
export function createOperation(em: Em, o: NewOperation, now: Date): Operation {
  return em.create(Operation, {
    id: newId(),
    tenantId: o.tenantId,
    integrationId: o.integrationId,
    channelId: o.channelId ?? null,
    type: o.type,
    status: 'queued',
    resourceType: o.resource?.type ?? null,
    resourceId: o.resource?.id ?? null,
    input: o.input,
    costCeilingRub: o.costCeilingRub,
    usageCostRub: null,
    usageModel: null,
    errorCode: null,
    errorMessage: null,
    workflowStartedAt: null,
    createdAt: now,
    startedAt: null,
    completedAt: null,
    progress: o.progress ?? null,
  });
}

export const isFinished = (status: OperationStatus): boolean => FINISHED_STATUSES.includes(status);

/**
 * An operation as the integration that started it sees it; any other caller gets not_found
 * (another integration's operation is indistinguishable from a missing one).
 */
export async function findOwnOperation(em: Em, integrationId: string, id: string, o: { lock?: boolean } = {}): Promise<Operation> {
  const operation = await em.findOne(Operation, { id, integrationId }, o.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!operation) throw domainError('not_found', 'No such operation.');
  return operation;
}

/** Operation (spec 01): completed_at only when finished, error only when failed, usage only when charged; progress (beta) for a webhook recovery. */
export function presentOperation(op: Operation, money: ToCellMoney) {
  const finished = isFinished(op.status);
  const resultExists = op.status !== 'failed' && op.status !== 'canceled';
  return {
    id: op.id,
    type: op.type,
    status: op.status,
    created_at: op.createdAt.toISOString(),
    ...(finished && op.completedAt ? { completed_at: op.completedAt.toISOString() } : {}),
    ...(op.resourceType && op.resourceId && resultExists ? { resource: { type: op.resourceType, id: op.resourceId } } : {}),
    ...(op.status === 'failed' ? { error: { code: op.errorCode ?? 'internal_error', message: op.errorMessage ?? 'The operation failed.' } } : {}),
    ...(op.usageCostRub !== null && op.usageCostRub !== undefined ? { usage: { cost: money(op.usageCostRub), model: op.usageModel ?? 'unknown' } } : {}),
    ...(op.progress ? { progress: { total: op.progress.total, redelivered: op.progress.redelivered, skipped: op.progress.skipped } } : {}),
  };
}

export type Outcome =
  | { status: 'succeeded'; usage: { costRub: string; model: string } | null }
  | { status: 'failed'; error: { code: string; message: string } }
  | { status: 'canceled' };

/**
 * Ends an operation (the row must be locked by the caller's transaction) and records
 * operation.completed for the integration that started it, in the same transaction (an
 * operation a website visitor started has no integration to tell). An operation already
 * finished stays as it is: false.
 */
export function finishOperation(em: Em, op: Operation, outcome: Outcome, money: ToCellMoney, now: Date): boolean {
  if (isFinished(op.status)) return false;
  op.status = outcome.status;
  op.completedAt = now;
  if (outcome.status === 'succeeded' && outcome.usage) {
    op.usageCostRub = outcome.usage.costRub;
    op.usageModel = outcome.usage.model;
  }
  if (outcome.status === 'failed') {
    op.errorCode = outcome.error.code;
    op.errorMessage = outcome.error.message;
  }
  if (!op.integrationId) return true;
  recordEvent(em, {
    tenantId: op.tenantId,
    integrationId: op.integrationId,
    type: 'operation.completed',
    ...EVENTS['operation.completed']({ operation: presentOperation(op, money) }),
  }, now);
  return true;
}
