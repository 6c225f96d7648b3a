import type { Contact } from '../../entities/conversation.js';
import type { Lead } from '../../entities/lead.js';
import { contactEventFields } from '../conversations/contacts.js';
import { money } from '../wallet/money.js';

/** Every change of a lead: a new version and updated_at. */
export function bumpLead(lead: Lead, now: Date): void {
  lead.version += 1;
  lead.updatedAt = now;
}

/** The lead's own fields an include_pii subscription receives with lead.* events. */
function leadEventFields(l: Lead): Record<string, unknown> {
  return {
    title: l.title ?? null, status: l.status, source: l.source ?? null, owner: l.owner ?? null, assigned_to: l.assignedTo ?? null,
    value: l.valueAmount != null && l.valueCurrency ? money(l.valueAmount, l.valueCurrency) : null,
    product_id: l.productId ?? null, attribution: l.attribution ?? null, archived: l.archived,
    external_id: l.externalId ?? null, external_url: l.externalUrl ?? null,
    intent: l.intent ?? null, ai_summary: l.aiSummary ?? null,
  };
}

/** What every lead.* event carries: the thin ids and version, and the pii part (lead and contact fields). */
export function leadEventRef(lead: Lead, contact: Contact | null) {
  return {
    lead_id: lead.id, contact_id: lead.contactId ?? null, conversation_id: lead.conversationId ?? null, version: lead.version,
    lead: leadEventFields(lead), contact: contactEventFields(contact),
  };
}
