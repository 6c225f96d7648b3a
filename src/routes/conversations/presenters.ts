import type { Conversation, Message } from '../../entities/conversation.js';

/** Conversation (spec 02). external_customer_id only on the api channel; operator while a named operator handles it. */
export function presentConversation(c: Conversation) {
  return {
    id: c.id,
    channel: c.channelType,
    contact_id: c.contactId ?? null,
    external_customer_id: c.channelType === 'api' ? c.externalCustomerId ?? null : null,
    status: c.status,
    mode: c.mode,
    language: c.language ?? null,
    lead_id: c.leadId ?? null,
    operator: c.operatorName ? { name: c.operatorName } : null,
    summary: c.summary ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/**
 * Message (spec 02). Messages are not deleted on this server, so `deleted` is always false:
 * the field stays in the shape for integrators written against spec 02's tombstones.
 */
export function presentMessage(m: Message) {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    sender: m.sender,
    content_type: m.contentType,
    content: m.content ?? null,
    attachments: m.attachments,
    cards: m.cards,
    operator: m.operatorName ? { name: m.operatorName } : null,
    deleted: false,
    created_at: m.createdAt.toISOString(),
  };
}
