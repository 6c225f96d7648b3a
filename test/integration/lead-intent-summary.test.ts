import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { TestApi } from '../harness/app.js';
import { anotherIntegration, newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { disclosureRows, outboxRows } from './conversations-fixtures.js';

/**
 * Issue 37 item 3 with the builtin model: a lead's intent and ai_summary are written from the
 * customer's messages by the lead scorer (debounced with the score), redacted of e-mail and
 * phone, shown only behind leads:read with a disclosure row, and carried by lead.updated to an
 * include_pii subscription only.
 */

let h: DeliveryHarness;
let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { LEAD_SCORE_DEBOUNCE: '1500ms', LEAD_SCORE_MAX_DELAY: '60s' } });
  // The api on the harness's database and task queue: its scoring signals reach the harness's worker.
  api = await h.startApi({ LEAD_SCORE_DEBOUNCE: '1500ms', LEAD_SCORE_MAX_DELAY: '60s' });
  // No ai_seller:invoke: the customer's messages are stored and the AI stays silent.
  caller = await newCaller(api.services, { scopes: ['conversations:read', 'conversations:write', 'leads:read', 'leads:write'] });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

const open = async (who: Caller, body: Record<string, unknown>) => (await call(api.base, 'POST', '/conversations', { key: who.apiKey, body })).body;
const say = async (conversationId: string, content: string) => {
  const res = await call(api.base, 'POST', `/conversations/${conversationId}/messages`, { key: caller.apiKey, body: { content }, headers: { 'idempotency-key': randomUUID() } });
  expect(res.status).toBe(200);
};
const lead = async (id: string) => (await call(api.base, 'GET', `/leads/${id}`, { key: caller.apiKey })).body;
const described = (id: string, summary: (s: string) => boolean) => eventually(`lead ${id} described`, async () => {
  const body = await lead(id);
  return body.ai_summary && summary(body.ai_summary) ? body : undefined;
}, 60_000);
const summaryUpdates = async (leadId: string) => (await outboxRows(h.db, caller.tenantId))
  .filter((e) => e.type === 'lead.updated' && e.data.lead_id === leadId && (e.data.changed_fields as string[]).includes('ai_summary'));

