import type { CountryCode } from 'libphonenumber-js';
import type { Em } from '../../db/em.js';
import { Contact, type Conversation } from '../../entities/conversation.js';
import { newId } from '../../ids.js';
import { contactOf } from '../conversations/contacts.js';
import { normaliseDetails, type ContactDetails } from './contact-details.js';

const DETAIL_FIELDS = ['name', 'email', 'phone'] as const;

export interface RecordedContact {
  /** The conversation's contact after the change; null when nothing is known. */
  contact: Contact | null;
  /** Whether a detail of the contact changed. */
  changed: boolean;
}

/**
 * Writes what became known of a conversation's customer (POST /conversations, an e-mail or
 * phone in a message) on its contact, normalised; a conversation without one gets one.
 */
export async function recordContactDetails(em: Em, conversation: Conversation, sent: ContactDetails, country: CountryCode, now: Date): Promise<RecordedContact> {
  const details = normaliseDetails(sent, country);
  const fields = DETAIL_FIELDS.filter((f) => details[f] !== undefined);
  let contact = await contactOf(em, conversation);
  if (!fields.length) return { contact, changed: false };
  if (!contact) {
    contact = em.create(Contact, { id: newId(), tenantId: conversation.tenantId, name: null, email: null, phone: null, mergedInto: null, createdAt: now, updatedAt: now });
    conversation.contactId = contact.id;
  }
  let changed = false;
  for (const f of fields) {
    if (contact[f] !== details[f]) {
      contact[f] = details[f]!;
      changed = true;
    }
  }
  if (changed) contact.updatedAt = now;
  return { contact, changed };
}
