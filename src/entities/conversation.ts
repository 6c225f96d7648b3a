import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A customer of a tenant: who a conversation is with. Fields are personal data. */
export const Contact = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    name: p.text().nullable(),
    email: p.text().nullable(),
    phone: p.text().nullable(),
    /** Set when this contact was merged into another (the survivor); e-mail and phone lookups skip it. */
    mergedInto: p.uuid().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Contact = InferEntity<typeof Contact>;

export const CONVERSATION_MODES = ['ai', 'operator'] as const;
export type ConversationMode = (typeof CONVERSATION_MODES)[number];

/** Status values of spec 02; the set may grow. */
export const CONVERSATION_STATUSES = ['open', 'handoff_pending', 'resolved', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Channel types whose conversations exist in the model and are never returned by the API. */
export const HIDDEN_CHANNEL_TYPES = ['personal_mailbox', 'student_portal'] as const;

/** The page a customer was on: `{address, title, type, id}`, all optional. */
export interface PageRef {
  address?: string;
  title?: string;
  type?: string;
  id?: string;
}

export const Conversation = defineEntity({
  name: 'Conversation',
  tableName: 'conversations',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    channelId: p.uuid(),
    /** Copied from the channel at creation. */
    channelType: p.text(),
    contactId: p.uuid().nullable(),
    /** Only on the api channel. */
    externalCustomerId: p.text().nullable(),
    status: p.text(),
    mode: p.enum(CONVERSATION_MODES),
    language: p.text().nullable(),
    leadId: p.uuid().nullable(),
    /** The operator handling the conversation, when one took it over. */
    operatorName: p.text().nullable(),
    page: p.json<PageRef>().nullable(),
    /** Written when the conversation is closed. */
    summary: p.text().nullable(),
    createdAt: p.datetime(),
    /** Last change or message; the traversal order of GET /conversations. */
    updatedAt: p.datetime(),
  },
});
export type Conversation = InferEntity<typeof Conversation>;

export const MESSAGE_SENDERS = ['customer', 'ai', 'operator', 'system'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** An attachment (at most one per message for now). */
export interface Attachment {
  url: string;
  name: string | null;
  content_type: string | null;
}

/** The copy of a product card a message keeps: later edits of the card do not change it. */
export interface CardCopy {
  code: string;
  name: string;
  description: string | null;
  image_url: string | null;
  page_url: string | null;
  badge: string | null;
  price_text: string | null;
  buttons: { label: string; url: string }[];
}

export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    conversationId: p.uuid(),
    sender: p.enum(MESSAGE_SENDERS),
    contentType: p.text(),
    content: p.text().nullable(),
    attachments: p.json<Attachment[]>(),
    cards: p.json<CardCopy[]>(),
    operatorName: p.text().nullable(),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type Message = InferEntity<typeof Message>;
