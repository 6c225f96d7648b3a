import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import type { Caller } from '../harness/fixtures.js';
import { verifySignature } from '../../src/domain/webhooks/signature.js';
import { specSignatureHeader } from '../harness/spec-signature.js';
import { OutboxRelay } from '../../src/domain/webhooks/relay.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { WEBHOOK_ID } from '../../workflows/search-attributes.js';
import { createIntegration } from '../../src/domain/provisioning/integrations.js';
import { SCOPES } from '../../src/domain/access/scopes.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { signalRecheck } from '../../src/temporal/deliveries.js';
import { timerDurations } from '../harness/workflow-history.js';
import { taskQueueOf } from '../../src/temporal/task-queues.js';

let h: DeliveryHarness;

/** A name pinned to a loopback address nothing listens on: every connection is refused. */
const CLOSED_HOST = 'closed.webhooks.test';

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { WEBHOOK_RETRY_AFTER_MAX: '2s' }, resolve: [`${CLOSED_HOST}=127.0.0.253`] });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

/** The pauses (ms) the delivery's workflow slept between attempts, as its history records them. */
const pausesOf = (deliveryId: string) => timerDurations(h.client, deliveryWorkflowId(deliveryId));

/** A lead.created event of the catalogue, with contact content for include_pii subscriptions. */
function leadCreated() {
  const lead = { lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+79990000000' } };
  const { data, piiData } = EVENTS['lead.created'](lead);
  return { type: 'lead.created' as const, data, piiData, lead };
}

/** Another integration of the caller's tenant; returns its id. */
async function secondIntegration(caller: Caller): Promise<string> {
  return h.services.orm.em.fork().transactional(async (em) => {
    const { integration } = await createIntegration(em, {
      tenantId: caller.tenantId, name: 'Second integration', scopes: [...SCOPES], ipAllowlist: null, hostingCountry: 'RU', transferBasis: 'Agreement', dailySpendLimitRub: null,
    }, new Date());
    return integration.id;
  });
}

/**
 * A fresh path on the receiver with its script, and a subscription to it of a new tenant
 * (or of `of`), so no other test's events reach it.
 */
async function subscription(name: string, script = answers.ok(), o: { events?: string[]; includePii?: boolean; previous?: { secret: string; expiresAt: Date }; of?: Caller } = {}) {
  const path = `/${name}-${randomUUID().slice(0, 8)}`;
  const url = h.receiver.route(path, script);
  const caller = o.of ?? (await h.caller({ name }));
  const sub = await h.subscribe(caller, { url, events: o.events, includePii: o.includePii, previous: o.previous });
  return { ...sub, caller, path, url };
}

describe('a delivery', () => {
  it('is the envelope of spec 01 with the delivery headers; the body id equals Svc-Event-Id', async () => {
    const sub = await subscription('envelope');
    const event = leadCreated();
    const eventId = await h.raise(sub.caller, event);
    const [request] = await h.receiver.waitFor(sub.path, 1);
    const stored = (await h.db.query('select created_at from outbox_events where id = $1', [eventId])).rows[0];
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['svc-event-id']).toBe(eventId);
    expect(request!.headers['svc-event-type']).toBe('lead.created');
    expect(request!.headers['svc-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(request!.rawBody.toString('utf8'));
    expect(body).toEqual({
      id: eventId, type: 'lead.created', api_version: '2026-10-01', created_at: stored.created_at.toISOString(), livemode: true,
      data: { lead_id: event.lead.lead_id, contact_id: event.lead.contact_id, conversation_id: event.lead.conversation_id, version: 1 },
    });
    const row = await h.settled(sub.id, eventId, 'delivered');
    expect(row).toMatchObject({ attempt: 1, status_code: 200, error: null, next_attempt_at: null, tenant_id: sub.caller.tenantId, event_type: 'lead.created' });
    expect(row.delivered_at).toBeInstanceOf(Date);
    expect(row.duration_ms).toEqual(expect.any(Number));
    expect(await h.attempts(row.id)).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null })]);
  });

  it('is signed: verifySignature passes with the secret, and fails with a wrong secret, a stale timestamp or a changed body', async () => {
    const sub = await subscription('signature');
    const raisedAt = Math.floor(Date.now() / 1000);
    const eventId = await h.raise(sub.caller, leadCreated());
    const [request] = await h.receiver.waitFor(sub.path, 1);
    const header = request!.headers['svc-signature'] as string;
    const t = Number(/t=(\d+)/.exec(header)![1]);
    // Signed when sent: between the event's raise and the request's arrival.
    expect(t).toBeGreaterThanOrEqual(raisedAt);
    expect(t).toBeLessThanOrEqual(Math.floor(request!.receivedAt / 1000));
    // The spec's recipe recomputed with node:crypto (not the signer's helper): HMAC-SHA256(secret, "<t>.<raw body>"), lowercase hex.
    expect(header).toBe(specSignatureHeader(request!.rawBody, [sub.secret], t));
    expect(verifySignature(request!.rawBody, header, [sub.secret])).toEqual({ ok: true, timestamp: t });
    expect(verifySignature(request!.rawBody, header, ['whsec_wrong'])).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(request!.rawBody, header, [sub.secret], 300, new Date((t + 301) * 1000))).toEqual({ ok: false, reason: 'stale' });
    const changed = Buffer.from(request!.rawBody.toString('utf8').replace(eventId, `${eventId}x`));
    expect(verifySignature(changed, header, [sub.secret])).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('during a rotation window carries two v1 values, each verifying with its own secret; after the window one', async () => {
    const previous = 'whsec_previous_secret_still_valid_for_a_day';
    const rotating = await subscription('rotation', answers.ok(), { previous: { secret: previous, expiresAt: new Date(Date.now() + 3600_000) } });
    await h.raise(rotating.caller, leadCreated());
    const [request] = await h.receiver.waitFor(rotating.path, 1);
    const header = request!.headers['svc-signature'] as string;
    const [t, ...v1] = header.split(',');
    expect(v1).toHaveLength(2);
    expect(v1.every((v) => /^v1=[0-9a-f]{64}$/.test(v))).toBe(true);
    expect(header).toBe(specSignatureHeader(request!.rawBody, [rotating.secret, previous], Number(t!.slice('t='.length))));
    // Each v1 alone verifies with exactly one of the secrets: the new one first, then the old one.
    expect(verifySignature(request!.rawBody, `${t},${v1[0]}`, [rotating.secret]).ok).toBe(true);
    expect(verifySignature(request!.rawBody, `${t},${v1[0]}`, [previous]).ok).toBe(false);
    expect(verifySignature(request!.rawBody, `${t},${v1[1]}`, [previous]).ok).toBe(true);
    expect(verifySignature(request!.rawBody, `${t},${v1[1]}`, [rotating.secret]).ok).toBe(false);

    const closed = await subscription('rotation-closed', answers.ok(), { previous: { secret: previous, expiresAt: new Date(Date.now() - 1000) } });
    await h.raise(closed.caller, leadCreated());
    const [after] = await h.receiver.waitFor(closed.path, 1);
    const values = (after!.headers['svc-signature'] as string).split(',').filter((p) => p.startsWith('v1='));
    expect(values).toHaveLength(1);
    const tAfter = Number(/t=(\d+)/.exec(after!.headers['svc-signature'] as string)![1]);
    expect(after!.headers['svc-signature']).toBe(specSignatureHeader(after!.rawBody, [closed.secret], tAfter));
    expect(verifySignature(after!.rawBody, after!.headers['svc-signature'] as string, [previous]).ok).toBe(false);
    expect(verifySignature(after!.rawBody, after!.headers['svc-signature'] as string, [closed.secret]).ok).toBe(true);
  });
});

