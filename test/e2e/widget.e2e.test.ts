import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { OperationsHarness } from '../harness/operations-harness.js';
import type { Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { conversationOf } from '../integration/widget-fixtures.js';
import { eventually } from '../harness/eventually.js';
import { startDemoSite, type DemoSite } from '../../src/widget/demo-site.js';
import { createWebsiteChannel } from '../../src/domain/channels/website-channels.js';
import { WEBSITE_DEFAULTS } from '../../src/domain/channels/website-settings.js';
import { FRAME_BASE_CSP } from '../../src/widget/frame-policy.js';

/**
 * The visitor chat end to end, in headless Chromium (Debian's package, driven by
 * playwright-core; bin/test installs it when missing): a real api with an in-process worker
 * (builtin AI seller), a website channel with a consent, and a demo shop on another origin
 * than the cell (127.0.0.1:<api port>) that embeds the widget with its one line. The shop is
 * opened as http://shop.localhost:<port> (another site: the browser refuses the chat frame
 * storage of its own, so the embed script keeps the session in the shop's storage) and, on
 * the phone, as http://127.0.0.1:<port> (same site, other origin: the frame keeps it itself).
 * A site not listed is refused twice: init (no launcher) and the chat page's frame-ancestors.
 * Screenshots of each step go to E2E_SCREENSHOT_DIR (bin/test: .state/test-<db>/screenshots/).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'widget-e2e-'));
const GREETING = 'Hello! I am the Nordic Home assistant. How can I help?';
const CONSENT = { text: 'I agree to the processing of my personal data.', url: 'https://shop.example.com/privacy', version: '2026-11' };
const BUY_URL = 'https://shop.example.com/cart/add/runner-x';
/** Live means within a few seconds; polling every 2.5 s fits in that too. */
const LIVE_MS = 6000;

let h: OperationsHarness;
let caller: Caller;
let channelId: string;
let demo: DemoSite;
let browser: Browser;
/** The shop as another origin of the cell's own site (127.0.0.1, another port). */
const sameSite = () => demo.url.replace('shop.localhost', '127.0.0.1');
/** What the embed script keeps in the shop's storage. */
const shopMemory = async (p: Page): Promise<any> => JSON.parse(await p.evaluate(`localStorage.getItem('saleschat:${channelId}')`) as string);
const problems: string[] = [];

async function shot(p: Page, name: string): Promise<void> {
  await p.screenshot({ path: join(SHOTS, `widget-${name}.png`) });
}

/** The chat frame inside the demo page (the iframe the embed script adds). */
async function chatFrame(p: Page): Promise<Frame> {
  return eventually('the chat frame', async () => p.frames().find((f) => f.url().includes('/widget/frame.html')), 10_000);
}

/** Catches what a visitor would not see: script errors and CSP refusals, in the page and the frame. */
function watch(p: Page): void {
  p.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  p.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to|Uncaught/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
}

async function operator(conversationId: string, path: string, body: unknown): Promise<void> {
  const res = await call(h.api.base, 'POST', `/conversations/${conversationId}/${path}`, { key: caller.apiKey, body });
  if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run bin/test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  mkdirSync(SHOTS, { recursive: true });
  h = await OperationsHarness.start();
  caller = await h.caller({ name: 'Nordic Home' });
  const services = h.api.services;
  channelId = await services.orm.em.fork().transactional(async (em) => (await createWebsiteChannel(em, {
    tenantId: caller.tenantId, name: 'Nordic Home site', greeting: GREETING, color: '#0f766e', consent: CONSENT, allowedDomains: ['shop.localhost', '127.0.0.1'],
  }, services.clock.now())).id);
  await h.card(caller, {
    code: 'runner-x', name: 'Runner X sneakers', description: 'Light running sneakers for every day.', price_text: '4 990 ₽',
    page_url: 'https://shop.example.com/p/runner-x', buttons: [{ label: 'Buy now', url: BUY_URL }], ai_enabled: true,
  });
  demo = await startDemoSite({ cellOrigin: h.api.origin, channelId, publicHost: 'shop.localhost' });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
}, 60_000);

// Every test has browser contexts of its own (no storage, cookies or routes from another test).
const contexts: BrowserContext[] = [];
/** A desktop browser of the test's own, on a new page watched for script errors (unless the test expects a refusal). */
async function desktopPage(o: { watched?: boolean } = {}): Promise<{ desktop: BrowserContext; page: Page }> {
  const desktop = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  contexts.push(desktop);
  const page = await desktop.newPage();
  if (o.watched !== false) watch(page);
  return { desktop, page };
}
// No script errors and no CSP refusals in any test's pages.
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  expect(problems.splice(0)).toEqual([]);
});

