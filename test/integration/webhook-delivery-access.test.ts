import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers, type Script } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import { sandboxCaller, type Caller, type CallerOptions } from '../harness/fixtures.js';
import type { TestApi } from '../harness/app.js';
import { call } from '../harness/http.js';
import { historiesOf, signalsIn } from '../harness/workflow-history.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { runCtl } from '../../src/cli/ctl.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { closeConversation } from '../../src/domain/conversations/state-moves.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';
import { recheckDeliveriesOf } from '../../src/domain/webhooks/hold-release.js';
import { seedConversation, seedMessage } from './conversations-fixtures.js';

let h: DeliveryHarness;

// Retries 1.5 s apart: a change made after a failed attempt lands before the next one. The hold
// re-check timer is an hour: a release within seconds can only come from the command's signal.
beforeAll(async () => {
  h = await DeliveryHarness.start({
    file: import.meta.url,
    env: { WEBHOOK_HOLD_RECHECK: '1h', WEBHOOK_RETRY_SCHEDULE: Array(8).fill('1500ms').join(',') },
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const ctl = (...argv: string[]) => runCtl([...argv, '--json'], h.services);
const leadCreated = () => ({
  type: 'lead.created' as const,
  ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1, contact: { name: 'Anna Petrova', email: 'anna@example.com', phone: null } }),
});

async function subscription(name: string, o: { script?: Script; includePii?: boolean; caller?: CallerOptions; of?: Caller } = {}) {
  const path = `/${name}-${randomUUID().slice(0, 8)}`;
  const caller = o.of ?? await h.caller({ name, ...o.caller });
  const sub = await h.subscribe(caller, { url: h.receiver.route(path, o.script ?? answers.ok()), includePii: o.includePii ?? false });
  return { ...sub, caller, path };
}

async function pending(sub: { id: string }, eventId: string): Promise<any> {
  return eventually('the delivery row with its workflow', async () => {
    const row = await h.delivery(sub.id, eventId);
    return row?.workflow_started_at ? row : undefined;
  });
}

async function held(deliveryId: string): Promise<void> {
  await eventually('the delivery to be held (DeliveryState held)', async () => ((await h.visibleState(deliveryId).catch(() => undefined)) === 'held' ? true : undefined));
}

const disclosures = async (caller: Caller) =>
  (await h.db.query("select request_id, occurred_at from disclosure_log where integration_id = $1 and channel = 'webhook'", [caller.integrationId])).rows;

/**
 * A held delivery: no request, no attempt, no disclosure; then `release` lets it go out.
 * `restrict` and `release` act on the live caller; with `sandbox` the delivery is its sandbox
 * shadow's (a test key's subscription), whose access follows the live rows'.
 */
async function heldUntil(name: string, caller: CallerOptions, restrict: (c: Caller) => Promise<unknown>, release: (c: Caller) => Promise<unknown>, o: { sandbox?: true } = {}) {
  const live = await h.caller({ name, ...caller });
  const sub = await subscription(name, { includePii: true, of: o.sandbox ? await sandboxCaller(h.services, live) : live });
  await restrict(live);
  const eventId = await h.raise(sub.caller, leadCreated());
  const row = await pending(sub, eventId);
  await held(row.id);
  expect(await h.delivery(sub.id, eventId)).toMatchObject({ state: 'pending', attempt: 0 });
  expect(h.receiver.received(sub.path)).toEqual([]);
  expect(await disclosures(sub.caller)).toEqual([]);
  await release(live);
  expect(await h.settled(sub.id, eventId, 'delivered', 30_000)).toMatchObject({ attempt: 1 });
  expect(h.receiver.received(sub.path)).toHaveLength(1);
  expect(await disclosures(sub.caller)).toEqual([expect.objectContaining({ request_id: row.id })]);
}

describe('access that ends stops the webhooks at send time', () => {
  it('a revoked integration: the delivery in retry ends as dead with no further request, no disclosure; later events make no delivery', async () => {
    const sub = await subscription('revoked', { script: answers.always(500), includePii: true });
    const eventId = await h.raise(sub.caller, leadCreated());
    const failed = await h.settled(sub.id, eventId, 'failed');
    expect(await disclosures(sub.caller)).toHaveLength(1);

    await ctl('integration', 'set-status', '--integration', sub.caller.integrationId, '--status', 'revoked');
    const revokedAt = new Date();
    const outcome = await h.client.workflow.getHandle(deliveryWorkflowId(failed.id)).result();
    expect(outcome).toEqual({ state: 'dead', attempts: 1 });
    expect(await h.delivery(sub.id, eventId)).toMatchObject({ state: 'dead', attempt: 1, error: 'integration revoked: not sent' });
    expect(h.receiver.received(sub.path)).toHaveLength(1);
    expect((await disclosures(sub.caller)).filter((d) => d.occurred_at >= revokedAt)).toEqual([]);

    const later = await h.raise(sub.caller, leadCreated());
    await eventually('the relay to pass the later event', async () =>
      ((await h.db.query('select relayed_at from outbox_events where id = $1', [later])).rows[0]?.relayed_at ? true : undefined));
    expect(await h.delivery(sub.id, later)).toBeUndefined();
    expect(h.receiver.received(sub.path)).toHaveLength(1);
    expect(await disclosures(sub.caller)).toHaveLength(1);
  });

  it('a revoked integration ends its held deliveries at once (the command signals them)', async () => {
    const sub = await subscription('revoked-held', { includePii: true });
    await ctl('integration', 'set-status', '--integration', sub.caller.integrationId, '--status', 'suspended');
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await pending(sub, eventId);
    await held(row.id);
    await ctl('integration', 'set-status', '--integration', sub.caller.integrationId, '--status', 'revoked');
    expect(await h.client.workflow.getHandle(deliveryWorkflowId(row.id)).result()).toEqual({ state: 'dead', attempts: 0 });
    expect(h.receiver.received(sub.path)).toEqual([]);
    expect(await disclosures(sub.caller)).toEqual([]);
  });

  it('a suspended integration holds its deliveries; set active again, the held one is delivered', async () => {
    await heldUntil('suspended', {},
      (c) => ctl('integration', 'set-status', '--integration', c.integrationId, '--status', 'suspended'),
      (c) => ctl('integration', 'set-status', '--integration', c.integrationId, '--status', 'active'));
  });

  it('an inactive tenant holds its deliveries; active again, they go out', async () => {
    await heldUntil('tenant-inactive', {},
      (c) => ctl('tenant', 'set-status', '--tenant', c.tenantId, '--status', 'inactive'),
      (c) => ctl('tenant', 'set-status', '--tenant', c.tenantId, '--status', 'active'));
  });

  it('scopes narrowed below the event (leads:read) hold it; widened again, it goes out', async () => {
    await heldUntil('narrowed', {},
      (c) => ctl('integration', 'set-scopes', '--integration', c.integrationId, '--scopes', 'webhooks:manage,conversations:read'),
      (c) => ctl('integration', 'set-scopes', '--integration', c.integrationId, '--scopes', 'all'));
  });

  it('scopes narrowed while a delivery is in retry: the next attempt is not made', async () => {
    const sub = await subscription('narrowed-retry', { script: answers.failFirst(1) });
    const eventId = await h.raise(sub.caller, leadCreated());
    const failed = await h.settled(sub.id, eventId, 'failed');
    await ctl('integration', 'set-scopes', '--integration', sub.caller.integrationId, '--scopes', 'webhooks:manage');
    await held(failed.id);
    expect(await h.delivery(sub.id, eventId)).toMatchObject({ state: 'failed', attempt: 1 });
    expect(h.receiver.received(sub.path)).toHaveLength(1);
  });

  it('on the ru cell, personal data waits for the transfer conditions', async () => {
    await heldUntil('no-transfer-basis', { transferBasis: null }, async () => undefined,
      (c) => h.db.query("update integrations set transfer_basis = 'DPA' where id = $1", [c.integrationId])
        .then(() => recheckDeliveriesOf(h.services, { integrationId: c.integrationId })));
  });
});

// Ends of a hold that signalled nobody before every hold's end did (docs/decisions.md, "Every
// hold's end is a signal"): the hold's timer is an hour, so only the change's signal releases them.
describe('access restored to a live integration or tenant releases its sandbox\'s held deliveries', () => {
  it('the integration set active again', async () => {
    await heldUntil('shadow-suspended', {},
      (c) => ctl('integration', 'set-status', '--integration', c.integrationId, '--status', 'suspended'),
      (c) => ctl('integration', 'set-status', '--integration', c.integrationId, '--status', 'active'), { sandbox: true });
  });

  it('its scope granted back', async () => {
    await heldUntil('shadow-narrowed', {},
      (c) => ctl('integration', 'set-scopes', '--integration', c.integrationId, '--scopes', 'webhooks:manage,conversations:read'),
      (c) => ctl('integration', 'set-scopes', '--integration', c.integrationId, '--scopes', 'all'), { sandbox: true });
  });

  it('the tenant set active again', async () => {
    await heldUntil('shadow-tenant', {},
      (c) => ctl('tenant', 'set-status', '--tenant', c.tenantId, '--status', 'inactive'),
      (c) => ctl('tenant', 'set-status', '--tenant', c.tenantId, '--status', 'active'), { sandbox: true });
  });
});

describe('PATCH /webhooks/{id} with include_pii off', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await h.startApi();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  /** A delivery held for the ru cell's transfer conditions (no transfer basis), of a subscription with personal data. */
  async function heldForTransfer(name: string) {
    const sub = await subscription(name, { includePii: true, caller: { transferBasis: null } });
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await pending(sub, eventId);
    await held(row.id);
    expect(h.receiver.received(sub.path)).toEqual([]);
    return { sub, eventId, deliveryId: row.id as string };
  }

  it('releases the deliveries held for personal-data transfer conditions: they go out without personal data', async () => {
    const { sub, eventId } = await heldForTransfer('pii-off');
    expect((await call(api.base, 'PATCH', `/webhooks/${sub.id}`, { key: sub.caller.apiKey, body: { include_pii: false } })).status).toBe(200);
    expect(await h.settled(sub.id, eventId, 'delivered', 30_000)).toMatchObject({ attempt: 1 });
    const [request] = h.receiver.received(sub.path);
    expect(JSON.parse(request!.rawBody.toString('utf8')).data).not.toHaveProperty('contact');
    expect(await disclosures(sub.caller)).toEqual([]);
  });

  it('signals nothing when it ends no hold (the description changed)', async () => {
    const { sub, deliveryId } = await heldForTransfer('pii-kept');
    expect((await call(api.base, 'PATCH', `/webhooks/${sub.id}`, { key: sub.caller.apiKey, body: { description: 'still with personal data' } })).status).toBe(200);
    // The route's signals are sent before it answers.
    const runs = await historiesOf(h.client, deliveryWorkflowId(deliveryId));
    expect(runs.flatMap((r) => signalsIn(r.events))).toEqual([]);
  });
});

describe('a paused subscription keeps its events (issue 9 item 14)', () => {
  it('events raised while paused are held and, on resume, delivered oldest first', async () => {
    const sub = await subscription('paused-backlog');
    await ctl('webhook', 'pause', '--webhook', sub.id);
    const eventIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const eventId = await h.raise(sub.caller, leadCreated());
      await held((await pending(sub, eventId)).id);
      eventIds.push(eventId);
    }
    expect(h.receiver.received(sub.path)).toEqual([]);
    const resumed = await ctl('webhook', 'resume', '--webhook', sub.id);
    expect(resumed).toMatchObject({ id: sub.id, status: 'active' });
    for (const eventId of eventIds) await h.settled(sub.id, eventId, 'delivered', 30_000);
    expect(h.receiver.received(sub.path).map((r) => r.eventId)).toEqual(eventIds);
  });
});

