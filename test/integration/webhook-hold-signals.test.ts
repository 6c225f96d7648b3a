import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../support/delivery-harness.js';
import { answers } from '../support/receiver.js';
import { eventually } from '../support/eventually.js';
import { historiesOf, signalsIn } from '../support/workflow-history.js';
import { sandboxCaller, type Caller, type CallerOptions } from '../support/fixtures.js';
import type { TestApi } from '../support/app.js';
import { call } from '../support/http.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { runCtl } from '../../src/cli/ctl.js';
import { deliveryHolds } from '../../src/domain/webhooks/delivery-attempts.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';

/**
 * Every end of a hold signals the held deliveries (docs/decisions.md, "Every hold's end is a
 * signal"): here the ends that signalled nobody before. The re-check timer is an hour and the
 * backstop six: a release within seconds can only come from the signal of the change.
 */
let h: DeliveryHarness;
let api: TestApi;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { WEBHOOK_HOLD_RECHECK: '1h', WEBHOOK_HOLD_BACKSTOP: '6h' } });
  api = await h.startApi();
}, 180_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

const ctl = (...argv: string[]) => runCtl([...argv, '--json'], h.services);
const leadCreated = () => ({
  type: 'lead.created' as const,
  ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1, contact: { name: 'Anna Petrova', email: 'anna@example.com', phone: null } }),
});

/** A subscription of `caller` (with personal data) to a path of the receiver that answers 2xx. */
async function subscription(name: string, caller: Caller) {
  const path = `/${name}-${randomUUID().slice(0, 8)}`;
  const sub = await h.subscribe(caller, { url: h.receiver.route(path, answers.ok()), includePii: true });
  return { ...sub, caller, path };
}

/** Raises a lead.created of `caller` and waits until its delivery is held for `reason`; answers the delivery's id. */
async function heldFor(sub: { id: string; caller: Caller }, reason: string): Promise<{ eventId: string; deliveryId: string }> {
  const eventId = await h.raise(sub.caller, leadCreated());
  const row = await eventually('the delivery row with its workflow', async () => {
    const r = await h.delivery(sub.id, eventId);
    return r?.workflow_started_at ? r : undefined;
  });
  await eventually('the delivery to be held (DeliveryState held)', async () => ((await h.visibleState(row.id).catch(() => undefined)) === 'held' ? true : undefined));
  const holds = await deliveryHolds(h.services.orm.em.fork(), [row.id], h.services.config.cell, new Date());
  expect(holds.get(row.id)).toBe(reason);
  return { eventId, deliveryId: row.id };
}

describe('access restored to a live integration or tenant', () => {
  /** The sandbox's shadow of a live caller, holding one delivery after `restrict`; `release` lets it go out within seconds. */
  async function sandboxHeldUntil(name: string, reason: string, restrict: (live: Caller) => Promise<unknown>, release: (live: Caller) => Promise<unknown>, o: CallerOptions = {}) {
    const live = await h.caller({ name, ...o });
    const sub = await subscription(name, await sandboxCaller(h.services, live));
    await restrict(live);
    const { eventId } = await heldFor(sub, reason);
    expect(h.receiver.received(sub.path)).toEqual([]);
    await release(live);
    expect(await h.settled(sub.id, eventId, 'delivered', 30_000)).toMatchObject({ attempt: 1 });
    expect(h.receiver.received(sub.path)).toHaveLength(1);
  }

  it('a live integration set active again releases the held deliveries of its sandbox shadow', async () => {
    await sandboxHeldUntil('shadow-suspended', 'integration_inactive',
      (live) => ctl('integration', 'set-status', '--integration', live.integrationId, '--status', 'suspended'),
      (live) => ctl('integration', 'set-status', '--integration', live.integrationId, '--status', 'active'));
  });

  it('a live integration\'s scope granted back releases the held deliveries of its sandbox shadow', async () => {
    await sandboxHeldUntil('shadow-narrowed', 'scope_missing',
      (live) => ctl('integration', 'set-scopes', '--integration', live.integrationId, '--scopes', 'webhooks:manage,conversations:read'),
      (live) => ctl('integration', 'set-scopes', '--integration', live.integrationId, '--scopes', 'all'));
  });

  it('a live tenant set active again releases the held deliveries of its sandbox', async () => {
    await sandboxHeldUntil('shadow-tenant', 'tenant_inactive',
      (live) => ctl('tenant', 'set-status', '--tenant', live.tenantId, '--status', 'inactive'),
      (live) => ctl('tenant', 'set-status', '--tenant', live.tenantId, '--status', 'active'));
  });
});

describe('a subscription whose include_pii is turned off (PATCH /webhooks/{id})', () => {
  it('releases the deliveries held for the personal-data transfer conditions: they go out without personal data', async () => {
    const caller = await h.caller({ name: 'pii-off', transferBasis: null });
    const sub = await subscription('pii-off', caller);
    const { eventId } = await heldFor(sub, 'pii_transfer_not_allowed');
    expect(h.receiver.received(sub.path)).toEqual([]);
    const res = await call(api.base, 'PATCH', `/webhooks/${sub.id}`, { key: caller.apiKey, body: { include_pii: false } });
    expect(res.status).toBe(200);
    expect(await h.settled(sub.id, eventId, 'delivered', 30_000)).toMatchObject({ attempt: 1 });
    const [request] = h.receiver.received(sub.path);
    expect(JSON.parse(request!.rawBody.toString('utf8')).data).not.toHaveProperty('contact');
  });

  it('a PATCH that ends no hold (the description) signals nothing: the delivery stays held', async () => {
    const caller = await h.caller({ name: 'pii-kept', transferBasis: null });
    const sub = await subscription('pii-kept', caller);
    const { deliveryId } = await heldFor(sub, 'pii_transfer_not_allowed');
    expect((await call(api.base, 'PATCH', `/webhooks/${sub.id}`, { key: caller.apiKey, body: { description: 'still with personal data' } })).status).toBe(200);
    // The route's signals are sent before it answers.
    const runs = await historiesOf(h.client, deliveryWorkflowId(deliveryId));
    expect(runs.flatMap((r) => signalsIn(r.events))).toEqual([]);
  });
});
