import type { Em } from '../../db/em.js';
import { Conversation, Message, type ConversationMode } from '../../entities/conversation.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { VISIBLE_CONVERSATION_WHERE } from './conversations.js';

export interface ConversationFilters {
  channel?: string;
  status?: string;
  mode?: ConversationMode;
  /** Strictly later than this. */
  updatedAfter?: Date;
}

/** GET /conversations: ascending by (updated_at, id), the traversal order of spec 02. */
export const BY_UPDATE: KeysetOrder = { keys: [['updatedAt', 'time'], ['id', 'uuid']], direction: 'asc' };

/** One page of the tenant's visible conversations. */
export function listConversations(em: Em, tenantId: string, f: ConversationFilters, window: PageWindow): Promise<Conversation[]> {
  const conditions: Record<string, unknown>[] = [{ tenantId, ...VISIBLE_CONVERSATION_WHERE }];
  if (f.channel !== undefined) conditions.push({ channelType: f.channel });
  if (f.status !== undefined) conditions.push({ status: f.status });
  if (f.mode !== undefined) conditions.push({ mode: f.mode });
  if (f.updatedAfter) conditions.push({ updatedAt: { $gt: f.updatedAfter } });
  return em.find(Conversation, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/**
 * One page of a conversation's messages (BY_CREATION). Nothing in this server deletes a message;
 * a row marked deleted_at is left out, as every other reader of messages does.
 */
export function listMessages(em: Em, conversationId: string, window: PageWindow): Promise<Message[]> {
  return em.find(Message, pageWhere([{ conversationId, deletedAt: null }], window) as never, { orderBy: window.orderBy as never, limit: window.take });
}
