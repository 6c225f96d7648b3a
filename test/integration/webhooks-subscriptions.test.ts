import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { SecretBox } from '../../src/domain/webhooks/secret-box.js';
import { verifySignature, signatureHeader } from '../../src/domain/webhooks/signature.js';
import { specSignatureHeader } from '../harness/spec-signature.js';
import { HOOK_URL, HOOKS_ENV, idempotencyKey, newWebhook, postWebhook, webhookBody } from './webhooks-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;

beforeAll(async () => {
  api = await startApi(HOOKS_ENV);
  sql = await sqlClient();
  doc = (await call(api.base, 'GET', '/openapi.json')).body;
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const schemaOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('POST /webhooks', () => {
  it('answers 201 WebhookWithSecret: active, include_pii false by default, never rotated, with a whsec_ secret', async () => {
    const caller = await newCaller(api.services);
    const res = await postWebhook(api, caller, webhookBody({ events: ['lead.created', 'task.*'], description: 'CRM sync' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: HOOK_URL, events: ['lead.created', 'task.*'], include_pii: false,
      description: 'CRM sync', status: 'active', created_at: expect.any(String), updated_at: res.body.created_at,
      secret_rotated_at: null, previous_secret_expires_at: null, secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{40}$/), livemode: true,
      max_per_second: null, paused_reason: null,
    });
    expect(schemaErrors(res.body, schemaOf('WebhookWithSecret'), doc)).toEqual([]);
  });

  it('description is optional and null when not sent', async () => {
    const caller = await newCaller(api.services);
    expect((await postWebhook(api, caller)).body.description).toBeNull();
  });

  it('stores the secret sealed (AES-256-GCM under the configured key), not in plain text', async () => {
    const caller = await newCaller(api.services);
    const { id, secret } = await newWebhook(api, caller);
    const { rows } = await sql.query('select secret_sealed, previous_secret_sealed from webhooks where id = $1', [id]);
    expect(rows[0].previous_secret_sealed).toBeNull();
    expect(rows[0].secret_sealed).not.toContain(secret);
    expect(rows[0].secret_sealed).toMatch(/^v1\./);
    expect(new SecretBox(api.services.config.webhooks.secretKey).open(rows[0].secret_sealed)).toBe(secret);
    expect(() => new SecretBox('another key of at least thirty-two characters').open(rows[0].secret_sealed)).toThrow();
  });

  it('the secret it shows is the one a receiver verifies signatures with', async () => {
    const caller = await newCaller(api.services);
    const { secret } = await newWebhook(api, caller);
    const body = '{"id":"evt_1"}';
    const t = Math.floor(Date.now() / 1000);
    // Against the spec's recipe recomputed with node:crypto, not the signer's own helper.
    expect(signatureHeader(body, [secret], t)).toBe(specSignatureHeader(body, [secret], t));
    expect(verifySignature(body, specSignatureHeader(body, [secret], t), [secret], 300).ok).toBe(true);
  });

  it('an idempotent replay answers the same subscription with secret null, and creates nothing more', async () => {
    const caller = await newCaller(api.services);
    const key = idempotencyKey();
    const first = await postWebhook(api, caller, webhookBody(), key);
    const again = await postWebhook(api, caller, webhookBody(), key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual({ ...first.body, secret: null });
    expect(first.body.secret).toEqual(expect.any(String));
    const { rows } = await sql.query('select count(*)::int as n from webhooks where integration_id = $1', [caller.integrationId]);
    expect(rows[0].n).toBe(1);
  });

  it('without Idempotency-Key answers 400 idempotency_key_required and creates nothing', async () => {
    const caller = await newCaller(api.services);
    expectProblem(await postWebhook(api, caller, webhookBody(), null), 'idempotency_key_required');
    expect((await get(caller, '/webhooks')).body.data).toEqual([]);
  });

  it('the same key with another body answers 409 idempotency_conflict', async () => {
    const caller = await newCaller(api.services);
    const key = idempotencyKey();
    expect((await postWebhook(api, caller, webhookBody(), key)).status).toBe(201);
    expectProblem(await postWebhook(api, caller, webhookBody({ description: 'changed' }), key), 'idempotency_conflict');
  });

  it('a body that is not JSON answers 400 bad_request', async () => {
    const caller = await newCaller(api.services);
    const res = await call(api.base, 'POST', '/webhooks', { key: caller.apiKey, raw: { text: '{"url":', contentType: 'application/json' }, headers: { 'idempotency-key': idempotencyKey() } });
    expectProblem(res, 'bad_request');
  });

  it('a body over 256 KB answers 413 payload_too_large', async () => {
    const caller = await newCaller(api.services);
    const res = await postWebhook(api, caller, webhookBody({ description: 'x'.repeat(300 * 1024) }));
    expectProblem(res, 'payload_too_large');
  });

  it('reports every field at fault in one 422: url and events missing, an unknown field', async () => {
    const caller = await newCaller(api.services);
    const res = await postWebhook(api, caller, { colour: 'red' });
    expectProblem(res, 'validation_failed', {
      errors: [
        { field: '/url', code: 'required', message: expect.any(String) },
        { field: '/events', code: 'required', message: expect.any(String) },
        { field: '/colour', code: 'unknown_field', message: expect.any(String) },
      ],
    });
  });

  it.each<[string, Record<string, unknown>, { field: string; code: string }[]]>([
    ['no events', { events: [] }, [{ field: '/events', code: 'out_of_range' }]],
    ['an unknown event type', { events: ['lead.created', 'lead.deleted'] }, [{ field: '/events/1', code: 'not_supported' }]],
    ['a pattern of an unknown family', { events: ['invoice.*'] }, [{ field: '/events/0', code: 'not_supported' }]],
    ['a bare wildcard', { events: ['*'] }, [{ field: '/events/0', code: 'not_supported' }]],
    ['constructor.* (a name of Object.prototype)', { events: ['constructor.*'] }, [{ field: '/events/0', code: 'not_supported' }]],
    ['__proto__.*', { events: ['lead.created', '__proto__.*'] }, [{ field: '/events/1', code: 'not_supported' }]],
    ['an entry twice', { events: ['lead.created', 'task.created', 'lead.created'] }, [{ field: '/events/2', code: 'invalid_value' }]],
    ['an entry that is not a string', { events: ['lead.created', 7] }, [{ field: '/events/1', code: 'invalid_format' }]],
    ['a description of 201 characters', { description: 'd'.repeat(201) }, [{ field: '/description', code: 'out_of_range' }]],
    ['include_pii that is not a boolean', { include_pii: 'yes' }, [{ field: '/include_pii', code: 'invalid_format' }]],
    ['a status (not settable at creation)', { status: 'paused' }, [{ field: '/status', code: 'unknown_field' }]],
  ])('%s answers 422 validation_failed at the field', async (_, body, errors) => {
    const caller = await newCaller(api.services);
    const res = await postWebhook(api, caller, webhookBody(body));
    expectProblem(res, 'validation_failed', { errors: errors.map((e) => ({ ...e, message: expect.any(String) })) });
    expect((await get(caller, '/webhooks')).body.data).toEqual([]);
  });

  it('names the unknown event type in the message', async () => {
    const caller = await newCaller(api.services);
    const res = await postWebhook(api, caller, webhookBody({ events: ['lead.deleted'] }));
    expect(res.body.errors[0].message).toMatch(/lead\.deleted is not a known event type/);
  });

  it('takes every exact type and every family pattern of the catalogue; a description of 200 characters', async () => {
    const caller = await newCaller(api.services);
    const events = ['conversation.*', 'message.created', 'lead.*', 'task.completed', 'contact.merged', 'crm.*', 'article.generation.failed',
      'strategist.*', 'operation.completed', 'api_key.expiring', 'webhook.test'];
    const res = await postWebhook(api, caller, webhookBody({ events, description: 'd'.repeat(200) }));
    expect(res.status).toBe(201);
    expect(res.body.events).toEqual(events);
  });

  it('allows at most 10 subscriptions per integration: the 11th answers 409 invalid_state', async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 10; i++) await newWebhook(api, caller, { description: `hook ${i}` });
    const res = await postWebhook(api, caller, webhookBody({ description: 'hook 10' }));
    expectProblem(res, 'invalid_state');
    expect(res.body.detail).toMatch(/at most 10/);
    const { rows } = await sql.query('select count(*)::int as n from webhooks where integration_id = $1', [caller.integrationId]);
    expect(rows[0].n).toBe(10);
    // The limit is per integration: another integration still creates.
    expect((await postWebhook(api, await newCaller(api.services))).status).toBe(201);
  });

  it('holds the limit under parallel creations', async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 8; i++) await newWebhook(api, caller);
    const answers = await Promise.all([0, 1, 2, 3].map(() => postWebhook(api, caller)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409]);
    const { rows } = await sql.query('select count(*)::int as n from webhooks where integration_id = $1', [caller.integrationId]);
    expect(rows[0].n).toBe(10);
  });

  it('after a DELETE the freed place can be taken again', async () => {
    const caller = await newCaller(api.services);
    const hooks = [];
    for (let i = 0; i < 10; i++) hooks.push(await newWebhook(api, caller));
    expect((await call(api.base, 'DELETE', `/webhooks/${hooks[0]!.id}`, { key: caller.apiKey })).status).toBe(204);
    expect((await postWebhook(api, caller)).status).toBe(201);
  });

  it('without the webhooks:manage scope answers 403 scope_missing', async () => {
    const caller = await newCaller(api.services, { scopes: ['leads:read'] });
    expectProblem(await postWebhook(api, caller), 'scope_missing');
    expectProblem(await get(caller, '/webhooks'), 'scope_missing');
  });

  it('on a plan without the webhooks feature answers 403 scope_missing (the plan cuts webhooks:manage)', async () => {
    const caller = await newCaller(api.services, { features: ['api_access', 'crm'] });
    expectProblem(await postWebhook(api, caller), 'scope_missing');
  });
});

