import { EVENT_TYPES, type EventType } from './event-types.js';

/**
 * The data of every event type of spec 01 ("Events"), built in one place. `data` is the thin
 * payload (identifiers); `piiData` is what an include_pii subscription additionally receives
 * (contact and lead content), only for lead.*, contact.* and conversation.* types.
 * message.created never carries message text, in either form.
 */
export interface EventData {
  data: Record<string, unknown>;
  piiData?: Record<string, unknown> | null;
}

/** Families whose events may carry personal data to an include_pii subscription. */
export const PII_FAMILIES = ['lead', 'contact', 'conversation'] as const;

export function familyOf(type: string): string {
  return type.slice(0, type.indexOf('.'));
}

export function isPiiCapable(type: string): boolean {
  return (PII_FAMILIES as readonly string[]).includes(familyOf(type));
}

/** An exact type, or `<family>.*` of a known family. */
export function isKnownEventPattern(pattern: string): boolean {
  if (pattern.endsWith('.*')) return Object.hasOwn(EVENT_TYPES, pattern.slice(0, -2));
  return (Object.values(EVENT_TYPES).flat() as string[]).includes(pattern);
}

/** A contact as include_pii events carry it: every field, null when unknown. */
export interface ContactFields {
  name: string | null;
  email: string | null;
  phone: string | null;
}

interface LeadRef {
  lead_id: string;
  contact_id: string | null;
  conversation_id: string | null;
  version: number;
}

const withContact = (contact: ContactFields | undefined) => (contact ? { contact } : null);

/** What an include_pii subscription gets with a lead.* event: the contact and the lead's own fields. */
interface LeadPii {
  contact?: ContactFields;
  lead?: Record<string, unknown>;
}

const withLead = (e: LeadPii) => (e.contact || e.lead ? { ...(e.contact ? { contact: e.contact } : {}), ...(e.lead ? { lead: e.lead } : {}) } : null);

/** Builders, one per type. Later issues call these; no other module shapes event data. */
export const EVENTS = {
  'conversation.created': (e: { conversation_id: string; contact_id: string | null; channel: string | null; contact?: ContactFields }): EventData =>
    ({ data: { conversation_id: e.conversation_id, contact_id: e.contact_id, channel: e.channel }, piiData: withContact(e.contact) }),
  'conversation.handoff_requested': (e: { conversation_id: string; lead_id: string | null; reason?: string | null; contact?: ContactFields }): EventData =>
    ({ data: { conversation_id: e.conversation_id, ...(e.lead_id ? { lead_id: e.lead_id } : {}), ...(e.reason ? { reason: e.reason } : {}) }, piiData: withContact(e.contact) }),
  // The summary quotes the customer's words (spec 01: no customer text in events): never in the event.
  'conversation.summary_ready': (e: { conversation_id: string }): EventData => ({ data: { conversation_id: e.conversation_id } }),
  'message.created': (e: { message_id: string; conversation_id: string; sender: string; ai_reply?: { status: string; reason?: string } }): EventData =>
    ({ data: { message_id: e.message_id, conversation_id: e.conversation_id, sender: e.sender, ...(e.ai_reply ? { ai_reply: e.ai_reply } : {}) } }),
  'lead.created': (e: LeadRef & LeadPii): EventData => ({ data: leadData(e), piiData: withLead(e) }),
  'lead.updated': (e: LeadRef & LeadPii & { changed_fields: string[] }): EventData =>
    ({ data: { ...leadData(e), changed_fields: e.changed_fields }, piiData: withLead(e) }),
  'lead.scored': (e: LeadRef & LeadPii & { score: number; level: string; reason: string | null; flags: string[] }): EventData =>
    ({ data: { ...leadData(e), score: e.score, level: e.level, reason: e.reason, flags: e.flags }, piiData: withLead(e) }),
  'lead.status_changed': (e: LeadRef & LeadPii & { from: string; to: string }): EventData =>
    ({ data: { ...leadData(e), from: e.from, to: e.to }, piiData: withLead(e) }),
  'lead.action_requested': (e: LeadRef & LeadPii & { reason: string; evidence: unknown[] }): EventData =>
    ({ data: { ...leadData(e), reason: e.reason, evidence: e.evidence }, piiData: withLead(e) }),
  'task.created': (e: { task_id: string; lead_id: string | null }): EventData => ({ data: { task_id: e.task_id, lead_id: e.lead_id } }),
  'task.completed': (e: { task_id: string; lead_id: string | null }): EventData => ({ data: { task_id: e.task_id, lead_id: e.lead_id } }),
  'contact.merged': (e: { contact_id: string; merged_contact_ids: string[]; contact?: ContactFields }): EventData =>
    ({ data: { contact_id: e.contact_id, merged_contact_ids: e.merged_contact_ids }, piiData: withContact(e.contact) }),
  'crm.mode_changed': (e: { crm_mode: string; previous_crm_mode: string }): EventData => ({ data: { ...e } }),
  'article.ready': (e: { article_id: string }): EventData => ({ data: { article_id: e.article_id } }),
  'article.published': (e: { article_id: string; published_url: string | null }): EventData => ({ data: { ...e } }),
  'article.generation.failed': (e: { operation_id: string; topic_id: string | null; error: { code: string; message: string } }): EventData => ({ data: { ...e } }),
  'strategist.report.ready': (e: { report_id: string; report_type: string }): EventData => ({ data: { ...e } }),
  'strategist.turn.completed': (e: { session_id: string; turn_id: string }): EventData => ({ data: { ...e } }),
  'operation.completed': (e: { operation: Record<string, unknown> }): EventData => ({ data: { operation: e.operation } }),
  'api_key.expiring': (e: { key_id: string; integration_id: string; expires_at: string; threshold_days: number; days_left: number }): EventData =>
    ({ data: { ...e } }),
  'webhook.test': (e: { webhook_id: string }): EventData => ({ data: { webhook_id: e.webhook_id, message: 'This is a test event.' } }),
  // Identifiers and times only: never the URL or anything a customer wrote.
  'webhook.paused': (e: { webhook_id: string; paused_reason: 'failing'; failing_since: string }): EventData => ({ data: { ...e } }),
} satisfies Record<EventType, (input: never) => EventData>;

function leadData(e: LeadRef): Record<string, unknown> {
  return { lead_id: e.lead_id, contact_id: e.contact_id, conversation_id: e.conversation_id, version: e.version };
}
