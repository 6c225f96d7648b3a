import { mkdirSync, mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers, type Script } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import type { Caller } from '../harness/fixtures.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import type { SupportConsole } from '../../src/console/server.js';
import { consoleInBrowser, type ConsoleInBrowser } from '../harness/console-browser.js';
import { SESSION_COOKIE, formToken } from '../../src/console/operators/sessions.js';
import { codeOf, newOperator, sessionOf, type TestOperator } from '../harness/operators.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { revokeApiKey } from '../../src/domain/provisioning/api-keys.js';
import { ensureSandbox } from '../../src/domain/sandbox/shadows.js';

/**
 * The support console in headless Chromium (as test/e2e/widget.e2e.test.ts launches it): a
 * real delivery harness (database of its own, HTTPS subscriber, worker and relay in process),
 * a delivery that failed for good, then support finds it by the tenant's name, opens it,
 * replays it and sees the replay delivered; each action recorded with the operator's account.
 * Operators sign in with their e-mail, password and TOTP code (issue 41 item 4).
 * Screenshots go to E2E_SCREENSHOT_DIR (bin/test: .state/test-<db>/screenshots/).
 */

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'support-console-e2e-'));

let h: DeliveryHarness;
let sc: SupportConsole;
let browser: Browser;
let ui: ConsoleInBrowser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await DeliveryHarness.start({ file: import.meta.url });
  ui = await consoleInBrowser(h.services);
  ({ sc, browser } = ui);
}, 120_000);

afterAll(async () => {
  await ui?.close();
  await h?.stop();
}, 60_000);

const contexts: BrowserContext[] = [];
const problems: string[] = [];
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  return page;
}
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  expect(problems.splice(0)).toEqual([]);
});

/** Signs a new operator in as a person does: e-mail, password, and the code their authenticator app shows now. */
async function signIn(page: Page, shot?: string): Promise<TestOperator> {
  const operator = await newOperator(h.services, 'operator', 'Dana Support');
  await page.goto(sc.url);
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.fill('#email', operator.email);
  await page.fill('#password', operator.password);
  await page.fill('#code', codeOf(operator, h.services.clock.now()));
  if (shot) await page.screenshot({ path: join(SHOTS, shot) });
  await page.click('button[type=submit]');
  await page.waitForURL(`${sc.url}/`);
  expect(await page.locator('header span').textContent()).toBe('Dana Support');
  return operator;
}

/** A tenant of its own with a subscription whose subscriber answers by `script`, and one lead.created delivered to it. */
/** A subscriber whose database is down: 500 with a short page (markup in it, shown as text). */
const DOWN = { status: 500, body: 'Upstream database is down.\r\n<b>Retry later</b>' };

