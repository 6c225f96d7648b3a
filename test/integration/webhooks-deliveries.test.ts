import type pg from 'pg';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../harness/eventually.js';
import { startApi, type TestApi } from '../harness/app.js';
import { ownShare } from '../harness/isolation.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { PinnedClock } from '../../src/clock.js';
import type { WebhookDelivery } from '../../src/entities/webhook.js';
import { OUTBOX_CHANNEL } from '../../src/domain/events/outbox-wakeup.js';
import { channelName } from '../../src/redis.js';
import { HOOKS_ENV, idempotencyKey, newWebhook, seedDelivery } from './webhooks-fixtures.js';

const T0 = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000);
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const clock = new PinnedClock(at(60));
let api: TestApi;
let sql: pg.Client;
let doc: Schema;

beforeAll(async () => {
  // A Redis prefix of its own: the relay wake-ups it listens for are this file's only.
  api = await startApi({ ...HOOKS_ENV, ...ownShare('webhooks-deliveries').env }, { clock });
  sql = await sqlClient();
  doc = (await call(api.base, 'GET', '/openapi.json')).body;
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

const log = (who: Caller, id: string, query = '') => call(api.base, 'GET', `/webhooks/${id}/deliveries${query}`, { key: who.apiKey });
const redeliver = (who: Caller, id: string, deliveryId: string, key: string | null = idempotencyKey()) =>
  call(api.base, 'POST', `/webhooks/${id}/deliveries/${deliveryId}/redeliver`, { key: who.apiKey, headers: key ? { 'idempotency-key': key } : {} });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

describe('GET /webhooks/{id}/deliveries', () => {
  let caller: Caller;
  let hook: Record<string, any>;
  let d: Record<string, WebhookDelivery>;
  beforeAll(async () => {
    caller = await newCaller(api.services);
    hook = await newWebhook(api, caller);
    d = {
      delivered: await seedDelivery(api.services, hook, caller, { state: 'delivered', createdAt: at(1) }),
      // Written before a 5xx answer stopped filling error: its "HTTP 503" is not shown (decisions: "A 4xx or 5xx answer is no delivery error").
      failed: await seedDelivery(api.services, hook, caller, { state: 'failed', createdAt: at(2), attempt: 3, statusCode: 503, error: 'HTTP 503' }),
      dead: await seedDelivery(api.services, hook, caller, { state: 'dead', createdAt: at(3), attempt: 9, statusCode: null, error: 'connection refused' }),
      pending: await seedDelivery(api.services, hook, caller, { state: 'pending', createdAt: at(4), attempt: 0, statusCode: null }),
    };
    // Another subscription's log stays apart.
    await seedDelivery(api.services, await newWebhook(api, caller), caller, { createdAt: at(5) });
  });

  it('lists the log newest first, each delivery with exactly the fields of the spec table', async () => {
    const res = await log(caller, hook.id);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([d.pending!.id, d.dead!.id, d.failed!.id, d.delivered!.id]);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data[2]).toEqual({
      id: d.failed!.id, event_id: d.failed!.eventId, state: 'failed', held: false, hold_reason: null, attempt: 3, status_code: 503, duration_ms: 12, error: null,
      next_attempt_at: new Date(at(2).getTime() + 300_000).toISOString(), delivered_at: null, created_at: at(2).toISOString(), livemode: true,
    });
    expect(res.body.data[3]).toMatchObject({ state: 'delivered', status_code: 200, delivered_at: at(1).toISOString(), next_attempt_at: null, error: null });
    // No answer: the error says why, as stored.
    expect(res.body.data[1]).toMatchObject({ state: 'dead', status_code: null, error: 'connection refused' });
    expect(res.body.data[0]).toMatchObject({ state: 'pending', attempt: 0, status_code: null });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/WebhookDeliveryPage' }, doc)).toEqual([]);
  });

  it.each([
    ['state=dead', () => [d.dead!.id]],
    ['state=failed', () => [d.failed!.id]],
    ['event_id', () => [d.delivered!.id]],
    ['created_after (strictly later)', () => [d.pending!.id, d.dead!.id]],
    ['state and created_after together', () => [d.dead!.id]],
  ])('filters by %s', async (name, expected) => {
    const query = {
      'state=dead': '?state=dead',
      'state=failed': '?state=failed',
      event_id: `?event_id=${d.delivered!.eventId}`,
      'created_after (strictly later)': `?created_after=${encodeURIComponent(at(2).toISOString())}`,
      'state and created_after together': `?state=dead&created_after=${encodeURIComponent(at(2).toISOString())}`,
    }[name]!;
    expect(ids(await log(caller, hook.id, query))).toEqual(expected());
  });

  it('pages newest first with limit and next_cursor, without losing or repeating one', async () => {
    const first = await log(caller, hook.id, '?limit=3');
    expect(ids(first)).toEqual([d.pending!.id, d.dead!.id, d.failed!.id]);
    const second = await log(caller, hook.id, `?limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(ids(second)).toEqual([d.delivered!.id]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('keeps deliveries created in the same millisecond in order (id descending) across pages', async () => {
    const sameTime = await newWebhook(api, caller);
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await seedDelivery(api.services, sameTime, caller, { createdAt: at(10) }));
    const expected = rows.map((r) => r.id).sort().reverse();
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await log(caller, sameTime.id, `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...ids(page));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('a cursor is bound to its filters and its subscription: otherwise 422 at /cursor', async () => {
    const first = await log(caller, hook.id, '?limit=1');
    const cursor = encodeURIComponent(first.body.next_cursor);
    const cursorProblem = { errors: [{ field: '/cursor', code: 'invalid_format', message: expect.any(String) }] };
    expectProblem(await log(caller, hook.id, `?limit=1&state=dead&cursor=${cursor}`), 'validation_failed', cursorProblem);
    const other = await newWebhook(api, caller);
    expectProblem(await log(caller, other.id, `?limit=1&cursor=${cursor}`), 'validation_failed', cursorProblem);
  });

  it.each<[string, string, string]>([
    ['an unknown state', '?state=lost', '/state'],
    ['created_after that is not a time', '?created_after=yesterday', '/created_after'],
    ['created_after without a zone', '?created_after=2026-01-01T10:00:00', '/created_after'],
    ['limit 0', '?limit=0', '/limit'],
    ['limit 101', '?limit=101', '/limit'],
    ['an unknown parameter', '?status=dead', '/status'],
  ])('%s answers 422 validation_failed at the parameter', async (_, query, field) => {
    const res = await log(caller, hook.id, query);
    expectProblem(res, 'validation_failed', { errors: [{ field, code: expect.any(String), message: expect.any(String) }] });
  });

  it('an empty log is an empty page', async () => {
    expect((await log(caller, (await newWebhook(api, caller)).id)).body).toEqual({ data: [], next_cursor: null });
  });

  it.each([['not-a-uuid'], ['7c9e6679-7425-40de-944b-e07fc1f90ae7']])('webhook %s answers 404 not_found', async (id) => {
    expectProblem(await log(caller, id), 'not_found');
  });
});

describe('POST /webhooks/{id}/deliveries/{delivery_id}/redeliver', () => {
  let caller: Caller;
  let hook: Record<string, any>;
  beforeAll(async () => {
    caller = await newCaller(api.services);
    hook = await newWebhook(api, caller);
  });

  it.each([['dead'], ['failed'], ['delivered']] as const)('a %s delivery is delivered again: 202 with the new delivery, same event, pending, attempt 0', async (state) => {
    const original = await seedDelivery(api.services, hook, caller, { state, createdAt: at(20) });
    clock.advance(1000);
    const res = await redeliver(caller, hook.id, original.id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), event_id: original.eventId, state: 'pending', held: false, hold_reason: null, attempt: 0, status_code: null, duration_ms: null,
      error: null, next_attempt_at: null, delivered_at: null, created_at: clock.now().toISOString(), livemode: true,
    });
    expect(res.body.id).not.toBe(original.id);
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/WebhookDelivery' }, doc)).toEqual([]);
    const { rows } = await sql.query('select webhook_id, event_id, event_type, replay_of, tenant_id, integration_id from webhook_deliveries where id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ webhook_id: hook.id, event_id: original.eventId, event_type: 'lead.created', replay_of: original.id, tenant_id: caller.tenantId, integration_id: caller.integrationId });
    const kept = await sql.query('select state, attempt from webhook_deliveries where id = $1', [original.id]);
    expect(kept.rows[0]).toEqual({ state, attempt: 1 });
  });

  it('the new delivery heads the log, and both are found by the event id', async () => {
    const original = await seedDelivery(api.services, hook, caller, { state: 'dead', createdAt: at(21) });
    clock.advance(1000);
    const replay = (await redeliver(caller, hook.id, original.id)).body;
    expect(ids(await log(caller, hook.id, '?limit=1'))).toEqual([replay.id]);
    expect(ids(await log(caller, hook.id, `?event_id=${original.eventId}`))).toEqual([replay.id, original.id]);
  });

  it('wakes the relay after the commit', async () => {
    const listener: Redis = api.services.redis.duplicate({ enableOfflineQueue: true });
    let wakeUps = 0;
    listener.on('message', () => { wakeUps += 1; });
    await listener.subscribe(channelName(listener, OUTBOX_CHANNEL));
    try {
      const original = await seedDelivery(api.services, hook, caller, { state: 'dead' });
      expect((await redeliver(caller, hook.id, original.id)).status).toBe(202);
      await eventually('the relay\'s wake-up', async () => (wakeUps > 0 ? true : undefined), 30_000, 10);
    } finally {
      listener.disconnect();
    }
  });

  it('while the original is still pending answers 409 invalid_state and creates nothing', async () => {
    const original = await seedDelivery(api.services, hook, caller, { state: 'pending' });
    expectProblem(await redeliver(caller, hook.id, original.id), 'invalid_state');
    expect((await sql.query('select count(*)::int as n from webhook_deliveries where replay_of = $1', [original.id])).rows[0].n).toBe(0);
  });

  it('needs an Idempotency-Key: without it 400 idempotency_key_required', async () => {
    const original = await seedDelivery(api.services, hook, caller, { state: 'dead' });
    expectProblem(await redeliver(caller, hook.id, original.id, null), 'idempotency_key_required');
    expect((await sql.query('select count(*)::int as n from webhook_deliveries where replay_of = $1', [original.id])).rows[0].n).toBe(0);
  });

  it('a retry with the same key answers the same delivery and delivers once', async () => {
    const original = await seedDelivery(api.services, hook, caller, { state: 'dead' });
    const key = idempotencyKey();
    const first = await redeliver(caller, hook.id, original.id, key);
    const again = await redeliver(caller, hook.id, original.id, key);
    expect({ status: again.status, body: again.body, replayed: again.headers.get('idempotent-replayed') }).toEqual({ status: 202, body: first.body, replayed: 'true' });
    expect((await sql.query('select count(*)::int as n from webhook_deliveries where replay_of = $1', [original.id])).rows[0].n).toBe(1);
  });

  it('a delivery of another subscription, a missing one and a malformed id answer 404 not_found', async () => {
    const other = await newWebhook(api, caller);
    const elsewhere = await seedDelivery(api.services, other, caller, { state: 'dead' });
    expectProblem(await redeliver(caller, hook.id, elsewhere.id), 'not_found');
    expectProblem(await redeliver(caller, hook.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7'), 'not_found');
    expectProblem(await redeliver(caller, hook.id, 'nope'), 'not_found');
    expect((await sql.query('select count(*)::int as n from webhook_deliveries where replay_of = $1', [elsewhere.id])).rows[0].n).toBe(0);
  });

  it("another integration's delivery answers 404 not_found", async () => {
    const stranger = await newCaller(api.services);
    const original = await seedDelivery(api.services, hook, caller, { state: 'dead' });
    expectProblem(await redeliver(stranger, hook.id, original.id), 'not_found');
  });
});

describe('a held delivery in GET /webhooks/{id}/deliveries', () => {
  it('keeps its state (pending or failed) and shows held: true with the hold_reason while the hold lasts', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const pending = await seedDelivery(api.services, hook, caller, { state: 'pending', createdAt: at(1), attempt: 0, statusCode: null });
    const failed = await seedDelivery(api.services, hook, caller, { state: 'failed', createdAt: at(2), attempt: 2 });
    const delivered = await seedDelivery(api.services, hook, caller, { state: 'delivered', createdAt: at(3) });
    const holds = async () => {
      const res = await log(caller, hook.id);
      expect(schemaErrors(res.body, { $ref: '#/components/schemas/WebhookDeliveryPage' }, doc)).toEqual([]);
      return Object.fromEntries(res.body.data.map((x: any) => [x.id, { state: x.state, held: x.held, hold_reason: x.hold_reason }]));
    };
    const shown = (reason: string | null) => ({
      [pending.id]: { state: 'pending', held: reason !== null, hold_reason: reason },
      [failed.id]: { state: 'failed', held: reason !== null, hold_reason: reason },
      [delivered.id]: { state: 'delivered', held: false, hold_reason: null },
    });
    expect(await holds()).toEqual(shown(null));

    const patch = (status: string) => call(api.base, 'PATCH', `/webhooks/${hook.id}`, { key: caller.apiKey, body: { status } });
    expect((await patch('paused')).status).toBe(200);
    expect(await holds()).toEqual(shown('subscription_paused'));
    expect((await patch('active')).status).toBe(200);

    // The integration loses the read scope lead events need: held until it comes back.
    await sql.query("update integrations set scopes = array_remove(scopes, 'leads:read') where id = $1", [caller.integrationId]);
    expect(await holds()).toEqual(shown('scope_missing'));
    await sql.query("update integrations set scopes = array_append(scopes, 'leads:read') where id = $1", [caller.integrationId]);
    expect(await holds()).toEqual(shown(null));
  });
});

describe('held in GET /me/status and in the delivery log', () => {
  it('is one definition: a delivery held once and released since is held in neither; held again, in both', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const pending = await seedDelivery(api.services, hook, caller, { state: 'pending', createdAt: at(1), attempt: 0, statusCode: null });
    const failed = await seedDelivery(api.services, hook, caller, { state: 'failed', createdAt: at(2), attempt: 2 });
    const seen = async () => {
      const logged = await log(caller, hook.id);
      const status = await call(api.base, 'GET', '/me/status', { key: caller.apiKey });
      expect(status.status).toBe(200);
      const { oldest_seconds: _, ...waiting } = status.body.webhooks.find((w: any) => w.id === hook.id).waiting;
      return { log_held: logged.body.data.filter((x: any) => x.held).length, waiting };
    };
    // Its last attempt found the failed one held for the wallet, and the pending one was queued
    // while the subscription was paused: both holds are over now (wallet fine, subscription active).
    await sql.query("update webhook_deliveries set held_at = $2, held_for = 'wallet_suspended' where id = $1", [failed.id, at(50)]);
    await sql.query('update webhook_deliveries set queued_while_paused = true where id = $1', [pending.id]);
    const released = { log_held: 0, waiting: { pending: 1, held: 0, failed: 1 } };
    expect(await seen()).toEqual(released);

    const patch = (status: string) => call(api.base, 'PATCH', `/webhooks/${hook.id}`, { key: caller.apiKey, body: { status } });
    expect((await patch('paused')).status).toBe(200);
    expect(await seen()).toEqual({ log_held: 2, waiting: { pending: 0, held: 2, failed: 0 } });
    expect((await patch('active')).status).toBe(200);
    expect(await seen()).toEqual(released);
  });

  it('counts as the log holds where the rules read other deliveries: a pause queue and the order of a key', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const delivery = (minute: number, state: 'pending' | 'failed', attempt: number) =>
      seedDelivery(api.services, hook, caller, { state, createdAt: at(minute), attempt, statusCode: attempt ? 500 : null });
    // A pause queue of three: the oldest goes first, the other two wait for it.
    for (const minute of [1, 2, 3]) {
      const queued = await delivery(minute, 'pending', 0);
      await sql.query('update webhook_deliveries set queued_while_paused = true where id = $1', [queued.id]);
    }
    // Key A: a delivery failed once holds back the two after it. Key B: failed three times, it holds nobody back.
    const keyed = async (minute: number, key: string, seq: number, state: 'pending' | 'failed', attempt: number) => {
      const d = await delivery(minute, state, attempt);
      await sql.query('update webhook_deliveries set ordering_key = $2, ordering_seq = $3 where id = $1', [d.id, key, seq]);
    };
    await keyed(4, 'conversation:a', 10, 'failed', 1);
    await keyed(5, 'conversation:a', 11, 'pending', 0);
    await keyed(6, 'conversation:a', 12, 'pending', 0);
    await keyed(7, 'conversation:b', 20, 'failed', 3);
    await keyed(8, 'conversation:b', 21, 'pending', 0);

    const logged = (await log(caller, hook.id)).body.data as { state: string; held: boolean; hold_reason: string | null }[];
    const status = await call(api.base, 'GET', '/me/status', { key: caller.apiKey });
    const { oldest_seconds: _, ...waiting } = status.body.webhooks.find((w: any) => w.id === hook.id).waiting;
    const count = (pick: (d: (typeof logged)[number]) => boolean) => logged.filter(pick).length;
    expect(logged.filter((d) => d.held).map((d) => d.hold_reason)).toEqual(Array(4).fill('earlier_delivery_first'));
    expect(waiting).toEqual({
      pending: count((d) => !d.held && d.state === 'pending'), held: count((d) => d.held), failed: count((d) => !d.held && d.state === 'failed'),
    });
    expect(waiting).toEqual({ pending: 2, held: 4, failed: 2 });
  });
});
