import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { domainError, invalidField } from '../../errors/domain-error.js';
import type { Contact } from '../../entities/conversation.js';
import type { Lead, LeadStatus } from '../../entities/lead.js';
import type { AuthContext } from '../../http/authenticate.js';
import type { Services } from '../../services.js';
import { CELL_CURRENCY } from '../../domain/wallet/money.js';
import { DEFAULT_COUNTRY } from '../../domain/contacts/contact-details.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { noticeLeadChange } from '../../temporal/lead-scoring.js';
import { changeLead, type ExpectedVersion } from '../../domain/leads/lead-changes.js';
import { createLead, type NewLeadInput } from '../../domain/leads/lead-creation.js';
import type { LeadFields } from '../../domain/leads/lead-rules.js';
import { setIntegratorScore, type IntegratorScore } from '../../domain/leads/lead-scoring.js';
import { contactsOfLeads, findLead, LEADS_BY_UPDATE, listLeads } from '../../domain/leads/queries.js';
import { leadEtag, presentLead } from '../../presenters/leads.js';
import { LeadSchema } from './schemas.js';
import { taskRoutes } from './task-routes.js';
import { LeadCreateSchema, LeadScoreSchema, LeadListQuery, LeadPageSchema, LeadParams, LeadUpdateSchema, type LeadIdParams } from './request-schemas.js';

export const LEADS_MIGRATION = 'Migration20261128190000LeadDescription' as const;
/** What every lead route shares: its release family, the migration of its tables, personal data (the contact). */
export const leadFamily = { family: 'leads', migration: LEADS_MIGRATION, pii: true } as const;
const reading = { ...leadFamily, scope: 'leads:read', rateClass: 'read' } as const;

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
  ...reading, release: 'available', method: 'GET', path: '/leads',
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
  ...reading, release: 'available', method: 'GET', path: '/leads/{id}',
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

const writing = { ...leadFamily, scope: 'leads:write', rateClass: 'write' } as const;

const changeContext = (auth: AuthContext, services: Services) => ({ tenantId: auth.tenant.id, currency: CELL_CURRENCY[services.config.cell], now: services.clock.now() });

/** If-Match: the quoted version the change was made against (`"3"`), or `*`; missing is precondition_required. */
function expectedVersion(header: string | undefined): ExpectedVersion {
  const value = header?.trim();
  if (!value) throw domainError('precondition_required', 'Send If-Match with the ETag of the lead as you read it (for example "3"), so a concurrent change is not overwritten.');
  if (value === '*') return '*';
  const quoted = /^"(\d{1,9})"$/.exec(value);
  // Anything else (a weak or foreign tag) matches no version of a lead.
  return quoted ? Number(quoted[1]) : -1;
}

const leadAnswer = (status: number, r: { lead: Lead; contact: Contact | null }) => ({
  status, body: presentLead(r.lead, r.contact), headers: { ETag: leadEtag(r.lead) },
});

export const updateLeadRoute = defineRoute<unknown, LeadIdParams, LeadFields>({
  ...writing, release: 'planned', method: 'PATCH', path: '/leads/{id}', ifMatch: 'required',
  summary: 'Change a lead (optimistic: If-Match required)',
  description: 'Send If-Match with the ETag of the lead as read (the quoted version, for example "3"): without it 428 precondition_required; when the '
    + 'lead changed since, 412 precondition_failed naming the current version (current_version, etag). The answer carries the new ETag. '
    + 'Moving to lost needs lost_reason. A status move stamps qualified_at, won_at or lost_at and raises lead.status_changed {from, to}; '
    + 'any change raises lead.updated with the changed fields and the new version. A change that changes nothing keeps the version. '
    + 'A move to qualified brings the lead\'s intent and ai_summary up to date with its conversation (a later lead.updated when they change).',
  params: LeadParams,
  body: LeadUpdateSchema,
  responses: { 200: { description: 'Lead', schema: LeadSchema, headers: ['ETag'] } },
  errors: ['pii_transfer_not_allowed', 'not_found', 'validation_failed', 'precondition_failed', 'precondition_required', 'invalid_state'],
  handler: async ({ params, body, auth, em, services, ctx, disclose, afterCommit }) => {
    if (Object.keys(body).length === 0) throw invalidField('', 'required', 'Send at least one field of the lead.');
    const expected = expectedVersion(ctx.get('if-match'));
    const changed = await changeLead(em, changeContext(auth, services), params.id, expected, body);
    afterCommit(() => wakeRelay(services.redis));
    if (changed.qualified) afterCommit(() => noticeLeadChange(services, changed.lead));
    disclose({ resourceType: 'lead', resourceIds: [changed.lead.id] });
    return leadAnswer(200, changed);
  },
});

export const createLeadRoute = defineRoute<unknown, unknown, NewLeadInput>({
  ...writing, release: 'planned', method: 'POST', path: '/leads', idempotency: 'required',
  summary: 'Create a lead',
  description: 'About a contact (contact_id, or contact details: a new contact, merged into the account\'s contact with the same e-mail or '
    + 'phone) and optionally a conversation, whose open lead it becomes (409 invalid_state when it has one). Source defaults to api. '
    + 'Raises lead.created. Idempotency-Key is required: a retry answers the first lead. A lead of a conversation is then scored and its intent '
    + 'and ai_summary written from the conversation (lead.scored, lead.updated).',
  body: LeadCreateSchema,
  responses: { 201: { description: 'Lead', schema: LeadSchema, headers: ['ETag'] } },
  errors: ['pii_transfer_not_allowed', 'validation_failed', 'invalid_state', 'idempotency_key_required', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ body, auth, em, services, disclose, afterCommit }) => {
    const created = await createLead(em, { ...changeContext(auth, services), country: DEFAULT_COUNTRY[services.config.cell] }, body);
    afterCommit(() => wakeRelay(services.redis));
    // A lead of a conversation is scored and described from it at once, not at the conversation's next message.
    if (created.lead.conversationId) afterCommit(() => noticeLeadChange(services, created.lead));
    disclose({ resourceType: 'lead', resourceIds: [created.lead.id] });
    return leadAnswer(201, created);
  },
});

export const scoreLeadRoute = defineRoute<unknown, LeadIdParams, IntegratorScore>({
  ...leadFamily, release: 'beta', method: 'POST', path: '/leads/{id}/score', scope: 'leads:score', rateClass: 'write',
  summary: "Set the integrator's own score of a lead",
  description: 'score 0 to 100; level defaults from the score (60+ hot, 30+ warm, else cold); reason and flags optional. A new version '
    + 'and lead.scored {score, level, reason, flags}; score_source becomes integrator and the builtin scorer leaves the lead alone.',
  params: LeadParams,
  body: LeadScoreSchema,
  responses: { 200: { description: 'Lead', schema: LeadSchema, headers: ['ETag'] } },
  errors: ['pii_transfer_not_allowed', 'not_found', 'validation_failed', 'idempotency_conflict', 'operation_in_progress'],
  handler: async ({ params, body, auth, em, services, disclose, afterCommit }) => {
    const scored = await setIntegratorScore(em, auth.tenant.id, params.id, body, services.clock.now());
    afterCommit(() => wakeRelay(services.redis));
    disclose({ resourceType: 'lead', resourceIds: [scored.lead.id] });
    return leadAnswer(200, scored);
  },
});

/** Spec 02 "Leads", and the editing the issue designs. */
export const leadRoutes = [listLeadsRoute, getLeadRoute, updateLeadRoute, createLeadRoute, scoreLeadRoute, ...taskRoutes];