describe('retries', () => {
  it('a receiver failing 3 times is retried 3 times, then delivered: 4 attempts recorded, the same event id each time', async () => {
    const sub = await subscription('fail-three', answers.failFirst(3));
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await h.settled(sub.id, eventId, 'delivered');
    expect(row).toMatchObject({ attempt: 4, status_code: 200, error: null, next_attempt_at: null });
    const attempts = await h.attempts(row.id);
    // A 5xx answer is told by its status alone: error is for no answer, or a 3xx (spec 01 WebhookDelivery).
    expect(attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([[1, 500, null], [2, 500, null], [3, 500, null], [4, 200, null]]);
    const requests = h.receiver.received(sub.path);
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.eventId))).toEqual(new Set([eventId]));
    expect(new Set(requests.map((r) => r.rawBody.toString()))).toHaveProperty('size', 1);
    // The workflow slept the schedule's 100 ms pause, jittered by at most 10 %, between two attempts.
    const pauses = await pausesOf(row.id);
    expect(pauses).toHaveLength(3);
    for (const pause of pauses) expect({ pause, within: pause >= 90 && pause <= 110 }).toEqual({ pause, within: true });
  });

  it('a receiver that always fails ends dead after 9 attempts in all (the first try and 8 retries)', async () => {
    const sub = await subscription('always-500', answers.always(500));
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await h.settled(sub.id, eventId, 'dead', 90_000);
    expect(row).toMatchObject({ attempt: 9, status_code: 500, error: null, next_attempt_at: null, delivered_at: null });
    expect((await h.attempts(row.id)).map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(h.receiver.received(sub.path)).toHaveLength(9);
  });

  it('the whole schedule of 8 retries, each pause its own, to dead: every timer the schedule\'s pause within its jitter, 9 attempts recorded', async () => {
    // Eight different pauses (the default's 5s … 10h, in tenths of a second), so a pause taken from the wrong place shows.
    const schedule = [100, 200, 300, 400, 500, 600, 700, 800];
    const sub = await subscription('whole-schedule', answers.always(503));
    const deliveryId = await h.existingDelivery(sub, leadCreated(), 'none');
    await h.startWithTiming(sub, deliveryId, { retrySchedule: schedule });
    expect(await h.client.workflow.getHandle(deliveryWorkflowId(deliveryId)).result()).toEqual({ state: 'dead', attempts: 9 });
    const pauses = await pausesOf(deliveryId);
    // Jittered by at most 10 % either way (rounded to the millisecond).
    expect(pauses.map((pause, i) => ({ pause, within: pause >= Math.floor(0.9 * schedule[i]!) && pause <= Math.ceil(1.1 * schedule[i]!) })))
      .toEqual(schedule.map((_, i) => ({ pause: pauses[i], within: true })));
    expect(await h.db.query('select state, attempt, next_attempt_at from webhook_deliveries where id = $1', [deliveryId]).then((r) => r.rows[0])).toEqual({ state: 'dead', attempt: 9, next_attempt_at: null });
    expect((await h.attempts(deliveryId)).map((a) => [a.attempt, a.status_code])).toEqual(Array.from({ length: 9 }, (_, i) => [i + 1, 503]));
    expect(h.receiver.received(sub.path)).toHaveLength(9);
  });

  it('a failed attempt leaves the delivery failed with next_attempt_at until the retry', async () => {
    const sub = await subscription('retry-after-long', answers.retryAfterFirst(503, '2'));
    const eventId = await h.raise(sub.caller, leadCreated());
    const failed = await h.settled(sub.id, eventId, 'failed');
    expect(failed).toMatchObject({ attempt: 1, status_code: 503, error: null });
    const [first] = await h.attempts(failed.id);
    // The retry's time as recorded: the attempt's start plus at least the pause Retry-After asked.
    expect(failed.next_attempt_at.getTime() - first.started_at.getTime()).toBeGreaterThanOrEqual(2000);
    await h.settled(sub.id, eventId, 'delivered');
    expect(await pausesOf(failed.id)).toEqual([2000]);
  });

  it('Retry-After of a 429 is honoured: the retry waits the asked second instead of the schedule\'s 100 ms', async () => {
    const sub = await subscription('retry-after', answers.retryAfterFirst(429, '1'));
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await h.settled(sub.id, eventId, 'delivered');
    const [first, second] = h.receiver.received(sub.path);
    expect([first!.status, second!.status]).toEqual([429, 200]);
    expect(await pausesOf(row.id)).toEqual([1000]);
  });

  it('a Retry-After beyond WEBHOOK_RETRY_AFTER_MAX (2 s here) is cut to it', async () => {
    const sub = await subscription('retry-after-cut', answers.retryAfterFirst(503, '3600'));
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await h.settled(sub.id, eventId, 'delivered');
    expect(h.receiver.received(sub.path).map((r) => r.status)).toEqual([503, 200]);
    expect(await pausesOf(row.id)).toEqual([2000]);
  });

  it('a 3xx is a failed attempt: the redirect is not followed and its target gets nothing', async () => {
    const landing = `/landing-${randomUUID().slice(0, 8)}`;
    h.receiver.route(landing);
    const sub = await subscription('redirect', answers.redirectFirst(h.receiver.url(landing)));
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await h.settled(sub.id, eventId, 'delivered');
    const [first] = await h.attempts(row.id);
    expect(first).toMatchObject({ attempt: 1, status_code: 301, error: 'redirect 301 not followed' });
    expect(h.receiver.received(landing)).toEqual([]);
    expect(h.receiver.received(sub.path)).toHaveLength(2);
  });

  it('a 4xx or 5xx answer leaves status_code set and error null; a refused connection has no status_code and says why in error', async () => {
    /** The delivery of a new tenant's event to `url`, once its first attempt is recorded (retries follow 100 ms apart). */
    const firstAttempt = async (name: string, url: string) => {
      const caller = await h.caller({ name });
      const sub = await h.subscribe(caller, { url });
      const eventId = await h.raise(caller, leadCreated());
      return eventually(`the first attempt to ${url}`, async () => {
        const row = await h.delivery(sub.id, eventId);
        return row && row.attempt >= 1 ? row : undefined;
      });
    };
    const answered = await firstAttempt('answered-404', h.receiver.route(`/answered-404-${randomUUID().slice(0, 8)}`, answers.always(404)));
    expect(answered).toMatchObject({ status_code: 404, error: null, delivered_at: null });
    expect((await h.attempts(answered.id))[0]).toMatchObject({ attempt: 1, status_code: 404, error: null });

    const refused = await firstAttempt('refused', `https://${CLOSED_HOST}/hook`);
    expect(refused).toMatchObject({ status_code: null, error: 'connection refused', delivered_at: null });
    expect((await h.attempts(refused.id))[0]).toMatchObject({ attempt: 1, status_code: null, error: 'connection refused' });
  });
});

