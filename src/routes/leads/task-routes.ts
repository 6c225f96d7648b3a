import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { cursorParam, IsoDate, limitParam, pageOf, zonedTimeParam } from '../../http/schemas/common.js';
import { TASK_STATUSES, type LeadTask, type TaskStatus } from '../../entities/lead.js';
import { findLead } from '../../domain/leads/queries.js';
import { addTask, completeTask, listTasks, TASKS_BY_CREATION } from '../../domain/leads/tasks.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { LeadParams, type LeadIdParams } from './request-schemas.js';

/** A lead's follow-ups (the issue designs them; HubSpot's tasks associated with a deal). */

const TASKS_MIGRATION = 'Migration20261128190000LeadDescription' as const;
/**
 * A task's title names the customer ("Contact Anna today", the scorer's next action): every
 * task route carries personal data, with the ru transfer conditions, no-store and a disclosure
 * row per answer, whatever its scope (leads:write too).
 */
const common = { family: 'leads', migration: TASKS_MIGRATION, pii: true } as const;
const disclosureOf = (tasks: { id: string }[]) => ({ resourceType: 'task', resourceIds: tasks.map((t) => t.id) });

export const TaskSchema = Joi.object({
  id: Joi.string().uuid().required(),
  lead_id: Joi.string().uuid().required(),
  title: Joi.string().required(),
  due_at: IsoDate.allow(null).required(),
  status: Joi.string().valid(...TASK_STATUSES).required(),
  source: Joi.string().valid('api', 'scorer').required().description('api: made by an integrator; scorer: the next action of a hot lead.'),
  created_at: IsoDate.required(),
  updated_at: IsoDate.required(),
  completed_at: IsoDate.allow(null).required(),
}).meta({ ref: 'LeadTask' });

const TaskCreateSchema = Joi.object({
  title: Joi.string().min(1).max(500).pattern(/\S/, 'non-blank text').required(),
  due_at: zonedTimeParam().allow(null).description('ISO 8601 date-time with zone.'),
}).meta({ ref: 'LeadTaskCreate' });

const TaskListQuery = Joi.object({
  limit: limitParam(),
  cursor: cursorParam(),
  status: Joi.string().valid(...TASK_STATUSES),
});

const TaskParams = LeadParams.keys({ task_id: Joi.string().guid().required() });

export function presentTask(t: LeadTask) {
  return {
    id: t.id, lead_id: t.leadId, title: t.title, due_at: t.dueAt?.toISOString() ?? null, status: t.status, source: t.source,
    created_at: t.createdAt.toISOString(), updated_at: t.updatedAt.toISOString(), completed_at: t.completedAt?.toISOString() ?? null,
  };
}

export const createTaskRoute = defineRoute<unknown, LeadIdParams, { title: string; due_at?: Date | null }>({
  ...common, release: 'beta', method: 'POST', path: '/leads/{id}/tasks', scope: 'leads:write', rateClass: 'write',
  summary: 'Add a follow-up task to a lead',
  description: 'Raises task.created. Idempotency-Key is optional (recommended: a retry without one makes a second task).',
  params: LeadParams,
  body: TaskCreateSchema,
  responses: { 201: { description: 'LeadTask', schema: TaskSchema } },
  errors: ['pii_transfer_not_allowed', 'not_found', 'validation_failed', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ params, body, auth, em, services, disclose, afterCommit }) => {
    const lead = await findLead(em, auth.tenant.id, params.id);
    const task = addTask(em, lead, { title: body.title, dueAt: body.due_at ?? null, source: 'api' }, services.clock.now());
    afterCommit(() => wakeRelay(services.redis));
    disclose(disclosureOf([task]));
    return { status: 201, body: presentTask(task) };
  },
});

export const listTasksRoute = defineRoute<{ limit: number; cursor?: string; status?: TaskStatus }, LeadIdParams>({
  ...common, release: 'beta', method: 'GET', path: '/leads/{id}/tasks', scope: 'leads:read', rateClass: 'read',
  summary: "A lead's tasks, in the order they were made",
  params: LeadParams,
  query: TaskListQuery,
  responses: { 200: { description: 'LeadTaskPage', schema: pageOf(TaskSchema, 'LeadTaskPage') } },
  errors: ['pii_transfer_not_allowed', 'not_found', 'validation_failed'],
  handler: async ({ params, query, auth, em, services, disclose }) => {
    const lead = await findLead(em, auth.tenant.id, params.id);
    const body = await keysetPage(services, auth.integration.id, `GET /leads/${lead.id}/tasks`, { status: query.status }, query, TASKS_BY_CREATION,
      (window) => listTasks(em, lead.id, query.status, window), presentTask);
    const tasks = body.data as { id: string }[];
    if (tasks.length) disclose(disclosureOf(tasks));
    return { status: 200, body };
  },
});

export const completeTaskRoute = defineRoute<unknown, LeadIdParams & { task_id: string }>({
  ...common, release: 'beta', method: 'POST', path: '/leads/{id}/tasks/{task_id}/complete', scope: 'leads:write', rateClass: 'write',
  summary: 'Complete a task',
  description: 'Raises task.completed once; completing a completed task answers it unchanged.',
  params: TaskParams,
  responses: { 200: { description: 'LeadTask', schema: TaskSchema } },
  errors: ['pii_transfer_not_allowed', 'not_found', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ params, auth, em, services, disclose, afterCommit }) => {
    const lead = await findLead(em, auth.tenant.id, params.id);
    const task = await completeTask(em, lead, params.task_id, services.clock.now());
    afterCommit(() => wakeRelay(services.redis));
    disclose(disclosureOf([task]));
    return { status: 200, body: presentTask(task) };
  },
});

export const taskRoutes = [createTaskRoute, listTasksRoute, completeTaskRoute];