async function tenantWithDelivery(name: string, script: Script = () => DOWN) {
  const caller: Caller = await h.caller({ name });
  const path = `/console-${randomUUID().slice(0, 8)}`;
  const sub = await h.subscribe(caller, { url: h.receiver.route(path, script), events: ['lead.*'] });
  h.receiver.route(path, script, [sub.secret]);
  const lead = { lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+79990000000' } };
  const { data, piiData } = EVENTS['lead.created'](lead);
  const eventId = await h.raise(caller, { type: 'lead.created', data, piiData });
  return { caller, sub, path, eventId };
}

const actionsOf = async (targetId: string) =>
  (await h.db.query('select operator, action, target_id, tenant_id, detail from support_actions where target_id = $1 order by created_at', [targetId])).rows;

describe('a failed delivery found by tenant, replayed, seen delivered', () => {
  it('walks it in Chromium, each action recorded with the operator', async () => {
    const tenantName = `Nordic Home ${randomUUID().slice(0, 6)}`;
    const t = await tenantWithDelivery(tenantName);
    const dead = await h.settled(t.sub.id, t.eventId, 'dead');
    // The subscriber is fixed: from now on it answers 200 (and checks the signature).
    h.receiver.route(t.path, answers.ok(), [t.sub.secret]);

    const page = await newPage();
    const operator = await signIn(page, 'support-console-sign-in.png');
    await page.fill('main input[name=q]', tenantName);
    await page.click('main button[type=submit]');
    await page.getByRole('link', { name: tenantName }).click();
    expect(await page.locator('h1').textContent()).toBe(`Tenant ${tenantName}`);

    // Its deliveries by state: the dead one.
    await page.selectOption('select[name=state]', 'dead');
    await page.fill('input[name=event_type]', 'lead.created');
    await page.click('form.filters button[type=submit]');
    const row = page.locator(`tr[data-delivery="${dead.id}"]`);
    await row.waitFor();
    expect(await page.locator('table.deliveries tr[data-delivery]').count()).toBe(1);
    expect(await row.textContent()).toContain('HTTP 500');
    await page.screenshot({ path: join(SHOTS, 'support-console-tenant.png') });

    // Every attempt, and the workflow in the Temporal UI.
    await row.getByRole('link', { name: dead.id }).click();
    expect(await page.locator('#delivery-state').textContent()).toBe('dead');
    const attempts = page.locator('table.attempts tr');
    expect(await attempts.count()).toBe(1 + 9);
    expect(await attempts.nth(1).textContent()).toContain('HTTP 500');
    // The start of the subscriber's answer, as text (its markup escaped), one line.
    expect(await attempts.nth(9).locator('td.excerpt').textContent()).toBe('Upstream database is down. <b>Retry later</b>');
    const temporal = new URL((await page.locator('#temporal-link').getAttribute('href'))!);
    expect(decodeURIComponent(temporal.pathname)).toBe(`/namespaces/${h.services.config.temporal.namespace}/workflows/${deliveryWorkflowId(dead.id)}`);
    expect(temporal.origin).toBe(new URL(h.services.config.temporal.uiUrl).origin);

    // Replay: a new delivery of the same event, delivered once the relay starts it.
    await page.click('#replay');
    await page.waitForURL(/\/deliveries\/[0-9a-f-]{36}\?notice=replayed$/);
    const replayId = new URL(page.url()).pathname.split('/')[2]!;
    expect(replayId).not.toBe(dead.id);
    expect(await page.locator('.notice').textContent()).toContain('Replay queued');
    await eventually('the replay delivered, as the console shows it', async () => {
      await page.reload();
      return (await page.locator('#delivery-state').textContent()) === 'delivered' ? true : undefined;
    }, 60_000, 500);
    expect(await page.locator('table.attempts tr').nth(1).textContent()).toContain('HTTP 200');
    const received = h.receiver.received(t.path).filter((r) => r.status === 200);
    expect(received.map((r) => [r.eventId, r.signature?.ok])).toEqual([[t.eventId, true]]);

    // The original now lists its delivered replay; the screenshot of docs/supporting.md.
    await page.goto(`${sc.url}/deliveries/${dead.id}`);
    await page.locator(`tr[data-delivery="${replayId}"]`).getByText('delivered').waitFor();
    await page.screenshot({ path: join(SHOTS, 'support-console.png'), fullPage: true });

    expect(await actionsOf(dead.id)).toEqual([{
      operator: operator.email, action: 'delivery.replay', target_id: dead.id, tenant_id: t.caller.tenantId, detail: { replay_id: replayId, event_id: t.eventId },
    }]);
    expect((await actionsOf(operator.id)).map((a) => a.action)).toContain('login');
    await page.goto(`${sc.url}/actions`);
    expect(await page.locator('table.audit').textContent()).toContain(dead.id);
  }, 180_000);

  it('asks before replaying a delivery still held, and the replay made on confirming says who made it', async () => {
    const caller: Caller = await h.caller({ name: `Held ${randomUUID().slice(0, 6)}` });
    const path = `/console-held-${randomUUID().slice(0, 8)}`;
    const sub = await h.subscribe(caller, { url: h.receiver.route(path, answers.ok()), events: ['lead.*'], status: 'paused' });
    h.receiver.route(path, answers.ok(), [sub.secret]);
    const { data, piiData } = EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'Anna Sidorova', email: 'anna@example.com', phone: '+79990000001' } });
    const eventId = await h.raise(caller, { type: 'lead.created', data, piiData });
    const held = await eventually('the delivery held by the paused subscription', async () =>
      (await h.db.query('select id from webhook_deliveries where webhook_id = $1 and event_id = $2', [sub.id, eventId])).rows[0] as { id: string } | undefined);

    const page = await newPage();
    const operator = await signIn(page);
    await page.goto(`${sc.url}/deliveries/${held.id}`);
    await page.click('#replay');
    // The question: nothing made yet.
    expect(await page.locator('#replay-concerns').textContent()).toContain('it is held (subscription_paused) and goes out by itself when the hold ends');
    expect((await h.db.query('select id from webhook_deliveries where replay_of = $1', [held.id])).rows).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'support-console-replay-question.png') });
    await page.click('#replay-confirm');
    await page.waitForURL(/\/deliveries\/[0-9a-f-]{36}\?notice=replayed$/);
    const replayId = new URL(page.url()).pathname.split('/')[2]!;
    expect((await h.db.query('select id from webhook_deliveries where replay_of = $1', [held.id])).rows).toEqual([{ id: replayId }]);
    expect(await page.locator('#made-by').textContent()).toMatch(new RegExp(`^a replay by ${operator.email.replace(/[.+]/g, '\\$&')} at \\d{4}-`));
    expect((await actionsOf(held.id)).map((a) => [a.operator, a.action, a.detail])).toEqual([
      [operator.email, 'delivery.replay', { replay_id: replayId, event_id: eventId, confirmed: true }],
    ]);
  }, 180_000);

  it('pauses and resumes a subscription and recovers a range with a progress bar, recorded', async () => {
    const t = await tenantWithDelivery(`Recovering ${randomUUID().slice(0, 6)}`);
    const dead = await h.settled(t.sub.id, t.eventId, 'dead');
    h.receiver.route(t.path, answers.ok(), [t.sub.secret]);
    const page = await newPage();
    const operator = await signIn(page);
    await page.goto(`${sc.url}/webhooks/${t.sub.id}`);
    await page.click('#toggle-status');
    await page.waitForURL(/notice=paused$/);
    expect(await page.locator('#webhook-status').textContent()).toBe('paused');
    await page.click('#toggle-status');
    await page.waitForURL(/notice=active$/);
    expect(await page.locator('#webhook-status').textContent()).toBe('active');

    // The count first, then the recovery: a workflow whose progress the page polls.
    await page.click('#recover');
    expect(await page.locator('#recovery-count').textContent()).toContain('1 failed or dead deliveries');
    await page.click('#recover-confirm');
    await page.waitForURL(/\/recoveries\//);
    await page.locator('#recovery-done').waitFor({ timeout: 30_000 });
    expect(await page.locator('#recovery-done').textContent()).toContain('Replayed 1; skipped 0');
    const progress = page.locator('#recovery-progress');
    expect(await progress.getAttribute('value')).toBe(await progress.getAttribute('max'));
    const { rows: [replay] } = await h.db.query('select id from webhook_deliveries where replay_of = $1', [dead.id]);
    await eventually('the recovered delivery delivered', async () => {
      const { rows: [r] } = await h.db.query('select state from webhook_deliveries where id = $1', [replay.id]);
      return r.state === 'delivered' ? true : undefined;
    }, 60_000);
    expect((await actionsOf(t.sub.id)).map((a) => [a.operator, a.action, a.detail.to_replay ?? a.detail.replay_ids ?? null])).toEqual([
      [operator.email, 'webhook.pause', null], [operator.email, 'webhook.resume', null], [operator.email, 'webhook.recover', 1], [operator.email, 'webhook.recover.page', [replay.id]],
    ]);
  }, 180_000);
});

