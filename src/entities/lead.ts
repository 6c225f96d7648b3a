import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The canonical pipeline of spec 02 (decisions: "Leads: canonical statuses"), in stage order. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A lead in one of these is closed: a conversation may open a new one. */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = ['won', 'lost'];

export const LEAD_LEVELS = ['cold', 'warm', 'hot'] as const;
export type LeadLevel = (typeof LEAD_LEVELS)[number];

/** Where a lead came from: the landing page, referrer and UTM parameters, all optional. */
export interface LeadAttribution {
  landing_page?: string | null;
  page_title?: string | null;
  referrer?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
}

/** A sales lead of a tenant (spec 02 Lead). Every change bumps `version` (the ETag). */
export const Lead = defineEntity({
  name: 'Lead',
  tableName: 'leads',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    externalId: p.text().nullable(),
    externalUrl: p.text().nullable(),
    version: p.integer(),
    status: p.enum(LEAD_STATUSES),
    archived: p.boolean(),
    archivedReason: p.text().nullable(),
    owner: p.text().nullable(),
    title: p.text().nullable(),
    /** The channel the lead came through (website, api, ...), or `api` for one the integrator created. */
    source: p.text().nullable(),
    assignedTo: p.text().nullable(),
    valueAmount: p.decimal('string').nullable(),
    valueCurrency: p.text().nullable(),
    productId: p.text().nullable(),
    courseSlug: p.text().nullable(),
    contactId: p.uuid().nullable(),
    conversationId: p.uuid().nullable(),
    attribution: p.json<LeadAttribution>().nullable(),
    score: p.integer().nullable(),
    level: p.enum(LEAD_LEVELS).nullable(),
    /** Who set the score; the builtin scorer leaves an integrator's score alone. Optional: rows written before its migration. */
    scoreSource: p.enum(['builtin', 'integrator'] as const).nullable(),
    flags: p.json<string[]>(),
    /** What the customer wants (src/domain/leads/lead-intent.ts LEAD_INTENTS); null until described. */
    intent: p.text().nullable(),
    /** Derived from the customer's messages, personal data redacted: shown only where the lead's contact is. */
    aiSummary: p.text().nullable(),
    /** The hash of the model and messages intent and ai_summary were made from (src/domain/leads/lead-description.ts); not a Lead field. */
    aiSummaryBasis: p.text().nullable(),
    nextAction: p.text().nullable(),
    nextActionAt: p.datetime().nullable(),
    lostReason: p.text().nullable(),
    qualifiedAt: p.datetime().nullable(),
    wonAt: p.datetime().nullable(),
    lostAt: p.datetime().nullable(),
    lastActivityAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Lead = InferEntity<typeof Lead>;

export const TASK_STATUSES = ['open', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A follow-up of a lead: made by the integrator (`api`) or by the scorer for a hot lead (`scorer`). */
export const LeadTask = defineEntity({
  name: 'LeadTask',
  tableName: 'lead_tasks',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    leadId: p.uuid(),
    title: p.text(),
    dueAt: p.datetime().nullable(),
    status: p.enum(TASK_STATUSES),
    source: p.enum(['api', 'scorer'] as const),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});
export type LeadTask = InferEntity<typeof LeadTask>;
