import type { Em } from '../../db/em.js';
import { Contact, Message } from '../../entities/conversation.js';
import { Lead, type LeadStatus } from '../../entities/lead.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { domainError } from '../../errors/domain-error.js';
import { ProvisioningError } from '../provisioning/tenants.js';

export interface LeadFilters {
  status?: LeadStatus;
  /** false: non-archived only; true: archived only. */
  archived: boolean;
  /** At or after this (inclusive). */
  updatedSince?: Date;
  /** Strictly later than this. */
  updatedAfter?: Date;
  source?: string;
}

/** GET /leads: ascending by (updated_at, id), the traversal order a CRM sync pages on. */
export const LEADS_BY_UPDATE: KeysetOrder = { keys: [['updatedAt', 'time'], ['id', 'uuid']], direction: 'asc' };

/** One page of the tenant's leads. */
export function listLeads(em: Em, tenantId: string, f: LeadFilters, window: PageWindow): Promise<Lead[]> {
  const conditions: Record<string, unknown>[] = [{ tenantId, archived: f.archived }];
  if (f.status !== undefined) conditions.push({ status: f.status });
  if (f.source !== undefined) conditions.push({ source: f.source });
  if (f.updatedSince) conditions.push({ updatedAt: { $gte: f.updatedSince } });
  if (f.updatedAfter) conditions.push({ updatedAt: { $gt: f.updatedAfter } });
  return em.find(Lead, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/** A lead of this tenant; not_found for a missing one or another tenant's (indistinguishable). */
export async function findLead(em: Em, tenantId: string, id: string): Promise<Lead> {
  const lead = await em.findOne(Lead, { id, tenantId });
  if (!lead) throw domainError('not_found', 'No such lead.');
  return lead;
}

/** The contacts of some leads, by id. */
export async function contactsOfLeads(em: Em, leads: readonly Lead[]): Promise<Map<string, Contact>> {
  const ids = [...new Set(leads.map((l) => l.contactId).filter((id): id is string => !!id))];
  const contacts = ids.length ? await em.find(Contact, { id: { $in: ids } }) : [];
  return new Map(contacts.map((c) => [c.id, c]));
}

/** bin/ctl lead show: a lead by id in any tenant, with its contact. */
export async function leadForSupport(em: Em, id: string): Promise<{ lead: Lead; contact: Contact | null }> {
  const lead = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Lead, { id }) : null;
  if (!lead) throw new ProvisioningError(`no lead ${id}`);
  return { lead, contact: lead.contactId ? await em.findOne(Contact, { id: lead.contactId }) : null };
}

/** The most recent messages the scorer and the describer read of a lead's conversation. */
const MESSAGES_READ = 200;

/** A conversation's latest messages (not deleted), oldest first: what the lead's scorer and describer read. */
export async function recentMessages(em: Em, conversationId: string): Promise<Message[]> {
  return (await em.find(Message, { conversationId, deletedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: MESSAGES_READ })).reverse();
}
