import type { Em } from '../../db/em.js';
import { Message, type Attachment, type CardCopy, type Conversation, type MessageSender } from '../../entities/conversation.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { newId } from '../../ids.js';
import { noteConversationChange } from './live.js';
import { domainError } from '../../errors/domain-error.js';
import { noteLeadActivity } from '../leads/lead-opening.js';
import { detectLanguage } from './language.js';

/** The longest customer message, in characters (code points): on the API as in the visitor chat (spec 01 Limits). */
export const MAX_MESSAGE_CHARS = 4000;

/** A customer message longer than MAX_MESSAGE_CHARS is payload_too_large (spec 01 and 02), not a field error. */
export function refuseOverlongContent(content: string | null | undefined): void {
  if (content && [...content].length > MAX_MESSAGE_CHARS) throw domainError('payload_too_large', `A message is at most ${MAX_MESSAGE_CHARS} characters.`);
}

export interface NewMessage {
  /** Only when the id was handed out before the message exists (an AI reply's operation.resource). */
  id?: string;
  sender: MessageSender;
  content: string | null;
  /** Default: `text`, or the attachment's kind (image, file) when there is no text, or `card`. */
  contentType?: string;
  attachments?: Attachment[];
  cards?: CardCopy[];
  operatorName?: string | null;
  /** message.created of a customer message says what happens to the AI reply. */
  aiReply?: { status: string; reason?: string };
}

function contentTypeOf(m: NewMessage): string {
  if (m.contentType) return m.contentType;
  if (m.content === null && m.attachments?.length) return m.attachments[0]!.content_type?.startsWith('image/') ? 'image' : 'file';
  if (m.content === null && m.cards?.length) return 'card';
  return 'text';
}

/**
 * The one way a message enters a conversation: the row, the conversation's updated_at (and its
 * language, from the first customer message that tells it), its
 * lead's last_activity_at, and message.created in the same transaction. Events of conversations go to every integration
 * of the tenant (conversations are the tenant's data, not one integration's).
 */
export async function appendMessage(em: Em, conversation: Conversation, m: NewMessage, now: Date): Promise<Message> {
  const message = em.create(Message, {
    id: m.id ?? newId(),
    tenantId: conversation.tenantId,
    conversationId: conversation.id,
    sender: m.sender,
    contentType: contentTypeOf(m),
    content: m.content,
    attachments: m.attachments ?? [],
    cards: m.cards ?? [],
    operatorName: m.operatorName ?? null,
    deletedAt: null,
    createdAt: now,
  });
  conversation.updatedAt = now;
  // The conversation's language, from its first customer message that says enough (unless set).
  if (m.sender === 'customer' && !conversation.language) conversation.language = detectLanguage(m.content);
  noteConversationChange(em, conversation.id);
  await noteLeadActivity(em, conversation, now);
  recordEvent(em, {
    tenantId: conversation.tenantId,
    type: 'message.created',
    ...EVENTS['message.created']({ message_id: message.id, conversation_id: conversation.id, sender: m.sender, ai_reply: m.aiReply }),
  }, now);
  return message;
}
