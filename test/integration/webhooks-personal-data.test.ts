import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller, type CallerOptions } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { HOOKS_ENV, newWebhook, postWebhook, webhookBody } from './webhooks-fixtures.js';

/** Spec 01, Webhook subscriptions rule 2 and Authentication 7: include_pii. */
let ru: TestApi;
let sql: pg.Client;

beforeAll(async () => {
  ru = await startApi(HOOKS_ENV);
  sql = await sqlClient();
});
afterAll(async () => {
  await sql.end();
  await ru.close();
});

async function register(integrationId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql.query(
    'select subject_type, subject_id, action, transfer_basis, recipient_country from disclosure_register where integration_id = $1 order by created_at, action',
    [integrationId],
  );
  return rows;
}

const patch = (api: TestApi, who: Caller, id: string, body: unknown) => call(api.base, 'PATCH', `/webhooks/${id}`, { key: who.apiKey, body });
const piiProblem = (detail: RegExp) => ({ errors: [{ field: '/include_pii', code: 'not_allowed', message: expect.stringMatching(detail) }] });

describe('include_pii at creation', () => {
  it('is taken for lead, contact and conversation events and written to the disclosure register', async () => {
    const caller = await newCaller(ru.services);
    const events = ['lead.*', 'contact.merged', 'conversation.created', 'conversation.summary_ready'];
    const res = await postWebhook(ru, caller, webhookBody({ events, include_pii: true }));
    expect(res.status).toBe(201);
    expect(res.body.include_pii).toBe(true);
    expect(await register(caller.integrationId)).toEqual([{
      subject_type: 'webhook', subject_id: res.body.id, action: 'pii_enabled', transfer_basis: 'Test data processing agreement', recipient_country: 'RU',
    }]);
  });

  it('a subscription without include_pii writes nothing to the register', async () => {
    const caller = await newCaller(ru.services);
    expect((await postWebhook(ru, caller, webhookBody({ include_pii: false }))).status).toBe(201);
    expect(await register(caller.integrationId)).toEqual([]);
  });

  it.each([
    [['lead.created', 'message.created'], /not: message\.created$/],
    [['lead.created', 'task.*'], /not: task\.\*$/],
    [['webhook.test'], /not: webhook\.test$/],
    [['article.ready', 'crm.mode_changed'], /not: article\.ready, crm\.mode_changed$/],
  ])('with events %j answers 422 validation_failed at /include_pii naming the others', async (events, names) => {
    const caller = await newCaller(ru.services);
    const res = await postWebhook(ru, caller, webhookBody({ events, include_pii: true }));
    expectProblem(res, 'validation_failed', piiProblem(names));
    expect(await register(caller.integrationId)).toEqual([]);
  });

  it('needs leads:read: without it 403 scope_missing', async () => {
    const caller = await newCaller(ru.services, { scopes: ['webhooks:manage', 'conversations:read'] });
    const res = await postWebhook(ru, caller, webhookBody({ events: ['lead.created'], include_pii: true }));
    expectProblem(res, 'scope_missing');
    expect(res.body.detail).toMatch(/leads:read/);
    expect((await postWebhook(ru, caller, webhookBody({ events: ['lead.created'] }))).status).toBe(201);
  });

  it('needs conversations:read for conversation events, not for lead events', async () => {
    const caller = await newCaller(ru.services, { scopes: ['webhooks:manage', 'leads:read'] });
    const res = await postWebhook(ru, caller, webhookBody({ events: ['lead.created', 'conversation.*'], include_pii: true }));
    expectProblem(res, 'scope_missing');
    expect(res.body.detail).toMatch(/conversations:read/);
    expect((await postWebhook(ru, caller, webhookBody({ events: ['lead.created', 'contact.*'], include_pii: true }))).status).toBe(201);
  });

  it('a scope the owner lost counts as missing', async () => {
    const caller = await newCaller(ru.services, { ownerPermissions: ['webhooks:manage'] });
    expectProblem(await postWebhook(ru, caller, webhookBody({ include_pii: true })), 'scope_missing');
  });

  it.each<[string, CallerOptions, string]>([
    ['no IP allowlist', { integrationAllowlist: null }, 'an IP allowlist'],
    ['hosting country DE', { hostingCountry: 'DE' }, 'hosting country RU'],
    ['no transfer basis', { transferBasis: null }, 'a declared transfer basis'],
  ])('on the ru cell, an integration with %s answers 403 pii_transfer_not_allowed and creates nothing', async (_, options, missing) => {
    const caller = await newCaller(ru.services, options);
    const res = await postWebhook(ru, caller, webhookBody({ include_pii: true }));
    expectProblem(res, 'pii_transfer_not_allowed');
    expect(res.body.detail).toBe(`Personal data leaves the ru cell only to integrations with ${missing}.`);
    expect((await call(ru.base, 'GET', '/webhooks', { key: caller.apiKey })).body.data).toEqual([]);
    expect(await register(caller.integrationId)).toEqual([]);
    // Without personal data the same integration subscribes.
    expect((await postWebhook(ru, caller, webhookBody())).status).toBe(201);
  });
});

