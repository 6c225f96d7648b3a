import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Contact } from '../../entities/conversation.js';
import { Lead } from '../../entities/lead.js';
import { domainError } from '../../errors/domain-error.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { bumpLead, leadEventRef } from './lead-events.js';
import { applyLeadFields, refuseSecondOpenLead, type LeadFields } from './lead-rules.js';

/** The version a change was made against: a version number, or `*` (any). */
export type ExpectedVersion = number | '*';

export interface LeadChangeContext {
  tenantId: string;
  /** The cell currency: value must be in it. */
  currency: string;
  now: Date;
}

/**
 * PATCH /leads/{id}: optimistic editing. The lead row is locked, so concurrent changes made
 * against one version serialise: the first applies and bumps the version, the others find
 * another version and get precondition_failed naming the current one. A change that changes
 * nothing keeps the version and raises nothing. lead.status_changed {from, to} for a status
 * move, lead.updated with the changed fields and the new version for any change.
 */
export async function changeLead(em: Em, c: LeadChangeContext, id: string, expected: ExpectedVersion, f: LeadFields): Promise<{ lead: Lead; contact: Contact | null; qualified?: boolean }> {
  const lead = await em.findOne(Lead, { id, tenantId: c.tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!lead) throw domainError('not_found', 'No such lead.');
  if (expected !== '*' && expected !== lead.version) {
    throw domainError('precondition_failed', `If-Match does not match: the lead is at version ${lead.version} (ETag "${lead.version}"). Read it again and retry.`, {
      current_version: lead.version, etag: `"${lead.version}"`,
    });
  }
  await refuseSecondOpenLead(em, lead, f);
  const contact = lead.contactId ? await em.findOne(Contact, { id: lead.contactId }) : null;
  const { changed, statusMove } = applyLeadFields(lead, f, c.currency, c.now);
  if (!changed.length) return { lead, contact };
  bumpLead(lead, c.now);
  const ref = leadEventRef(lead, contact);
  if (statusMove) recordEvent(em, { tenantId: lead.tenantId, type: 'lead.status_changed', ...EVENTS['lead.status_changed']({ ...ref, ...statusMove }) }, c.now);
  recordEvent(em, { tenantId: lead.tenantId, type: 'lead.updated', ...EVENTS['lead.updated']({ ...ref, changed_fields: changed }) }, c.now);
  return { lead, contact, qualified: statusMove?.to === 'qualified' };
}
