import type pg from 'pg';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller, type CallerOptions } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import type { Schema } from '../harness/json-schema.js';
import { seedLead } from './leads-fixtures.js';
import { disclosureRows } from './conversations-fixtures.js';
import { oneOfEach, pageView, rub, seedContact, storedEvents } from './analytics-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const post = (who: Caller, path: string, body: unknown, headers: Record<string, string> = {}) => call(api.base, 'POST', path, { key: who.apiKey, body, headers });
const fieldError = (field: string, code: string) => ({ field, code, message: expect.any(String) });

describe('POST /events', () => {
  it('stores a batch of every event type and answers 200 with the counts', async () => {
    const caller = await newCaller(api.services);
    const res = await post(caller, '/events', { events: oneOfEach('a') });
    expect(res.body).toEqual({ accepted: 8, duplicates: 0 });
    expect(res.status).toBe(200);
    const rows = await storedEvents(sql, caller);
    expect(rows.map((r) => r.type).sort()).toEqual(['ad_spend', 'add_to_cart', 'custom', 'page_view', 'purchase', 'search_performance', 'signup', 'site_search']);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set([`api:${caller.integrationId}`]));
    const purchase = rows.find((r) => r.type === 'purchase')!;
    expect(purchase.occurred_at.toISOString()).toBe('2026-11-20T07:03:00.000Z');
    expect(purchase.properties).toEqual({ order_id: 'A-1', value: rub('4990.00') });
    // A dated type without occurred_at is stored at its date's start.
    expect(rows.find((r) => r.type === 'ad_spend')!.occurred_at.toISOString()).toBe('2026-11-19T00:00:00.000Z');
  });

  it('counts a re-sent id once, and an id repeated in one batch once', async () => {
    const caller = await newCaller(api.services);
    expect((await post(caller, '/events', { events: [pageView('p1'), pageView('p2')] })).body).toEqual({ accepted: 2, duplicates: 0 });
    const again = await post(caller, '/events', { events: [pageView('p1'), pageView('p3'), pageView('p3')] });
    expect(again.body).toEqual({ accepted: 1, duplicates: 2 });
    expect((await storedEvents(sql, caller)).map((r) => r.external_id)).toEqual(['p1', 'p2', 'p3']);
  });

  it('another tenant, or another integration, may use the same ids', async () => {
    const a = await newCaller(api.services);
    const b = await newCaller(api.services);
    expect((await post(a, '/events', { events: [pageView('same')] })).body).toEqual({ accepted: 1, duplicates: 0 });
    expect((await post(b, '/events', { events: [pageView('same')] })).body).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('a batch with bad items answers 422 with each field error at /events/N/field and keeps the good items', async () => {
    const caller = await newCaller(api.services);
    const foreignLead = await seedLead(sql, await newCaller(api.services));
    const events = [
      pageView('good-1'),
      { id: 'bad-type', type: 'pageview', occurred_at: '2026-11-20T10:00:00Z', properties: {} },
      pageView('bad-url', { properties: { url: 'javascript:alert(1)' } }),
      { id: 'bad-money', type: 'purchase', occurred_at: '2026-11-20T10:00:00Z', properties: { value: { amount: '10.00', currency: 'USD' } } },
      { id: 'bad-seo', type: 'search_performance', properties: { keyword: 'k', page: 'https://a.example/', impressions: 1, clicks: 2, position: 1, date: '2026-11-19' } },
      pageView('no-zone', { occurred_at: '2026-11-20T10:00:00' }),
      pageView('bad-lead', { lead_id: foreignLead.id }),
      42,
      pageView('good-2'),
      { type: 'signup', occurred_at: '2026-11-20T10:00:00Z', properties: {} },
    ];
    const res = await post(caller, '/events', { events });
    expectProblem(res, 'validation_failed', {
      accepted: 2, duplicates: 0,
      errors: expect.arrayContaining([
        fieldError('/events/1/type', 'not_supported'),
        fieldError('/events/2/properties/url', 'invalid_format'),
        fieldError('/events/3/properties/value/currency', 'not_supported'),
        fieldError('/events/4/properties/clicks', 'out_of_range'),
        fieldError('/events/5/occurred_at', 'invalid_format'),
        fieldError('/events/6/lead_id', 'invalid_value'),
        fieldError('/events/7', 'invalid_format'),
        fieldError('/events/9/id', 'required'),
      ]),
    });
    expect(res.body.errors).toHaveLength(8);
    expect((await storedEvents(sql, caller)).map((r) => r.external_id)).toEqual(['good-1', 'good-2']);
  });

  it('a retry with the same Idempotency-Key answers the same 422 and stores nothing twice', async () => {
    const caller = await newCaller(api.services);
    const body = { events: [pageView('i-1'), pageView('i-bad', { type: 'nope' })] };
    const headers = { 'idempotency-key': 'b5d0f3c2-2a55-4f7e-9d5b-1f2e3d4c5b6a' };
    const first = await post(caller, '/events', body, headers);
    const second = await post(caller, '/events', body, headers);
    expect(first.status).toBe(422);
    expect(second.status).toBe(422);
    expect(second.body).toEqual({ ...first.body, request_id: expect.any(String) });
    expect(second.body.accepted).toBe(1);
    // The replay is a Problem too (it was application/json).
    expect(second.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await storedEvents(sql, caller)).map((r) => r.external_id)).toEqual(['i-1']);
  });

  it.each<[string, unknown, string, string]>([
    ['no events member', {}, '/events', 'required'],
    ['an empty batch', { events: [] }, '/events', 'out_of_range'],
    ['more than 500 events', { events: Array.from({ length: 501 }, (_, i) => pageView(`e${i}`)) }, '/events', 'out_of_range'],
  ])('%s is 422 at %s and stores nothing', async (_, body, field, code) => {
    const caller = await newCaller(api.services);
    const res = await post(caller, '/events', body);
    expectProblem(res, 'validation_failed', { errors: [fieldError(field, code)] });
    expect(await storedEvents(sql, caller)).toEqual([]);
  });

  it('takes a whole batch of 500', async () => {
    const caller = await newCaller(api.services);
    const res = await post(caller, '/events', { events: Array.from({ length: 500 }, (_, i) => pageView(`e${i}`, { visitor_id: `v${i % 7}` })) });
    expect(res.body).toEqual({ accepted: 500, duplicates: 0 });
  });

  it('needs the analytics:write scope', async () => {
    const caller = await newCaller(api.services, { scopes: ['analytics:read'] });
    expectProblem(await post(caller, '/events', { events: [pageView('x')] }), 'scope_missing');
  });
});

