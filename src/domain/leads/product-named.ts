import type { Em } from '../../db/em.js';
import { Card } from '../../entities/card.js';
import { Message, type Conversation } from '../../entities/conversation.js';
import { contactOf } from '../conversations/contacts.js';
import { ensureOpenLead, type NamedProduct } from './lead-opening.js';

/** How many of the conversation's latest messages are searched for offered cards. */
const OFFERS_READ = 50;

const folded = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ');

/** The first card offered in the conversation (by the seller or an operator) whose name or code the customer's text names. */
async function offeredCardNamed(em: Em, conversation: Conversation, text: string): Promise<NamedProduct | null> {
  const offers = await em.find(Message, { conversationId: conversation.id, sender: { $in: ['ai', 'operator'] }, deletedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: OFFERS_READ });
  const said = folded(text);
  for (const copy of offers.flatMap((m) => m.cards)) {
    if (!said.includes(folded(copy.name)) && !said.includes(copy.code)) continue;
    const card = await em.findOne(Card, { tenantId: conversation.tenantId, code: copy.code });
    return { id: card?.id ?? copy.code, name: copy.name };
  }
  return null;
}

/**
 * A customer who names a product the seller offered ("I'll take the Runner X") opens the
 * conversation's lead with that product, reachable or not; an open lead stays as it is.
 */
export async function noteProductNamed(em: Em, conversation: Conversation, text: string, now: Date): Promise<void> {
  const named = await offeredCardNamed(em, conversation, text);
  const contact = named ? await contactOf(em, conversation) : null;
  if (named && contact) await ensureOpenLead(em, conversation, contact, now, named);
}
