import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PinnedClock } from '../../src/clock.js';
import { CELLS } from '../../src/config.js';
import { newId, randomBase62 } from '../../src/ids.js';
import { Webhook } from '../../src/entities/webhook.js';
import { revokeApiKey } from '../../src/domain/provisioning/api-keys.js';
import { setIntegrationStatus } from '../../src/domain/provisioning/integrations.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { SecretBox, newSigningSecret } from '../../src/domain/webhooks/secret-box.js';
import { serveSupportConsole, type SupportConsole } from '../../src/console/server.js';
import { supportConsoleSettings } from '../../src/console/settings.js';
import { SESSION_COOKIE } from '../../src/console/operators/sessions.js';
import { startApi, type TestApi } from '../harness/app.js';
import { call } from '../harness/http.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { consoleRequest, newOperator, sessionOf } from '../harness/operators.js';

/**
 * What callers quote to support (issue 41 item 5), looked up by a viewer in the console: a
 * key by its key id or prefix (why the api refuses it, in the api's own words), a request by
 * its request id (the request log the api writes for every request), an event id (its
 * deliveries). Keys and requests are real: issued, revoked, expired and called through the api.
 */

let api: TestApi;
let sc: SupportConsole;
let clock: PinnedClock;
let expiring: Caller;

beforeAll(async () => {
  clock = new PinnedClock(new Date());
  api = await startApi({}, { clock });
  sc = await serveSupportConsole(api.services, supportConsoleSettings({ SUPPORT_PORT: '0' })!);
  // Issued for a day, then two days pass: expired for the api and the console alike.
  expiring = await newCaller(api.services, { name: 'Expiring key tenant', expiresInDays: 1 });
  clock.advance(2 * 86_400_000);
}, 60_000);

afterAll(async () => {
  await sc?.close();
  await api?.close();
});

/**
 * A page of the console as a viewer reads it (a session of a viewer made for this request),
 * once the api wrote the requests it holds (each process writes its request log in batches).
 */
async function read(path: string, console: SupportConsole = sc, services = api.services) {
  await services.requestLog.flush();
  const cookie = await sessionOf(services, await newOperator(services, 'viewer'));
  return consoleRequest(console.url, path, { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } });
}
/** The console's search: where it goes (a redirect) or the page it shows. */
const search = (q: string, console?: SupportConsole, services?: TestApi['services']) => read(`/?q=${encodeURIComponent(q)}`, console, services);
const secretOf = (c: Caller) => c.apiKey.split('_')[4]!;
const me = (key: string, base = api.base) => call(base, 'GET', '/me', { key });

