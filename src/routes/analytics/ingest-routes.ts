import { defineRoute } from '../../http/route.js';
import type { FieldError } from '../../errors/domain-error.js';
import { CELL_CURRENCY } from '../../domain/wallet/money.js';
import { DEFAULT_COUNTRY, normaliseEmail, normalisePhone } from '../../domain/contacts/contact-details.js';
import { usableScopes } from '../../domain/access/personal-data.js';
import { contactsByDetails, eventSource, foreignRefs, ingestEvents, type EventType, type RawEvent } from '../../domain/analytics/events.js';
import { tenantTimeZone } from '../../domain/analytics/time-zone.js';
import { BatchCheck, batchAnswer } from './batch.js';
import {
  DATED_TYPES, EVENT_SCHEMAS, EventBatchProblemSchema, EventBatchSchema, EventHeadSchema, IngestResultSchema, OfflineConversionBatchProblemSchema, OfflineConversionBatchSchema, OfflineConversionSchema,
} from './event-schemas.js';

export const ANALYTICS_MIGRATION = 'Migration20261124007500AnalyticsRollupVersions' as const;
const writing = { family: 'analytics', migration: ANALYTICS_MIGRATION, scope: 'analytics:write', rateClass: 'write' } as const;

interface MoneyIn { amount: string; currency: string }
interface EventIn {
  id: string;
  type: EventType;
  occurred_at?: string;
  visitor_id?: string;
  contact_id?: string;
  lead_id?: string;
  properties: Record<string, unknown> & { value?: MoneyIn; cost?: MoneyIn; date?: string; clicks?: number; impressions?: number };
}
interface ConversionIn {
  id: string;
  lead_id?: string;
  contact_email?: string;
  contact_phone?: string;
  value: MoneyIn;
  occurred_at: string;
  order_id?: string;
}

const notSupported = (field: string, message: string): FieldError => ({ field, code: 'not_supported', message });

/** Rules joi does not say: money in the cell currency, clicks not above impressions. */
function eventRuleErrors(e: EventIn, currency: string): FieldError[] {
  const out: FieldError[] = [];
  for (const key of ['value', 'cost'] as const) {
    const m = e.properties[key];
    if (m && typeof m === 'object' && m.currency !== currency) out.push(notSupported(`/properties/${key}/currency`, `amounts are taken in the cell currency, ${currency}`));
  }
  if (e.type === 'search_performance' && (e.properties.clicks ?? 0) > (e.properties.impressions ?? 0)) {
    out.push({ field: '/properties/clicks', code: 'out_of_range', message: 'clicks cannot be above impressions' });
  }
  return out;
}

const refErrors = (refs: { leads: Set<string>; contacts: Set<string> }, leadId?: string, contactId?: string): FieldError[] => [
  ...(leadId && refs.leads.has(leadId) ? [{ field: '/lead_id', code: 'invalid_value', message: 'no lead of this account has this id' }] : []),
  ...(contactId && refs.contacts.has(contactId) ? [{ field: '/contact_id', code: 'invalid_value', message: 'no contact of this account has this id' }] : []),
];

export const postEventsRoute = defineRoute<unknown, unknown, { events: unknown[] }>({
  ...writing, release: 'planned', method: 'POST', path: '/events',
  summary: 'Send a batch of analytics events (up to 500)',
  description: 'Each event carries your own `id`: a re-sent id (or one repeated in the batch) is stored once and counted in `duplicates`. '
    + 'Items are checked one by one: when some do not fit, the answer is 422 validation_failed with each field error at /events/N/field, '
    + 'and the Problem\'s `accepted` and `duplicates` members count the other items, which ARE stored. Amounts are in the cell currency. '
    + 'Events of today and of the 7 days before it count in the analytics reads as soon as they are stored; an older event re-opens '
    + 'the day it belongs to, which counts it after the next snapshot (nightly, or `bin/ctl analytics snapshot`).',
  body: EventBatchSchema,
  responses: { 200: { description: 'IngestResult', schema: IngestResultSchema } },
  errors: ['validation_failed'],
  problems: { validation_failed: EventBatchProblemSchema },
  handler: async ({ body, auth, em, services, requestId }) => {
    const now = services.clock.now();
    const currency = CELL_CURRENCY[services.config.cell];
    const check = new BatchCheck<EventIn>('events');
    body.events.forEach((raw, i) => {
      if (!check.take(i, raw, EventHeadSchema)) return;
      const event = check.take(i, raw, EVENT_SCHEMAS[(raw as { type: EventType }).type]);
      if (!event) return;
      const rules = eventRuleErrors(event, currency);
      if (rules.length) check.refuse(i, rules);
      else check.keep(i, event);
    });
    const refs = await foreignRefs(em, auth.tenant.id, check.good.flatMap((g) => g.value.lead_id ?? []), check.good.flatMap((g) => g.value.contact_id ?? []));
    for (const { index, value } of [...check.good]) {
      const errors = refErrors(refs, value.lead_id, value.contact_id);
      if (errors.length) check.refuseKept(index, errors);
    }
    const events: RawEvent[] = check.good.map(({ value: e }) => ({
      externalId: e.id, type: e.type,
      occurredAt: e.occurred_at ? new Date(e.occurred_at) : (DATED_TYPES.includes(e.type) ? new Date(`${e.properties.date!}T00:00:00.000Z`) : now),
      visitorId: e.visitor_id, contactId: e.contact_id, leadId: e.lead_id, properties: e.properties,
    }));
    const counts = await ingestEvents(em, auth.tenant.id, eventSource.api(auth.integration.id), events, now, await tenantTimeZone(em, auth.tenant.id, services.config.cell), services.config.cell);
    return batchAnswer({ ...counts }, check.errors, requestId, services.config.publicOrigin);
  },
});