describe('matching events to subscriptions', () => {
  it('an integration\'s event goes to its subscriptions whose patterns take the type (a paused one holds it), and nowhere else', async () => {
    const caller = await h.caller({ name: 'Matching' });
    const lead = await subscription('match-lead', answers.ok(), { of: caller });
    const exact = await subscription('match-exact', answers.ok(), { events: ['lead.created', 'task.created'], of: caller });
    const conversations = await subscription('match-conversations', answers.ok(), { events: ['conversation.*'], of: caller });
    const paused = await subscription('match-paused', answers.ok(), { of: caller });
    await h.db.query("update webhooks set status = 'paused' where id = $1", [paused.id]);
    const sibling = await subscription('match-sibling', answers.ok(), { of: { ...caller, integrationId: await secondIntegration(caller) } });
    const foreign = await subscription('match-foreign');
    const eventId = await h.raise(caller, leadCreated());
    await h.settled(lead.id, eventId, 'delivered');
    await h.settled(exact.id, eventId, 'delivered');
    const { rows } = await h.db.query('select webhook_id from webhook_deliveries where event_id = $1', [eventId]);
    expect(rows.map((r) => r.webhook_id).sort()).toEqual([lead.id, exact.id, paused.id].sort());
    for (const s of [conversations, paused, sibling, foreign]) expect(h.receiver.received(s.path)).toEqual([]);
    expect((await h.db.query('select relayed_at from outbox_events where id = $1', [eventId])).rows[0].relayed_at).toBeInstanceOf(Date);

    // An event of the tenant itself (no integration) goes to every integration's subscriptions.
    const tenantWide = await h.raise(caller, { ...leadCreated(), integrationId: null });
    await h.settled(sibling.id, tenantWide, 'delivered');
    await h.settled(lead.id, tenantWide, 'delivered');
  });

  it('a webhook.test event goes only to its target, whatever its patterns, with livemode false', async () => {
    const target = await subscription('test-target', answers.ok(), { events: ['article.*'] });
    const bystander = await subscription('test-bystander', answers.ok(), { events: ['webhook.*'], of: target.caller });
    const eventId = await h.raise(target.caller, { type: 'webhook.test', ...EVENTS['webhook.test']({ webhook_id: target.id }), livemode: false, targetWebhookId: target.id });
    const [request] = await h.receiver.waitFor(target.path, 1);
    expect(JSON.parse(request!.rawBody.toString())).toMatchObject({ id: eventId, type: 'webhook.test', livemode: false, data: { webhook_id: target.id } });
    await h.settled(target.id, eventId, 'delivered');
    expect(await h.delivery(bystander.id, eventId)).toBeUndefined();
  });

  it('include_pii: the body adds the lead\'s contact and the disclosure log gets one row for the delivery; a thin subscription stays thin', async () => {
    const pii = await subscription('pii', answers.failFirst(1), { includePii: true });
    const thin = await subscription('thin', answers.ok(), { of: pii.caller });
    const event = leadCreated();
    const eventId = await h.raise(pii.caller, event);
    const row = await h.settled(pii.id, eventId, 'delivered');
    await h.settled(thin.id, eventId, 'delivered');
    const [withPii] = h.receiver.received(pii.path);
    const [without] = h.receiver.received(thin.path);
    expect(JSON.parse(withPii!.rawBody.toString()).data).toEqual({ ...JSON.parse(without!.rawBody.toString()).data, contact: event.lead.contact });
    expect(JSON.parse(without!.rawBody.toString()).data.contact).toBeUndefined();
    const { rows } = await h.db.query("select * from disclosure_log where integration_id = $1 and channel = 'webhook' and request_id = $2", [pii.caller.integrationId, row.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ route: 'lead.created', resource_type: 'lead', recipient_country: 'RU', key_id: null });
    expect(rows[0].resource_ids.sort()).toEqual([event.lead.lead_id, event.lead.contact_id, event.lead.conversation_id].sort());
    const thinRow = await h.delivery(thin.id, eventId);
    expect((await h.db.query('select count(*)::int as n from disclosure_log where request_id = $1', [thinRow.id])).rows[0].n).toBe(0);
  });
});