describe('POST /offline-conversions', () => {
  it('records sales by lead, by contact e-mail or phone, and counts the unmatched ones', async () => {
    const caller = await newCaller(api.services);
    const lead = await seedLead(sql, caller);
    const byEmail = await seedContact(sql, caller, { email: 'anna@example.com' });
    const byPhone = await seedContact(sql, caller, { phone: '+79123456789' });
    const at = '2026-11-20T12:00:00Z';
    const res = await post(caller, '/offline-conversions', {
      conversions: [
        { id: 'c1', lead_id: lead.id, value: rub('15000.00'), occurred_at: at, order_id: 'CRM-1' },
        { id: 'c2', contact_email: 'Anna@Example.com', value: rub('100.50'), occurred_at: at },
        { id: 'c3', contact_phone: '8 (912) 345-67-89', value: rub('99'), occurred_at: at },
        { id: 'c4', contact_email: 'nobody@example.com', value: rub('1.00'), occurred_at: at },
      ],
    });
    expect(res.body).toEqual({ accepted: 4, duplicates: 0, unmatched: 1 });
    expect(res.status).toBe(200);
    const rows = await storedEvents(sql, caller);
    expect(rows.map((r) => [r.external_id, r.type, r.lead_id, r.contact_id, r.properties])).toEqual([
      ['c1', 'offline_conversion', lead.id, null, { value: rub('15000.00'), order_id: 'CRM-1' }],
      ['c2', 'offline_conversion', null, byEmail, { value: rub('100.50') }],
      ['c3', 'offline_conversion', null, byPhone, { value: rub('99') }],
      ['c4', 'offline_conversion', null, null, { value: rub('1.00') }],
    ]);
    expect(rows[0]!.source).toBe(`offline:${caller.integrationId}`);
    const again = await post(caller, '/offline-conversions', { conversions: [{ id: 'c1', lead_id: lead.id, value: rub('15000.00'), occurred_at: at }] });
    expect(again.body).toEqual({ accepted: 0, duplicates: 1, unmatched: 0 });
  });

  it('refuses a conversion without a lead or contact, or with a foreign lead, at its field and keeps the rest', async () => {
    const caller = await newCaller(api.services);
    const foreign = await seedLead(sql, await newCaller(api.services));
    const at = '2026-11-20T12:00:00Z';
    const res = await post(caller, '/offline-conversions', {
      conversions: [
        { id: 'ok', contact_email: 'x@example.com', value: rub('5.00'), occurred_at: at },
        { id: 'nobody', value: rub('5.00'), occurred_at: at },
        { id: 'foreign', lead_id: foreign.id, value: rub('5.00'), occurred_at: at },
        { id: 'no-value', contact_email: 'x@example.com', occurred_at: at },
      ],
    });
    expectProblem(res, 'validation_failed', {
      accepted: 1, duplicates: 0, unmatched: 1,
      errors: [fieldError('/conversions/1', 'invalid_format'), fieldError('/conversions/3/value', 'required'), fieldError('/conversions/2/lead_id', 'invalid_value')],
    });
    expect((await storedEvents(sql, caller)).map((r) => r.external_id)).toEqual(['ok']);
  });
});

