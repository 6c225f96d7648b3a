import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { PinnedClock } from '../../src/clock.js';
import type { DeliveryState } from '../../src/entities/webhook.js';
import { HOOKS_ENV, HeldWorkflows, newWebhook, seedDelivery } from './webhooks-fixtures.js';

const clock = new PinnedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
let api: TestApi;
let sql: pg.Client;
let held: HeldWorkflows;

beforeAll(async () => {
  api = await startApi({ ...HOOKS_ENV, WEBHOOK_RESOLVE: 'hooks.test=127.0.0.1,other.test=127.0.0.2' }, { clock });
  sql = await sqlClient();
  held = new HeldWorkflows(api.services);
});
afterAll(async () => {
  await held.terminateAll();
  await sql.end();
  await api.close();
});

const patch = (who: Caller, id: string, body: unknown) => call(api.base, 'PATCH', `/webhooks/${id}`, { key: who.apiKey, body });
const del = (who: Caller, id: string) => call(api.base, 'DELETE', `/webhooks/${id}`, { key: who.apiKey });
const get = (who: Caller, id: string) => call(api.base, 'GET', `/webhooks/${id}`, { key: who.apiKey });

/** One delivery in each state, each with a running workflow that records what it is sent. */
async function deliveriesInEveryState(hook: Record<string, any>, who: Caller) {
  const out = {} as Record<DeliveryState, string>;
  for (const state of ['pending', 'failed', 'delivered', 'dead'] as const) {
    const delivery = await seedDelivery(api.services, hook, who, { state });
    await held.start(delivery);
    out[state] = delivery.id;
  }
  return out;
}

describe('PATCH /webhooks/{id}', () => {
  it('changes the fields sent, keeps the others, and moves updated_at (not created_at)', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller, { description: 'first' });
    clock.advance(60_000);
    const res = await patch(caller, hook.id, { url: 'https://other.test/v2', events: ['lead.*', 'task.created'], description: 'second' });
    expect(res.status).toBe(200);
    const { secret: _, ...before } = hook;
    expect(res.body).toEqual({
      ...before, url: 'https://other.test/v2', events: ['lead.*', 'task.created'], description: 'second',
      updated_at: clock.now().toISOString(),
    });
    expect(res.body.created_at).toBe(hook.created_at);
    expect((await get(caller, hook.id)).body).toEqual(res.body);
  });

  it('description null clears it', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller, { description: 'to clear' });
    expect((await patch(caller, hook.id, { description: null })).body.description).toBeNull();
  });

  it('status paused, then active again', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    expect((await patch(caller, hook.id, { status: 'paused' })).body.status).toBe('paused');
    expect((await get(caller, hook.id)).body.status).toBe('paused');
    expect((await patch(caller, hook.id, { status: 'active' })).body.status).toBe('active');
  });

  it('an empty body answers 422 validation_failed: at least one field must be sent', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    expectProblem(await patch(caller, hook.id, {}), 'validation_failed', { errors: [{ field: '', code: 'required', message: 'Send at least one of url, events, include_pii, description, status, max_per_second.' }] });
  });

  it.each<[string, Record<string, unknown>, { field: string; code: string }[]]>([
    ['an unknown status', { status: 'deleted' }, [{ field: '/status', code: 'not_supported' }]],
    ['an unknown event type', { events: ['lead.created', 'lead.removed'] }, [{ field: '/events/1', code: 'not_supported' }]],
    ['no events', { events: [] }, [{ field: '/events', code: 'out_of_range' }]],
    ['a description of 201 characters', { description: 'x'.repeat(201) }, [{ field: '/description', code: 'out_of_range' }]],
    ['a field that is not settable', { secret: 'whsec_mine' }, [{ field: '/secret', code: 'unknown_field' }]],
    ['a url that is not https', { url: 'http://hooks.test/x' }, [{ field: '/url', code: 'not_allowed' }]],
  ])('%s answers 422 validation_failed and changes nothing', async (_, body, errors) => {
    const caller = await newCaller(api.services);
    const { secret: _s, ...hook } = await newWebhook(api, caller);
    expectProblem(await patch(caller, hook.id, body), 'validation_failed', { errors: errors.map((e) => ({ ...e, message: expect.any(String) })) });
    expect((await get(caller, hook.id)).body).toEqual(hook);
  });

  it.each([['not-a-uuid'], ['7c9e6679-7425-40de-944b-e07fc1f90ae7']])('id %s answers 404 not_found', async (id) => {
    expectProblem(await patch(await newCaller(api.services), id, { status: 'paused' }), 'not_found');
  });

  it('paused -> active signals the pending and failed deliveries it was holding, and no others', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const ids = await deliveriesInEveryState(hook, caller);
    await patch(caller, hook.id, { status: 'paused' });
    expect(await held.received(ids.pending)).toEqual([]);
    expect((await patch(caller, hook.id, { status: 'active' })).status).toBe(200);
    expect(await held.received(ids.pending)).toEqual(['signal:recheckHold']);
    expect(await held.received(ids.failed)).toEqual(['signal:recheckHold']);
    expect(await held.received(ids.delivered)).toEqual([]);
    expect(await held.received(ids.dead)).toEqual([]);
  });

  it('active -> active and other changes signal nothing', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const ids = await deliveriesInEveryState(hook, caller);
    await patch(caller, hook.id, { status: 'active' });
    await patch(caller, hook.id, { description: 'renamed' });
    expect(await held.received(ids.pending)).toEqual([]);
  });
});

describe('DELETE /webhooks/{id}', () => {
  it('answers 204 without a body; then GET and a second DELETE answer 404 not_found', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const res = await del(caller, hook.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectProblem(await get(caller, hook.id), 'not_found');
    expectProblem(await del(caller, hook.id), 'not_found');
    expect((await call(api.base, 'GET', '/webhooks', { key: caller.apiKey })).body.data).toEqual([]);
  });

  it('removes the delivery log with its attempts, and only this subscription\'s', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const kept = await newWebhook(api, caller);
    const delivery = await seedDelivery(api.services, hook, caller, { state: 'dead' });
    await sql.query('insert into webhook_delivery_attempts (delivery_id, attempt, started_at, status_code, duration_ms) values ($1, 1, now(), 500, 10)', [delivery.id]);
    await seedDelivery(api.services, kept, caller);
    expect((await del(caller, hook.id)).status).toBe(204);
    const count = async (q: string, id: string) => (await sql.query(q, [id])).rows[0].n;
    expect(await count('select count(*)::int as n from webhook_deliveries where webhook_id = $1', hook.id)).toBe(0);
    expect(await count('select count(*)::int as n from webhook_delivery_attempts where delivery_id = $1', delivery.id)).toBe(0);
    expect(await count('select count(*)::int as n from webhook_deliveries where webhook_id = $1', kept.id)).toBe(1);
  });

  it('ends the workflows of its pending and failed deliveries after the commit, not the finished ones', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const ids = await deliveriesInEveryState(hook, caller);
    expect((await del(caller, hook.id)).status).toBe(204);
    expect(await held.received(ids.pending)).toEqual(['cancel-requested']);
    expect(await held.received(ids.failed)).toEqual(['cancel-requested']);
    expect(await held.received(ids.delivered)).toEqual([]);
    expect(await held.received(ids.dead)).toEqual([]);
  });

  it('an id that is not a uuid answers 404 not_found', async () => {
    expectProblem(await del(await newCaller(api.services), 'abc'), 'not_found');
  });
});
