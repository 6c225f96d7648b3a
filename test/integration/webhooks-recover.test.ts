import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { InProcessWorker } from '../harness/in-process-worker.js';
import { eventually } from '../harness/eventually.js';
import { call, type Answer } from '../harness/http.js';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { seedDelivery } from './webhooks-fixtures.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { startDeliveryEngine } from '../../src/domain/webhooks/delivery-engine.js';
import { recoveryReplayId } from '../../src/domain/webhooks/replay.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';
import { createRecoveryActivities } from '../../activities/recovery.js';
import { settleStranded } from '../../src/domain/reconciler/stranded.js';

/**
 * Issue 38 item 3: POST /webhooks/{id}/recover, the integrator's recovery by range. It answers
 * 202 with an operation whose workflow (workflows/recovery.ts, the support console's pages)
 * redelivers the range's failed and dead deliveries once each, as the same event; an
 * overlapping range is 409 while one runs; cancel and every other way out settle the row.
 *
 * The first part runs before any worker polls (the recoveries stay queued, so the overlap and
 * the cancel are seen without racing a workflow); the worker then starts and settles them.
 */

let h: DeliveryHarness;
let api: TestApi;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false, env: { WEBHOOK_RECOVERY_PAGE: '2' } });
  api = await h.startApi({ WEBHOOK_RECOVERY_PAGE: '2' });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

/** The worker and the delivery engine, once the part that needs none has run. */
async function startWorker(): Promise<void> {
  if (h.worker) return;
  h.worker = new InProcessWorker(h.services);
  await h.worker.start();
  h.engine = await startDeliveryEngine(h.services, { eager: h.worker.eager });
}

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

function recover(who: Caller, webhookId: string, body: unknown, o: { key?: string | null; wait?: number } = {}): Promise<Answer> {
  const key = o.key === undefined ? randomUUID() : o.key;
  return call(api.base, 'POST', `/webhooks/${webhookId}/recover${o.wait === undefined ? '' : `?wait=${o.wait}`}`, {
    key: who.apiKey, body, headers: key === null ? {} : { 'idempotency-key': key },
  });
}

const operation = (who: Caller, id: string, wait = 0) => call(api.base, 'GET', `/operations/${id}?wait=${wait}`, { key: who.apiKey });

/** Waits for an operation to reach a final status; answers it. */
const finished = (who: Caller, id: string) => eventually(`operation ${id} finished`, async () => {
  const res = await operation(who, id, 5);
  return ['succeeded', 'failed', 'canceled'].includes(res.body.status) ? res.body : undefined;
}, 90_000);

const replaysOf = async (originalId: string): Promise<{ id: string; event_id: string; state: string }[]> =>
  (await h.db.query('select id, event_id, state from webhook_deliveries where replay_of = $1 order by created_at, id', [originalId])).rows;

const fieldOf = (res: Answer) => res.body.errors?.map((e: { field: string }) => e.field);

function leadCreated(leadId = randomUUID()) {
  const { data, piiData } = EVENTS['lead.created']({ lead_id: leadId, contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'N', email: 'n@example.com', phone: null } });
  return { type: 'lead.created' as const, data, piiData };
}

describe('the request', () => {
  it('is refused for a range outside the log, an until not after since, and bad formats (422 at the field)', async () => {
    const caller = await h.caller({ name: 'recover-422' });
    const sub = await h.subscribe(caller, { url: h.receiver.route(`/unused-${randomUUID().slice(0, 8)}`) });
    const cases: [unknown, string][] = [
      [{ since: ago(31 * 24 * 60).toISOString() }, '/since'],
      [{ since: ago(60).toISOString(), until: ago(90).toISOString() }, '/until'],
      [{ since: ago(60).toISOString(), until: ago(60).toISOString() }, '/until'],
      [{ since: new Date(Date.now() + 10 * MINUTE).toISOString() }, '/since'],
      [{ since: 'yesterday' }, '/since'],
      [{ since: '2026-11-28T10:00:00' }, '/since'],
      [{ since: ago(60).toISOString(), until: '2026-02-30T00:00:00Z' }, '/until'],
      [{ until: ago(60).toISOString() }, '/since'],
      [{ since: ago(60).toISOString(), limit: 5 }, '/limit'],
    ];
    for (const [body, field] of cases) {
      const res = await recover(caller, sub.id, body);
      expect([JSON.stringify(body), res.status, res.body.code, fieldOf(res)]).toEqual([JSON.stringify(body), 422, 'validation_failed', [field]]);
    }
    expect((await h.db.query("select count(*)::int as n from operations where integration_id = $1", [caller.integrationId])).rows[0].n).toBe(0);
  });

  it('needs a key (401), webhooks:manage (403), an Idempotency-Key (400), and the caller\'s own subscription (404)', async () => {
    const caller = await h.caller({ name: 'recover-auth' });
    const sub = await h.subscribe(caller, { url: h.receiver.route(`/unused-${randomUUID().slice(0, 8)}`) });
    const body = { since: ago(60).toISOString() };
    const anonymous = await call(api.base, 'POST', `/webhooks/${sub.id}/recover`, { body, headers: { 'idempotency-key': randomUUID() } });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'invalid_api_key']);
    const reader = await h.caller({ name: 'recover-reader', scopes: ['leads:read'] });
    const readersOwn = await h.subscribe(reader, { url: h.receiver.route(`/unused-${randomUUID().slice(0, 8)}`) });
    const unscoped = await recover(reader, readersOwn.id, body);
    expect([unscoped.status, unscoped.body.code]).toEqual([403, 'scope_missing']);
    const unkeyed = await recover(caller, sub.id, body, { key: null });
    expect([unkeyed.status, unkeyed.body.code]).toEqual([400, 'idempotency_key_required']);
    const other = await h.caller({ name: 'recover-other' });
    const foreign = await recover(other, sub.id, body);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found']);
    expect((await h.db.query('select count(*)::int as n from operations where integration_id = any($1::uuid[])', [[caller.integrationId, reader.integrationId, other.integrationId]])).rows[0].n).toBe(0);
  });
});

