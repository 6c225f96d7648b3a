import type { CountryCode } from 'libphonenumber-js';
import type { Em } from '../../db/em.js';
import type { Contact, Conversation } from '../../entities/conversation.js';
import type { ContactDetails } from '../contacts/contact-details.js';
import { recordContactDetails } from '../contacts/contact-records.js';
import { mergeSameContacts } from '../contacts/contact-merge.js';
import { ensureOpenLead, isReachable } from './lead-opening.js';

/**
 * After a conversation's contact changed (or was created with details): contacts that turned
 * out to be one person merge (the conversation follows the survivor), and a customer who
 * became reachable (an e-mail or a phone) has an open lead. A conversation whose lead was won
 * or lost opens a new one only when the details change again.
 */
export async function settleCustomer(em: Em, conversation: Conversation, contact: Contact | null, changed: boolean, now: Date): Promise<void> {
  if (!contact) return;
  const survivor = changed ? await mergeSameContacts(em, contact, now) : contact;
  conversation.contactId = survivor.id;
  if (isReachable(survivor) && (changed || !conversation.leadId)) await ensureOpenLead(em, conversation, survivor, now);
}

/**
 * What the platform does when it learns who a conversation's customer is (POST
 * /conversations, an e-mail or phone in a customer message): the contact is written, then
 * settled. Answers whether the conversation changed (its contact or its lead).
 */
export async function learnCustomerDetails(em: Em, conversation: Conversation, details: ContactDetails, country: CountryCode, now: Date): Promise<boolean> {
  const before = [conversation.contactId, conversation.leadId];
  const { contact, changed } = await recordContactDetails(em, conversation, details, country, now);
  await settleCustomer(em, conversation, contact, changed, now);
  return changed || before[0] !== conversation.contactId || before[1] !== conversation.leadId;
}