describe('conversation.summary_ready (issue 9 item 13)', () => {
  it('reaches an include_pii subscription without the summary or any customer words', async () => {
    const sub = await subscription('summary', { includePii: true });
    await h.db.query('update webhooks set events = $2 where id = $1', [sub.id, ['conversation.*']]);
    const conversation = await seedConversation(h.db, sub.caller, { contact: { name: 'Anna Petrova', email: 'anna@example.com' } });
    await seedMessage(h.db, sub.caller, conversation.id, { sender: 'customer', content: 'Do you have winter tyres?', createdAt: new Date() });
    const closed = await h.services.orm.em.fork().transactional((em) =>
      closeConversation(em, { tenantId: sub.caller.tenantId, conversationId: conversation.id }, new Date()));
    expect(closed.summary).toContain('winter tyres');
    await wakeRelay(h.services.redis);
    const [request] = await h.receiver.waitFor(sub.path, 1);
    const body = JSON.parse(request!.rawBody.toString());
    expect(body).toMatchObject({ type: 'conversation.summary_ready', data: { conversation_id: conversation.id } });
    expect(Object.keys(body.data)).toEqual(['conversation_id']);
    expect(request!.rawBody.toString()).not.toMatch(/winter tyres|Anna|summary"/);
  });
});

describe('bin/ctl webhook', () => {
  it('lists by integration or tenant, pauses, resumes and deletes as the API does', async () => {
    const sub = await subscription('ctl-webhook');
    const listed = await ctl('webhook', 'list', '--integration', sub.caller.integrationId);
    expect(listed.webhooks).toEqual([expect.objectContaining({ id: sub.id, integration_id: sub.caller.integrationId, status: 'active' })]);
    expect(JSON.stringify(listed)).not.toMatch(/secret"\s*:\s*"/);
    expect(((await ctl('webhook', 'list', '--tenant', sub.caller.tenantId)).webhooks as { id: string }[]).map((w) => w.id)).toEqual([sub.id]);
    expect(await ctl('webhook', 'pause', '--webhook', sub.id)).toMatchObject({ id: sub.id, status: 'paused' });
    expect((await h.db.query('select status from webhooks where id = $1', [sub.id])).rows[0].status).toBe('paused');
    expect(await ctl('webhook', 'delete', '--webhook', sub.id)).toEqual({ id: sub.id, deleted: true });
    expect((await h.db.query('select 1 from webhooks where id = $1', [sub.id])).rows).toEqual([]);
    await expect(ctl('webhook', 'pause', '--webhook', sub.id)).rejects.toThrow(/No webhook subscription/);
    await expect(ctl('webhook', 'list')).rejects.toThrow(/--integration ID or --tenant ID/);
  });
});
