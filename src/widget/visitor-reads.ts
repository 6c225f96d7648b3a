import type { Em } from '../db/em.js';
import type { Config } from '../config.js';
import { Conversation, Message } from '../entities/conversation.js';
import { tenantSiteOrigin } from '../domain/provisioning/primary-domain.js';
import { addressRefusal } from '../domain/storage/urls.js';
import { domainError } from '../errors/domain-error.js';
import { requireOpenChat } from './sessions.js';
import { AttachmentSigner, hasCardPaths, presentWidgetMessage, widgetOperator, widgetState, type WidgetMessage, type WidgetState } from './presenters.js';

/** At most this many messages in one history or poll answer. */
export const VISITOR_PAGE = 200;

export interface ConversationView {
  state: WidgetState;
  operator: { name: string } | null;
}

export function conversationView(c: Conversation): ConversationView {
  return { state: widgetState(c), operator: widgetOperator(c) };
}

export function attachmentSigner(config: Config): AttachmentSigner {
  return new AttachmentSigner(config.publicOrigin, config.widget.secret, config.widget.attachmentUrlTtlMs);
}

/** Messages as the widget shows them; the tenant's site origin is read only when a card needs it. */
export async function presentForVisitor(em: Em, messages: Message[], config: Config, now: Date): Promise<WidgetMessage[]> {
  const signer = attachmentSigner(config);
  const withPaths = messages.find(hasCardPaths);
  const site = withPaths ? await tenantSiteOrigin(em, withPaths.tenantId) : null;
  return messages.map((m) => presentWidgetMessage(m, signer, now, site));
}

/** The conversation's last 200 messages that are not deleted, oldest first (created_at, id). */
export async function visitorHistory(em: Em, conversation: Conversation): Promise<Message[]> {
  const latest = await em.find(Message, { conversationId: conversation.id, tenantId: conversation.tenantId, deletedAt: null }, {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: VISITOR_PAGE,
  });
  return latest.reverse();
}

/** Messages created strictly after `after`, oldest first, at most 200 (the next poll asks from the last one). */
export async function visitorMessagesAfter(em: Em, conversation: Conversation, after: Date): Promise<Message[]> {
  return em.find(Message, { conversationId: conversation.id, tenantId: conversation.tenantId, deletedAt: null, createdAt: { $gt: after } }, {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], limit: VISITOR_PAGE,
  });
}

/**
 * Where an attachment lives, for the signed redirect: its stored address, a storage path
 * (`/storage/...`) resolved against the cell origin. null when the message is gone (or
 * deleted) or has no such attachment. 404 when its chat is no longer open (the channel is
 * gone or the tenant inactive), or when the address fails the rule every stored attachment
 * must pass (src/domain/storage/urls.ts; checked again here, whatever was stored): a visitor
 * is never sent to a javascript:, data:, http: or another account's address.
 */
export async function attachmentAddress(em: Em, messageId: string, index: number, config: Config): Promise<string | null> {
  const message = await em.findOne(Message, { id: messageId, deletedAt: null });
  const url = message?.attachments[index]?.url;
  if (!message || !url) return null;
  const conversation = await em.findOne(Conversation, { id: message.conversationId, tenantId: message.tenantId }, { fields: ['channelId'] });
  if (!conversation) return null;
  await requireOpenChat(em, conversation.channelId);
  if (addressRefusal(url, 'file', { tenantId: message.tenantId, cellOrigin: config.publicOrigin })) {
    throw domainError('not_found', 'This attachment cannot be opened from the chat.');
  }
  return url.startsWith('/') ? `${config.publicOrigin}${url}` : url;
}