describe('a request id and a key id, as an integrator quotes them', () => {
  it('finds the req_ id\'s request, and the key id\'s page says why the api refuses it', async () => {
    const api = await h.startApi();
    try {
      const caller = await h.caller({ name: `Quoting ${randomUUID().slice(0, 6)}` });
      await revokeApiKey(h.services.orm.em.fork(), caller.keyId, new Date());
      const res = await fetch(`${api.base}/me`, { headers: { Authorization: `Bearer ${caller.apiKey}` } });
      expect(res.status).toBe(401);
      const requestId = res.headers.get('x-request-id')!;
      // The api writes its request log in batches (REQUEST_LOG_FLUSH_MS): this one now.
      await api.services.requestLog.flush();

      const page = await newPage();
      await signIn(page);
      await page.fill('main input[name=q]', requestId);
      await page.click('main button[type=submit]');
      await page.waitForURL(`${sc.url}/requests/${requestId}`);
      expect(await page.locator('#request-route').textContent()).toBe('GET /me');
      expect(await page.locator('#request-status').textContent()).toBe('401');
      expect(await page.locator('#request-code').textContent()).toBe('invalid_api_key');
      expect(await page.locator('#request-key').textContent()).toBe(caller.keyId);
      await page.screenshot({ path: join(SHOTS, 'support-console-request.png') });

      await page.fill('header input[name=q]', caller.keyId);
      await page.press('header input[name=q]', 'Enter');
      await page.waitForURL(`${sc.url}/keys/${caller.keyId}`);
      const verdict = await page.locator('#key-verdict').textContent();
      expect(verdict).toContain('Refused: revoked');
      expect(verdict).toContain('401 invalid_api_key');
      expect(await page.locator('table.requests').textContent()).toContain(requestId);
      expect(await page.content()).not.toContain(caller.apiKey.split('_')[4]);
      await page.screenshot({ path: join(SHOTS, 'support-console-key.png') });
    } finally {
      await api.close();
    }
  }, 120_000);
});