describe('replay and several relays', () => {
  it('a replay (a new delivery row of the same event, then wakeRelay) re-sends with the same Svc-Event-Id and body', async () => {
    const sub = await subscription('replay');
    const eventId = await h.raise(sub.caller, leadCreated());
    const original = await h.settled(sub.id, eventId, 'delivered');
    const replayId = randomUUID();
    await h.db.query(
      `insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, state, attempt, replay_of, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'lead.created', 'pending', 0, $6, now(), now())`,
      [replayId, sub.caller.tenantId, sub.caller.integrationId, sub.id, eventId, original.id],
    );
    await wakeRelay(h.services.redis);
    const [first, second] = await h.receiver.waitFor(sub.path, 2);
    expect(second!.eventId).toBe(eventId);
    expect(second!.rawBody.toString()).toBe(first!.rawBody.toString());
    const replay = await eventually('the replay to be delivered', async () => {
      const r = (await h.db.query('select * from webhook_deliveries where id = $1', [replayId])).rows[0];
      return r.state === 'delivered' ? r : undefined;
    });
    expect(replay).toMatchObject({ attempt: 1, replay_of: original.id });
    expect(replay.workflow_started_at).toBeInstanceOf(Date);
  });

  it('three relays at once deliver each of 40 events exactly once', async () => {
    const sub = await subscription('relays');
    const more = [new OutboxRelay(h.services), new OutboxRelay(h.services)];
    await Promise.all(more.map((r) => r.start()));
    try {
      const ids = await Promise.all(Array.from({ length: 40 }, () => h.raise(sub.caller, leadCreated())));
      await eventually('40 deliveries', async () => {
        const { rows } = await h.db.query("select count(*)::int as n from webhook_deliveries where webhook_id = $1 and state = 'delivered'", [sub.id]);
        return rows[0].n === 40 ? true : undefined;
      });
      // One delivery row and one workflow per event, each delivered by its first attempt. The
      // receiver sees every event; an attempt repeated because the worker's step failed after the
      // POST (a database round trip refused under load) may repeat an event with the same
      // Svc-Event-Id, which spec 01 asks receivers to skip: at least once, never a second delivery.
      const requests = h.receiver.received(sub.path);
      expect([...new Set(requests.map((r) => r.eventId))].sort()).toEqual([...ids].sort());
      const { rows } = await h.db.query('select count(*)::int as n, count(distinct event_id)::int as events, max(attempt) as max from webhook_deliveries where webhook_id = $1', [sub.id]);
      expect(rows[0]).toEqual({ n: 40, events: 40, max: 1 });
    } finally {
      await Promise.all(more.map((r) => r.stop()));
    }
  });
});