describe('include_pii on the en cell', () => {
  let en: TestApi;
  beforeAll(async () => {
    en = await startApi({ ...HOOKS_ENV, CELL: 'en' });
  });
  afterAll(async () => en.close());

  it('is taken without the ru conditions, and still registered', async () => {
    const caller = await newCaller(en.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
    const res = await postWebhook(en, caller, webhookBody({ include_pii: true }));
    expect(res.status).toBe(201);
    expect(await register(caller.integrationId)).toEqual([{ subject_type: 'webhook', subject_id: res.body.id, action: 'pii_enabled', transfer_basis: null, recipient_country: null }]);
  });

  it('still needs the scopes', async () => {
    const caller = await newCaller(en.services, { scopes: ['webhooks:manage'] });
    expectProblem(await postWebhook(en, caller, webhookBody({ include_pii: true })), 'scope_missing');
  });
});

describe('include_pii by PATCH', () => {
  it('false -> true registers pii_enabled, true -> false pii_disabled; unchanged writes nothing', async () => {
    const caller = await newCaller(ru.services);
    const hook = await newWebhook(ru, caller);
    expect((await patch(ru, caller, hook.id, { include_pii: true })).body.include_pii).toBe(true);
    expect((await patch(ru, caller, hook.id, { include_pii: true })).status).toBe(200);
    expect((await patch(ru, caller, hook.id, { description: 'still personal' })).status).toBe(200);
    expect((await patch(ru, caller, hook.id, { include_pii: false })).body.include_pii).toBe(false);
    expect((await register(caller.integrationId)).map((r) => [r.subject_id, r.action])).toEqual([[hook.id, 'pii_enabled'], [hook.id, 'pii_disabled']]);
  });

  it('turning it on for events outside lead, contact, conversation answers 422 at /include_pii', async () => {
    const caller = await newCaller(ru.services);
    const hook = await newWebhook(ru, caller, { events: ['lead.created', 'article.ready'] });
    expectProblem(await patch(ru, caller, hook.id, { include_pii: true }), 'validation_failed', piiProblem(/not: article\.ready$/));
    expect((await call(ru.base, 'GET', `/webhooks/${hook.id}`, { key: caller.apiKey })).body.include_pii).toBe(false);
  });

  it('with include_pii on, adding an event of another family answers 422 at /include_pii', async () => {
    const caller = await newCaller(ru.services);
    const hook = await newWebhook(ru, caller, { include_pii: true });
    expectProblem(await patch(ru, caller, hook.id, { events: ['lead.created', 'task.created'] }), 'validation_failed', piiProblem(/not: task\.created$/));
    // Turning it off in the same request makes the change possible.
    const res = await patch(ru, caller, hook.id, { events: ['lead.created', 'task.created'], include_pii: false });
    expect(res.body).toMatchObject({ events: ['lead.created', 'task.created'], include_pii: false });
  });

  it('with include_pii on, adding conversation events needs conversations:read', async () => {
    const caller = await newCaller(ru.services, { scopes: ['webhooks:manage', 'leads:read'] });
    const hook = await newWebhook(ru, caller, { include_pii: true });
    expectProblem(await patch(ru, caller, hook.id, { events: ['lead.created', 'conversation.created'] }), 'scope_missing');
  });

  it('on the ru cell, turning it on without the transfer conditions answers 403 pii_transfer_not_allowed and changes nothing', async () => {
    const caller = await newCaller(ru.services, { hostingCountry: 'KZ' });
    const hook = await newWebhook(ru, caller);
    expectProblem(await patch(ru, caller, hook.id, { include_pii: true }), 'pii_transfer_not_allowed');
    expect((await call(ru.base, 'GET', `/webhooks/${hook.id}`, { key: caller.apiKey })).body.include_pii).toBe(false);
    expect(await register(caller.integrationId)).toEqual([]);
  });

  it('a subscription with include_pii deleted registers pii_disabled', async () => {
    const caller = await newCaller(ru.services);
    const hook = await newWebhook(ru, caller, { include_pii: true });
    expect((await call(ru.base, 'DELETE', `/webhooks/${hook.id}`, { key: caller.apiKey })).status).toBe(204);
    expect((await register(caller.integrationId)).map((r) => r.action)).toEqual(['pii_enabled', 'pii_disabled']);
  });
});
