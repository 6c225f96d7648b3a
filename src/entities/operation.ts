import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const OPERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
export const FINISHED_STATUSES: readonly OperationStatus[] = ['succeeded', 'failed', 'canceled'];

/**
 * How far an operation that works through many rows has come (a webhook recovery): `total`
 * counted when it started, `redelivered` and `skipped` so far, and `page`, the key of the page
 * counted last (so a page tried again after it committed is not counted twice).
 */
export interface OperationProgress {
  total: number;
  redelivered: number;
  skipped: number;
  page: string | null;
}

/**
 * An asynchronous job (spec 01, Operation): an AI reply, an article generation, ... It runs
 * as Temporal workflow `op:<id>`; the row is what the API answers from.
 */
export const Operation = defineEntity({
  name: 'Operation',
  tableName: 'operations',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** The integration that started it through the API; null when a visitor of a website channel did. */
    integrationId: p.uuid().nullable(),
    /** The website channel whose visitor started it (widget chat); null for API operations. */
    channelId: p.uuid().nullable(),
    type: p.text(),
    status: p.enum(OPERATION_STATUSES),
    resourceType: p.text().nullable(),
    resourceId: p.text().nullable(),
    /** What the workflow works on (ids), fixed at creation. */
    input: p.json<Record<string, unknown>>(),
    /** The most this operation may cost: what admission reserved against the wallet and limits. */
    costCeilingRub: p.decimal('string'),
    usageCostRub: p.decimal('string').nullable(),
    usageModel: p.text().nullable(),
    errorCode: p.text().nullable(),
    errorMessage: p.text().nullable(),
    workflowStartedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    startedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    /** A webhook recovery's progress (OperationProgress); null for every other operation. */
    progress: p.json<OperationProgress>().nullable(),
  },
});
export type Operation = InferEntity<typeof Operation>;
