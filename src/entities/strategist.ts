import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const REPORT_TYPES = ['daily', 'weekly'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Stored topic states; `expired` is never stored: a proposed topic past expires_at reads as expired. */
export const STORED_TOPIC_STATES = ['proposed', 'approved', 'generating', 'generated', 'rejected', 'duplicate'] as const;
export type StoredTopicState = (typeof STORED_TOPIC_STATES)[number];
export const TOPIC_STATES = [...STORED_TOPIC_STATES, 'expired'] as const;
export type TopicState = (typeof TOPIC_STATES)[number];

/** Stored action states; `expired` is derived like a topic's. */
export const STORED_ACTION_STATES = ['proposed', 'confirmed', 'executed', 'failed', 'cancelled'] as const;
export type StoredActionState = (typeof STORED_ACTION_STATES)[number];
export const ACTION_STATES = [...STORED_ACTION_STATES, 'expired'] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/**
 * A strategist report (spec 02, Strategist report). `analyst`, `model`, `costRub` and
 * `snapshotId` are internal: never answered. `creative` runs are never listed.
 */
export const StrategistReport = defineEntity({
  name: 'StrategistReport',
  tableName: 'strategist_reports',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** YYYY-MM-DD: the last day the report covers. */
    reportDate: p.text(),
    reportType: p.enum(REPORT_TYPES),
    creative: p.boolean(),
    summaryText: p.text(),
    highlights: p.json<Record<string, unknown>[]>(),
    concerns: p.json<Record<string, unknown>[]>(),
    actions: p.json<Record<string, unknown>[]>(),
    evidence: p.json<Record<string, unknown>>(),
    dataAsOf: p.json<Record<string, string>>(),
    analyst: p.text(),
    model: p.text().nullable(),
    costRub: p.decimal('string').nullable(),
    snapshotId: p.uuid().nullable(),
    deliveredAt: p.datetime().nullable(),
    /** When the planner and the competitor scan after the report finished; null: not yet (a run of the period plans it). */
    plannedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type StrategistReport = InferEntity<typeof StrategistReport>;

/** A topic of the tenant's queue (spec 02, Strategist topic). */
export const StrategistTopic = defineEntity({
  name: 'StrategistTopic',
  tableName: 'strategist_topics',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    title: p.text().nullable(),
    rationale: p.text().nullable(),
    trendScore: p.decimal('number').nullable(),
    /** trend_score x 100, or -1 when unscored: the queue order as one integer key (unscored last). */
    queueRank: p.integer(),
    source: p.text(),
    status: p.enum(STORED_TOPIC_STATES),
    clusterId: p.uuid().nullable(),
    generatedArticleId: p.uuid().nullable(),
    proposedAt: p.datetime().nullable(),
    decidedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type StrategistTopic = InferEntity<typeof StrategistTopic>;

/** A strategist chat session of one integration. */
export const StrategistSession = defineEntity({
  name: 'StrategistSession',
  tableName: 'strategist_sessions',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid(),
    title: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type StrategistSession = InferEntity<typeof StrategistSession>;

export const ACTION_TYPES = ['propose_topic'] as const;

/** An action the strategist proposed in a session (spec 02, Strategist action); owned by the session's integration. */
export const StrategistAction = defineEntity({
  name: 'StrategistAction',
  tableName: 'strategist_actions',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid(),
    sessionId: p.uuid().nullable(),
    type: p.enum(ACTION_TYPES),
    title: p.text(),
    rationale: p.text().nullable(),
    status: p.enum(STORED_ACTION_STATES),
    result: p.json<{ topic_id: string }>().nullable(),
    error: p.json<{ code: string; message: string }>().nullable(),
    createdAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
  },
});
export type StrategistAction = InferEntity<typeof StrategistAction>;