/**
 * A visitor on the shop (another site) opens the chat, accepts the consent and asks for
 * sneakers; resolves once the AI's answer with the card shows. Checks each step on the way.
 */
async function visitorAsksForSneakers(page: Page, o: { shots?: boolean } = {}): Promise<{ frame: Frame; conversationId: string }> {
  await page.goto(demo.url);
  await page.click('#saleschat-launcher');
  const frame = await chatFrame(page);
  await frame.locator('.greeting').getByText(GREETING).waitFor();
  const consent = frame.locator('#consent');
  await consent.waitFor();
  expect(await consent.locator('label').textContent()).toBe(CONSENT.text);
  expect(await consent.locator('a').getAttribute('href')).toBe(CONSENT.url);
  expect(await consent.locator('a').getAttribute('target')).toBe('_blank');

  await frame.fill('#input', 'Do you have sneakers?');
  expect(await frame.isDisabled('#send')).toBe(true); // not before the consent
  await frame.check('#consent-box');
  expect(await frame.isEnabled('#send')).toBe(true);
  // The typing indicator may come and go faster than a look: record whether it showed.
  await frame.evaluate(`(() => {
    const typing = document.getElementById('typing');
    window.typingSeen = false;
    new MutationObserver(() => { if (!typing.hidden) window.typingSeen = true; }).observe(typing, { attributes: true });
  })()`);
  await frame.click('#send');
  await frame.locator('.msg-user').getByText('Do you have sneakers?').waitFor();

  const card = frame.locator('.msg-ai .card').filter({ hasText: 'Runner X sneakers' });
  await card.waitFor({ timeout: 20_000 });
  expect(await card.locator('.card-price').textContent()).toBe('4 990 ₽');
  const button = card.locator('a.card-button');
  expect(await button.textContent()).toBe('Buy now');
  expect(await button.getAttribute('href')).toBe(BUY_URL);
  expect(await button.getAttribute('target')).toBe('_blank');
  await consent.waitFor({ state: 'hidden' });
  await frame.locator('#typing').waitFor({ state: 'hidden' });
  expect(await frame.evaluate('window.typingSeen')).toBe(true);
  if (o.shots) await shot(page, '1-ai-card');
  // Another site: the browser keeps the chat frame from storage of its own, so the shop keeps its state.
  const memory = await shopMemory(page);
  expect(memory).toEqual({ open: true, session: true, frame: { token: expect.any(String), consent: CONSENT.version } });

  const conversationId: string = (await conversationOf(h.db, memory.frame.token)).id;
  expect(await h.messages(conversationId)).toEqual([
    expect.objectContaining({ sender: 'customer', content: 'Do you have sneakers?' }),
    expect.objectContaining({ sender: 'ai', cards: [expect.objectContaining({ name: 'Runner X sneakers' })] }),
  ]);
  return { frame, conversationId };
}

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await h?.stop();
});

