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
import { SecretBox } from '../../src/domain/webhooks/secret-box.js';
import { OUTBOX_CHANNEL } from '../../src/domain/events/outbox-wakeup.js';
import { channelName } from '../../src/redis.js';
import { HOOKS_ENV, idempotencyKey, newWebhook } from './webhooks-fixtures.js';

const HOUR = 3600 * 1000;
const clock = new PinnedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
let api: TestApi;
let sql: pg.Client;
let box: SecretBox;
let doc: Schema;

beforeAll(async () => {
  // A Redis prefix of its own: the relay wake-ups it listens for are this file's only.
  api = await startApi({ ...HOOKS_ENV, ...ownShare('webhooks-rotation-and-test').env }, { clock });
  sql = await sqlClient();
  box = new SecretBox(api.services.config.webhooks.secretKey);
  doc = (await call(api.base, 'GET', '/openapi.json')).body;
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

const rotate = (who: Caller, id: string, key?: string) =>
  call(api.base, 'POST', `/webhooks/${id}/rotate-secret`, { key: who.apiKey, headers: key ? { 'idempotency-key': key } : {} });
const sendTest = (who: Caller, id: string, key?: string) =>
  call(api.base, 'POST', `/webhooks/${id}/test`, { key: who.apiKey, headers: key ? { 'idempotency-key': key } : {} });
const get = (who: Caller, id: string) => call(api.base, 'GET', `/webhooks/${id}`, { key: who.apiKey });

/** The signing secrets as stored, opened with the configured key. */
async function stored(id: string): Promise<{ current: string; previous: string | null; expiresAt: Date | null }> {
  const { rows } = await sql.query('select secret_sealed, previous_secret_sealed, previous_secret_expires_at from webhooks where id = $1', [id]);
  const row = rows[0];
  return { current: box.open(row.secret_sealed), previous: row.previous_secret_sealed ? box.open(row.previous_secret_sealed) : null, expiresAt: row.previous_secret_expires_at };
}

describe('POST /webhooks/{id}/rotate-secret', () => {
  it('answers 200 WebhookWithSecret with a new secret; the old one stays valid 24 hours', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    clock.advance(5 * 60_000);
    const rotatedAt = clock.now();
    const res = await rotate(caller, hook.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: hook.id, secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{40}$/),
      secret_rotated_at: rotatedAt.toISOString(),
      previous_secret_expires_at: new Date(rotatedAt.getTime() + 24 * HOUR).toISOString(),
      updated_at: rotatedAt.toISOString(), created_at: hook.created_at,
    });
    expect(res.body.secret).not.toBe(hook.secret);
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/WebhookWithSecret' }, doc)).toEqual([]);
    expect(await stored(hook.id)).toEqual({ current: res.body.secret, previous: hook.secret, expiresAt: new Date(rotatedAt.getTime() + 24 * HOUR) });
  });

  it('stores both secrets sealed, never in plain text', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const { secret } = (await rotate(caller, hook.id)).body;
    const { rows } = await sql.query('select secret_sealed, previous_secret_sealed from webhooks where id = $1', [hook.id]);
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    expect(JSON.stringify(rows[0])).not.toContain(hook.secret);
    expect(rows[0].secret_sealed).toMatch(/^v1\./);
    expect(rows[0].previous_secret_sealed).toMatch(/^v1\./);
  });

  it('GET shows when the old secret stops working: until the last millisecond of the 24 hours, then null', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const rotatedAt = clock.now();
    const { secret } = (await rotate(caller, hook.id)).body;
    const expiresAt = new Date(rotatedAt.getTime() + 24 * HOUR).toISOString();
    const shown = async () => (await get(caller, hook.id)).body;
    expect(await shown()).toMatchObject({ previous_secret_expires_at: expiresAt, secret_rotated_at: rotatedAt.toISOString() });
    expect(JSON.stringify(await shown())).not.toContain(secret);
    clock.advance(24 * HOUR - 1);
    expect((await shown()).previous_secret_expires_at).toBe(expiresAt);
    clock.advance(1);
    expect(await shown()).toMatchObject({ previous_secret_expires_at: null, secret_rotated_at: rotatedAt.toISOString() });
    expect((await call(api.base, 'GET', '/webhooks', { key: caller.apiKey })).body.data[0].previous_secret_expires_at).toBeNull();
  });

  it('a rotation inside an open window replaces the previous secret with the current one and opens a new 24 hours', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const first = (await rotate(caller, hook.id)).body;
    clock.advance(HOUR);
    const secondAt = clock.now();
    const second = (await rotate(caller, hook.id)).body;
    expect(second.previous_secret_expires_at).toBe(new Date(secondAt.getTime() + 24 * HOUR).toISOString());
    expect(second.secret_rotated_at).toBe(secondAt.toISOString());
    const now = await stored(hook.id);
    expect(now).toEqual({ current: second.secret, previous: first.secret, expiresAt: new Date(secondAt.getTime() + 24 * HOUR) });
    expect([now.current, now.previous]).not.toContain(hook.secret);
  });

  it('a rotation after the window makes the current secret the previous one again', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const first = (await rotate(caller, hook.id)).body;
    clock.advance(30 * HOUR);
    const second = (await rotate(caller, hook.id)).body;
    expect((await stored(hook.id)).previous).toBe(first.secret);
    expect(second.previous_secret_expires_at).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());
  });

  it('without Idempotency-Key every call rotates', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const a = (await rotate(caller, hook.id)).body.secret;
    const b = (await rotate(caller, hook.id)).body.secret;
    expect(new Set([hook.secret, a, b]).size).toBe(3);
    expect(await stored(hook.id)).toMatchObject({ current: b, previous: a });
  });

  it('with Idempotency-Key a replay answers the same rotation with secret null and rotates nothing more', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const key = idempotencyKey();
    const first = await rotate(caller, hook.id, key);
    const again = await rotate(caller, hook.id, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual({ ...first.body, secret: null });
    expect((await stored(hook.id)).current).toBe(first.body.secret);
  });

  it('the same Idempotency-Key on another subscription answers 409 idempotency_conflict', async () => {
    const caller = await newCaller(api.services);
    const [one, two] = [await newWebhook(api, caller), await newWebhook(api, caller)];
    const key = idempotencyKey();
    expect((await rotate(caller, one.id, key)).status).toBe(200);
    expectProblem(await rotate(caller, two.id, key), 'idempotency_conflict');
    expect((await stored(two.id)).current).toBe(two.secret);
  });

  it('takes no body: a field answers 422 validation_failed', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const res = await call(api.base, 'POST', `/webhooks/${hook.id}/rotate-secret`, { key: caller.apiKey, body: { secret: 'whsec_mine' } });
    expectProblem(res, 'validation_failed', { errors: [{ field: '/secret', code: 'unknown_field', message: expect.any(String) }] });
    expect((await stored(hook.id)).current).toBe(hook.secret);
  });
});