describe('observability', () => {
  it('an operator finds a delivery in Temporal by webhook, with its state', async () => {
    const sub = await subscription('visibility', answers.always(410));
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await h.settled(sub.id, eventId, 'dead', 90_000);
    const found = await eventually('the workflow in visibility with state dead', async () => {
      const list = [];
      for await (const wf of h.client.workflow.list({ query: `WebhookId = "${sub.id}" AND DeliveryState = "dead"` })) list.push(wf);
      return list.length ? list : undefined;
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ workflowId: `delivery:${row.id}`, type: 'deliveryWorkflow', taskQueue: taskQueueOf(h.taskQueue, 'deliveries') });
    expect(found[0]!.typedSearchAttributes.get(WEBHOOK_ID)).toBe(sub.id);
    expect(await h.client.workflow.getHandle(`delivery:${row.id}`).result()).toEqual({ state: 'dead', attempts: 9 });
  });

  it('metrics count delivery states and attempt latency, and the outbox lag is 0 once everything is relayed', async () => {
    const read = async () => {
      const text = await h.services.metrics.registry.metrics();
      const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
      return {
        pending: value(/^webhook_delivery_transitions_total\{state="pending"\} (\d+)/m),
        failed: value(/^webhook_delivery_transitions_total\{state="failed"\} (\d+)/m),
        delivered: value(/^webhook_delivery_transitions_total\{state="delivered"\} (\d+)/m),
        latencyFailed: value(/^webhook_attempt_duration_seconds_count\{outcome="failed"\} (\d+)/m),
        latencyDelivered: value(/^webhook_attempt_duration_seconds_count\{outcome="delivered"\} (\d+)/m),
        lag: value(/^webhook_outbox_lag_seconds (\S+)/m),
      };
    };
    const before = await read();
    const sub = await subscription('metrics', answers.failFirst(1));
    const eventId = await h.raise(sub.caller, leadCreated());
    await h.settled(sub.id, eventId, 'delivered');
    await h.engine!.relay.runOnce();
    const after = await read();
    expect(after.pending - before.pending).toBe(1);
    expect(after.failed - before.failed).toBe(1);
    expect(after.delivered - before.delivered).toBe(1);
    expect(after.latencyFailed - before.latencyFailed).toBe(1);
    expect(after.latencyDelivered - before.latencyDelivered).toBe(1);
    expect(after.lag).toBe(0);
  });
});

