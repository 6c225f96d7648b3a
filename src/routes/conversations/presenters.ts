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
 * Message (spec 02). A deleted message is a tombstone: content null, no attachments, no
 * cards (callers show tombstones only with include_deleted=true).
 */
export function presentMessage(m: Message) {
  const deleted = m.deletedAt !== null && m.deletedAt !== undefined;
  return {
    id: m.id,
    conversation_id: m.conversationId,
    sender: m.sender,
    content_type: m.contentType,
    content: deleted ? null : m.content ?? null,
    attachments: deleted ? [] : m.attachments,
    cards: deleted ? [] : m.cards,
    operator: !deleted && m.operatorName ? { name: m.operatorName } : null,
    deleted,
    created_at: m.createdAt.toISOString(),
  };
}