describe('an event id and a sandbox, as a customer quotes them', () => {
  it('goes from the Svc-Event-Id to its delivery, and marks the sandbox of a tenant found by name', async () => {
    const name = `Quoted ${randomUUID().slice(0, 6)}`;
    const t = await tenantWithDelivery(name, answers.ok());
    expect(t.eventId).toMatch(/^evt_/);
    const delivered = await h.settled(t.sub.id, t.eventId, 'delivered');
    const sandboxId = await h.services.orm.em.fork().transactional((em) => ensureSandbox(em, t.caller.tenantId, h.services.clock.now()));
    const page = await newPage();
    await signIn(page);

    await page.fill('header input[name=q]', t.eventId);
    await page.click('header button[type=submit]');
    await page.waitForURL(`${sc.url}/deliveries/${delivered.id}`);
    expect(await page.locator('body').innerText()).toContain(t.eventId);

    await page.fill('header input[name=q]', name);
    await page.click('header button[type=submit]');
    const badge = page.locator(`a.state-sandbox[href="/tenants/${t.caller.tenantId}"]`);
    expect(await badge.count()).toBe(1);
    expect(await page.locator(`a[href="/tenants/${sandboxId}"]`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'support-console-sandbox.png'), fullPage: true });
    await badge.click();
    await page.waitForURL(`${sc.url}/tenants/${t.caller.tenantId}`);
  }, 120_000);
});

describe('the console keeps its door', () => {
  const session = async () => sessionOf(h.services, await newOperator(h.services, 'operator'));
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${sc.url}${path}`, { method: 'POST', redirect: 'manual', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } });

  it('sends a visitor without a session to the login, and refuses a wrong password', async () => {
    const res = await fetch(`${sc.url}/tenants/${randomUUID()}`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/login']);
    const operator = await newOperator(h.services, 'viewer');
    const wrong = await post('/login', new URLSearchParams({ email: operator.email, password: 'x'.repeat(64), code: codeOf(operator, h.services.clock.now()) }).toString());
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a POST without the form token or from another site, and changes nothing', async () => {
    const t = await tenantWithDelivery(`Guarded ${randomUUID().slice(0, 6)}`);
    const dead = await h.settled(t.sub.id, t.eventId, 'dead');
    const cookie = await session();
    const noToken = await post(`/deliveries/${dead.id}/replay`, '', { Cookie: `${SESSION_COOKIE}=${cookie}` });
    expect(noToken.status).toBe(403);
    const crossSite = await post(`/deliveries/${dead.id}/replay`, `token=${formToken(cookie)}`, { Cookie: `${SESSION_COOKIE}=${cookie}`, Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const signedOut = await post(`/deliveries/${dead.id}/replay`, 'token=x');
    expect(signedOut.status).toBe(403);
    expect((await h.db.query('select id from webhook_deliveries where replay_of = $1', [dead.id])).rows).toEqual([]);
    const ok = await post(`/deliveries/${dead.id}/replay`, `token=${formToken(cookie)}`, { Cookie: `${SESSION_COOKIE}=${cookie}`, Origin: sc.url });
    expect(ok.status).toBe(303);
  });

  it('escapes what customers and integrators wrote, and answers bad filters with a page, not a 500', async () => {
    const name = `<img src=x onerror=alert(1)> ${randomUUID().slice(0, 6)}`;
    const t = await tenantWithDelivery(name, answers.ok());
    const cookie = { Cookie: `${SESSION_COOKIE}=${await session()}` };
    const body = await (await fetch(`${sc.url}/tenants/${t.caller.tenantId}`, { headers: cookie })).text();
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    for (const query of ['state=gone', 'event_type=%3Cb%3E', 'since=yesterday', 'since=2026-02-30T10:00']) {
      const res = await fetch(`${sc.url}/tenants/${t.caller.tenantId}?${query}`, { headers: cookie });
      expect([query, res.status]).toEqual([query, 400]);
    }
    expect((await fetch(`${sc.url}/deliveries/${randomUUID()}`, { headers: cookie })).status).toBe(404);
  });

  it('finds a subscription by part of its URL, and goes straight to a delivery found by its id', async () => {
    const t = await tenantWithDelivery(`Found ${randomUUID().slice(0, 6)}`, answers.ok());
    const delivered = await h.settled(t.sub.id, t.eventId, 'delivered');
    const cookie = { Cookie: `${SESSION_COOKIE}=${await session()}` };
    const byUrl = await (await fetch(`${sc.url}/?q=${encodeURIComponent(t.path.slice(1))}`, { headers: cookie })).text();
    expect(byUrl).toContain(`<a href="/webhooks/${t.sub.id}">`);
    const byId = await fetch(`${sc.url}/?q=${delivered.id}`, { headers: cookie, redirect: 'manual' });
    expect([byId.status, byId.headers.get('location')]).toEqual([303, `/deliveries/${delivered.id}`]);
  });
});
