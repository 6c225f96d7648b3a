import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { SPEC_EVENT_TYPES } from '../harness/spec-events.js';
import { runCtl } from '../../src/cli/ctl.js';

/**
 * `bin/ctl events trigger <type>` (issue 31 item 4), as `stripe trigger`: every event type of
 * spec 01 is raised by making its objects through the domain code, and reaches a real HTTPS
 * subscriber of the tenant signed, as the envelope of spec 01, naming objects its key reads
 * through the API (the thin payload's promise). A real worker and relay deliver it.
 */

let h: DeliveryHarness;
let api: TestApi;
let caller: Caller;
const path = `/trigger-${randomUUID().slice(0, 8)}`;
const FAMILIES = [...new Set(SPEC_EVENT_TYPES.map((t) => `${t.slice(0, t.indexOf('.'))}.*`))];

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url });
  api = await h.startApi();
  caller = await h.caller({ name: 'Trigger Shop' });
  await h.subscribeSigned(caller, path, { events: FAMILIES });
  // lead.action_requested asks an external CRM: the tenant's leads are worked in one.
  await runCtl(['tenant', 'set-crm-mode', '--tenant', caller.tenantId, '--mode', 'hubspot', '--json'], api.services);
}, 180_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

const trigger = (type: string, ...more: string[]) => runCtl(['events', 'trigger', type, '--tenant', caller.tenantId, ...more, '--json'], api.services);
const read = (p: string) => call(api.base, 'GET', p, { key: caller.apiKey });

/** What each identifier of an event's data is read by, with the tenant's own key. */
async function expectReadable(data: Record<string, any>): Promise<void> {
  const routes: Record<string, (id: string) => string> = {
    conversation_id: (id) => `/conversations/${id}`, lead_id: (id) => `/leads/${id}`, article_id: (id) => `/articles/${id}`,
    report_id: (id) => `/strategist/reports/${id}`, session_id: (id) => `/strategist/sessions/${id}`, operation_id: (id) => `/operations/${id}`,
    webhook_id: (id) => `/webhooks/${id}`,
  };
  for (const [key, route] of Object.entries(routes)) {
    if (typeof data[key] === 'string') expect({ key, status: (await read(route(data[key]))).status }).toEqual({ key, status: 200 });
  }
  if (data.operation) expect((await read(`/operations/${data.operation.id}`)).body).toMatchObject({ id: data.operation.id, status: data.operation.status });
  if (data.message_id) expect((await read(`/conversations/${data.conversation_id}/messages`)).body.data.map((m: any) => m.id)).toContain(data.message_id);
  if (data.task_id) expect((await read(`/leads/${data.lead_id}/tasks`)).body.data.map((t: any) => t.id)).toContain(data.task_id);
  if (data.turn_id) expect((await read(`/strategist/sessions/${data.session_id}/turns`)).body.data.map((t: any) => t.id)).toContain(data.turn_id);
  if (data.key_id) expect(data.integration_id).toBe(caller.integrationId);
}

