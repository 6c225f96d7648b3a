import type { Em } from '../../db/em.js';
import { Contact, Conversation } from '../../entities/conversation.js';
import { Lead } from '../../entities/lead.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { contactEventFields } from '../conversations/contacts.js';
import { bumpLead, leadEventRef } from '../leads/lead-events.js';

/**
 * The merge rule (decisions: "Contacts: normalised details and the merge rule"): contacts of
 * one tenant that share an e-mail address or a phone number are one person. The oldest of
 * them survives; the others point at it (merged_into), their conversations and leads move
 * to it, it takes the details it lacked from them, and contact.merged names both sides.
 */

/** Serialises every transaction that looks up or writes these details, until it commits. */
async function lockDetails(em: Em, tenantId: string, details: readonly string[]): Promise<void> {
  for (const d of [...details].sort()) await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`contact:${tenantId}:${d}`]);
}

/** The contacts (not merged) of the tenant sharing `contact`'s e-mail or phone, oldest first, `contact` included. */
async function sameDetails(em: Em, contact: Contact): Promise<Contact[]> {
  const or: Record<string, unknown>[] = [];
  if (contact.email) or.push({ email: contact.email });
  if (contact.phone) or.push({ phone: contact.phone });
  if (!or.length) return [contact];
  await lockDetails(em, contact.tenantId, [contact.email, contact.phone].filter((d): d is string => !!d));
  await em.flush();
  const found = await em.find(Contact, { tenantId: contact.tenantId, mergedInto: null, $or: or }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return found.some((c) => c.id === contact.id) ? found : [...found, contact];
}

/** Merges into the oldest contact sharing `contact`'s details; answers the survivor (`contact` itself when it is the oldest or alone). */
export async function mergeSameContacts(em: Em, contact: Contact, now: Date): Promise<Contact> {
  const [survivor, ...merged] = await sameDetails(em, contact);
  if (!survivor || !merged.length) return contact;
  for (const m of merged) {
    for (const f of ['name', 'email', 'phone'] as const) if (!survivor[f] && m[f]) survivor[f] = m[f];
    m.mergedInto = survivor.id;
    m.updatedAt = now;
  }
  survivor.updatedAt = now;
  const mergedIds = merged.map((m) => m.id);
  await em.flush();
  await em.nativeUpdate(Conversation, { contactId: { $in: mergedIds } }, { contactId: survivor.id });
  for (const lead of await em.find(Lead, { contactId: { $in: mergedIds } })) {
    lead.contactId = survivor.id;
    bumpLead(lead, now);
    recordEvent(em, { tenantId: lead.tenantId, type: 'lead.updated', ...EVENTS['lead.updated']({ ...leadEventRef(lead, survivor), changed_fields: ['contact_id'] }) }, now);
  }
  recordEvent(em, {
    tenantId: survivor.tenantId,
    type: 'contact.merged',
    ...EVENTS['contact.merged']({ contact_id: survivor.id, merged_contact_ids: mergedIds, contact: contactEventFields(survivor) }),
  }, now);
  return survivor;
}
