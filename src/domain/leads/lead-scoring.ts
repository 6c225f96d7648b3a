import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { Contact, Conversation, Message } from '../../entities/conversation.js';
import { Lead } from '../../entities/lead.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { bumpLead, leadEventRef } from './lead-events.js';
import { scoreLead, type LeadScore } from './scoring.js';

/** The most recent customer messages the scorer reads. */
const MESSAGES_READ = 200;

/**
 * Scores a lead from its conversation and stores the result; a new score (or level or flags)
 * bumps the version and raises lead.scored {score, level, reason, flags}. Answers the score,
 * or null for a lead that is gone.
 */
export async function scoreLeadNow(em: Em, leadId: string, now: Date): Promise<LeadScore | null> {
  const lead = await em.findOne(Lead, { id: leadId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!lead) return null;
  const contact = lead.contactId ? await em.findOne(Contact, { id: lead.contactId }) : null;
  const conversation = lead.conversationId ? await em.findOne(Conversation, { id: lead.conversationId }) : null;
  const messages = conversation
    ? (await em.find(Message, { conversationId: conversation.id, deletedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: MESSAGES_READ })).reverse()
    : [];
  const customer = messages.filter((m) => m.sender === 'customer');
  const lastCustomerAt = customer[customer.length - 1]?.createdAt ?? lead.createdAt;
  const result = scoreLead({
    contactLeft: !!(contact?.email || contact?.phone),
    productNamed: !!lead.productId || messages.some((m) => m.cards.length > 0),
    customerTexts: customer.map((m) => m.content ?? ''),
    handoff: conversation ? conversation.status === 'handoff_pending' || conversation.mode === 'operator' : false,
    quietMs: now.getTime() - lastCustomerAt.getTime(),
  });
  if (lead.score === result.score && lead.level === result.level && JSON.stringify(lead.flags) === JSON.stringify(result.flags)) return result;
  lead.score = result.score;
  lead.level = result.level;
  lead.flags = result.flags;
  bumpLead(lead, now);
  recordEvent(em, { tenantId: lead.tenantId, type: 'lead.scored', ...EVENTS['lead.scored']({ ...leadEventRef(lead, contact), ...result }) }, now);
  return result;
}
