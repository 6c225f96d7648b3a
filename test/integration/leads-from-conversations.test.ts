import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { getJson, outboxRows, postJson, seedMessage } from './conversations-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

/** Every scope but ai_seller:invoke: customer messages are stored and the AI stays silent (no paid work in these tests). */
const SCOPES = ['conversations:read', 'conversations:write', 'leads:read', 'leads:write', 'cards:write'];

let caller: Caller;
beforeEach(async () => {
  caller = await newCaller(api.services, { scopes: SCOPES });
});

const open = (body: Record<string, unknown>) => postJson(api, caller, '/conversations', body);
const say = (conversationId: string, content: string) =>
  postJson(api, caller, `/conversations/${conversationId}/messages`, { content }, { 'idempotency-key': randomUUID() });
const lead = async (id: string) => (await getJson(api, caller, `/leads/${id}`)).body;
const conversation = async (id: string) => (await getJson(api, caller, `/conversations/${id}`)).body;
const events = async (type: string) => (await outboxRows(sql, caller.tenantId)).filter((e) => e.type === type);
const contactRow = async (id: string) => (await sql.query('select name, email, phone, merged_into from contacts where id = $1', [id])).rows[0];

describe('a lead opens when the customer becomes reachable', () => {
  it('POST /conversations with an e-mail and a phone makes a normalised contact and opens a lead with source and attribution', async () => {
    const page = { address: 'https://shop.example.com/runner-x?utm_source=google&utm_medium=cpc&utm_campaign=spring', title: 'Runner X sneakers', type: 'product', id: 'runner-x' };
    const res = await open({ external_customer_id: 'crm-1', name: 'Anna', email: 'Anna@Example.COM', phone: '8 (912) 345-67-89', page });
    expect(res.status).toBe(201);
    expect(res.body.lead_id).toEqual(expect.any(String));
    const body = await lead(res.body.lead_id);
    expect(body).toMatchObject({
      id: res.body.lead_id, version: 1, etag: '"1"', status: 'new', archived: false, source: 'api', title: 'Runner X sneakers — Anna', product_id: 'runner-x',
      contact: { id: res.body.contact_id, name: 'Anna', email: 'anna@example.com', phone: '+79123456789' },
      conversation_id: res.body.id,
      attribution: { landing_page: page.address, page_title: 'Runner X sneakers', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring' },
      last_activity_at: res.body.created_at, created_at: res.body.created_at,
    });
    expect(schemaErrors(body, { $ref: '#/components/schemas/Lead' }, doc)).toEqual([]);
    expect(await events('lead.created')).toEqual([{
      type: 'lead.created',
      data: { lead_id: res.body.lead_id, contact_id: res.body.contact_id, conversation_id: res.body.id, version: 1 },
      pii_data: {
        contact: { name: 'Anna', email: 'anna@example.com', phone: '+79123456789' },
        lead: expect.objectContaining({ title: 'Runner X sneakers — Anna', source: 'api', status: 'new', attribution: body.attribution }),
      },
    }]);
  });

  it('a customer without an e-mail or phone has no lead', async () => {
    const res = await open({ external_customer_id: 'crm-2', name: 'Boris' });
    expect(res.body.lead_id).toBeNull();
    expect(await events('lead.created')).toEqual([]);
    expect((await getJson(api, caller, '/leads')).body.data).toEqual([]);
  });

  it.each<[string, string, Record<string, string>]>([
    ['a phone in Russian', 'Мой телефон 8 (912) 345-67-89, перезвоните', { phone: '+79123456789' }],
    ['an e-mail in Russian', 'Пишите на почту Boris@Mail.RU пожалуйста', { email: 'boris@mail.ru' }],
    ['an e-mail in English', 'my email is Boris.Smith@Example.com, thanks', { email: 'boris.smith@example.com' }],
    ['a phone in English with its country code', 'call me on +44 7911 123456', { phone: '+447911123456' }],
  ])('a customer message with %s updates the contact and opens the lead', async (_, content, details) => {
    const created = await open({ external_customer_id: 'crm-3', name: 'Boris' });
    const sent = await say(created.body.id, content);
    expect(sent.status).toBe(200);
    const after = await conversation(created.body.id);
    expect(after.lead_id).toEqual(expect.any(String));
    expect(await contactRow(created.body.contact_id)).toEqual({ name: 'Boris', email: null, phone: null, merged_into: null, ...details });
    const body = await lead(after.lead_id);
    expect(body).toMatchObject({ status: 'new', source: 'api', conversation_id: created.body.id, contact: { id: created.body.contact_id, name: 'Boris', ...details } });
    expect(body.last_activity_at).toBe(sent.body.message.created_at);
    expect((await events('lead.created')).map((e) => e.data.lead_id)).toEqual([after.lead_id]);
  });

  it('a message without contact details changes no contact and opens no lead', async () => {
    const created = await open({ external_customer_id: 'crm-4', name: 'Vera' });
    await say(created.body.id, 'Do you have size 42? Order 12345 was great');
    expect((await conversation(created.body.id)).lead_id).toBeNull();
    expect(await contactRow(created.body.contact_id)).toEqual({ name: 'Vera', email: null, phone: null, merged_into: null });
  });

  it('one open lead per conversation: more details and messages keep the same lead, and last_activity_at follows the messages', async () => {
    const created = await open({ external_customer_id: 'crm-5', email: 'gleb@example.com' });
    await say(created.body.id, 'also my phone +7 912 000 11 22');
    const last = await say(created.body.id, 'and my other e-mail gleb2@example.com');
    const after = await conversation(created.body.id);
    expect(after.lead_id).toBe(created.body.lead_id);
    expect(await events('lead.created')).toHaveLength(1);
    const body = await lead(created.body.lead_id);
    expect(body.contact).toEqual({ id: created.body.contact_id, name: null, email: 'gleb2@example.com', phone: '+79120001122', livemode: true });
    expect(body.last_activity_at).toBe(last.body.message.created_at);
    expect(body.version).toBe(1);
  });
});

describe('contacts that share an e-mail or phone merge', () => {
  it("a new conversation's contact with a known e-mail merges into the older contact: its conversation follows and contact.merged names both", async () => {
    const first = await open({ external_customer_id: 'crm-a', name: 'Anna', email: 'anna@example.com' });
    const second = await open({ external_customer_id: 'crm-b', name: 'Anna P.' });
    const message = await say(second.body.id, 'It is me again, ANNA@example.com');
    expect(message.status).toBe(200);
    const moved = await conversation(second.body.id);
    expect(moved.contact_id).toBe(first.body.contact_id);
    expect(await contactRow(second.body.contact_id)).toMatchObject({ merged_into: first.body.contact_id });
    expect(await contactRow(first.body.contact_id)).toEqual({ name: 'Anna', email: 'anna@example.com', phone: null, merged_into: null });
    expect(await events('contact.merged')).toEqual([{
      type: 'contact.merged',
      data: { contact_id: first.body.contact_id, merged_contact_ids: [second.body.contact_id] },
      pii_data: { contact: { name: 'Anna', email: 'anna@example.com', phone: null } },
    }]);
    // The second conversation has its own lead, with the surviving contact.
    expect(moved.lead_id).toEqual(expect.any(String));
    expect(moved.lead_id).not.toBe(first.body.lead_id);
    expect((await lead(moved.lead_id)).contact.id).toBe(first.body.contact_id);
  });

  it("the merged contact's leads move to the survivor with a new version and lead.updated, and the survivor takes the details it lacked", async () => {
    const first = await open({ external_customer_id: 'crm-c', name: 'Oleg', email: 'oleg@example.com' });
    const second = await open({ external_customer_id: 'crm-d', phone: '+7 912 555 44 33' });
    expect(second.body.lead_id).toEqual(expect.any(String));
    const again = await open({ external_customer_id: 'crm-d', email: 'Oleg@Example.com' });
    expect(again.body.contact_id).toBe(first.body.contact_id);
    expect(again.body.lead_id).toBe(second.body.lead_id);
    const moved = await lead(second.body.lead_id);
    expect(moved).toMatchObject({ version: 2, etag: '"2"', contact: { id: first.body.contact_id, name: 'Oleg', email: 'oleg@example.com', phone: '+79125554433' } });
    expect((await events('lead.updated')).map((e) => e.data)).toEqual([
      { lead_id: second.body.lead_id, contact_id: first.body.contact_id, conversation_id: second.body.id, version: 2, changed_fields: ['contact_id'] },
    ]);
    expect((await events('contact.merged')).map((e) => e.data)).toEqual([{ contact_id: first.body.contact_id, merged_contact_ids: [second.body.contact_id] }]);
  });

  it("another tenant's contact with the same e-mail is never merged", async () => {
    const other = await newCaller(api.services, { scopes: SCOPES });
    await postJson(api, other, '/conversations', { external_customer_id: 'x', email: 'same@example.com' });
    const mine = await open({ external_customer_id: 'y', email: 'same@example.com' });
    expect(await contactRow(mine.body.contact_id)).toMatchObject({ merged_into: null });
    expect(await events('contact.merged')).toEqual([]);
  });
});

describe('a lead opens when the customer names a product the seller offered', () => {
  it('naming an offered card opens the lead with that product, before any contact detail', async () => {
    const card = { code: 'runner-x', name: 'Runner X sneakers', price: { amount: '8990', currency: 'RUB' }, page_url: '/p/runner-x', ai_enabled: true };
    const created = await postJson(api, caller, '/cards', card, { 'idempotency-key': randomUUID() });
    expect(created.status).toBe(201);
    const started = await open({ external_customer_id: 'crm-p', name: 'Lena' });
    const copy = { code: 'runner-x', name: 'Runner X sneakers', description: null, image_url: null, page_url: null, badge: null, price_text: '8990 RUB', buttons: [] };
    await seedMessage(sql, caller, started.body.id, { sender: 'ai', content: null, contentType: 'card', cards: [copy], createdAt: new Date() });
    await say(started.body.id, 'What colours?');
    expect((await getJson(api, caller, `/conversations/${started.body.id}`)).body.lead_id).toBeNull();
    await say(started.body.id, "OK, I'll take the runner x sneakers in 42");
    const after = await conversation(started.body.id);
    expect(after.lead_id).toEqual(expect.any(String));
    expect(await lead(after.lead_id)).toMatchObject({
      product_id: created.body.id, title: 'Runner X sneakers — Lena', status: 'new', contact: { id: started.body.contact_id, name: 'Lena', email: null, phone: null },
    });
    expect((await events('lead.created')).map((e) => e.data.lead_id)).toEqual([after.lead_id]);
  });
});
