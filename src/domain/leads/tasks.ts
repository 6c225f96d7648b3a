import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { LeadTask, type Lead, type TaskStatus } from '../../entities/lead.js';
import { domainError } from '../../errors/domain-error.js';
import { newId } from '../../ids.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';

/** A lead's tasks in the order they were made. */
export const TASKS_BY_CREATION: KeysetOrder = { keys: [['createdAt', 'time'], ['id', 'uuid']], direction: 'asc' };

export interface NewTask {
  title: string;
  dueAt?: Date | null;
  source: LeadTask['source'];
}

/** A task of the lead, and task.created, in the caller's transaction. */
export function addTask(em: Em, lead: Lead, t: NewTask, now: Date): LeadTask {
  const task = em.create(LeadTask, {
    id: newId(), tenantId: lead.tenantId, leadId: lead.id, title: t.title, dueAt: t.dueAt ?? null, status: 'open', source: t.source,
    createdAt: now, updatedAt: now, completedAt: null,
  });
  recordEvent(em, { tenantId: lead.tenantId, type: 'task.created', ...EVENTS['task.created']({ task_id: task.id, lead_id: lead.id }) }, now);
  return task;
}

export function listTasks(em: Em, leadId: string, status: TaskStatus | undefined, window: PageWindow): Promise<LeadTask[]> {
  const conditions: Record<string, unknown>[] = [{ leadId }];
  if (status) conditions.push({ status });
  return em.find(LeadTask, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/** Completes a task of the lead (task.completed once); completing a completed one answers it unchanged. */
export async function completeTask(em: Em, lead: Lead, taskId: string, now: Date): Promise<LeadTask> {
  const task = await em.findOne(LeadTask, { id: taskId, leadId: lead.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!task) throw domainError('not_found', 'No such task of this lead.');
  if (task.status === 'completed') return task;
  task.status = 'completed';
  task.completedAt = now;
  task.updatedAt = now;
  recordEvent(em, { tenantId: lead.tenantId, type: 'task.completed', ...EVENTS['task.completed']({ task_id: task.id, lead_id: lead.id }) }, now);
  return task;
}