describe('a lead\'s intent and ai_summary (builtin model)', () => {
  it('are written from the customer\'s messages, without the e-mail and phone they hold', async () => {
    const conversation = await open(caller, { external_customer_id: `intent-${randomUUID()}`, name: 'Anna', email: 'anna@example.com' });
    await say(conversation.id, 'Hi, it is ANNA@example.com, call me on +7 912 111-00-00. How much is delivery to Kazan?');
    const body = await described(conversation.lead_id, () => true);
    expect(body).toMatchObject({
      intent: 'delivery',
      ai_summary: 'Asks about delivery. In their words: "Hi, it is [email], call me on [phone]. How much is delivery to Kazan?"',
    });
    expect(body.ai_summary).not.toMatch(/anna@|912/i);
  });

  it('are refreshed on a later turn, once for a burst of messages (debounced as the score is)', async () => {
    const conversation = await open(caller, { external_customer_id: `refresh-${randomUUID()}`, phone: '+7 912 000 00 00' });
    await say(conversation.id, 'How much are the Runner X?');
    const first = await described(conversation.lead_id, (s) => s.includes('Runner X'));
    expect(first.intent).toBe('price');
    expect(await summaryUpdates(conversation.lead_id)).toHaveLength(1);

    const burst = ['Do you have them in size 42?', 'In white?', 'OK, I will buy them, how do I place an order?', 'Thanks', 'See you'];
    for (const text of burst) await say(conversation.id, text);
    const later = await described(conversation.lead_id, (s) => s.includes('See you'));
    expect(later).toMatchObject({ intent: 'buy' });
    expect(later.ai_summary).toBe('Wants to buy. In their words: "How much are the Runner X?" "Do you have them in size 42?" "In white?" '
      + '"OK, I will buy them, how do I place an order?" "Thanks" "See you"');
    // One description for the first message and one (two on a slow machine, past the debounce) for the burst of five, not one per message.
    const updates = await summaryUpdates(conversation.lead_id);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.length).toBeLessThanOrEqual(3);
    expect(updates.at(-1)!.data).toEqual({
      lead_id: conversation.lead_id, contact_id: conversation.contact_id, conversation_id: conversation.id, version: later.version, changed_fields: ['intent', 'ai_summary'],
    });
  });

  it('are shown only with leads:read, and each answer that shows them is recorded in the disclosure log', async () => {
    const conversation = await open(caller, { external_customer_id: `hidden-${randomUUID()}`, email: 'hidden@example.com' });
    await say(conversation.id, 'Is it in stock?');
    await described(conversation.lead_id, () => true);
    const reader = await anotherIntegration(api.services, caller, { scopes: ['leads:read'] });
    const blind = await anotherIntegration(api.services, caller, { scopes: ['conversations:read'] });
    const shown = await call(api.base, 'GET', `/leads/${conversation.lead_id}`, { key: reader.apiKey });
    expect(shown.body).toMatchObject({ intent: 'availability', ai_summary: 'Asks whether it is in stock. In their words: "Is it in stock?"' });
    expect(await disclosureRows(h.db, reader.integrationId)).toEqual([
      expect.objectContaining({ route: 'GET /leads/{id}', resource_type: 'lead', resource_ids: [conversation.lead_id] }),
    ]);
    const refused = await call(api.base, 'GET', `/leads/${conversation.lead_id}`, { key: blind.apiKey });
    expectProblem(refused, 'scope_missing');
    expect(JSON.stringify(refused.body)).not.toContain('in stock');
    expect(await disclosureRows(h.db, blind.integrationId)).toEqual([]);
  });

  it('reach an include_pii subscription in lead.updated; a subscription without include_pii gets the changed fields only', async () => {
    const crm = await newCaller(api.services, { scopes: ['conversations:read', 'conversations:write', 'leads:read', 'leads:write'] });
    const [withPii, without] = [`/pii-${randomUUID().slice(0, 8)}`, `/thin-${randomUUID().slice(0, 8)}`];
    const pii = await h.subscribeSigned(crm, withPii, { events: ['lead.updated'], includePii: true });
    await h.subscribeSigned(crm, without, { events: ['lead.updated'], includePii: false });
    const conversation = await open(crm, { external_customer_id: `hook-${randomUUID()}`, email: 'vera@example.com' });
    const res = await call(api.base, 'POST', `/conversations/${conversation.id}/messages`, {
      key: crm.apiKey, body: { content: 'Хочу купить кроссовки, мой телефон 8 912 345-67-89' }, headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(200);
    const summary = 'Wants to buy. In their words: "Хочу купить кроссовки, мой телефон [phone]"';
    const [delivered] = await h.receiver.waitFor(withPii, 1, 60_000);
    const body = JSON.parse(delivered!.rawBody.toString('utf8'));
    expect(body).toMatchObject({ type: 'lead.updated', data: { lead_id: conversation.lead_id, changed_fields: ['intent', 'ai_summary'], lead: { intent: 'buy', ai_summary: summary } } });
    const [thin] = await h.receiver.waitFor(without, 1, 60_000);
    const thinBody = JSON.parse(thin!.rawBody.toString('utf8'));
    expect(thinBody.data).toEqual({ lead_id: conversation.lead_id, contact_id: conversation.contact_id, conversation_id: conversation.id, version: body.data.version, changed_fields: ['intent', 'ai_summary'] });
    expect(thin!.rawBody.toString('utf8')).not.toContain('кроссовки');
    // The delivery that carried the summary is in the disclosure log.
    const { rows } = await h.db.query("select route, resource_type, resource_ids from disclosure_log where integration_id = $1 and channel = 'webhook'", [crm.integrationId]);
    expect(rows).toEqual([{ route: 'lead.updated', resource_type: 'lead', resource_ids: [conversation.lead_id, conversation.contact_id, conversation.id] }]);
    expect(h.receiver.eventDrifts).toEqual([]);
    expect(pii.id).toBeTruthy();
  });
});