describe('GET /webhooks/{id}', () => {
  it('answers the Webhook without any secret', async () => {
    const caller = await newCaller(api.services);
    const { secret, ...created } = await newWebhook(api, caller, { description: 'one' });
    const res = await get(caller, `/webhooks/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/secret"/);
    expect(schemaErrors(res.body, schemaOf('Webhook'), doc)).toEqual([]);
  });

  it.each([
    ['an id that is not a uuid', () => 'not-a-uuid'],
    ['an id that does not exist', () => '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
  ])('%s answers 404 not_found', async (_, id) => {
    const caller = await newCaller(api.services);
    expectProblem(await get(caller, `/webhooks/${id()}`), 'not_found');
  });

  it("another integration's subscription answers 404 not_found on every route, and stays unchanged", async () => {
    const owner = await newCaller(api.services);
    const stranger = await newCaller(api.services);
    const hook = await newWebhook(api, owner);
    const as = (method: string, path: string, body?: unknown) =>
      call(api.base, method, path, { key: stranger.apiKey, body, headers: { 'idempotency-key': idempotencyKey() } });
    expectProblem(await as('GET', `/webhooks/${hook.id}`), 'not_found');
    expectProblem(await as('PATCH', `/webhooks/${hook.id}`, { status: 'paused' }), 'not_found');
    expectProblem(await as('DELETE', `/webhooks/${hook.id}`), 'not_found');
    expectProblem(await as('POST', `/webhooks/${hook.id}/rotate-secret`), 'not_found');
    expectProblem(await as('POST', `/webhooks/${hook.id}/test`), 'not_found');
    expectProblem(await as('GET', `/webhooks/${hook.id}/deliveries`), 'not_found');
    const { secret: _, ...unchanged } = hook;
    expect((await get(owner, `/webhooks/${hook.id}`)).body).toEqual(unchanged);
  });
});

describe('GET /webhooks', () => {
  let caller: Caller;
  let ids: string[];
  beforeAll(async () => {
    caller = await newCaller(api.services);
    ids = [];
    for (let i = 0; i < 5; i++) ids.push((await newWebhook(api, caller, { description: `hook ${i}` })).id);
    await newWebhook(api, await newCaller(api.services));
  });

  it("lists only the calling integration's subscriptions, oldest first, without secrets", async () => {
    const res = await get(caller, '/webhooks');
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data.map((w: { id: string }) => w.id)).toEqual(ids);
    expect(res.body.data.map((w: { description: string }) => w.description)).toEqual(['hook 0', 'hook 1', 'hook 2', 'hook 3', 'hook 4']);
    expect(res.text).not.toMatch(/secret"/);
    expect(schemaErrors(res.body, schemaOf('WebhookPage'), doc)).toEqual([]);
  });

  it('pages with limit and next_cursor without losing or repeating one', async () => {
    const first = await get(caller, '/webhooks?limit=2');
    expect(first.body.data).toHaveLength(2);
    const second = await get(caller, `/webhooks?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    const third = await get(caller, `/webhooks?limit=2&cursor=${encodeURIComponent(second.body.next_cursor)}`);
    expect(third.body.next_cursor).toBeNull();
    expect([...first.body.data, ...second.body.data, ...third.body.data].map((w: { id: string }) => w.id)).toEqual(ids);
  });

  it('a limit that fills the page exactly ends with next_cursor null after the last', async () => {
    const all = await get(caller, '/webhooks?limit=5');
    expect(all.body.data).toHaveLength(5);
    expect(all.body.next_cursor).toBeNull();
  });

  it.each([['0'], ['101'], ['ten']])('limit=%s answers 422 validation_failed at /limit', async (limit) => {
    const res = await get(caller, `/webhooks?limit=${limit}`);
    expectProblem(res, 'validation_failed', { errors: [{ field: '/limit', code: expect.any(String), message: expect.any(String) }] });
  });

  it("another integration's cursor answers 422 validation_failed at /cursor", async () => {
    const first = await get(caller, '/webhooks?limit=1');
    const stranger = await newCaller(api.services);
    const res = await get(stranger, `/webhooks?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expectProblem(res, 'validation_failed', { errors: [{ field: '/cursor', code: 'invalid_format', message: expect.any(String) }] });
  });

  it('a cursor of another list (the delivery log) answers 422 at /cursor', async () => {
    const first = await get(caller, '/webhooks?limit=1');
    const res = await get(caller, `/webhooks/${ids[0]}/deliveries?cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expectProblem(res, 'validation_failed', { errors: [{ field: '/cursor', code: 'invalid_format', message: expect.any(String) }] });
  });

  it('an integration without subscriptions gets an empty page', async () => {
    const res = await get(await newCaller(api.services), '/webhooks');
    expect(res.body).toEqual({ data: [], next_cursor: null });
  });
});