describe('the delivery-log retention Schedule', () => {
  it('starts deliveryLogRetention, which removes ended deliveries whose last change is over 30 days old, with their attempts; a held one stays and goes out when its hold ends', async () => {
    const sub = await subscription('retention');
    const [oldEvent, newEvent, deadEvent] = [await h.raise(sub.caller, leadCreated()), await h.raise(sub.caller, leadCreated()), await h.raise(sub.caller, leadCreated())];
    const old = await h.settled(sub.id, oldEvent, 'delivered');
    const recent = await h.settled(sub.id, newEvent, 'delivered');
    const dead = await h.settled(sub.id, deadEvent, 'delivered');
    // Delivered 40 days ago: past the retention. Created 40 days ago but dead (replayable) only since 2 days: kept.
    await h.db.query("update webhook_deliveries set created_at = now() - interval '40 days', updated_at = now() - interval '40 days' where id = $1", [old.id]);
    await h.db.query("update webhook_deliveries set state = 'dead', created_at = now() - interval '40 days', updated_at = now() - interval '2 days' where id = $1", [dead.id]);
    // Held for 40 days by a paused subscription: owed, not expired (spec 01: postponed, not lost).
    const paused = await subscription('retention-held');
    await h.db.query("update webhooks set status = 'paused' where id = $1", [paused.id]);
    const held = { id: await h.existingDelivery(paused, leadCreated()) };
    await eventually('the delivery to be held', async () => ((await h.visibleState(held.id).catch(() => undefined)) === 'held' ? true : undefined));
    await h.db.query("update webhook_deliveries set created_at = now() - interval '40 days', updated_at = now() - interval '40 days' where id = $1", [held.id]);

    const schedule = h.client.schedule.getHandle(h.worker!.scheduleIds.retention);
    const described = await schedule.describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'deliveryLogRetention', taskQueue: taskQueueOf(h.taskQueue, 'batch'), args: [30] });
    expect(described.spec.intervals).toEqual([expect.objectContaining({ every: 3600_000 })]);
    await schedule.trigger();
    const started = await eventually('the triggered clean-up', async () => (await schedule.describe()).info.recentActions[0]?.action.workflow);
    const result = await h.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId).result();
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const kept = (await h.db.query('select id from webhook_deliveries where id = any($1)', [[old.id, recent.id, dead.id, held.id]])).rows.map((r) => r.id);
    expect(kept.sort()).toEqual([recent.id, dead.id, held.id].sort());
    expect(await h.attempts(old.id)).toEqual([]);
    expect(await h.attempts(recent.id)).toHaveLength(1);
    expect(await h.attempts(dead.id)).toHaveLength(1);

    await h.db.query("update webhooks set status = 'active' where id = $1", [paused.id]);
    await signalRecheck(h.client, held.id);
    const sent = await eventually('the held delivery to go out', async () => {
      const row = (await h.db.query('select state, attempt from webhook_deliveries where id = $1', [held.id])).rows[0];
      return row?.state === 'delivered' ? row : undefined;
    });
    expect(sent).toEqual({ state: 'delivered', attempt: 1 });
    expect(h.receiver.received(paused.path)).toHaveLength(1);
  }, 120_000);
});
