import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { Channel } from '../../entities/channel.js';
import { Contact, Conversation, type PageRef } from '../../entities/conversation.js';
import { domainError } from '../../errors/domain-error.js';
import { newId } from '../../ids.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { contactEventFields, contactOf } from './contacts.js';

/** POST /conversations: who the customer is in the caller's system, and where they are. */
export interface CustomerConversationInput {
  externalCustomerId: string;
  name?: string;
  email?: string;
  phone?: string;
  page?: PageRef;
}

export interface CallerRef {
  tenantId: string;
  integrationId: string;
}

const CONTACT_FIELDS = ['name', 'email', 'phone'] as const;

const samePage = (a: PageRef | null | undefined, b: PageRef) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Finds or creates the conversation of a customer on the calling integration's `api` channel
 * (one per (channel, external_customer_id), enforced by a unique index). Creating writes the
 * contact, the conversation (open, mode ai) and conversation.created once. Two first calls at
 * the same time insert with `on conflict do nothing`: the second waits for the first to
 * commit and then finds its row. A find updates the contact fields and the page that were
 * sent; only a real change bumps updated_at, so an identical retry answers the same body.
 */
export async function findOrCreateConversation(em: Em, caller: CallerRef, input: CustomerConversationInput, now: Date): Promise<{ conversation: Conversation; created: boolean }> {
  const channel = await em.findOne(Channel, { integrationId: caller.integrationId, type: 'api' });
  if (!channel) throw domainError('invalid_state', 'This integration has no api channel yet.');
  const id = newId();
  const contactId = newId();
  const inserted = await em.execute<{ id: string }[]>(
    `insert into conversations (id, tenant_id, channel_id, channel_type, contact_id, external_customer_id, status, mode, page, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 'open', 'ai', ?::jsonb, ?, ?)
     on conflict (channel_id, external_customer_id) where external_customer_id is not null do nothing returning id`,
    [id, caller.tenantId, channel.id, channel.type, contactId, input.externalCustomerId, input.page ? JSON.stringify(input.page) : null, now, now],
  );
  if (inserted.length) {
    const contact = em.create(Contact, {
      id: contactId, tenantId: caller.tenantId, name: input.name ?? null, email: input.email ?? null, phone: input.phone ?? null, createdAt: now, updatedAt: now,
    });
    const conversation = await em.findOneOrFail(Conversation, { id });
    recordEvent(em, {
      tenantId: caller.tenantId,
      type: 'conversation.created',
      ...EVENTS['conversation.created']({ conversation_id: id, contact_id: contactId, channel: channel.type, contact: contactEventFields(contact) }),
    }, now);
    return { conversation, created: true };
  }
  const conversation = await em.findOneOrFail(Conversation, { channelId: channel.id, externalCustomerId: input.externalCustomerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (await updateCustomer(em, conversation, input, now)) conversation.updatedAt = now;
  return { conversation, created: false };
}

/** Applies the contact fields and page that were sent; answers whether anything changed. */
async function updateCustomer(em: Em, conversation: Conversation, input: CustomerConversationInput, now: Date): Promise<boolean> {
  let changed = false;
  const sent = CONTACT_FIELDS.filter((f) => input[f] !== undefined);
  if (sent.length) {
    let contact = await contactOf(em, conversation);
    if (!contact) {
      contact = em.create(Contact, { id: newId(), tenantId: conversation.tenantId, name: null, email: null, phone: null, createdAt: now, updatedAt: now });
      conversation.contactId = contact.id;
    }
    for (const f of sent) {
      if (contact[f] !== input[f]) {
        contact[f] = input[f]!;
        contact.updatedAt = now;
        changed = true;
      }
    }
  }
  if (input.page && !samePage(conversation.page, input.page)) {
    conversation.page = input.page;
    changed = true;
  }
  return changed;
}
