import type { Em } from '../../db/em.js';
import { Contact, type Conversation } from '../../entities/conversation.js';
import type { ContactFields } from '../events/catalogue.js';

/** The contact (customer) of a conversation, if it has one. */
export async function contactOf(em: Em, conversation: Conversation): Promise<Contact | null> {
  return conversation.contactId ? em.findOne(Contact, { id: conversation.contactId }) : null;
}

/** A contact as the pii part of conversation.* events carries it. */
export function contactEventFields(c: Contact | null): ContactFields | undefined {
  return c ? { name: c.name ?? null, email: c.email ?? null, phone: c.phone ?? null } : undefined;
}
