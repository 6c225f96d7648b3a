import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { startApi, type TestApi } from '../harness/app.js';
import { sqlClient } from '../harness/database.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { eventually } from '../harness/eventually.js';
import { DraftWriter } from '../harness/draft-writer.js';
import { seedMessage } from '../integration/conversations-fixtures.js';
import { startDemoSite, type DemoSite } from '../../src/widget/demo-site.js';
import { createWebsiteChannel } from '../../src/domain/channels/website-channels.js';
import { announceConversationChanges } from '../../src/domain/conversations/live.js';

/**
 * An AI reply growing in the visitor's chat, in headless Chromium (as test/e2e/widget.e2e.test.ts
 * drives it) on the demo shop: a real api without a worker, so the reply's operation waits and
 * the test writes its draft to Redis as the worker does by the contract
 * (test/harness/draft-writer.ts), then commits the final message with the draft's id (the
 * operation's resource id) and announces it, as the reply writer does. Screenshots go to
 * E2E_SCREENSHOT_DIR.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'widget-drafts-e2e-'));
/** Live means within a few seconds. */
const LIVE_MS = 6000;

let api: TestApi;
let sql: pg.Client;
let caller: Caller;
let channelId: string;
let demo: DemoSite;
let browser: Browser;
const problems: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run bin/test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  mkdirSync(SHOTS, { recursive: true });
  // The server's own hold (WIDGET_REPLY_HOLD_MS, 8 s): the widget asks for none (?wait=0), so
  // even a new visitor's first reply grows in the chat (no worker answers here: a held first
  // message would keep the stream shut past LIVE_MS).
  api = await startApi({});
  sql = await sqlClient();
  caller = await newCaller(api.services);
  const services = api.services;
  channelId = await services.orm.em.fork().transactional(async (em) => (await createWebsiteChannel(em, {
    tenantId: caller.tenantId, name: 'Nordic Home site', greeting: 'Hello! How can I help?', color: '#0f766e', allowedDomains: ['shop.localhost', '127.0.0.1'],
  }, services.clock.now())).id);
  demo = await startDemoSite({ cellOrigin: api.origin, channelId, publicHost: 'shop.localhost' });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
}, 60_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  expect(problems.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await sql?.end();
  await api?.close();
});

async function visitorPage(o: { phone?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(o.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1100, height: 760 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to|Uncaught/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return page;
}

async function chatFrame(p: Page): Promise<Frame> {
  return eventually('the chat frame', async () => p.frames().find((f) => f.url().includes('/widget/frame.html')), 10_000);
}

/** The reply the AI owes for the visitor's newest message: its conversation and message id (the operation's resource id). */
async function pendingReply(question: string): Promise<{ conversationId: string; replyId: string }> {
  return eventually('the reply operation', async () => {
    const { rows } = await sql.query<{ conversation_id: string; resource_id: string }>(
      `select o.input->>'conversation_id' as conversation_id, o.resource_id from operations o
        join messages m on m.id::text = o.input->>'message_id' where m.content = $1 and o.tenant_id = $2 and o.type = 'conversation.ai_reply'`,
      [question, caller.tenantId]);
    return rows.length === 1 ? { conversationId: rows[0]!.conversation_id, replyId: rows[0]!.resource_id } : undefined;
  }, 10_000);
}

/** The visitor opens the chat on the shop and asks; resolves once the typing indicator shows and the stream is open. */
async function visitorAsks(page: Page, question: string, o: { url?: string; open?: boolean } = {}): Promise<Frame> {
  if (o.open !== false) {
    await page.goto(o.url ?? demo.url);
    await page.click('#saleschat-launcher');
  }
  const frame = await chatFrame(page);
  await frame.locator('.greeting').waitFor();
  await frame.fill('#input', question);
  await frame.press('#input', 'Enter');
  await frame.locator('.msg-user').getByText(question).waitFor();
  await frame.locator('#typing').waitFor({ state: 'visible' });
  await frame.locator('#app[data-transport="stream"]').waitFor({ timeout: LIVE_MS });
  return frame;
}

/** Records whether the page ever held a draft and a final message of the same id at once (checked after each change, before any paint). */
async function watchBubbles(frame: Frame, replyId: string): Promise<void> {
  await frame.evaluate(`(() => {
    window.bothShown = false;
    window.draftSeen = false;
    const log = document.getElementById('log');
    new MutationObserver(() => {
      const draft = log.querySelector('.draft[data-draft="${replyId}"]');
      if (draft) window.draftSeen = true;
      if (draft && log.querySelector('[data-id="${replyId}"]')) window.bothShown = true;
    }).observe(log, { childList: true, subtree: true, characterData: true });
  })()`);
}

async function commit(conversationId: string, replyId: string, content: string, w: DraftWriter): Promise<void> {
  await seedMessage(sql, caller, conversationId, { id: replyId, sender: 'ai', content, createdAt: new Date() });
  await announceConversationChanges(api.services.redis, [conversationId]);
  await w.committed(replyId);
}

const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `widget-drafts-${name}.png`) });

