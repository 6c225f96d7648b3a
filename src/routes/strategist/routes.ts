import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import type { ActionState, ReportType, TopicState } from '../../entities/strategist.js';
import { REPORT_ORDER, findReport, listReports } from '../../domain/strategist/reports.js';
import { TOPIC_ORDER, findTopic, listTopics } from '../../domain/strategist/topics.js';
import { ACTION_ORDER, findAction, listActions } from '../../domain/strategist/actions.js';
import {
  ActionListQuery, ActionPageSchema, ActionSchema, ReportListQuery, ReportPageSchema, ReportSchema, StrategistParams, TopicListQuery, TopicPageSchema, TopicSchema,
} from './schemas.js';
import { presentAction, presentReport, presentReportSummary, presentTopic } from './presenters.js';
import { decisionRoutes } from './decision-routes.js';
import { chatRoutes } from './chat-routes.js';
import { strategistFamily, type IdParams } from './context.js';

const reading = { ...strategistFamily, scope: 'strategist:read', rateClass: 'read' } as const;
/** Reports are read with planned_at (the entity selects every column). */
const readingReports = { ...reading, migration: 'Migration20261128000100StrategistReportPlanned' } as const;

interface Paged { limit: number; cursor?: string }

export const listReportsRoute = defineRoute<Paged & { report_type?: ReportType }>({
  ...readingReports, release: 'available', method: 'GET', path: '/strategist/reports',
  summary: "The tenant's strategist reports, newest first",
  description: 'Summaries of daily and weekly reports, newest report_date first (on one day, the latest written first); creative runs are never returned.',
  query: ReportListQuery,
  responses: { 200: { description: 'StrategistReportPage', schema: ReportPageSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const body = await keysetPage(services, auth.integration.id, 'GET /strategist/reports', { report_type: query.report_type }, query, REPORT_ORDER,
      (window) => listReports(em, auth.tenant.id, { reportType: query.report_type }, window), presentReportSummary);
    return { status: 200, body };
  },
});

export const getReportRoute = defineRoute<unknown, IdParams>({
  ...readingReports, release: 'available', method: 'GET', path: '/strategist/reports/{id}',
  summary: 'One full strategist report with its checked evidence',
  description: 'A missing, foreign or non-uuid id answers 404 not_found.',
  params: StrategistParams,
  responses: { 200: { description: 'StrategistReport', schema: ReportSchema } },
  errors: ['not_found'],
  handler: async ({ params, auth, em }) => ({ status: 200, body: presentReport(await findReport(em, auth.tenant.id, params.id)) }),
});

export const listTopicsRoute = defineRoute<Paged & { status?: TopicState; include_deleted?: boolean }>({
  ...reading, release: 'available', method: 'GET', path: '/strategist/topics',
  summary: "The tenant's topic queue: trend_score descending, unscored last",
  description: 'The queue is shared across the tenant. A proposed topic past expires_at reads as expired, and status=expired finds it. '
    + 'include_deleted=true answers 422 not_supported: deleted topics are not stored.',
  query: TopicListQuery,
  responses: { 200: { description: 'StrategistTopicPage', schema: TopicPageSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const now = services.clock.now();
    const body = await keysetPage(services, auth.integration.id, 'GET /strategist/topics', { status: query.status }, query, TOPIC_ORDER,
      (window) => listTopics(em, auth.tenant.id, { status: query.status }, now, window), (t) => presentTopic(t, now));
    return { status: 200, body };
  },
});

export const getTopicRoute = defineRoute<unknown, IdParams>({
  ...reading, release: 'available', method: 'GET', path: '/strategist/topics/{id}',
  summary: 'One topic of the queue',
  description: 'A missing, foreign or non-uuid id answers 404 not_found.',
  params: StrategistParams,
  responses: { 200: { description: 'StrategistTopic', schema: TopicSchema } },
  errors: ['not_found'],
  handler: async ({ params, auth, em, services }) => ({ status: 200, body: presentTopic(await findTopic(em, auth.tenant.id, params.id), services.clock.now()) }),
});

export const listActionsRoute = defineRoute<Paged & { status?: ActionState; session_id?: string }>({
  ...reading, release: 'available', method: 'GET', path: '/strategist/actions',
  summary: "Actions the strategist proposed in this integration's sessions, newest first",
  description: "Only this integration's sessions. A proposed action past expires_at (created_at + 7 days) reads as expired.",
  query: ActionListQuery,
  responses: { 200: { description: 'StrategistActionPage', schema: ActionPageSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const now = services.clock.now();
    const filters = { status: query.status, sessionId: query.session_id };
    const body = await keysetPage(services, auth.integration.id, 'GET /strategist/actions', { status: query.status, session_id: query.session_id }, query, ACTION_ORDER,
      (window) => listActions(em, auth.integration.id, filters, now, window), (a) => presentAction(a, now));
    return { status: 200, body };
  },
});

export const getActionRoute = defineRoute<unknown, IdParams>({
  ...reading, release: 'available', method: 'GET', path: '/strategist/actions/{id}',
  summary: 'One action of this integration',
  description: "Another integration's action, a missing or a non-uuid id answers 404 not_found.",
  params: StrategistParams,
  responses: { 200: { description: 'StrategistAction', schema: ActionSchema } },
  errors: ['not_found'],
  handler: async ({ params, auth, em, services }) => ({ status: 200, body: presentAction(await findAction(em, auth.integration.id, params.id), services.clock.now()) }),
});

/** Spec 02 "Strategist": the reads, and the decisions on topics and actions. */
export const strategistRoutes = [listReportsRoute, getReportRoute, listTopicsRoute, getTopicRoute, listActionsRoute, getActionRoute, ...decisionRoutes, ...chatRoutes];
