import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import { call } from '../harness/http.js';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';

/**
 * Issue 38 item 5: a subscription whose every attempt failed for 5 days is paused by the
 * platform (paused_reason failing), its deliveries held, the integration's other subscriptions
 * told by webhook.paused; PATCH status active resumes it and its held deliveries. The 5 days
 * are the default WEBHOOK_PAUSE_FAILING_AFTER; a run that long is written by dating the
 * subscription's failing_since back (what its failed attempts of 5 days would have left). The
 * hold re-check timer is an hour here: the resume's deliveries can only go out on its signal.
 */
let h: DeliveryHarness;
let api: TestApi;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { WEBHOOK_HOLD_RECHECK: '1h' } });
  api = await h.startApi();
}, 120_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

const leadCreated = () => ({ type: 'lead.created' as const, ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1 }) });
const route = (name: string) => `/${name}-${randomUUID().slice(0, 8)}`;
const hook = async (id: string) => (await h.db.query('select status, paused_reason, failing_since from webhooks where id = $1', [id])).rows[0];
const dateRunBack = (id: string, interval: string) => h.db.query(`update webhooks set failing_since = now() - $2::interval where id = $1`, [id, interval]);
const patch = (who: Caller, id: string, body: unknown) => call(api.base, 'PATCH', `/webhooks/${id}`, { key: who.apiKey, body });
const deliveriesOf = async (eventId: string) => (await h.db.query('select webhook_id from webhook_deliveries where event_id = $1', [eventId])).rows.map((r) => r.webhook_id);

async function pausedAs(id: string, reason: string): Promise<any> {
  return eventually(`subscription ${id} paused as ${reason}`, async () => {
    const row = await hook(id);
    return row.status === 'paused' && row.paused_reason === reason ? row : undefined;
  });
}

async function heldFor(deliveryId: string): Promise<void> {
  await eventually('the delivery held (DeliveryState held)', async () => ((await h.visibleState(deliveryId).catch(() => undefined)) === 'held' ? true : undefined));
}