describe('a request by its request_id', () => {
  it('is found by the search and shows route, status, code, key, integration and tenant, without the query string', async () => {
    const caller = await newCaller(api.services, { name: 'Request log tenant' });
    const answer = await call(api.base, 'GET', `/leads/${newId()}?private_words=Marina`, { key: caller.apiKey });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const requestId = answer.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^req_[0-9A-Za-z]{24}$/);

    const found = await search(requestId);
    expect([found.status, found.headers.location]).toEqual([303, `/requests/${requestId}`]);
    const page = await read(`/requests/${requestId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<code>GET /leads/{id}</code>');
    expect(page.body).toContain(`<dd id="request-status">${answer.status}</dd>`);
    expect(page.body).toContain(`<dd id="request-code">${answer.body.code}</dd>`);
    expect(page.body).toContain(`href="/keys/${caller.keyId}"`);
    expect(page.body).toContain(`href="/integrations/${caller.integrationId}"`);
    expect(page.body).not.toContain('Marina');
    expect(page.body).not.toContain(secretOf(caller));
  });

  it('keeps a refused key\'s request with its key id and the api\'s reason, which the answer never carries', async () => {
    const caller = await newCaller(api.services);
    await revokeApiKey(api.services.orm.em.fork(), caller.keyId, clock.now());
    const answer = await me(caller.apiKey);
    // The answer is that of a key never issued: the reason is in the log only.
    const unknown = await me(`${caller.apiKey.slice(0, 11)}${randomBase62(20)}_${randomBase62(40)}`);
    const { request_id: _ignored, ...same } = unknown.body;
    expect(answer.body).toEqual({ ...same, request_id: answer.headers.get('x-request-id') });
    const page = await read(`/requests/${answer.headers.get('x-request-id')}`);
    expect(page.body).toContain(`<a id="request-key" href="/keys/${caller.keyId}">${caller.keyId}</a> (refused: revoked)`);
  });

  it('an id the log does not hold: the search finds nothing, its page is 404 and says how long the log keeps requests', async () => {
    const unknown = `req_${randomBase62(24)}`;
    const found = await search(unknown);
    expect(found.status).toBe(200);
    expect(found.body).toContain('Nothing matches');
    const page = await read(`/requests/${unknown}`);
    expect(page.status).toBe(404);
    expect(page.body).toContain('keeps each api request 72 hours');
  });
});

describe('a key by its key id or prefix: why the api refuses it', () => {
  /** The key page the search leads to, and its verdict's text. */
  async function keyPage(q: string) {
    const found = await search(q);
    expect(found.status).toBe(303);
    const page = await read(found.headers.location as string);
    expect(page.status).toBe(200);
    const verdict = /<p class="notice[^"]*" id="key-verdict">([\s\S]*?)<\/p>/.exec(page.body)?.[1] ?? '';
    return { location: found.headers.location as string, body: page.body, verdict };
  }

  it('a working key: accepted, with its integration, tenant, scopes and latest requests; never its secret', async () => {
    const caller = await newCaller(api.services, { name: 'Working key tenant', scopes: ['leads:read'] });
    expect((await me(caller.apiKey)).status).toBe(200);
    const { location, body, verdict } = await keyPage(caller.keyId);
    expect(location).toBe(`/keys/${caller.keyId}`);
    expect(verdict).toMatch(/^Accepted/);
    expect(body).toContain(`href="/integrations/${caller.integrationId}">Test integration</a>`);
    expect(body).toContain(`href="/tenants/${caller.tenantId}">Working key tenant</a>`);
    expect(body).toMatch(/<dt>Scopes<\/dt><dd>leads:read<\/dd>/);
    expect(body).toContain('<td>GET /me</td><td>200</td>');
    expect(body).not.toContain(secretOf(caller));
  });

  it('a whole key pasted into the search goes to its prefix: the secret is in no page or address', async () => {
    const caller = await newCaller(api.services);
    const prefix = caller.apiKey.slice(0, caller.apiKey.lastIndexOf('_'));
    const { location, body } = await keyPage(caller.apiKey);
    expect(location).toBe(`/keys/${prefix}`);
    expect(body).toContain(`<code>${prefix}_…</code>`);
    expect(body).not.toContain(secretOf(caller));
  });

  it('revoked: when; the api refused it for that reason', async () => {
    const caller = await newCaller(api.services);
    const revoked = await revokeApiKey(api.services.orm.em.fork(), caller.keyId, clock.now());
    expect((await me(caller.apiKey)).status).toBe(401);
    const { verdict, body } = await keyPage(caller.keyId);
    expect(verdict).toContain('Refused: revoked');
    expect(verdict).toContain(`Revoked at ${revoked.revoked_at}`);
    expect(verdict).toContain('401 <code>invalid_api_key</code>');
    expect(body).toContain('<td>401</td><td>invalid_api_key</td><td>revoked</td>');
  });

  it('expired: when', async () => {
    expect((await me(expiring.apiKey)).status).toBe(401);
    const { verdict } = await keyPage(expiring.keyId);
    expect(verdict).toContain('Refused: expired');
    expect(verdict).toContain(`Expired at ${expiring.expiresAt}`);
  });

  it('of another cell: wrong_cell, found by its prefix too', async () => {
    const other = CELLS.find((c) => c !== api.services.config.cell)!;
    const caller = await newCaller(api.services, { keyCell: other });
    expect((await me(caller.apiKey)).body.code).toBe('wrong_cell');
    const { verdict } = await keyPage(caller.keyId);
    expect(verdict).toContain('Refused: wrong_cell');
    expect(verdict).toContain(`belongs to the ${other} cell`);
    expect((await keyPage(caller.apiKey.slice(0, caller.apiKey.lastIndexOf('_')))).verdict).toContain('Refused: wrong_cell');
  });

  it('never issued: unknown', async () => {
    const { verdict, body } = await keyPage(`key_${randomBase62(20)}`);
    expect(verdict).toContain('Refused: unknown');
    expect(body).toContain('None in the request log.');
  });

  it('its integration suspended: integration_inactive, as the api answers', async () => {
    const caller = await newCaller(api.services);
    await api.services.orm.em.fork().transactional((em) => setIntegrationStatus(em, caller.integrationId, 'suspended', clock.now()));
    const answer = await me(caller.apiKey);
    expect(answer.body.code).toBe('integration_inactive');
    const { verdict } = await keyPage(caller.keyId);
    expect(verdict).toContain('Refused: integration_inactive');
    expect(verdict).toContain(`the api answers ${answer.status} <code>integration_inactive</code>`);
    expect(verdict).toContain('The integration is suspended.');
  });

  it('a test key where test keys are off: test_keys_off', async () => {
    const off = await startApi({ RELEASED_LABELS: 'available' });
    const offConsole = await serveSupportConsole(off.services, supportConsoleSettings({ SUPPORT_PORT: '0' })!);
    try {
      const caller = await newCaller(api.services, { keyMode: 'test' });
      expect((await me(caller.apiKey, off.base)).status).toBe(401);
      const found = await search(caller.keyId, offConsole, off.services);
      const page = await read(found.headers.location as string, offConsole, off.services);
      expect(page.body).toContain('Refused: test_keys_off');
      expect(page.body).toContain('<td>401</td><td>invalid_api_key</td><td>test_keys_off</td>');
    } finally {
      await offConsole.close();
      await off.close();
    }
  });
});

describe('an event id', () => {
  it('finds its deliveries (the original and its replay), each linked', async () => {
    const caller = await newCaller(api.services);
    const em = api.services.orm.em.fork();
    const now = clock.now();
    const webhook = em.create(Webhook, {
      id: newId(), tenantId: caller.tenantId, integrationId: caller.integrationId, url: 'https://hooks.example.test/in', events: ['lead.*'],
      includePii: false, description: null, status: 'active', secretSealed: new SecretBox(api.services.config.webhooks.secretKey).seal(newSigningSecret()),
      previousSecretSealed: null, previousSecretExpiresAt: null, secretRotatedAt: null, createdAt: now, updatedAt: now,
    });
    const event = recordEvent(em, { tenantId: caller.tenantId, integrationId: caller.integrationId, type: 'lead.created', data: { id: newId() } }, now);
    await em.flush();
    expect(event.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
    const [original, replay] = [newId(), newId()];
    for (const [id, replayOf] of [[original, null], [replay, original]] as const) {
      await em.execute(
        `insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, state, attempt, created_at, updated_at, replay_of, workflow_started_at)
         values (?, ?, ?, ?, ?, 'lead.created', 'dead', 8, now(), now(), ?, now())`,
        [id, caller.tenantId, caller.integrationId, webhook.id, event.id, replayOf],
      );
    }
    const found = await search(event.id);
    expect(found.status).toBe(200);
    expect(found.body).not.toContain('Nothing matches');
    expect(found.body).toContain(`<tr data-delivery="${original}">`);
    expect(found.body).toContain(`<tr data-delivery="${replay}">`);
  });
});