describe('events trigger', () => {
  it('raises every event type of spec 01 through real objects; each reaches the subscriber signed, a spec envelope naming readable objects', async () => {
    const raised: { type: string; id: string }[] = [];
    for (const type of SPEC_EVENT_TYPES) {
      const answer = await trigger(type);
      expect(answer).toMatchObject({ tenant_id: caller.tenantId, integration_id: caller.integrationId, type });
      const own = (answer.events as { id: string; type: string }[]).filter((e) => e.type === type);
      expect({ type, raised: own.length > 0 }).toEqual({ type, raised: true });
      raised.push(...own.map((e) => ({ type, id: e.id })));
    }
    const delivered = () => new Map(h.receiver.received(path).map((r) => [JSON.parse(r.rawBody.toString('utf8')).id as string, r]));
    const missing = () => raised.filter((r) => !delivered().has(r.id)).map((r) => r.type);
    await eventually(`every triggered event delivered (missing: ${missing().join(', ')})`, async () => (missing().length ? undefined : true), 120_000);
    const byId = new Map<string, any>();
    for (const [id, request] of delivered()) {
      expect(request.signature?.ok).toBe(true);
      byId.set(id, { body: JSON.parse(request.rawBody.toString('utf8')), headers: request.headers });
    }
    for (const { type, id } of raised) {
      const got = byId.get(id);
      expect({ type, delivered: !!got }).toEqual({ type, delivered: true });
      expect(Object.keys(got.body).sort()).toEqual(['api_version', 'created_at', 'data', 'id', 'livemode', 'type']);
      expect(got.body).toMatchObject({ id, type, api_version: '2026-10-01', livemode: type !== 'webhook.test' });
      expect(got.headers['svc-event-type']).toBe(type);
      if (type.startsWith('lead.')) expect(Object.keys(got.body.data)).toEqual(expect.arrayContaining(['lead_id', 'contact_id', 'conversation_id', 'version']));
      if (type === 'message.created') expect(got.body.data).not.toHaveProperty('content');
      await expectReadable(got.body.data);
    }
  }, 300_000);

  it('refuses an unknown type naming the types, and webhook.test to a subscription of another tenant', async () => {
    await expect(trigger('lead.exploded')).rejects.toThrow(/not an event type; the types are conversation\.created/);
    const other = await h.caller({ name: 'Other Shop' });
    const sub = await h.subscribe(other, { url: 'https://example.com/hook' });
    await expect(trigger('webhook.test', '--webhook', sub.id)).rejects.toThrow(/webhook\.test goes to one subscription/);
  });

  it('webhook.paused (beta) pauses the subscription named as the platform does; the event reaches the integration\'s others', async () => {
    const shop = await h.caller({ name: 'Paused Shop' });
    const toldPath = `/told-${randomUUID().slice(0, 8)}`;
    const paused = await h.subscribe(shop, { url: h.receiver.route(`/paused-${randomUUID().slice(0, 8)}`), events: ['webhook.*'] });
    await h.subscribeSigned(shop, toldPath, { events: ['webhook.paused'] });
    const answer = await runCtl(['events', 'trigger', 'webhook.paused', '--tenant', shop.tenantId, '--webhook', paused.id, '--json'], api.services);
    expect(answer).toMatchObject({ type: 'webhook.paused', objects: { webhook_id: paused.id } });
    expect((await call(api.base, 'GET', `/webhooks/${paused.id}`, { key: shop.apiKey })).body).toMatchObject({ status: 'paused', paused_reason: 'failing' });
    const [got] = await h.receiver.waitFor(toldPath, 1, 30_000);
    expect(JSON.parse(got!.rawBody.toString('utf8'))).toMatchObject({ type: 'webhook.paused', data: { webhook_id: paused.id, paused_reason: 'failing' } });
    await expect(runCtl(['events', 'trigger', 'webhook.paused', '--tenant', shop.tenantId, '--webhook', paused.id, '--json'], api.services)).rejects.toThrow(/pauses one active subscription/);
  });

  it('lead.action_requested is refused while the tenant works its leads itself', async () => {
    const internal = await h.caller({ name: 'Internal CRM Shop' });
    await expect(runCtl(['events', 'trigger', 'lead.action_requested', '--tenant', internal.tenantId, '--json'], api.services)).rejects.toThrow(/external CRM/);
  });
});

describe('site list and site show', () => {
  it('list a tenant\'s bound sites and show one, never its token', async () => {
    const bound = await runCtl(['site', 'bind', '--tenant', caller.tenantId, '--url', 'https://shop.example.com', '--json'], api.services);
    const listed = await runCtl(['site', 'list', '--tenant', caller.tenantId, '--json'], api.services);
    const view = { site_id: bound.site_id, tenant_id: caller.tenantId, url: 'https://shop.example.com', drafts_only: false, working: false, last_heartbeat_at: null, pending_jobs: 0, created_at: expect.any(String) };
    expect(listed).toEqual({ tenant_id: caller.tenantId, sites: [view] });
    expect(await runCtl(['site', 'show', '--site', bound.site_id as string, '--json'], api.services)).toEqual(view);
    expect(JSON.stringify(listed)).not.toContain(bound.site_token as string);
    await expect(runCtl(['site', 'show', '--site', randomUUID(), '--json'], api.services)).rejects.toThrow(/No site/);
  });
});
