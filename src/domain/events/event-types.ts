/** The subscribable event types of spec 01 ("Events"), by family. */
export const EVENT_TYPES = {
  conversation: ['conversation.created', 'conversation.handoff_requested', 'conversation.summary_ready'],
  message: ['message.created'],
  lead: ['lead.created', 'lead.updated', 'lead.scored', 'lead.status_changed', 'lead.action_requested'],
  task: ['task.created', 'task.completed'],
  contact: ['contact.merged'],
  crm: ['crm.mode_changed'],
  article: ['article.ready', 'article.published', 'article.generation.failed'],
  strategist: ['strategist.report.ready', 'strategist.turn.completed'],
  operation: ['operation.completed'],
  api_key: ['api_key.expiring'],
  webhook: ['webhook.test', 'webhook.paused'],
} as const;

export type EventFamily = keyof typeof EVENT_TYPES;
export type EventType = (typeof EVENT_TYPES)[EventFamily][number];

export const ALL_EVENT_TYPES: readonly EventType[] = Object.values(EVENT_TYPES).flat();

/** Event schema version carried in every envelope (spec 01, Versioning 6). */
export const EVENT_API_VERSION = '2026-10-01';

export function isEventType(value: string): value is EventType {
  return (ALL_EVENT_TYPES as readonly string[]).includes(value);
}