describe('recoveries that meet, and cancel', () => {
  it('answers 409 for an overlapping range while one is queued or running; cancel (the api\'s or by hand) is settled, and nothing is redelivered', async () => {
    const caller = await h.caller({ name: 'recover-overlap' });
    const sub = await h.subscribe(caller, { url: h.receiver.route(`/unused-${randomUUID().slice(0, 8)}`) });
    const hook = { id: sub.id };
    const dead = [];
    for (const minutes of [170, 150, 130]) dead.push(await seedDelivery(h.services, hook, caller, { state: 'dead', createdAt: ago(minutes) }));
    const r1 = { since: ago(180).toISOString(), until: ago(120).toISOString() };

    const first = await recover(caller, sub.id, r1);
    expect(first.status).toBe(202);
    expect(first.body.operation).toMatchObject({ type: 'webhook.recovery', status: 'queued', resource: { type: 'webhook', id: sub.id }, progress: { total: 3, redelivered: 0, skipped: 0 } });
    const a = first.body.operation.id as string;

    // The same key again is the first answer, not a second recovery nor a 409.
    const key = randomUUID();
    const keyed = await recover(caller, sub.id, { since: ago(119).toISOString(), until: ago(110).toISOString() }, { key });
    expect(keyed.status).toBe(202);
    const again = await recover(caller, sub.id, { since: ago(119).toISOString(), until: ago(110).toISOString() }, { key });
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.operation.id]).toEqual([202, 'true', keyed.body.operation.id]);

    const overlapping = await recover(caller, sub.id, { since: ago(130).toISOString(), until: ago(125).toISOString() });
    expect([overlapping.status, overlapping.body.code, overlapping.body.operation_id]).toEqual([409, 'operation_in_progress', a]);
    // Adjacent is not overlapping: [since, until) meet at a point neither holds.
    const adjacent = await recover(caller, sub.id, { since: r1.until, until: ago(119.5).toISOString() });
    expect(adjacent.status).toBe(202);
    const b = adjacent.body.operation.id as string;

    const canceled = await call(api.base, 'POST', `/operations/${a}/cancel`, { key: caller.apiKey, headers: { 'idempotency-key': randomUUID() } });
    expect([canceled.status, canceled.body.status]).toEqual([200, 'canceled']);
    const afterCancel = await recover(caller, sub.id, { since: ago(130).toISOString(), until: ago(125).toISOString() });
    expect(afterCancel.status).toBe(202);
    const c = afterCancel.body.operation.id as string;
    // Cancelled by hand (an operator in the Temporal UI): the workflow itself must settle the row.
    await h.client.workflow.getHandle(operationWorkflowId(c)).cancel();

    // A page that comes after the cancel committed (a worker that took it late) makes nothing.
    const lateInput = {
      jobId: a, operationId: a, operator: `integration ${caller.integrationId}`, webhookId: sub.id, tenantId: caller.tenantId,
      since: r1.since, until: r1.until, total: 3, max: 100, pageSize: 2,
    };
    expect(await createRecoveryActivities(h.services).recoverDeliveryPage(lateInput, null, 2)).toEqual({ replays: [], made: [], skipped: 0, next: null });

    // A run that vanished while its row said running (terminated by hand): the reconciler ends it failed.
    const stranded = await recover(caller, sub.id, { since: ago(100).toISOString(), until: ago(99).toISOString() });
    const d = stranded.body.operation.id as string;
    await h.db.query("update operations set status = 'running', started_at = now() where id = $1", [d]);
    await h.client.workflow.getHandle(operationWorkflowId(d)).terminate('lost, as a test');
    expect(await settleStranded(h.services, 'operation', d)).toBe('ended');
    const ended = (await operation(caller, d)).body;
    expect([ended.status, ended.error.code, ended.error.message]).toEqual(['failed', 'internal_error', expect.stringContaining('after 0 redeliveries')]);

    await startWorker();

    const ends = [await finished(caller, a), await finished(caller, b), await finished(caller, c), await finished(caller, keyed.body.operation.id)];
    expect(ends.map((o) => o.status)).toEqual(['canceled', 'succeeded', 'canceled', 'succeeded']);
    expect(ends[1].progress).toEqual({ total: 0, redelivered: 0, skipped: 0 });
    // Both workflows were asked to stop before a worker took them: each ended cancelled, the row settled.
    for (const id of [a, c]) expect((await h.client.workflow.getHandle(operationWorkflowId(id)).describe()).status.name).toBe('CANCELLED');
    for (const d of dead) expect(await replaysOf(d.id)).toEqual([]);
    const { rows } = await h.db.query("select id, status from operations where integration_id = $1 and status not in ('succeeded', 'failed', 'canceled')", [caller.integrationId]);
    expect(rows).toEqual([]);
  }, 120_000);
});

