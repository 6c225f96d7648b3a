import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { BY_CREATION } from '../../db/keyset.js';
import { findVisibleConversation } from '../../domain/conversations/conversations.js';
import { BY_UPDATE, listConversations, listMessages } from '../../domain/conversations/queries.js';
import { findOrCreateConversation } from '../../domain/conversations/find-or-create.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { DEFAULT_COUNTRY } from '../../domain/contacts/contact-details.js';
import { noticeLeadChange } from '../../temporal/lead-scoring.js';
import type { ConversationMode, PageRef } from '../../entities/conversation.js';
import { presentConversation, presentMessage } from './presenters.js';
import { ConversationSchema } from './schemas.js';
import {
  ConversationCreateSchema, ConversationListQuery, ConversationPageSchema, ConversationParams, MessageListQuery, MessagePageSchema,
} from './request-schemas.js';
import { conversationFamily, discloseAll, type IdParams } from './context.js';
import { operatorRoutes } from './operator-routes.js';

const reading = { ...conversationFamily, scope: 'conversations:read', rateClass: 'read' } as const;

interface ListQuery {
  limit: number;
  cursor?: string;
  channel?: string;
  status?: string;
  mode?: ConversationMode;
  updated_after?: Date;
  include_deleted: boolean;
}

export const listConversationsRoute = defineRoute<ListQuery>({
  ...reading, release: 'available', method: 'GET', path: '/conversations',
  summary: "The tenant's conversations, ascending by (updated_at, id)",
  description: 'To stay in sync keep the last next_cursor or updated_at and ask with updated_after (strictly later). '
    + 'Conversations of personal mailboxes and student-portal chats are never returned. include_deleted is accepted and has no effect.',
  query: ConversationListQuery,
  responses: { 200: { description: 'ConversationPage', schema: ConversationPageSchema } },
  errors: ['pii_transfer_not_allowed', 'validation_failed'],
  handler: async ({ query, auth, em, services, disclose }) => {
    const filters = { channel: query.channel, status: query.status, mode: query.mode, updatedAfter: query.updated_after };
    const body = await keysetPage(services, auth.integration.id, 'GET /conversations', { ...filters }, query, BY_UPDATE,
      (window) => listConversations(em, auth.tenant.id, filters, window), presentConversation);
    discloseAll(disclose, 'conversation', body.data);
    return { status: 200, body };
  },
});

export const getConversation = defineRoute<unknown, IdParams>({
  ...reading, release: 'available', method: 'GET', path: '/conversations/{id}',
  summary: 'One conversation',
  description: 'A missing, foreign, hidden (personal mailbox, student portal) or non-uuid id answers 404 not_found.',
  params: ConversationParams,
  responses: { 200: { description: 'Conversation', schema: ConversationSchema } },
  errors: ['pii_transfer_not_allowed', 'not_found'],
  handler: async ({ params, auth, em, disclose }) => {
    const conversation = await findVisibleConversation(em, auth.tenant.id, params.id);
    disclose({ resourceType: 'conversation', resourceIds: [conversation.id] });
    return { status: 200, body: presentConversation(conversation) };
  },
});

export const listConversationMessages = defineRoute<{ limit: number; cursor?: string }, IdParams>({
  ...reading, release: 'available', method: 'GET', path: '/conversations/{id}/messages',
  summary: 'Messages of a conversation, ascending by (created_at, id)',
  description: 'Messages are not deleted on this server: every Message has deleted false, and include_deleted is accepted and has no effect '
    + '(true answers the same page as false; a cursor of one goes on with the other).',
  params: ConversationParams,
  query: MessageListQuery,
  responses: { 200: { description: 'MessagePage', schema: MessagePageSchema } },
  errors: ['pii_transfer_not_allowed', 'not_found', 'validation_failed'],
  handler: async ({ params, query, auth, em, services, disclose }) => {
    const conversation = await findVisibleConversation(em, auth.tenant.id, params.id);
    const body = await keysetPage(services, auth.integration.id, `GET /conversations/${conversation.id}/messages`, {}, query, BY_CREATION,
      (window) => listMessages(em, conversation.id, window), presentMessage);
    discloseAll(disclose, 'message', body.data);
    return { status: 200, body };
  },
});

interface CreateBody {
  external_customer_id: string;
  name?: string;
  email?: string;
  phone?: string;
  page?: PageRef;
  language?: string;
}

export const createConversation = defineRoute<unknown, unknown, CreateBody>({
  // It writes contacts and leads: it needs the leads tables.
  ...conversationFamily, migration: 'Migration20261124001020LeadScoreSource', release: 'planned', method: 'POST', path: '/conversations', scope: 'conversations:write', rateClass: 'write',
  summary: "Find or create the conversation of a customer on this integration's api channel",
  description: "Found by external_customer_id on the calling integration's api channel; created (status open, mode ai, with a contact "
    + 'from name, email and phone) when there is none, recording conversation.created once. A retry, with or without the same '
    + 'Idempotency-Key, answers 201 with the same conversation. On a find, the contact fields and page that were sent replace the '
    + 'stored ones; updated_at moves only when a value actually changed.',
  body: ConversationCreateSchema,
  responses: { 201: { description: 'Conversation (found or created)', schema: ConversationSchema } },
  errors: ['pii_transfer_not_allowed', 'validation_failed', 'invalid_state'],
  handler: async ({ body, auth, em, services, disclose, afterCommit }) => {
    const { conversation, created } = await findOrCreateConversation(em, { tenantId: auth.tenant.id, integrationId: auth.integration.id, country: DEFAULT_COUNTRY[services.config.cell] }, {
      externalCustomerId: body.external_customer_id, name: body.name, email: body.email, phone: body.phone, page: body.page, language: body.language,
    }, services.clock.now());
    if (created) afterCommit(() => wakeRelay(services.redis));
    const { leadId } = conversation;
    if (leadId) afterCommit(() => noticeLeadChange(services, { id: leadId, tenantId: auth.tenant.id }));
    disclose({ resourceType: 'conversation', resourceIds: [conversation.id] });
    return { status: 201, body: presentConversation(conversation) };
  },
});

/** Spec 02 "Conversations", except POST /conversations/{id}/messages and /cards (their own files). */
export const conversationRoutes = [listConversationsRoute, getConversation, listConversationMessages, createConversation, ...operatorRoutes];
