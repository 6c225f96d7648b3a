import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers, type ReceivedRequest, type Script } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import type { Caller } from '../harness/fixtures.js';
import type { TestApi } from '../harness/app.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { replayDelivery } from '../../src/domain/webhooks/replay.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';
import { postToLedger } from '../../src/domain/wallet/ledger.js';
import { announceWalletChange } from '../../src/domain/wallet/wallet-cache.js';
import { noticeDeliveries } from '../../src/temporal/deliveries.js';
import { send, websiteChannel } from './widget-fixtures.js';

/**
 * One conversation's events, and one lead's, reach each subscription in the order they were
 * recorded (issue 31 item 5; docs/decisions.md, "Keyed events go out in order"), through the
 * real relay, worker and an HTTPS subscriber: also when the earlier event's first attempt
 * fails, never longer than ORDER_WAIT_ATTEMPTS failed attempts of the earlier one, each
 * subscription on its own, replays unordered.
 */

let h: DeliveryHarness;
let api: TestApi;

// Two quick retries, then an hour: an earlier delivery that keeps failing sits in its long
// pause after its third attempt, so a later one that goes out meanwhile was let go by the bound.
beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,1h,1h,1h,1h,1h,1h', WEBHOOK_RETRY_AFTER_MAX: '3s' } });
  api = await h.startApi();
}, 120_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

const typeOf = (r: ReceivedRequest) => String(r.headers['svc-event-type']);
const bodyOf = (r: ReceivedRequest) => JSON.parse(r.rawBody.toString('utf8'));

/** A script that answers `first` to the first attempt of the events of `type`, 200 to everything else. */
const failingFirst = (type: string, first: ReturnType<Script>): Script => (nth, request) => (typeOf(request) === type && nth === 1 ? first : { status: 200 });

async function subscription(caller: Caller, events: string[], script: Script = answers.ok()) {
  const path = `/order-${randomUUID().slice(0, 8)}`;
  const sub = await h.subscribe(caller, { url: h.receiver.route(path, script), events });
  return { ...sub, path };
}

/** What a path received, in arrival order: `type status`. */
const arrivals = (path: string, keep: (r: ReceivedRequest) => boolean = () => true) =>
  h.receiver.received(path).filter(keep).map((r) => `${typeOf(r)} ${r.status}`);

const lead = (leadId: string) => ({ lead_id: leadId, contact_id: null, conversation_id: null, version: 1 });
const leadCreated = (leadId: string) => ({ type: 'lead.created' as const, ...EVENTS['lead.created'](lead(leadId)) });
const leadUpdated = (leadId: string) => ({ type: 'lead.updated' as const, ...EVENTS['lead.updated']({ ...lead(leadId), changed_fields: ['status'] }) });
const leadScored = (leadId: string) => ({ type: 'lead.scored' as const, ...EVENTS['lead.scored']({ ...lead(leadId), score: 80, level: 'hot', reason: null, flags: [] }) });

describe('a widget conversation', () => {
  it('its conversation.created reaches the subscriber before its messages, also when its first attempt fails', async () => {
    const caller = await h.caller({ name: 'Ordered shop' });
    const channelId = await websiteChannel(api, caller.tenantId);
    const sub = await subscription(caller, ['conversation.*', 'message.*'], failingFirst('conversation.created', { status: 500 }));
    const res = await send(api, { channel_id: channelId, content: 'Do you have sneakers?', page_url: 'https://shop.example.com/', page_title: 'Shop' });
    expect(res.status).toBe(200);
    // conversation.created twice (500, then 200) and at least the visitor's message.created.
    await h.receiver.waitFor(sub.path, 3, 60_000);
    const conversationId = bodyOf(h.receiver.received(sub.path)[0]!).data.conversation_id as string;
    const ofIt = (r: ReceivedRequest) => bodyOf(r).data.conversation_id === conversationId;
    const got = arrivals(sub.path, ofIt);
    expect(got.slice(0, 3)).toEqual(['conversation.created 500', 'conversation.created 200', 'message.created 200']);
    expect(got.every((a) => a.endsWith(' 200') || a === 'conversation.created 500')).toBe(true);
  });
});

