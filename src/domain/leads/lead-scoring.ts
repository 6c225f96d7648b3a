import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Contact, Conversation } from '../../entities/conversation.js';
import { Lead, LeadTask, type LeadLevel } from '../../entities/lead.js';
import { Tenant } from '../../entities/tenant.js';
import { addTask } from './tasks.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { bumpLead, leadEventRef } from './lead-events.js';
import { levelOf, scoreLead, type LeadScore } from './scoring.js';
import { domainError } from '../../errors/domain-error.js';
import { applyDescription, type LeadDescription } from './lead-description.js';
import { recentMessages } from './queries.js';

interface BuiltinScoring {
  result: LeadScore;
  /** The score, level or flags changed (and are set on the lead). */
  changed: boolean;
  becameHot: boolean;
  customerMessageIds: string[];
}

/** The builtin scorer's answer for the lead's conversation as it is now, set on the lead when it differs. */
async function builtinScoring(em: Em, lead: Lead, contact: Contact | null, now: Date): Promise<BuiltinScoring> {
  const conversation = lead.conversationId ? await em.findOne(Conversation, { id: lead.conversationId }) : null;
  const messages = conversation ? await recentMessages(em, conversation.id) : [];
  const customer = messages.filter((m) => m.sender === 'customer');
  const lastCustomerAt = customer[customer.length - 1]?.createdAt ?? lead.createdAt;
  const result = scoreLead({
    contactLeft: !!(contact?.email || contact?.phone),
    productNamed: !!lead.productId || messages.some((m) => m.cards.length > 0),
    customerTexts: customer.map((m) => m.content ?? ''),
    handoff: conversation ? conversation.status === 'handoff_pending' || conversation.mode === 'operator' : false,
    quietMs: now.getTime() - lastCustomerAt.getTime(),
  });
  const customerMessageIds = customer.map((m) => m.id);
  if (lead.score === result.score && lead.level === result.level && JSON.stringify(lead.flags) === JSON.stringify(result.flags)) {
    return { result, changed: false, becameHot: false, customerMessageIds };
  }
  const becameHot = result.level === 'hot' && lead.level !== 'hot';
  lead.score = result.score;
  lead.level = result.level;
  lead.flags = result.flags;
  lead.scoreSource = 'builtin';
  return { result, changed: true, becameHot, customerMessageIds };
}

/**
 * Scores a lead from its conversation and stores the result with its description (intent and
 * ai_summary, made beforehand by describeLead), in one new version: a new score (or level or
 * flags) raises lead.scored {score, level, reason, flags}, a new intent or ai_summary
 * lead.updated with those fields. Answers the score, or null for a lead that is gone or scored
 * by the integrator (whose lead is still described).
 */
export async function scoreLeadNow(em: Em, leadId: string, now: Date, description: LeadDescription | null = null): Promise<LeadScore | null> {
  const lead = await em.findOne(Lead, { id: leadId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!lead) return null;
  const contact = lead.contactId ? await em.findOne(Contact, { id: lead.contactId }) : null;
  const described = description ? applyDescription(lead, description) : [];
  // An integrator's own score (POST /leads/{id}/score) is not overwritten by the builtin scorer.
  const scoring = lead.scoreSource === 'integrator' ? null : await builtinScoring(em, lead, contact, now);
  if (!described.length && !scoring?.changed) return scoring?.result ?? null;
  bumpLead(lead, now);
  const ref = leadEventRef(lead, contact);
  if (described.length) recordEvent(em, { tenantId: lead.tenantId, type: 'lead.updated', ...EVENTS['lead.updated']({ ...ref, changed_fields: described }) }, now);
  if (scoring?.changed) {
    recordEvent(em, { tenantId: lead.tenantId, type: 'lead.scored', ...EVENTS['lead.scored']({ ...ref, ...scoring.result }) }, now);
    if (scoring.becameHot) await actOnHotLead(em, lead, contact, scoring.result, scoring.customerMessageIds, now);
  }
  return scoring?.result ?? null;
}

/** Evidence of lead.action_requested: the customer messages read (the latest) and the score. */
const EVIDENCE_MESSAGES = 10;

/**
 * A lead that became hot: in internal CRM mode the platform works it itself (next_action and
 * a task, one open scorer task per lead); with an external CRM it asks that CRM to act with
 * lead.action_requested (reason and evidence) and waits for it to PATCH the lead back.
 */
async function actOnHotLead(em: Em, lead: Lead, contact: Contact | null, score: LeadScore, messageIds: string[], now: Date): Promise<void> {
  const tenant = await em.findOneOrFail(Tenant, { id: lead.tenantId });
  if (tenant.crmMode !== 'internal') {
    const evidence = [...messageIds.slice(-EVIDENCE_MESSAGES).map((id) => ({ type: 'message', id })), { type: 'score', score: score.score, flags: score.flags }];
    recordEvent(em, { tenantId: lead.tenantId, type: 'lead.action_requested', ...EVENTS['lead.action_requested']({ ...leadEventRef(lead, contact), reason: score.reason, evidence }) }, now);
    return;
  }
  const open = await em.findOne(LeadTask, { leadId: lead.id, source: 'scorer', status: 'open' });
  const who = contact?.name || contact?.email || contact?.phone || 'the customer';
  lead.nextAction = `Contact ${who} today. ${score.reason}`;
  lead.nextActionAt = now;
  if (!open) addTask(em, lead, { title: lead.nextAction, dueAt: now, source: 'scorer' }, now);
}

export interface IntegratorScore {
  score: number;
  level?: LeadLevel;
  reason?: string | null;
  flags?: string[];
}

/**
 * POST /leads/{id}/score: an integrator with leads:score sets its own score (level from the
 * builtin thresholds unless sent). Always a new version and lead.scored; from then on the
 * builtin scorer leaves the lead alone.
 */
export async function setIntegratorScore(em: Em, tenantId: string, leadId: string, s: IntegratorScore, now: Date): Promise<{ lead: Lead; contact: Contact | null }> {
  const lead = await em.findOne(Lead, { id: leadId, tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!lead) throw domainError('not_found', 'No such lead.');
  const contact = lead.contactId ? await em.findOne(Contact, { id: lead.contactId }) : null;
  lead.score = s.score;
  lead.level = s.level ?? levelOf(s.score);
  lead.flags = s.flags ?? [];
  lead.scoreSource = 'integrator';
  bumpLead(lead, now);
  recordEvent(em, {
    tenantId, type: 'lead.scored',
    ...EVENTS['lead.scored']({ ...leadEventRef(lead, contact), score: lead.score, level: lead.level, reason: s.reason ?? null, flags: lead.flags }),
  }, now);
  return { lead, contact };
}