describe('the widget assets', () => {
  it('are served from the cell with their types, short caching, and a same-origin CSP for the chat page', async () => {
    const embed = await fetch(`${h.api.origin}/widget.js`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(embed.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await embed.text()).toContain('data-channel');
    // (fetch adds Cache-Control: no-cache to a conditional request unless it has one)
    const again = await fetch(`${h.api.origin}/widget.js`, { headers: { 'if-none-match': embed.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);

    const frame = await fetch(`${h.api.origin}/widget/frame.html?channel=${channelId}`);
    expect(frame.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(frame.headers.get('content-security-policy')).toBe(`${FRAME_BASE_CSP}; frame-ancestors 'self' `
      + 'https://shop.localhost:* http://shop.localhost:* https://*.shop.localhost:* http://*.shop.localhost:* https://127.0.0.1:* http://127.0.0.1:*');
    expect(frame.headers.get('cache-control')).toBe('public, max-age=60');
    expect(frame.headers.get('x-frame-options')).toBeNull();
    for (const [path, type] of [['/widget/frame.js', 'application/javascript'], ['/widget/frame.css', 'text/css']]) {
      const res = await fetch(`${h.api.origin}${path}`);
      expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: `${type}; charset=utf-8` });
    }
  });
});

describe('the visitor chat in a browser', () => {
  it('a visitor accepts the consent, asks for a product and sees the AI answer with a card and its button', async () => {
    const { page } = await desktopPage();
    await visitorAsksForSneakers(page, { shots: true });
  });

  it('the visitor asks for a person and waits under the queue title; an operator takes over through the server API and the visitor sees the message live', async () => {
    const { page } = await desktopPage();
    const { frame, conversationId } = await visitorAsksForSneakers(page);
    await frame.locator('#app[data-transport="stream"]').waitFor({ timeout: LIVE_MS });
    await frame.fill('#input', 'Can I talk to a human, please?');
    await frame.press('#input', 'Enter');
    const queue = frame.locator('#banner.banner-queue');
    await queue.getByText(WEBSITE_DEFAULTS.queue.title).waitFor({ timeout: 20_000 });
    expect(await queue.locator('#banner-subtitle').textContent()).toBe(WEBSITE_DEFAULTS.queue.subtitle);
    await frame.locator('#typing').waitFor({ state: 'hidden' });
    expect(await frame.locator('.msg-user').allTextContents()).toEqual([
      expect.stringContaining('Do you have sneakers?'), expect.stringContaining('Can I talk to a human, please?'),
    ]);
    await shot(page, '2-queued');

    await operator(conversationId, 'takeover', { operator: { name: 'Olga' } });
    await frame.locator('#banner.banner-operator').getByText('Olga').waitFor({ timeout: LIVE_MS });

    await operator(conversationId, 'operator-messages', { content: 'Hi, Olga here. Runner X is in stock in every size.', operator: { name: 'Olga' } });
    const message = frame.locator('.msg-operator').filter({ hasText: 'Runner X is in stock in every size.' });
    await message.waitFor({ timeout: LIVE_MS });
    expect(await message.locator('.author').textContent()).toBe('Olga');
    expect(await frame.getAttribute('#app', 'data-transport')).toBe('stream');
    await shot(page, '3-operator-live');
  });

  it('with the stream blocked the widget polls, keeps its session across the reload, and still receives the operator', async () => {
    const { desktop, page } = await desktopPage();
    const { conversationId } = await visitorAsksForSneakers(page);
    await operator(conversationId, 'takeover', { operator: { name: 'Olga' } });
    await operator(conversationId, 'operator-messages', { content: 'Hi, Olga here. Runner X is in stock in every size.', operator: { name: 'Olga' } });
    // Context-wide routing covers the iframe (another site, so another renderer process).
    await desktop.route('**/api/widget/events**', (route) => route.abort());
    await page.reload();
    const frame = await chatFrame(page); // the panel was open: it opens again by itself
    await frame.locator('.msg-operator').filter({ hasText: 'Runner X is in stock' }).waitFor({ timeout: LIVE_MS });
    expect(await frame.locator('.msg-user').count()).toBe(1); // the same conversation: the token survived the reload
    await frame.locator('#app[data-transport="poll"]').waitFor({ timeout: LIVE_MS });

    await operator(conversationId, 'operator-messages', {
      content: 'Shall I reserve a pair for you? Here is the size chart.',
      attachments: [{ url: 'https://files.example.com/size-chart.pdf', name: 'size-chart.pdf', content_type: 'application/pdf' }],
    });
    const latest = frame.locator('.msg-operator').filter({ hasText: 'Shall I reserve a pair for you?' });
    await latest.waitFor({ timeout: LIVE_MS });
    const attachment = latest.locator('a.attachment');
    expect(await attachment.textContent()).toContain('size-chart.pdf');
    expect(await attachment.getAttribute('href')).toMatch(new RegExp(`^${h.api.origin}/api/widget/attachments/[0-9a-f-]{36}/0\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    expect(await frame.getAttribute('#app', 'data-transport')).toBe('poll');
    await shot(page, '4-polling');
  });

  it('once the stream can be reached again the widget switches back from polling to it, stops polling, and receives the operator live over it', async () => {
    const { desktop, page } = await desktopPage();
    const { conversationId } = await visitorAsksForSneakers(page);
    await operator(conversationId, 'takeover', { operator: { name: 'Olga' } });
    await desktop.route('**/api/widget/events**', (route) => route.abort());
    await page.reload();
    const frame = await chatFrame(page);
    await frame.locator('#app[data-transport="poll"]').waitFor({ timeout: LIVE_MS });
    const polls: number[] = [];
    desktop.on('request', (r) => {
      if (r.url().includes('/api/widget/poll?')) polls.push(Date.now());
    });
    await desktop.unroute('**/api/widget/events**');
    // A stream that never opened is tried again within 30 s (frame-live.ts STREAM_RETRY_MS).
    await frame.locator('#app[data-transport="stream"]').waitFor({ timeout: 45_000 });
    const switched = Date.now();
    expect(polls.length).toBeGreaterThan(0); // it did poll meanwhile
    await operator(conversationId, 'operator-messages', { content: 'Back on the stream: Runner X ships today.', operator: { name: 'Olga' } });
    await frame.locator('.msg-operator').filter({ hasText: 'Back on the stream' }).waitFor({ timeout: LIVE_MS });
    // Polling stopped with the switch: more than two poll periods (2.5 s) without a poll.
    await page.waitForTimeout(6000);
    expect(polls.filter((t) => t > switched + 500)).toEqual([]);
    expect(await frame.getAttribute('#app', 'data-transport')).toBe('stream');
  }, 120_000);

  it('is usable on a phone-sized screen: the chat fills it, and a site can open it with its own button', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const p = await phone.newPage();
      watch(p);
      await p.goto(sameSite());
      await p.locator('#saleschat-launcher').waitFor();
      await p.click('#own-launcher'); // window.SalesChat.open()
      const frame = await chatFrame(p);
      await frame.locator('.greeting').waitFor();
      expect(await p.locator('#saleschat-frame').boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      expect(await p.locator('#saleschat-launcher').isHidden()).toBe(true);

      await frame.check('#consent-box');
      await frame.fill('#input', 'Do you have sneakers?');
      await frame.press('#input', 'Enter');
      await frame.locator('.msg-ai .card a.card-button').waitFor({ timeout: 20_000 });
      const inside = (b: { x: number; y: number; width: number; height: number } | null) => !!b && b.x >= 0 && b.y >= 0 && b.x + b.width <= 390 && b.y + b.height <= 844;
      expect(inside(await frame.locator('#input').boundingBox())).toBe(true);
      expect(inside(await frame.locator('#send').boundingBox())).toBe(true);
      expect(inside(await frame.locator('.msg-ai .card').boundingBox())).toBe(true);
      await shot(p, '5-phone');
      // Same site as the cell: the frame keeps its token itself, the shop only whether the chat is open.
      expect(await shopMemory(p)).toEqual({ open: true, session: true });
      await p.reload();
      const again = await chatFrame(p);
      await again.locator('.msg-ai .card a.card-button').waitFor({ timeout: LIVE_MS });
      expect(await again.locator('.msg-user').count()).toBe(1);

      await again.click('#close');
      await p.locator('#saleschat-frame').waitFor({ state: 'hidden' });
      await p.locator('#saleschat-launcher').waitFor();
    } finally {
      await phone.close();
    }
  });

  it('a site the channel does not list gets no launcher, and SalesChat.open() opens nothing', async () => {
    const { page: p } = await desktopPage({ watched: false });
    try {
      const refused = p.waitForEvent('console', (m) => m.text().startsWith('[SalesChat]'));
      await p.goto(demo.url.replace('shop.localhost', 'other.localhost'));
      expect((await refused).text()).toMatch(/not allowed on this site/);
      await p.click('#own-launcher');
      expect(await p.locator('#saleschat-launcher, #saleschat-frame').count()).toBe(0);
    } finally {
      await p.close();
    }
  });

  it('a site the channel does not list cannot frame the chat page itself: Chromium refuses it (frame-ancestors); a listed subdomain can', async () => {
    // A page that skips the embed script (and so init's site check) and frames the chat directly.
    const framing: Server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Framing</title><iframe id="chat" width="360" height="560" src="${h.api.origin}/widget/frame.html?channel=${channelId}"></iframe>`);
    });
    await new Promise<void>((resolve) => framing.listen(0, '127.0.0.1', resolve));
    const port = (framing.address() as AddressInfo).port;
    const { page: p } = await desktopPage({ watched: false }); // the refusal is what it expects
    try {
      const refused = p.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes('frame-ancestors'), timeout: 10_000 });
      await p.goto(`http://elsewhere.localhost:${port}/`);
      expect((await refused).text()).toContain(`Framing '${h.api.origin}/' violates the following Content Security Policy directive: "frame-ancestors 'self' https://shop.localhost:*`);
      const blocked = p.frames().find((f) => f !== p.mainFrame())!;
      // The refusal is reported before the frame shows Chromium's error page: wait for the page.
      await blocked.waitForURL(/^chrome-error:/);
      expect(await blocked.locator('#app, .greeting, #input').count()).toBe(0);
      await shot(p, '6-framed-elsewhere');

      await p.goto(`http://www.shop.localhost:${port}/`);
      const chat = await chatFrame(p);
      await chat.locator('.greeting').getByText(GREETING).waitFor();
      expect(await chat.locator('#input').count()).toBe(1);
    } finally {
      await p.close();
      framing.closeAllConnections();
      await new Promise((resolve) => framing.close(resolve));
    }
  });
});
