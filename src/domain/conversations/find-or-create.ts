import { LockMode } from '@mikro-orm/core';
import type { CountryCode } from 'libphonenumber-js';
import type { Em } from '../../db/em.js';
import { Channel } from '../../entities/channel.js';
import { Contact, Conversation, type PageRef } from '../../entities/conversation.js';
import { domainError } from '../../errors/domain-error.js';
import { newId } from '../../ids.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { contactEventFields } from './contacts.js';
import { normaliseDetails } from '../contacts/contact-details.js';
import { learnCustomerDetails, settleCustomer } from '../leads/customer-details.js';

/** POST /conversations: who the customer is in the caller's system, and where they are. */
export interface CustomerConversationInput {
  externalCustomerId: string;
  name?: string;
  email?: string;
  phone?: string;
  page?: PageRef;
  /** ISO 639-1, when the caller knows it. */
  language?: string;
}

export interface CallerRef {
  tenantId: string;
  integrationId: string;
  /** How phone numbers without a country code are read: the cell's default country. */
  country: CountryCode;
}

const samePage = (a: PageRef | null | undefined, b: PageRef) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Finds or creates the conversation of a customer on the calling integration's `api` channel
 * (one per (channel, external_customer_id), enforced by a unique index). Creating writes the
 * contact, the conversation (open, mode ai) and conversation.created once. Two first calls at
 * the same time insert with `on conflict do nothing`: the second waits for the first to
 * commit and then finds its row. A find updates the contact fields (normalised) and the page
 * that were sent; only a real change bumps updated_at, so an identical retry answers the
 * same body. A customer with an e-mail or phone gets an open lead; a contact sharing them
 * with an older one merges into it.
 */
export async function findOrCreateConversation(em: Em, caller: CallerRef, input: CustomerConversationInput, now: Date): Promise<{ conversation: Conversation; created: boolean }> {
  const channel = await em.findOne(Channel, { integrationId: caller.integrationId, type: 'api' });
  if (!channel) throw domainError('invalid_state', 'This integration has no api channel yet.');
  const id = newId();
  const contactId = newId();
  const inserted = await em.execute<{ id: string }[]>(
    `insert into conversations (id, tenant_id, channel_id, channel_type, contact_id, external_customer_id, status, mode, page, language, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 'open', 'ai', ?::jsonb, ?, ?, ?)
     on conflict (channel_id, external_customer_id) where external_customer_id is not null do nothing returning id`,
    [id, caller.tenantId, channel.id, channel.type, contactId, input.externalCustomerId, input.page ? JSON.stringify(input.page) : null, input.language ?? null, now, now],
  );
  const customer = { name: input.name, email: input.email, phone: input.phone };
  if (inserted.length) {
    const details = normaliseDetails(customer, caller.country);
    const contact = em.create(Contact, {
      id: contactId, tenantId: caller.tenantId, name: details.name ?? null, email: details.email ?? null, phone: details.phone ?? null, mergedInto: null, createdAt: now, updatedAt: now,
    });
    const conversation = await em.findOneOrFail(Conversation, { id });
    recordEvent(em, {
      tenantId: caller.tenantId,
      type: 'conversation.created',
      ...EVENTS['conversation.created']({ conversation_id: id, contact_id: contactId, channel: channel.type, contact: contactEventFields(contact) }),
    }, now);
    await settleCustomer(em, conversation, contact, true, now);
    return { conversation, created: true };
  }
  const conversation = await em.findOneOrFail(Conversation, { channelId: channel.id, externalCustomerId: input.externalCustomerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const pageChanged = updatePage(conversation, input.page);
  const languageChanged = input.language !== undefined && input.language !== conversation.language;
  if (languageChanged) conversation.language = input.language!;
  if (await learnCustomerDetails(em, conversation, customer, caller.country, now) || pageChanged || languageChanged) conversation.updatedAt = now;
  return { conversation, created: false };
}

/** Applies the page that was sent; answers whether it changed. */
function updatePage(conversation: Conversation, page: PageRef | undefined): boolean {
  if (!page || samePage(conversation.page, page)) return false;
  conversation.page = page;
  return true;
}