describe('an AI reply as it is written, in the browser', () => {
  it('grows in a bubble where the typing indicator was, as text (never HTML); the final message takes its place without a second bubble', async () => {
    const page = await visitorPage();
    const question = 'Do you have sneakers in size 42?';
    const frame = await visitorAsks(page, question);
    const { conversationId, replyId } = await pendingReply(question);
    const w = new DraftWriter(api.services.redis, conversationId);
    await watchBubbles(frame, replyId);

    await w.write(replyId, 0, 'Yes! Runner X');
    const draft = frame.locator(`.msg-ai.draft[data-draft="${replyId}"]`);
    await draft.getByText('Yes! Runner X').waitFor({ timeout: LIVE_MS });
    expect(await frame.locator('#typing').isHidden()).toBe(true);
    await shot(page, '1-growing');

    await w.append(replyId, ' comes in size 42, <b>4 990 ₽</b> <img src=x onerror="window.pwned=1">');
    const grown = 'Yes! Runner X comes in size 42, <b>4 990 ₽</b> <img src=x onerror="window.pwned=1">';
    await eventually('the grown draft', async () => ((await draft.textContent()) === grown ? true : undefined), LIVE_MS);
    expect(await draft.locator('b, img').count()).toBe(0);
    expect(await frame.evaluate('window.pwned')).toBeUndefined();
    // Not yet final: only the greeting and the draft speak for the AI.
    expect(await frame.locator(`[data-id="${replyId}"]`).count()).toBe(0);
    await shot(page, '2-grown');

    const final = 'Yes! Runner X comes in size 42, 4 990 ₽. Shall I reserve a pair?';
    await commit(conversationId, replyId, final, w);
    await frame.locator(`.msg-ai[data-id="${replyId}"]`).getByText(final).waitFor({ timeout: LIVE_MS });
    expect(await frame.locator('.draft').count()).toBe(0);
    expect(await frame.locator('.msg-ai:not(.greeting)').count()).toBe(1);
    expect(await frame.evaluate('window.draftSeen')).toBe(true);
    expect(await frame.evaluate('window.bothShown')).toBe(false);
    expect(await frame.locator('#typing').isHidden()).toBe(true);
    // A late delta of the final message changes nothing.
    await w.publishOnly(replyId, 0, 'stale');
    await w.write(replyId, 0, 'stale draft');
    const marker = randomUUID();
    await w.write(marker, 0, 'marker');
    await frame.locator(`.draft[data-draft="${marker}"]`).waitFor({ timeout: LIVE_MS });
    expect(await frame.locator(`.draft[data-draft="${replyId}"]`).count()).toBe(0);
    await w.retract(marker);
    await w.committed(replyId);
    await frame.locator('.draft').waitFor({ state: 'detached', timeout: LIVE_MS });
    await shot(page, '3-final');
  });

  it('a retracted reply leaves nothing: its draft and the typing indicator go', async () => {
    const page = await visitorPage();
    const question = 'Can you deliver tomorrow?';
    const frame = await visitorAsks(page, question);
    const { conversationId, replyId } = await pendingReply(question);
    const w = new DraftWriter(api.services.redis, conversationId);
    await w.write(replyId, 0, 'Let me check the delivery');
    await frame.locator('.draft').getByText('Let me check the delivery').waitFor({ timeout: LIVE_MS });
    await w.retract(replyId);
    await frame.locator('.draft').waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(await frame.locator('#typing').isHidden()).toBe(true);
    expect(await frame.locator('.msg-ai:not(.greeting)').count()).toBe(0);
    await shot(page, '4-retracted');
  });

  it('on a phone-sized screen: the draft wraps inside the screen and becomes the final message', async () => {
    const page = await visitorPage({ phone: true });
    const question = 'Which sofa fits a small room?';
    // Same site as the cell on the phone, as the widget's own e2e test does.
    const frame = await visitorAsks(page, question, { url: demo.url.replace('shop.localhost', '127.0.0.1') });
    expect(await page.locator('#saleschat-frame').boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    const { conversationId, replyId } = await pendingReply(question);
    const w = new DraftWriter(api.services.redis, conversationId);
    await watchBubbles(frame, replyId);
    const words = 'Sofa Oslo is compact: 180 cm wide and 85 cm deep, with a fold-out seat and storage underneath, in grey or sand';
    for (const word of words.split(' ')) await w.append(replyId, (w.texts.get(replyId) ? ' ' : '') + word);
    const draft = frame.locator('.draft');
    await eventually('the whole draft', async () => ((await draft.textContent()) === words ? true : undefined), LIVE_MS);
    const box = await draft.locator('.bubble').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.height > 40).toBe(true); // inside, on several lines
    expect(await frame.locator('#input').isVisible()).toBe(true);
    await shot(page, '5-phone-growing');

    await commit(conversationId, replyId, `${words}.`, w);
    await frame.locator(`.msg-ai[data-id="${replyId}"]`).getByText(`${words}.`).waitFor({ timeout: LIVE_MS });
    expect(await frame.locator('.draft').count()).toBe(0);
    expect(await frame.evaluate('window.bothShown')).toBe(false);
    await shot(page, '6-phone-final');
  });

  it('a visitor on the poll fallback sees the final message only', async () => {
    const page = await visitorPage();
    const context = page.context();
    const question = 'Is the lamp dimmable?';
    await visitorAsks(page, question);
    const { conversationId, replyId } = await pendingReply(question);
    // The stream blocked from now on: the reload polls.
    await context.route('**/api/widget/events**', (route) => route.abort());
    await page.reload();
    const polled = await chatFrame(page);
    await polled.locator('#app[data-transport="poll"]').waitFor({ timeout: LIVE_MS });
    await watchBubbles(polled, replyId);
    const w = new DraftWriter(api.services.redis, conversationId);
    await w.write(replyId, 0, 'Yes, Lamp Bergen');
    await w.append(replyId, ' is dimmable');
    await commit(conversationId, replyId, 'Yes, Lamp Bergen is dimmable.', w);
    await polled.locator(`.msg-ai[data-id="${replyId}"]`).getByText('Yes, Lamp Bergen is dimmable.').waitFor({ timeout: LIVE_MS });
    expect(await polled.evaluate('window.draftSeen')).toBe(false);
  });
});
