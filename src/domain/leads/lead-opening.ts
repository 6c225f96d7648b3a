import type { Em } from '../../db/em.js';
import type { Contact, Conversation, PageRef } from '../../entities/conversation.js';
import { CLOSED_LEAD_STATUSES, Lead, type LeadAttribution } from '../../entities/lead.js';
import { newId } from '../../ids.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { leadEventRef } from './lead-events.js';

export function isOpenLead(lead: Lead): boolean {
  return !lead.archived && !CLOSED_LEAD_STATUSES.includes(lead.status);
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** The landing page and its UTM parameters, from the page the conversation started on. */
export function attributionOf(page: PageRef | null | undefined): LeadAttribution | null {
  if (!page?.address) return page?.title ? { page_title: page.title } : null;
  const out: LeadAttribution = { landing_page: page.address, ...(page.title ? { page_title: page.title } : {}) };
  let params: URLSearchParams | null = null;
  try {
    params = new URL(page.address, 'https://invalid.invalid').searchParams;
  } catch {
    return out; // not an address: kept as sent, no parameters
  }
  for (const k of UTM_KEYS) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** A product the customer named (a card the seller offered): its id and name. */
export interface NamedProduct {
  id: string;
  name: string;
}

/** "Runner X sneakers — Anna": the product named (or the product page the customer is on), and who they are. */
function titleOf(page: PageRef | null | undefined, contact: Contact, named: NamedProduct | undefined): string | null {
  const product = named?.name ?? (page?.type === 'product' ? page.title : undefined);
  const who = contact.name || contact.email || contact.phone;
  return [product, who].filter(Boolean).join(' — ') || null;
}

/** A conversation's contact is reachable (a lead may open) once an e-mail or a phone is known. */
export function isReachable(contact: Contact | null): contact is Contact {
  return !!(contact?.email || contact?.phone);
}

/**
 * The open lead of a conversation, opened when it has none: source = the channel,
 * attribution from the page, title derived, conversation.lead_id set, lead.created. One open
 * lead per conversation (the conversation row is locked by the caller; a unique index backs it).
 */
export async function ensureOpenLead(em: Em, conversation: Conversation, contact: Contact, now: Date, named?: NamedProduct): Promise<{ lead: Lead; created: boolean }> {
  const current = conversation.leadId ? await em.findOne(Lead, { id: conversation.leadId }) : null;
  if (current && isOpenLead(current)) return { lead: current, created: false };
  const page = conversation.page;
  const lead = em.create(Lead, {
    id: newId(), tenantId: conversation.tenantId, externalId: null, externalUrl: null, version: 1, status: 'new', archived: false, archivedReason: null,
    owner: null, title: titleOf(page, contact, named), source: conversation.channelType, assignedTo: null, valueAmount: null, valueCurrency: null,
    productId: named?.id ?? (page?.type === 'product' ? page.id ?? null : null), courseSlug: null, contactId: contact.id, conversationId: conversation.id,
    attribution: attributionOf(page), score: null, level: null, scoreSource: null, flags: [], intent: null, aiSummary: null, nextAction: null, nextActionAt: null,
    lostReason: null, qualifiedAt: null, wonAt: null, lostAt: null, lastActivityAt: conversation.updatedAt, createdAt: now, updatedAt: now,
  });
  conversation.leadId = lead.id;
  conversation.updatedAt = now;
  recordEvent(em, { tenantId: lead.tenantId, type: 'lead.created', ...EVENTS['lead.created'](leadEventRef(lead, contact)) }, now);
  return { lead, created: true };
}

/** last_activity_at follows the conversation's messages (no new version: activity is no edit of the lead). */
export async function noteLeadActivity(em: Em, conversation: Conversation, now: Date): Promise<void> {
  if (conversation.leadId) await em.nativeUpdate(Lead, { id: conversation.leadId }, { lastActivityAt: now });
}