export const postOfflineConversionsRoute = defineRoute<unknown, unknown, { conversions: unknown[] }>({
  ...writing, release: 'planned', method: 'POST', path: '/offline-conversions',
  summary: 'Record sales closed outside the site (up to 500)',
  description: 'Each conversion names the lead it closes (`lead_id`, 422 at the field when it is not this account\'s) or the customer by '
    + '`contact_email` / `contact_phone`; one that matches no contact is stored all the same. `value` is in the cell currency '
    + 'and adds to revenue on the day of `occurred_at` (tenant time zone). Dedupe, partial 422 and counts as POST /events. '
    + '`unmatched` (how many matched no lead or contact) is answered only to a key that may read contacts (leads:read, with the personal-data '
    + 'transfer conditions on the ru cell), and then the contacts matched are recorded in the disclosure log; to any other key it is absent, '
    + 'since it would tell whether an e-mail or phone is one of the account\'s customers.',
  body: OfflineConversionBatchSchema,
  responses: { 200: { description: 'IngestResult', schema: IngestResultSchema } },
  errors: ['validation_failed'],
  problems: { validation_failed: OfflineConversionBatchProblemSchema },
  handler: async ({ body, auth, em, services, requestId, disclose }) => {
    const now = services.clock.now();
    const { cell } = services.config;
    // Whether a conversion matched a contact is personal data: answered only to a key that could read the contact itself.
    const mayReadContacts = usableScopes(cell, auth.integration, auth.scopes).includes('leads:read');
    const check = new BatchCheck<ConversionIn>('conversions');
    body.conversions.forEach((raw, i) => {
      const c = check.take(i, raw, OfflineConversionSchema);
      if (!c) return;
      if (c.value.currency !== CELL_CURRENCY[cell]) check.refuse(i, [notSupported('/value/currency', `amounts are taken in the cell currency, ${CELL_CURRENCY[cell]}`)]);
      else check.keep(i, c);
    });
    const refs = await foreignRefs(em, auth.tenant.id, check.good.flatMap((g) => g.value.lead_id ?? []), []);
    for (const { index, value } of [...check.good]) {
      const errors = refErrors(refs, value.lead_id);
      if (errors.length) check.refuseKept(index, errors);
    }
    const email = (c: ConversionIn) => (c.contact_email ? normaliseEmail(c.contact_email) : undefined);
    const phone = (c: ConversionIn) => (c.contact_phone ? normalisePhone(c.contact_phone, DEFAULT_COUNTRY[cell]) : undefined);
    const found = await contactsByDetails(em, auth.tenant.id, check.good.flatMap((g) => email(g.value) ?? []), check.good.flatMap((g) => phone(g.value) ?? []));
    let unmatched = 0;
    const matched = new Set<string>();
    const events: RawEvent[] = check.good.map(({ value: c }) => {
      const contactId = (email(c) && found.byEmail.get(email(c)!)) || (phone(c) && found.byPhone.get(phone(c)!)) || null;
      if (!c.lead_id && !contactId) unmatched += 1;
      if (!c.lead_id && contactId) matched.add(contactId);
      return {
        externalId: c.id, type: 'offline_conversion', occurredAt: new Date(c.occurred_at), leadId: c.lead_id, contactId,
        properties: { value: c.value, ...(c.order_id ? { order_id: c.order_id } : {}) },
      };
    });
    const counts = await ingestEvents(em, auth.tenant.id, eventSource.offline(auth.integration.id), events, now, await tenantTimeZone(em, auth.tenant.id, cell), cell);
    if (!mayReadContacts) return batchAnswer({ ...counts }, check.errors, requestId, services.config.publicOrigin);
    if (matched.size) disclose({ resourceType: 'contact', resourceIds: [...matched] });
    return batchAnswer({ ...counts, unmatched }, check.errors, requestId, services.config.publicOrigin);
  },
});
