import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { invalidField } from '../../errors/domain-error.js';
import type { Contact } from '../../entities/conversation.js';
import type { LeadStatus } from '../../entities/lead.js';
import { contactsOfLeads, findLead, LEADS_BY_UPDATE, listLeads } from '../../domain/leads/queries.js';
import { leadEtag, presentLead } from './presenters.js';
import { LeadSchema } from './schemas.js';
import { LeadListQuery, LeadPageSchema, LeadParams } from './request-schemas.js';

export const LEADS_MIGRATION = 'Migration20261124001000Leads' as const;
/** What every lead route shares: its release family, the migration of its tables, personal data (the contact). */
export const leadFamily = { family: 'leads', migration: LEADS_MIGRATION, pii: true } as const;
const reading = { ...leadFamily, scope: 'leads:read', rateClass: 'read' } as const;

export interface LeadIdParams {
  id: string;
}

interface ListQuery {
  limit: number;
  cursor?: string;
  status?: LeadStatus;
  archived: boolean;
  updated_since?: Date;
  updated_after?: Date;
  source?: string;
}

export const listLeadsRoute = defineRoute<ListQuery>({
  ...reading, method: 'GET', path: '/leads',
  summary: "The tenant's leads, ascending by (updated_at, id)",
  description: 'To stay in sync keep the last updated_at and ask with updated_since (inclusive) or updated_after (strictly later), '
    + 'never both (422 at /updated_after). archived=false (default) lists the non-archived leads, archived=true only the archived ones. '
    + 'Leads are never deleted: include_deleted=true is 422 not_supported.',
  query: LeadListQuery,
  responses: { 200: { description: 'LeadPage', schema: LeadPageSchema } },
  errors: ['pii_transfer_not_allowed', 'validation_failed'],
  handler: async ({ query, auth, em, services, disclose }) => {
    if (query.updated_since && query.updated_after) {
      throw invalidField('/updated_after', 'invalid_value', 'Send updated_since (inclusive) or updated_after (strictly later), not both.');
    }
    const filters = { status: query.status, archived: query.archived, updatedSince: query.updated_since, updatedAfter: query.updated_after, source: query.source };
    let contacts = new Map<string, Contact>();
    const body = await keysetPage(services, auth.integration.id, 'GET /leads', { ...filters }, query, LEADS_BY_UPDATE, async (window) => {
      const leads = await listLeads(em, auth.tenant.id, filters, window);
      contacts = await contactsOfLeads(em, leads);
      return leads;
    }, (lead) => presentLead(lead, lead.contactId ? contacts.get(lead.contactId) : null));
    const resourceIds = body.data.map((l) => (l as { id: string }).id);
    if (resourceIds.length) disclose({ resourceType: 'lead', resourceIds });
    return { status: 200, body };
  },
});

export const getLeadRoute = defineRoute<unknown, LeadIdParams>({
  ...reading, method: 'GET', path: '/leads/{id}',
  summary: 'One lead, with its contact',
  description: 'A missing, foreign or non-uuid id answers 404 not_found. The ETag header is the quoted version.',
  params: LeadParams,
  responses: { 200: { description: 'Lead', schema: LeadSchema, headers: ['ETag'] } },
  errors: ['pii_transfer_not_allowed', 'not_found'],
  handler: async ({ params, auth, em, disclose }) => {
    const lead = await findLead(em, auth.tenant.id, params.id);
    const contacts = await contactsOfLeads(em, [lead]);
    disclose({ resourceType: 'lead', resourceIds: [lead.id] });
    return { status: 200, body: presentLead(lead, contacts.get(lead.contactId ?? '')), headers: { ETag: leadEtag(lead) } };
  },
});

/** Spec 02 "Leads". */
export const leadRoutes = [listLeadsRoute, getLeadRoute];
