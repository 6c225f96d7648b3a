/**
 * The subscribable event types of spec 01 Events (the table "Subscribable event types", in its
 * order), copied by hand (not read from src/), and the families whose events may carry personal
 * data ("Payload modes" 2: lead.*, contact.*, conversation.*).
 */
export const SPEC_EVENT_TYPES = [
  // Conversations
  'conversation.created', 'message.created', 'conversation.handoff_requested', 'conversation.summary_ready',
  // Leads and CRM
  'lead.created', 'lead.updated', 'lead.scored', 'lead.status_changed', 'lead.action_requested', 'task.created', 'task.completed', 'contact.merged', 'crm.mode_changed',
  // Articles
  'article.ready', 'article.published', 'article.generation.failed',
  // Strategist
  'strategist.report.ready', 'strategist.turn.completed',
  // Service
  'operation.completed', 'api_key.expiring',
  // Test
  'webhook.test',
] as const;

/** Event types the code raises beyond spec 01's table (issue 38 item 5): each beta in the document (x-release). */
export const BETA_EVENT_TYPES = ['webhook.paused'] as const;

/** Every event type the code may raise: the spec's and the beta ones. */
export const KNOWN_EVENT_TYPES = [...SPEC_EVENT_TYPES, ...BETA_EVENT_TYPES] as const;

export const SPEC_PII_EVENT_FAMILIES = ['lead', 'contact', 'conversation'] as const;