describe('a subscription whose every attempt failed for 5 days', () => {
  it('is paused as failing at its next failed attempt: deliveries held, not lost; its integration\'s other subscriptions told; /me/status shows it; active resumes it and its held deliveries', async () => {
    const caller = await h.caller({ name: 'Failing Shop' });
    const failingPath = route('failing');
    const toldPath = route('told');
    const plainPath = route('plain');
    // The failing one asks for webhook.* too: it is never told about itself.
    const failing = await h.subscribe(caller, { url: h.receiver.route(failingPath, answers.always(500)), events: ['lead.*', 'webhook.*'] });
    const told = await h.subscribeSigned(caller, toldPath, { events: ['webhook.paused'] });
    const plain = await h.subscribeSigned(caller, plainPath, { events: ['lead.*'] });
    const stranger = await h.caller({ name: 'Other Shop' });
    const strangerPath = route('stranger');
    await h.subscribeSigned(stranger, strangerPath, { events: ['webhook.*'] });
    await dateRunBack(failing.id, '5 days 1 minute');
    const { failing_since: since } = await hook(failing.id);

    const first = await h.raise(caller, leadCreated());
    const paused = await pausedAs(failing.id, 'failing');
    expect(paused.failing_since).toEqual(since);
    // The attempt that found the run 5 days old failed; its retries wait, spending no attempt.
    const firstDelivery = await h.settled(failing.id, first, 'failed');
    await heldFor(firstDelivery.id);
    expect(await h.delivery(failing.id, first)).toMatchObject({ state: 'failed', attempt: 1 });

    // webhook.paused: to the other subscription that asks for it, signed; identifiers and a time only.
    const [notice] = await h.receiver.waitFor(toldPath, 1, 30_000);
    expect(notice!.signature?.ok).toBe(true);
    const body = JSON.parse(notice!.rawBody.toString('utf8'));
    expect(body).toMatchObject({ type: 'webhook.paused', livemode: true });
    expect(body.data).toEqual({ webhook_id: failing.id, paused_reason: 'failing', failing_since: since.toISOString() });
    // Not to the paused one (though it asks for webhook.*), nor to one that does not ask, nor to another integration.
    expect(await deliveriesOf(body.id)).toEqual([told.id]);
    expect(h.receiver.received(strangerPath)).toEqual([]);
    expect(h.receiver.received(plainPath).map((r) => JSON.parse(r.rawBody.toString('utf8')).type)).toEqual(['lead.created']);

    // An event after the pause: held for the paused subscription (never attempted), delivered to the active one.
    const later = await h.raise(caller, leadCreated());
    await h.settled(plain.id, later, 'delivered');
    const laterDelivery = await eventually('the held delivery row', () => h.delivery(failing.id, later));
    await heldFor(laterDelivery.id);
    expect(await h.delivery(failing.id, later)).toMatchObject({ state: 'pending', attempt: 0 });

    // What the integration sees: the subscription and /me/status.
    const shown = await call(api.base, 'GET', `/webhooks/${failing.id}`, { key: caller.apiKey });
    expect(shown.body).toMatchObject({ status: 'paused', paused_reason: 'failing' });
    const status = await call(api.base, 'GET', '/me/status', { key: caller.apiKey });
    expect(status.status).toBe(200);
    expect(status.body.webhooks.find((w: any) => w.id === failing.id)).toMatchObject({ status: 'paused', paused_reason: 'failing', waiting: { held: 2 } });
    expect(status.body.webhooks.find((w: any) => w.id === told.id)).toMatchObject({ status: 'active', paused_reason: null });

    // The endpoint is fixed; the integration sets it active: it resumes and its held deliveries go out.
    h.receiver.route(failingPath, answers.ok());
    const resumed = await patch(caller, failing.id, { status: 'active' });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', paused_reason: null });
    expect(await h.settled(failing.id, first, 'delivered', 30_000)).toMatchObject({ attempt: 2 });
    expect(await h.settled(failing.id, later, 'delivered', 30_000)).toMatchObject({ attempt: 1 });
    // Its run ended with the resume: a failure after it begins a new one, the whole window away.
    expect(await hook(failing.id)).toMatchObject({ status: 'active', paused_reason: null, failing_since: null });
  }, 120_000);

  it('a run younger than the window pauses nothing: the first failed attempt begins it, a delivered attempt ends it', async () => {
    const caller = await h.caller({ name: 'Flaky Shop' });
    const path = route('flaky');
    const sub = await h.subscribe(caller, { url: h.receiver.route(path, answers.always(503)) });
    const first = await h.raise(caller, leadCreated());
    const dead = await h.settled(sub.id, first, 'dead');
    const [firstAttempt] = await h.attempts(dead.id);
    expect(await hook(sub.id)).toEqual({ status: 'active', paused_reason: null, failing_since: firstAttempt.started_at });

    // 4 days 23 hours of failures: nine more failed attempts, still active, the run's start kept.
    await dateRunBack(sub.id, '4 days 23 hours');
    const { failing_since: since } = await hook(sub.id);
    await h.settled(sub.id, await h.raise(caller, leadCreated()), 'dead');
    expect(await hook(sub.id)).toEqual({ status: 'active', paused_reason: null, failing_since: since });

    h.receiver.route(path, answers.ok());
    await h.settled(sub.id, await h.raise(caller, leadCreated()), 'delivered');
    expect(await hook(sub.id)).toEqual({ status: 'active', paused_reason: null, failing_since: null });
  }, 120_000);

  it('a tenant with no other subscription: paused all the same, its webhook.paused goes nowhere', async () => {
    const caller = await h.caller({ name: 'Lonely Shop' });
    const sub = await h.subscribe(caller, { url: h.receiver.route(route('lonely'), answers.always(500)), events: ['lead.*', 'webhook.paused'] });
    await dateRunBack(sub.id, '6 days');
    await h.raise(caller, leadCreated());
    await pausedAs(sub.id, 'failing');
    const event = await eventually('webhook.paused relayed', async () => (await h.db.query(
      `select id from outbox_events where type = 'webhook.paused' and data->>'webhook_id' = $1 and relayed_at is not null`, [sub.id],
    )).rows[0]);
    expect(await deliveriesOf(event.id)).toEqual([]);
  }, 60_000);
});

describe('paused_reason of the integration\'s own pause', () => {
  it('PATCH status paused is integrator (also over the platform\'s pause); active clears it', async () => {
    const caller = await h.caller({ name: 'Pausing Shop' });
    const sub = await h.subscribe(caller, { url: h.receiver.route(route('own'), answers.ok()) });
    const created = await call(api.base, 'GET', `/webhooks/${sub.id}`, { key: caller.apiKey });
    expect(created.body).toMatchObject({ status: 'active', paused_reason: null });
    expect((await patch(caller, sub.id, { status: 'paused' })).body).toMatchObject({ status: 'paused', paused_reason: 'integrator' });
    expect((await patch(caller, sub.id, { description: 'still paused' })).body).toMatchObject({ status: 'paused', paused_reason: 'integrator' });
    expect((await patch(caller, sub.id, { status: 'active' })).body).toMatchObject({ status: 'active', paused_reason: null });

    await h.db.query(`update webhooks set status = 'paused', paused_reason = 'failing', failing_since = now() - interval '6 days' where id = $1`, [sub.id]);
    expect((await patch(caller, sub.id, { status: 'paused' })).body).toMatchObject({ status: 'paused', paused_reason: 'integrator' });
    expect((await patch(caller, sub.id, { status: 'active' })).body).toMatchObject({ status: 'active', paused_reason: null });
    expect(await hook(sub.id)).toMatchObject({ failing_since: null });
  }, 60_000);
});