/**
 * Issue 25 item 12: whether a conversion matched a contact tells whether an e-mail or phone is
 * one of the account's customers. A key that may not read contacts gets no `unmatched` (nor
 * anything else that differs); one that may gets it, and the contacts matched are disclosed.
 */
describe('POST /offline-conversions and who may learn what matched', () => {
  const at = '2026-11-20T12:00:00Z';
  const known = (id: string) => ({ id, contact_email: 'anna@example.com', value: rub('10.00'), occurred_at: at });
  const unknown = (id: string) => ({ id, contact_phone: '+79990000000', value: rub('10.00'), occurred_at: at });

  async function tenantWithAnna(o: CallerOptions) {
    const caller = await newCaller(api.services, o);
    return { caller, anna: await seedContact(sql, caller, { email: 'anna@example.com' }) };
  }

  it('a key with analytics:write only is answered the same for a customer\'s e-mail and a stranger\'s phone, without unmatched', async () => {
    const { caller } = await tenantWithAnna({ scopes: ['analytics:write'] });
    const a = await post(caller, '/offline-conversions', { conversions: [known('k1')] });
    const b = await post(caller, '/offline-conversions', { conversions: [unknown('u1')] });
    expect([a.status, a.body]).toEqual([200, { accepted: 1, duplicates: 0 }]);
    expect([b.status, b.body]).toEqual([200, { accepted: 1, duplicates: 0 }]);
    // The partial 422 carries the same counts, so no unmatched there either.
    const partial = await post(caller, '/offline-conversions', { conversions: [known('k2'), { id: 'bad', value: rub('1.00'), occurred_at: at }] });
    expectProblem(partial, 'validation_failed', { accepted: 1, duplicates: 0, errors: [fieldError('/conversions/1', 'invalid_format')] });
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([]);
    // What was sent is stored and matched all the same.
    expect((await storedEvents(sql, caller)).map((r) => [r.external_id, r.contact_id !== null])).toEqual([['k1', true], ['k2', true], ['u1', false]]);
  });

  it('on the ru cell leads:read without the personal-data transfer conditions does not count', async () => {
    const { caller } = await tenantWithAnna({ scopes: ['analytics:write', 'leads:read'], hostingCountry: 'DE' });
    expect((await post(caller, '/offline-conversions', { conversions: [unknown('u1')] })).body).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('a key that may read contacts (leads:read) gets unmatched, and the contacts it learned of are in the disclosure log', async () => {
    const { caller, anna } = await tenantWithAnna({ scopes: ['analytics:write', 'leads:read'] });
    const res = await post(caller, '/offline-conversions', { conversions: [known('k1'), unknown('u1')] });
    expect([res.status, res.body]).toEqual([200, { accepted: 2, duplicates: 0, unmatched: 1 }]);
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([
      { route: 'POST /offline-conversions', resource_type: 'contact', resource_ids: [anna], request_id: res.headers.get('x-request-id') },
    ]);
    expect((await post(caller, '/offline-conversions', { conversions: [unknown('u2')] })).body).toEqual({ accepted: 1, duplicates: 0, unmatched: 1 });
    expect(await disclosureRows(sql, caller.integrationId)).toHaveLength(1);
  });

  it('the OpenAPI document says who gets unmatched', () => {
    const schemas = (doc as { components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> } }).components.schemas;
    expect(schemas.IngestResult!.properties.unmatched!.description).toMatch(/leads:read/);
  });
});
