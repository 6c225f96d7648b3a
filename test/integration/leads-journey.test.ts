import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { send, websiteChannel } from './widget-fixtures.js';

/**
 * Issue 11 "Done means": a customer known to the server API writes again through the website
 * chat; the run ends with a contact, a merged duplicate, a lead, a score and a task, and every
 * lead, contact and task event reaches a real local HTTPS receiver, signed, once each, with
 * the times of the changes in their order.
 */

let h: DeliveryHarness;
let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { LEAD_SCORE_DEBOUNCE: '1s' } });
  // The api on the harness's database and task queue: its scoring signals reach the harness's worker.
  api = await h.startApi({ LEAD_SCORE_DEBOUNCE: '1s' });
  caller = await newCaller(api.services);
}, 180_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

describe('a lead from the widget and the server API, delivered', () => {
  it('ends with a contact, a merged duplicate, a lead, a score and a task, every event delivered signed in the order of the changes', async () => {
    const path = `/crm-${randomUUID().slice(0, 8)}`;
    await h.subscribeSigned(caller, path, { events: ['lead.*', 'contact.*', 'task.*'], includePii: true });

    // The shop's server knows Anna by e-mail.
    const known = await call(api.base, 'POST', '/conversations', { key: caller.apiKey, body: { external_customer_id: 'crm-anna', name: 'Anna', email: 'anna@example.com' } });
    expect(known.status).toBe(201);
    // Anna comes back through the website chat and leaves her e-mail again, asking price and delivery.
    const channelId = await websiteChannel(api, caller.tenantId);
    const visit = await send(api, { channel_id: channelId, content: 'Hi, it is ANNA@example.com again. How much is delivery to Kazan?', page_url: 'https://shop.example.com/runner-x?utm_source=mail' });
    expect(visit.status).toBe(200);
    const widgetConversation = (await h.db.query('select id, contact_id, lead_id from conversations where tenant_id = $1 and channel_type = $2', [caller.tenantId, 'website'])).rows[0];
    expect(widgetConversation.contact_id).toBe(known.body.contact_id);

    const lead = await eventually('the widget lead to be hot with a task', async () => {
      const body = (await call(api.base, 'GET', `/leads/${widgetConversation.lead_id}`, { key: caller.apiKey })).body;
      const tasks = (await call(api.base, 'GET', `/leads/${widgetConversation.lead_id}/tasks`, { key: caller.apiKey })).body.data;
      return body.level === 'hot' && tasks.length === 1 ? body : undefined;
    });
    // The API conversation's own lead is scored too (contact left: warm) before the events are counted.
    await eventually('the known lead to be scored', async () =>
      ((await call(api.base, 'GET', `/leads/${known.body.lead_id}`, { key: caller.apiKey })).body.level === 'warm' ? true : undefined));
    expect(lead).toMatchObject({ source: 'website', contact: { id: known.body.contact_id, name: 'Anna', email: 'anna@example.com' }, conversation_id: widgetConversation.id });

    const outbox = (await h.db.query(
      "select id, type, created_at from outbox_events where tenant_id = $1 and split_part(type, '.', 1) in ('lead', 'contact', 'task') order by created_at, id",
      [caller.tenantId],
    )).rows;
    expect(outbox.map((e) => e.type)).toEqual(expect.arrayContaining(['lead.created', 'contact.merged', 'lead.scored', 'task.created']));
    const received = await h.receiver.waitFor(path, outbox.length, 60_000);
    expect(received.every((r) => r.status === 200 && r.signature?.ok === true)).toBe(true);
    const bodies = received.map((r) => JSON.parse(r.rawBody.toString('utf8')));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(outbox.length);
    // Events of one change share its time; between changes the times say the order.
    const byTime = (x: { at: string; id: string }, y: { at: string; id: string }) => (x.at < y.at ? -1 : x.at > y.at ? 1 : x.id < y.id ? -1 : 1);
    const delivered = bodies.map((b) => ({ at: b.created_at as string, id: b.id as string, type: b.type as string })).sort(byTime);
    const changes = outbox.map((e) => ({ at: (e.created_at as Date).toISOString(), id: e.id as string, type: e.type as string })).sort(byTime);
    expect(delivered).toEqual(changes);
    const merged = bodies.find((b) => b.type === 'contact.merged');
    expect(merged.data).toEqual({
      contact_id: known.body.contact_id, merged_contact_ids: [expect.any(String)], contact: { name: 'Anna', email: 'anna@example.com', phone: null },
    });
    const created = bodies.filter((b) => b.type === 'lead.created').map((b) => b.data.lead_id);
    expect(created).toEqual(expect.arrayContaining([known.body.lead_id, widgetConversation.lead_id]));
    // include_pii: the lead and contact fields are inside.
    expect(bodies.find((b) => b.type === 'lead.created' && b.data.lead_id === widgetConversation.lead_id).data).toMatchObject({
      contact: { name: 'Anna', email: 'anna@example.com' }, lead: { source: 'website', status: 'new' },
    });
  }, 180_000);
});