describe('POST /webhooks/{id}/test', () => {
  let listener: Redis;
  const wakeUps: string[] = [];
  beforeAll(async () => {
    listener = api.services.redis.duplicate({ enableOfflineQueue: true });
    listener.on('message', (channel: string) => wakeUps.push(channel));
    await listener.subscribe(channelName(listener, OUTBOX_CHANNEL));
  });
  afterAll(() => listener.disconnect());

  it('answers 202 WebhookTestResult and writes a webhook.test event with livemode false for this subscription only', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller, { events: ['lead.created'] });
    const res = await sendTest(caller, hook.id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ event_id: expect.stringMatching(/^evt_[0-9A-Za-z]{24}$/), type: 'webhook.test', status: 'queued' });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/WebhookTestResult' }, doc)).toEqual([]);
    const { rows } = await sql.query('select * from outbox_events where id = $1', [res.body.event_id]);
    expect(rows[0]).toMatchObject({
      type: 'webhook.test', livemode: false, api_version: '2026-10-01', tenant_id: caller.tenantId, integration_id: caller.integrationId,
      target_webhook_id: hook.id, data: { webhook_id: hook.id, message: 'This is a test event.' }, pii_data: null,
      created_at: clock.now(),
    });
  });

  it('wakes the relay after the commit', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const before = wakeUps.length;
    expect((await sendTest(caller, hook.id)).status).toBe(202);
    await eventually('the relay\'s wake-up', async () => (wakeUps.length > before ? true : undefined), 30_000, 10);
  });

  it('each call queues another event; with Idempotency-Key a replay answers the same event and writes none', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    const count = async () => (await sql.query('select count(*)::int as n from outbox_events where target_webhook_id = $1', [hook.id])).rows[0].n;
    const a = await sendTest(caller, hook.id);
    const b = await sendTest(caller, hook.id);
    expect(a.body.event_id).not.toBe(b.body.event_id);
    expect(await count()).toBe(2);
    const key = idempotencyKey();
    const c = await sendTest(caller, hook.id, key);
    const again = await sendTest(caller, hook.id, key);
    expect({ status: again.status, body: again.body, replayed: again.headers.get('idempotent-replayed') }).toEqual({ status: 202, body: c.body, replayed: 'true' });
    expect(await count()).toBe(3);
  });

  it('a paused subscription takes a test too (it goes out once the subscription is active)', async () => {
    const caller = await newCaller(api.services);
    const hook = await newWebhook(api, caller);
    await call(api.base, 'PATCH', `/webhooks/${hook.id}`, { key: caller.apiKey, body: { status: 'paused' } });
    expect((await sendTest(caller, hook.id)).status).toBe(202);
  });

  it('a missing subscription answers 404 not_found and queues nothing', async () => {
    const caller = await newCaller(api.services);
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expectProblem(await sendTest(caller, id), 'not_found');
    expect((await sql.query('select count(*)::int as n from outbox_events where target_webhook_id = $1', [id])).rows[0].n).toBe(0);
  });
});
