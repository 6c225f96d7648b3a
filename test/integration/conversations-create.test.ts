import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { disclosureRows, getJson, outboxRows, postJson } from './conversations-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const create = (who: Caller, body: unknown, key?: string) => postJson(api, who, '/conversations', body, key ? { 'idempotency-key': key } : {});
const customer = { external_customer_id: 'crm-42', name: 'Anna Petrova', email: 'anna@example.com', phone: '+7 900 000-00-00' };
const page = { address: 'https://shop.example.com/tyres', title: 'Winter tyres', type: 'category', id: 'cat-7' };

async function conversationRows(channelId: string) {
  return (await sql.query('select id, contact_id, page, updated_at from conversations where channel_id = $1', [channelId])).rows;
}

describe('POST /conversations', () => {
  it('creates the conversation on the integration\'s api channel with its contact (normalised) and its lead, and records conversation.created and lead.created', async () => {
    const caller = await newCaller(api.services);
    const res = await create(caller, { ...customer, page });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), channel: 'api', contact_id: expect.stringMatching(/^[0-9a-f-]{36}$/), external_customer_id: 'crm-42',
      status: 'open', mode: 'ai', language: null, lead_id: expect.stringMatching(/^[0-9a-f-]{36}$/), operator: null, summary: null, created_at: expect.any(String), updated_at: res.body.created_at, livemode: true,
    });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Conversation' }, doc)).toEqual([]);
    const [row] = await conversationRows(caller.channelId);
    expect(row).toMatchObject({ id: res.body.id, contact_id: res.body.contact_id, page });
    const contact = (await sql.query('select tenant_id, name, email, phone from contacts where id = $1', [res.body.contact_id])).rows[0];
    expect(contact).toEqual({ tenant_id: caller.tenantId, name: 'Anna Petrova', email: 'anna@example.com', phone: '+79000000000' });
    const contactFields = { name: 'Anna Petrova', email: 'anna@example.com', phone: '+79000000000' };
    expect(await outboxRows(sql, caller.tenantId)).toEqual([{
      type: 'conversation.created',
      data: { conversation_id: res.body.id, contact_id: res.body.contact_id, channel: 'api' },
      pii_data: { contact: contactFields },
    }, {
      type: 'lead.created',
      data: { lead_id: res.body.lead_id, contact_id: res.body.contact_id, conversation_id: res.body.id, version: 1 },
      pii_data: { contact: contactFields, lead: expect.objectContaining({ source: 'api', status: 'new', title: 'Anna Petrova' }) },
    }]);
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([
      { route: 'POST /conversations', resource_type: 'conversation', resource_ids: [res.body.id], request_id: res.headers.get('x-request-id') },
    ]);
    expect((await getJson(api, caller, `/conversations/${res.body.id}`)).body).toEqual(res.body);
  });

  it('only external_customer_id is required: the contact has no details', async () => {
    const caller = await newCaller(api.services);
    const res = await create(caller, { external_customer_id: 'x' });
    expect(res.status).toBe(201);
    expect((await outboxRows(sql, caller.tenantId))[0]!.pii_data).toEqual({ contact: { name: null, email: null, phone: null } });
  });

  it('a retry without a key answers 201 with the same conversation, unchanged, and records nothing more (one lead)', async () => {
    const caller = await newCaller(api.services);
    const first = await create(caller, customer);
    const again = await create(caller, customer);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await conversationRows(caller.channelId)).toHaveLength(1);
    expect((await outboxRows(sql, caller.tenantId)).map((e) => e.type)).toEqual(['conversation.created', 'lead.created']);
  });

  it('a retry with the same Idempotency-Key replays the first answer', async () => {
    const caller = await newCaller(api.services);
    const key = randomUUID();
    const first = await create(caller, customer, key);
    const again = await create(caller, customer, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await outboxRows(sql, caller.tenantId)).map((e) => e.type)).toEqual(['conversation.created', 'lead.created']);
    // The replay hands the personal data out again: the disclosure log says so, once per answer.
    const disclosed = { route: 'POST /conversations', resource_type: 'conversation', resource_ids: [first.body.id] };
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([
      { ...disclosed, request_id: first.headers.get('x-request-id') },
      { ...disclosed, request_id: again.headers.get('x-request-id') },
    ]);
    expectProblem(await create(caller, { ...customer, name: 'Other' }, key), 'idempotency_conflict');
  });

  it('a find updates the contact fields and page that were sent, bumps updated_at, and keeps the rest', async () => {
    const caller = await newCaller(api.services);
    const first = await create(caller, { ...customer, page });
    const newPage = { address: 'https://shop.example.com/cart' };
    const again = await create(caller, { external_customer_id: 'crm-42', phone: '+7 911 111-11-11', page: newPage });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, updated_at: expect.any(String) });
    expect(Date.parse(again.body.updated_at)).toBeGreaterThan(Date.parse(first.body.updated_at));
    const contact = (await sql.query('select name, email, phone from contacts where id = $1', [first.body.contact_id])).rows[0];
    expect(contact).toEqual({ name: 'Anna Petrova', email: 'anna@example.com', phone: '+79111111111' });
    expect((await conversationRows(caller.channelId))[0].page).toEqual(newPage);
    expect((await outboxRows(sql, caller.tenantId)).map((e) => e.type)).toEqual(['conversation.created', 'lead.created']);
  });

  it('two first calls at the same time create one conversation, one conversation.created and one lead', async () => {
    const caller = await newCaller(api.services);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => create(caller, { ...customer, name: 'Anna Petrova' }, i % 2 ? randomUUID() : undefined)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await conversationRows(caller.channelId)).toHaveLength(1);
    expect((await sql.query('select count(*)::int as n from contacts where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(1);
    expect((await outboxRows(sql, caller.tenantId)).map((e) => e.type)).toEqual(['conversation.created', 'lead.created']);
  });

  it('the same external id of another tenant is another conversation', async () => {
    const a = await newCaller(api.services);
    const b = await newCaller(api.services);
    const ra = await create(a, customer);
    const rb = await create(b, customer);
    expect(rb.body.id).not.toBe(ra.body.id);
    expectProblem(await getJson(api, b, `/conversations/${ra.body.id}`), 'not_found');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no external_customer_id', { name: 'Anna' }, '/external_customer_id', 'required'],
    ['an empty external_customer_id', { external_customer_id: '' }, '/external_customer_id', 'invalid_format'],
    ['an external_customer_id of 256 characters', { external_customer_id: 'x'.repeat(256) }, '/external_customer_id', 'out_of_range'],
    ['a number as external_customer_id', { external_customer_id: 42 }, '/external_customer_id', 'invalid_format'],
    ['a name of 201 characters', { ...customer, name: 'n'.repeat(201) }, '/name', 'out_of_range'],
    ['an e-mail that is not one', { ...customer, email: 'anna-at-example' }, '/email', 'invalid_format'],
    ['a phone with letters', { ...customer, phone: 'call me' }, '/phone', 'invalid_format'],
    ['an unknown page field', { ...customer, page: { colour: 'red' } }, '/page/colour', 'unknown_field'],
    ['a page address of 2049 characters', { ...customer, page: { address: 'a'.repeat(2049) } }, '/page/address', 'out_of_range'],
    ['an unknown field', { ...customer, status: 'closed' }, '/status', 'unknown_field'],
  ])('%s answers 422 validation_failed at the field and creates nothing', async (_, body, field, code) => {
    const caller = await newCaller(api.services);
    expectProblem(await create(caller, body), 'validation_failed', { errors: [{ field, code, message: expect.any(String) }] });
    expect(await conversationRows(caller.channelId)).toEqual([]);
  });

  it('an integration without an api channel answers 409 invalid_state and creates nothing', async () => {
    const caller = await newCaller(api.services);
    await sql.query('delete from channels where id = $1', [caller.channelId]);
    expectProblem(await create(caller, customer), 'invalid_state', { detail: 'This integration has no api channel yet.' });
    expect((await sql.query('select count(*)::int as n from conversations where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([]);
  });

  it('without conversations:write answers 403 scope_missing', async () => {
    const caller = await newCaller(api.services, { scopes: ['conversations:read'] });
    expectProblem(await create(caller, customer), 'scope_missing');
  });

  it('on the ru cell without the transfer conditions answers 403 pii_transfer_not_allowed and creates nothing', async () => {
    const caller = await newCaller(api.services, { hostingCountry: 'DE' });
    expectProblem(await create(caller, customer), 'pii_transfer_not_allowed');
    expect(await conversationRows(caller.channelId)).toEqual([]);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([]);
  });
});

describe('Conversation.language', () => {
  it('is what POST /conversations sets (ISO 639-1), replaced on a find; anything else is 422 at /language', async () => {
    const caller = await newCaller(api.services);
    const made = await create(caller, { external_customer_id: 'lang-1', language: 'id' });
    expect(made.body.language).toBe('id');
    const found = await create(caller, { external_customer_id: 'lang-1', language: 'en' });
    expect(found.body).toMatchObject({ id: made.body.id, language: 'en' });
    for (const language of ['rus', 'EN', 'e', 12]) {
      expectProblem(await create(caller, { external_customer_id: 'lang-2', language }), 'validation_failed', { errors: [expect.objectContaining({ field: '/language' })] });
    }
  });

  it('is detected from the first customer message that says enough, and then kept', async () => {
    const caller = await newCaller(api.services, { features: PLAN_FEATURES.filter((f) => f !== 'ai_seller') });
    const { body: conversation } = await create(caller, { external_customer_id: 'lang-3' });
    expect(conversation.language).toBeNull();
    const say = async (content: string) => {
      const res = await postJson(api, caller, `/conversations/${conversation.id}/messages`, { content }, { 'idempotency-key': randomUUID() });
      expect(res.status).toBeLessThan(300);
      return (await getJson(api, caller, `/conversations/${conversation.id}`)).body.language;
    };
    expect(await say('Привет')).toBeNull();
    expect(await say('Здравствуйте, есть ли у вас кроссовки 42 размера?')).toBe('ru');
    expect(await say('Do you ship to Berlin next week?')).toBe('ru');
  });
});
