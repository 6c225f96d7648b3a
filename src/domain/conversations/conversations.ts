import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Conversation, HIDDEN_CHANNEL_TYPES } from '../../entities/conversation.js';
import { domainError } from '../../errors/domain-error.js';

/** SQL condition of the conversations the API may return (alias `c`). */
export const VISIBLE_CONVERSATION_SQL = `c.channel_type not in (${HIDDEN_CHANNEL_TYPES.map((t) => `'${t}'`).join(', ')})`;

/** The same condition as an ORM filter. */
export const VISIBLE_CONVERSATION_WHERE = { channelType: { $nin: [...HIDDEN_CHANNEL_TYPES] } };

export function isVisible(conversation: Conversation): boolean {
  return !(HIDDEN_CHANNEL_TYPES as readonly string[]).includes(conversation.channelType);
}

/**
 * A conversation of this tenant that the API may show; not_found for a missing one,
 * another tenant's, or one of a personal mailbox or student-portal chat (indistinguishable).
 * With `lock` the row is locked for the rest of the transaction (state moves serialise).
 */
export async function findVisibleConversation(em: Em, tenantId: string, id: string, o: { lock?: boolean } = {}): Promise<Conversation> {
  const conversation = await em.findOne(Conversation, { id, tenantId }, o.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!conversation || !isVisible(conversation)) throw domainError('not_found', 'No such conversation.');
  return conversation;
}