describe('a lead', () => {
  it('lead.created, lead.updated and lead.scored arrive in order at each subscription; one subscription\'s retry does not hold back another\'s', async () => {
    const caller = await h.caller({ name: 'Ordered leads' });
    // The slow one's first lead.created is refused with a Retry-After of 2 s: its later events wait that long, the other's do not.
    const slow = await subscription(caller, ['lead.*'], failingFirst('lead.created', { status: 503, headers: { 'Retry-After': '2' } }));
    const quick = await subscription(caller, ['lead.*']);
    const leadId = randomUUID();
    // One transaction, as a write that records several events does: their created_at is the same.
    await h.services.orm.em.fork().transactional(async (em) => {
      const now = new Date();
      for (const e of [leadCreated(leadId), leadUpdated(leadId), leadScored(leadId)]) recordEvent(em, { ...e, tenantId: caller.tenantId, integrationId: caller.integrationId }, now);
    });
    await wakeRelay(h.services.redis);
    await h.receiver.waitFor(quick.path, 3, 60_000);
    await h.receiver.waitFor(slow.path, 4, 60_000);
    expect(arrivals(quick.path)).toEqual(['lead.created 200', 'lead.updated 200', 'lead.scored 200']);
    expect(arrivals(slow.path)).toEqual(['lead.created 503', 'lead.created 200', 'lead.updated 200', 'lead.scored 200']);
    const retried = h.receiver.received(slow.path)[1]!;
    expect(h.receiver.received(quick.path)[2]!.receivedAt).toBeLessThan(retried.receivedAt);
  });

  it('a later event waits while the earlier one is retried, shown as held (earlier_delivery_first), then goes out after it', async () => {
    const caller = await h.caller({ name: 'Held behind' });
    const sub = await subscription(caller, ['lead.*'], failingFirst('lead.created', { status: 503, headers: { 'Retry-After': '3' } }));
    const leadId = randomUUID();
    const first = await h.raise(caller, leadCreated(leadId));
    await h.settled(sub.id, first, 'failed');
    const second = await h.raise(caller, leadUpdated(leadId));
    const waiting = await eventually('the later delivery to be held', async () => {
      const row = await h.delivery(sub.id, second);
      return row?.held_for === 'earlier_delivery_first' ? row : undefined;
    });
    expect(waiting).toMatchObject({ state: 'pending', attempt: 0 });
    // The row is marked inside the attempt; the workflow shows it when its task completes, a moment later.
    await eventually('the later delivery shown held (DeliveryState held)', async () => ((await h.visibleState(waiting.id)) === 'held' ? true : undefined));
    await h.settled(sub.id, second, 'delivered');
    expect(arrivals(sub.path)).toEqual(['lead.created 503', 'lead.created 200', 'lead.updated 200']);
  });

  it('an earlier event refused three times no longer holds back the later ones (the bound), and a replay waits for nothing', async () => {
    const caller = await h.caller({ name: 'Bounded wait' });
    const sub = await subscription(caller, ['lead.*'], (_nth, request) => ({ status: typeOf(request) === 'lead.created' ? 500 : 200 }));
    const leadId = randomUUID();
    const first = await h.raise(caller, leadCreated(leadId));
    const second = await h.raise(caller, leadUpdated(leadId));
    // The third failed attempt lets the later one go; the fourth is an hour away.
    await h.settled(sub.id, second, 'delivered');
    expect(await h.delivery(sub.id, first)).toMatchObject({ state: 'failed', attempt: 3 });
    expect(arrivals(sub.path)).toEqual(['lead.created 500', 'lead.created 500', 'lead.created 500', 'lead.updated 200']);

    // Support replays the failing original: the replay is sent when asked (and refused again here).
    const original = await h.delivery(sub.id, first);
    const replay = await h.services.orm.em.fork().transactional((em) => replayDelivery(em, original.id, new Date()));
    await wakeRelay(h.services.redis);
    await eventually('the replay to be tried', async () => ((await h.db.query('select attempt from webhook_deliveries where id = $1', [replay.id])).rows[0]?.attempt >= 1 ? true : undefined));
    // A later event of the key waits for no replay.
    const third = await h.raise(caller, leadScored(leadId));
    await h.settled(sub.id, third, 'delivered');
  });

  it('events of other leads, and events without a key, are not held back by a failing lead', async () => {
    const caller = await h.caller({ name: 'Other keys' });
    const sub = await subscription(caller, ['lead.*', 'crm.*'], failingFirst('lead.created', { status: 503, headers: { 'Retry-After': '3' } }));
    const blocked = await h.raise(caller, leadCreated(randomUUID()));
    await h.settled(sub.id, blocked, 'failed');
    const other = await h.raise(caller, leadUpdated(randomUUID()));
    const unkeyed = await h.raise(caller, { type: 'crm.mode_changed', ...EVENTS['crm.mode_changed']({ crm_mode: 'builtin', previous_crm_mode: 'external' }) });
    await h.settled(sub.id, other, 'delivered');
    await h.settled(sub.id, unkeyed, 'delivered');
    expect((await h.delivery(sub.id, blocked)).state).toBe('failed');
  });
});