describe('a recovery with a receiver that was down', () => {
  it('redelivers the failed and dead deliveries of the range once each, as the same event; a second recovery sends nothing', async () => {
    await startWorker();
    const caller = await h.caller({ name: 'recover-receiver' });
    const path = `/recover-${randomUUID().slice(0, 8)}`;
    const okLead = randomUUID();
    let down = true;
    const url = h.receiver.route(path, (_nth, request) => {
      const body = JSON.parse(request.rawBody.toString('utf8'));
      return { status: down && body.data?.lead_id !== okLead ? 503 : 200 };
    });
    const sub = await h.subscribe(caller, { url, events: ['lead.*'] });
    const withCaller = { ...sub, caller };
    const since = new Date(Date.now() - 1000);

    // Outside the range: dead, never redelivered.
    const older = await seedDelivery(h.services, { id: sub.id }, caller, { state: 'dead', createdAt: ago(24 * 60) });
    const deadEvents = [await h.raise(caller, leadCreated()), await h.raise(caller, leadCreated())];
    const delivered = await h.raise(caller, leadCreated(okLead));
    for (const e of deadEvents) await h.settled(sub.id, e, 'dead');
    await h.settled(sub.id, delivered, 'delivered');
    // A delivery still retrying (its next attempt an hour away): failed counts too.
    const retryingId = await h.existingDelivery(withCaller, leadCreated(), 'none');
    await h.startWithTiming(withCaller, retryingId, { retrySchedule: Array(8).fill(3_600_000) });
    const retrying = await eventually('the retrying delivery failed once', async () => {
      const { rows } = await h.db.query('select id, event_id, state, next_attempt_at from webhook_deliveries where id = $1', [retryingId]);
      return rows[0]?.state === 'failed' && rows[0].next_attempt_at ? rows[0] : undefined;
    });
    const originals = [...await Promise.all(deadEvents.map((e) => h.delivery(sub.id, e))), retrying];
    down = false;

    const started = await recover(caller, sub.id, { since: since.toISOString() });
    expect(started.status).toBe(202);
    expect(started.body.operation).toMatchObject({ type: 'webhook.recovery', progress: { total: 3, redelivered: 0, skipped: 0 } });
    const opId = started.body.operation.id as string;
    const done = await finished(caller, opId);
    expect(done).toMatchObject({ status: 'succeeded', resource: { type: 'webhook', id: sub.id }, progress: { total: 3, redelivered: 3, skipped: 0 } });

    for (const original of originals) {
      const replays = await replaysOf(original.id);
      expect(replays.map((r) => [r.id, r.event_id])).toEqual([[recoveryReplayId(opId, original.id), original.event_id]]);
      await h.settled(sub.id, original.event_id, original.state); // the original stays as it was
      await eventually(`the redelivery of ${original.event_id} delivered`, async () => ((await replaysOf(original.id))[0]?.state === 'delivered' ? true : undefined), 60_000);
      const got = h.receiver.received(path).filter((r) => r.eventId === original.event_id);
      // Every request carried the event's own id; the last, the redelivery, was answered 200.
      expect(got.at(-1)!.status).toBe(200);
      expect(got.filter((r) => r.status === 200)).toHaveLength(1);
    }
    expect(h.receiver.received(path).filter((r) => r.eventId === delivered)).toHaveLength(1);
    expect(await replaysOf(older.id)).toEqual([]);

    // The same range again: each event was redelivered already, so nothing goes.
    const second = await recover(caller, sub.id, { since: since.toISOString() }, { wait: 20 });
    const secondDone = second.status === 200 ? second.body.operation : await finished(caller, second.body.operation.id);
    expect(secondDone).toMatchObject({ status: 'succeeded', progress: { total: 0, redelivered: 0, skipped: 3 } });
    for (const original of originals) expect(await replaysOf(original.id)).toHaveLength(1);

    await h.client.workflow.getHandle(deliveryWorkflowId(retryingId)).terminate('test over').catch(() => undefined);
  }, 180_000);
});
