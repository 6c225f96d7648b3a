import type { Em } from '../../db/em.js';
import type { Cell } from '../../config.js';
import { Card } from '../../entities/card.js';
import type { Message } from '../../entities/conversation.js';
import { invalidField, domainError } from '../../errors/domain-error.js';
import { findVisibleConversation } from '../conversations/conversations.js';
import { appendMessage } from '../conversations/messages.js';
import { cardCopy, cardLanguage } from './card-copy.js';

export interface CardSending {
  /** The card to send (a body field: an unknown one is validation_failed at /code, not not_found). */
  code: string;
  /** Text sent along in the same message. */
  content?: string | null;
}

/**
 * Sends a card into a conversation as an operator message carrying the card's copy (named
 * after the operator handling the conversation, if any; the mode is left as it is). A missing,
 * foreign or hidden conversation is not_found; a closed one, or an inactive card, invalid_state.
 */
export async function sendCard(em: Em, tenantId: string, conversationId: string, sending: CardSending, cell: Cell, now: Date): Promise<Message> {
  const conversation = await findVisibleConversation(em, tenantId, conversationId, { lock: true });
  const card = await em.findOne(Card, { tenantId, code: sending.code });
  if (!card) throw invalidField('/code', 'not_found', `code: this account has no card ${sending.code}`);
  if (conversation.status === 'closed') throw domainError('invalid_state', 'The conversation is closed; nothing can be sent into it.');
  if (!card.active) throw domainError('invalid_state', `The card ${card.code} is inactive; an inactive card cannot be sent.`);
  const message = await appendMessage(em, conversation, {
    sender: 'operator', content: sending.content ?? null, cards: [cardCopy(card, cell, cardLanguage(conversation.language, cell, sending.content))], operatorName: conversation.operatorName ?? null,
  }, now);
  await em.flush();
  return message;
}
