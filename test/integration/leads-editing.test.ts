import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { outboxRows, postJson } from './conversations-fixtures.js';
import { seedLead } from './leads-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const patch = (who: Caller, id: string, body: unknown, ifMatch?: string) =>
  call(api.base, 'PATCH', `/leads/${id}`, { key: who.apiKey, body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
const create = (who: Caller, body: unknown, key: string | null = randomUUID()) => postJson(api, who, '/leads', body, key ? { 'idempotency-key': key } : {});
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });
const leadEvents = async (who: Caller) => (await outboxRows(sql, who.tenantId)).filter((e) => e.type.startsWith('lead.'));
const versionOf = async (id: string) => (await sql.query('select version from leads where id = $1', [id])).rows[0].version;

async function seeded(o: Parameters<typeof seedLead>[2] = {}) {
  const caller = await newCaller(api.services);
  const lead = await seedLead(sql, caller, { contact: { name: 'Anna', email: 'anna@example.com' }, ...o });
  return { caller, lead };
}

describe('PATCH /leads/{id}', () => {
  it('without If-Match answers 428 precondition_required and changes nothing', async () => {
    const { caller, lead } = await seeded();
    const res = await patch(caller, lead.id, { owner: 'boris@shop.example' });
    expectProblem(res, 'precondition_required');
    // The ETag in the message is an example, not this lead's version (it is at "1").
    expect(res.body.detail).toContain('(for example "3")');
    expect(await versionOf(lead.id)).toBe(1);
    expect(await leadEvents(caller)).toEqual([]);
  });

  it('with a stale If-Match answers 412 precondition_failed naming the current version', async () => {
    const { caller, lead } = await seeded({ version: 3 });
    for (const stale of ['"2"', 'W/"3"', '"abc"', '3']) {
      const res = await patch(caller, lead.id, { owner: 'boris' }, stale);
      expectProblem(res, 'precondition_failed', { current_version: 3, etag: '"3"' });
    }
    expect(await versionOf(lead.id)).toBe(3);
  });

  it('a status move stamps its time, bumps the version, answers the new ETag and raises lead.status_changed and lead.updated', async () => {
    const { caller, lead } = await seeded();
    const res = await patch(caller, lead.id, { status: 'qualified', owner: 'boris@shop.example', next_action: 'Call back', next_action_at: '2026-12-01T10:00:00+03:00' }, '"1"');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"2"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ version: 2, etag: '"2"', status: 'qualified', owner: 'boris@shop.example', next_action: 'Call back', next_action_at: '2026-12-01T07:00:00.000Z' });
    expect(res.body.qualified_at).toBe(res.body.updated_at);
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Lead' }, doc)).toEqual([]);
    const ref = { lead_id: lead.id, contact_id: lead.contactId, conversation_id: null, version: 2 };
    expect((await leadEvents(caller)).map((e) => [e.type, e.data])).toEqual([
      ['lead.status_changed', { ...ref, from: 'new', to: 'qualified' }],
      ['lead.updated', { ...ref, changed_fields: ['status', 'qualified_at', 'owner', 'next_action', 'next_action_at'] }],
    ]);
  });

  it('moving to lost needs lost_reason; with it lost_at is stamped', async () => {
    const { caller, lead } = await seeded();
    expectProblem(await patch(caller, lead.id, { status: 'lost' }, '"1"'), 'validation_failed', fieldError('/lost_reason', 'required'));
    const res = await patch(caller, lead.id, { status: 'lost', lost_reason: 'Bought elsewhere' }, '"1"');
    expect(res.body).toMatchObject({ status: 'lost', lost_reason: 'Bought elsewhere', lost_at: res.body.updated_at, version: 2 });
    const won = await patch(caller, lead.id, { status: 'won' }, '"2"');
    expect(won.body).toMatchObject({ status: 'won', won_at: won.body.updated_at, lost_at: res.body.lost_at, version: 3 });
  });

  it('value is Money in the cell currency; another currency is 422 at /value/currency', async () => {
    const { caller, lead } = await seeded();
    expectProblem(await patch(caller, lead.id, { value: { amount: '10', currency: 'USD' } }, '"1"'), 'validation_failed', fieldError('/value/currency', 'not_supported'));
    const res = await patch(caller, lead.id, { value: { amount: '1500.5', currency: 'RUB' } }, '"1"');
    expect(res.body.value).toEqual({ amount: '1500.50', currency: 'RUB' });
    expect((await patch(caller, lead.id, { value: null }, '"2"')).body.value).toBeNull();
  });

  it('archiving keeps a reason, unarchiving clears it; external_id and external_url are set back by a CRM', async () => {
    const { caller, lead } = await seeded();
    const archived = await patch(caller, lead.id, { archived: true, archived_reason: 'Duplicate', external_id: 'HS-42', external_url: 'https://crm.example.com/deals/42' }, '"1"');
    expect(archived.body).toMatchObject({ archived: true, archived_reason: 'Duplicate', external_id: 'HS-42', external_url: 'https://crm.example.com/deals/42' });
    const back = await patch(caller, lead.id, { archived: false }, '*');
    expect(back.body).toMatchObject({ archived: false, archived_reason: null, version: 3 });
  });

  it('a change that changes nothing keeps the version and raises nothing', async () => {
    const { caller, lead } = await seeded({ status: 'contacted' });
    const res = await patch(caller, lead.id, { status: 'contacted' }, '"1"');
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
    expect(await leadEvents(caller)).toEqual([]);
  });

  it('20 parallel PATCHes with one If-Match: exactly one 200, nineteen 412, one lead.updated', async () => {
    const { caller, lead } = await seeded();
    const answers: Answer[] = await Promise.all(Array.from({ length: 20 }, (_, i) => patch(caller, lead.id, { owner: `owner-${i}` }, '"1"')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(412)]);
    expect((await leadEvents(caller)).map((e) => e.type)).toEqual(['lead.updated']);
    expect(await versionOf(lead.id)).toBe(2);
  });

  it('reopening a lead whose conversation has another open lead answers 409 invalid_state', async () => {
    const caller = await newCaller(api.services);
    const conversation = await postJson(api, caller, '/conversations', { external_customer_id: 'c-1', email: 'vera@example.com' });
    const old = await seedLead(sql, caller, { status: 'lost', conversationId: conversation.body.id });
    expectProblem(await patch(caller, old.id, { status: 'new' }, '"1"'), 'invalid_state');
    expect((await patch(caller, old.id, { title: 'Old one' }, '"1"')).status).toBe(200);
  });

  it.each<[string, unknown, string, string]>([
    ['an empty body', {}, '', 'required'],
    ['a status outside the canonical set', { status: 'open' }, '/status', 'not_supported'],
    ['a field that cannot be changed', { score: 90 }, '/score', 'unknown_field'],
    ['a value that is not decimal text', { value: { amount: '1e3', currency: 'RUB' } }, '/value/amount', 'invalid_format'],
    ['an external_url that is not an address', { external_url: 'javascript:alert(1)' }, '/external_url', 'invalid_format'],
  ])('%s answers 422 validation_failed at the field', async (_, body, field, code) => {
    const { caller, lead } = await seeded();
    expectProblem(await patch(caller, lead.id, body, '"1"'), 'validation_failed', fieldError(field, code));
  });

  it("a missing or another tenant's lead answers 404 not_found", async () => {
    const { caller } = await seeded();
    const { lead: foreign } = await seeded();
    expectProblem(await patch(caller, foreign.id, { owner: 'x' }, '"1"'), 'not_found');
    expectProblem(await patch(caller, randomUUID(), { owner: 'x' }, '"1"'), 'not_found');
  });

  it('needs leads:write', async () => {
    const caller = await newCaller(api.services, { scopes: ['leads:read'] });
    const lead = await seedLead(sql, caller);
    expectProblem(await patch(caller, lead.id, { owner: 'x' }, '"1"'), 'scope_missing');
  });
});

