import type { CountryCode } from 'libphonenumber-js';
import type { Em } from '../../db/em.js';
import { Contact, type Conversation } from '../../entities/conversation.js';
import { CLOSED_LEAD_STATUSES, Lead, type LeadAttribution } from '../../entities/lead.js';
import { DomainError, domainError, invalidField } from '../../errors/domain-error.js';
import { newId } from '../../ids.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { findVisibleConversation } from '../conversations/conversations.js';
import { normaliseDetails, type ContactDetails } from '../contacts/contact-details.js';
import { mergeSameContacts } from '../contacts/contact-merge.js';
import { leadEventRef } from './lead-events.js';
import { isOpenLead } from './lead-opening.js';
import { applyLeadFields, type LeadFields } from './lead-rules.js';
import type { LeadChangeContext } from './lead-changes.js';

/** POST /leads: the changeable fields, and who and where the lead is about. */
export interface NewLeadInput extends LeadFields {
  contact?: ContactDetails;
  contact_id?: string;
  conversation_id?: string;
  source?: string;
  product_id?: string | null;
  course_slug?: string | null;
  attribution?: LeadAttribution | null;
}

/** A contact of the tenant by id; a merged one stands for its survivor. */
async function existingContact(em: Em, tenantId: string, id: string): Promise<Contact> {
  const contact = await em.findOne(Contact, { id, tenantId });
  if (!contact) throw invalidField('/contact_id', 'not_found', 'contact_id: this account has no such contact');
  return contact.mergedInto ? em.findOneOrFail(Contact, { id: contact.mergedInto }) : contact;
}

/** A new contact from the details sent, merged into the tenant's contact with the same e-mail or phone when there is one. */
async function newContact(em: Em, tenantId: string, details: ContactDetails, country: CountryCode, now: Date): Promise<Contact> {
  const d = normaliseDetails(details, country);
  const contact = em.create(Contact, { id: newId(), tenantId, name: d.name ?? null, email: d.email ?? null, phone: d.phone ?? null, mergedInto: null, createdAt: now, updatedAt: now });
  return mergeSameContacts(em, contact, now);
}

async function conversationOf(em: Em, tenantId: string, id: string | undefined): Promise<Conversation | null> {
  if (!id) return null;
  try {
    return await findVisibleConversation(em, tenantId, id, { lock: true });
  } catch (err) {
    if (err instanceof DomainError && err.code === 'not_found') throw invalidField('/conversation_id', 'not_found', 'conversation_id: this account has no such conversation');
    throw err;
  }
}

async function contactOfInput(em: Em, c: LeadChangeContext & { country: CountryCode }, input: NewLeadInput, conversation: Conversation | null): Promise<Contact | null> {
  if (input.contact && input.contact_id) throw invalidField('/contact_id', 'invalid_value', 'Send contact or contact_id, not both.');
  if (input.contact_id) return existingContact(em, c.tenantId, input.contact_id);
  if (input.contact) return newContact(em, c.tenantId, input.contact, c.country, c.now);
  return conversation?.contactId ? em.findOne(Contact, { id: conversation.contactId }) : null;
}

/**
 * A lead the integrator creates: about a contact (existing, or new from its details and then
 * merged by the rule) and optionally a conversation, which it becomes the open lead of (a
 * conversation that has one already is invalid_state). Source defaults to `api`.
 */
export async function createLead(em: Em, c: LeadChangeContext & { country: CountryCode }, input: NewLeadInput): Promise<{ lead: Lead; contact: Contact | null }> {
  const conversation = await conversationOf(em, c.tenantId, input.conversation_id);
  const opens = !input.archived && !CLOSED_LEAD_STATUSES.includes(input.status ?? 'new');
  const current = conversation && opens ? await em.findOne(Lead, { conversationId: conversation.id, archived: false, status: { $nin: [...CLOSED_LEAD_STATUSES] } }) : null;
  if (current) throw domainError('invalid_state', `The conversation already has an open lead (${current.id}); change that one, or close it first.`);
  const contact = await contactOfInput(em, c, input, conversation);
  const lead = em.create(Lead, {
    id: newId(), tenantId: c.tenantId, externalId: null, externalUrl: null, version: 1, status: 'new', archived: false, archivedReason: null,
    owner: null, title: null, source: input.source ?? 'api', assignedTo: null, valueAmount: null, valueCurrency: null,
    productId: input.product_id ?? null, courseSlug: input.course_slug ?? null, contactId: contact?.id ?? null, conversationId: conversation?.id ?? null,
    attribution: input.attribution ?? null, score: null, level: null, scoreSource: null, flags: [], intent: null, aiSummary: null, nextAction: null, nextActionAt: null,
    lostReason: null, qualifiedAt: null, wonAt: null, lostAt: null, lastActivityAt: conversation?.updatedAt ?? null, createdAt: c.now, updatedAt: c.now,
  });
  applyLeadFields(lead, input, c.currency, c.now);
  if (!lead.title) lead.title = contact?.name || contact?.email || contact?.phone || null;
  if (conversation && isOpenLead(lead)) {
    conversation.leadId = lead.id;
    conversation.updatedAt = c.now;
  }
  recordEvent(em, { tenantId: c.tenantId, type: 'lead.created', ...EVENTS['lead.created'](leadEventRef(lead, contact)) }, c.now);
  return { lead, contact };
}