describe('holds', () => {
  const heldFor = (webhookId: string, eventId: string, reason: string) => eventually(`the delivery of ${eventId} to be held for ${reason}`, async () => {
    const row = await h.delivery(webhookId, eventId);
    return row?.held_for === reason ? row : undefined;
  });

  it('a suspended wallet holds both; the top-up signals only the earlier, which goes first, then signals the later', async () => {
    const caller = await h.caller({ name: 'Suspended wallet' });
    const sub = await subscription(caller, ['lead.*'], failingFirst('lead.created', { status: 503, headers: { 'Retry-After': '2' } }));
    const ledger = (kind: 'charge' | 'topup', amountRub: string) => h.services.orm.em.fork().transactional((em) => postToLedger(em, { tenantId: caller.tenantId, kind, amountRub }, new Date()));
    await ledger('charge', '-1000.01');
    await announceWalletChange(h.services.redis, caller.tenantId);
    const leadId = randomUUID();
    const first = await h.raise(caller, leadCreated(leadId));
    const second = await h.raise(caller, leadUpdated(leadId));
    await heldFor(sub.id, first, 'wallet_suspended');
    await heldFor(sub.id, second, 'wallet_suspended');
    await ledger('topup', '500');
    // The release itself, as a worker runs it on hearing the top-up: the later delivery waits
    // behind the earlier one of its key, so the earlier one's end, not the release, signals it.
    expect(await h.engine!.holds.release(caller.tenantId)).toBe(1);
    await h.settled(sub.id, second, 'delivered');
    expect(arrivals(sub.path)).toEqual(['lead.created 503', 'lead.created 200', 'lead.updated 200']);
  });

  it('after a pause, a queued event waiting for its key leaves the queue: the queue goes on behind it', async () => {
    const caller = await h.caller({ name: 'Paused queue' });
    const sub = await subscription(caller, ['lead.*'], failingFirst('lead.created', { status: 503, headers: { 'Retry-After': '3' } }));
    await h.db.query(`update webhooks set status = 'paused' where id = $1`, [sub.id]);
    const leadId = randomUUID();
    const first = await h.raise(caller, leadCreated(leadId));
    const second = await h.raise(caller, leadUpdated(leadId));
    const other = await h.raise(caller, leadUpdated(randomUUID()));
    const queued = await Promise.all([first, second, other].map((e) => heldFor(sub.id, e, 'subscription_paused')));
    expect(queued.map((d) => d.queued_while_paused)).toEqual([true, true, true]);
    await h.db.query(`update webhooks set status = 'active' where id = $1`, [sub.id]);
    await noticeDeliveries(h.services, queued.map((d) => d.id), 'recheck');
    await h.settled(sub.id, second, 'delivered');
    // The other lead's event went out while the first was waiting for its retry; the second waited for it.
    const got = h.receiver.received(sub.path).map((r) => `${typeOf(r)} ${r.status} ${bodyOf(r).data.lead_id === leadId ? 'this' : 'other'}`);
    expect(got).toEqual(['lead.created 503 this', 'lead.updated 200 other', 'lead.created 200 this', 'lead.updated 200 this']);
  });
});