describe('POST /leads', () => {
  it('creates a lead with a new normalised contact, source api, ETag "1" and lead.created', async () => {
    const caller = await newCaller(api.services);
    const res = await create(caller, { contact: { name: 'Gleb', email: 'Gleb@Example.com', phone: '8 912 111 22 33' }, owner: 'anna', value: { amount: '99.90', currency: 'RUB' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.body).toMatchObject({
      version: 1, status: 'new', source: 'api', title: 'Gleb', owner: 'anna', value: { amount: '99.90', currency: 'RUB' },
      contact: { id: expect.any(String), name: 'Gleb', email: 'gleb@example.com', phone: '+79121112233' }, conversation_id: null,
    });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Lead' }, doc)).toEqual([]);
    expect((await leadEvents(caller)).map((e) => [e.type, e.data])).toEqual([
      ['lead.created', { lead_id: res.body.id, contact_id: res.body.contact.id, conversation_id: null, version: 1 }],
    ]);
  });

  it('a contact with a known e-mail is the existing contact, which takes the phone it lacked', async () => {
    const caller = await newCaller(api.services);
    const conversation = await postJson(api, caller, '/conversations', { external_customer_id: 'c-2', name: 'Ira', email: 'ira@example.com' });
    const res = await create(caller, { contact: { email: 'IRA@example.com', phone: '+7 912 000 00 01' } });
    expect(res.body.contact).toEqual({ id: conversation.body.contact_id, name: 'Ira', email: 'ira@example.com', phone: '+79120000001', livemode: true });
  });

  it('requires an Idempotency-Key; a retry with the same key answers the first lead', async () => {
    const caller = await newCaller(api.services);
    expectProblem(await create(caller, { title: 'x' }, null), 'idempotency_key_required');
    const key = randomUUID();
    const first = await create(caller, { title: 'Deal' }, key);
    const again = await create(caller, { title: 'Deal' }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await sql.query('select count(*)::int as n from leads where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(1);
  });

  it("a conversation with an open lead answers 409 invalid_state; another tenant's conversation or contact is 422", async () => {
    const caller = await newCaller(api.services);
    const conversation = await postJson(api, caller, '/conversations', { external_customer_id: 'c-3', email: 'oleg@example.com' });
    expectProblem(await create(caller, { conversation_id: conversation.body.id }), 'invalid_state');
    const stranger = await newCaller(api.services);
    expectProblem(await create(stranger, { conversation_id: conversation.body.id }), 'validation_failed', fieldError('/conversation_id', 'not_found'));
    expectProblem(await create(stranger, { contact_id: conversation.body.contact_id }), 'validation_failed', fieldError('/contact_id', 'not_found'));
  });

  it('a lead for a conversation without one becomes its open lead', async () => {
    const caller = await newCaller(api.services);
    const conversation = await postJson(api, caller, '/conversations', { external_customer_id: 'c-4', name: 'Lev' });
    const res = await create(caller, { conversation_id: conversation.body.id, status: 'qualified' });
    expect(res.body).toMatchObject({ conversation_id: conversation.body.id, contact: { id: conversation.body.contact_id, name: 'Lev' }, status: 'qualified', qualified_at: res.body.created_at });
    const read = await call(api.base, 'GET', `/conversations/${conversation.body.id}`, { key: caller.apiKey });
    expect(read.body.lead_id).toBe(res.body.id);
  });
});
