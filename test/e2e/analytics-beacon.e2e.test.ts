import { existsSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { eventually } from '../harness/eventually.js';
import { startDemoSite, type DemoSite } from '../../src/widget/demo-site.js';
import { createWebsiteChannel } from '../../src/domain/channels/website-channels.js';

/**
 * The page-view beacon in headless Chromium: the demo shop (another site than the cell)
 * embeds the widget with its one line; loading a page records one page view with its
 * referrer and UTM parameters.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s));

let caller: Caller;
let demo: DemoSite;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run bin/test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  caller = await newCaller(api.services);
  const services = api.services;
  const channelId = await services.orm.em.fork().transactional(async (em) => (await createWebsiteChannel(em, {
    tenantId: caller.tenantId, name: 'Beacon shop', allowedDomains: ['shop.localhost'],
  }, services.clock.now())).id);
  demo = await startDemoSite({ cellOrigin: api.origin, channelId, publicHost: 'shop.localhost' });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe('the widget page-view beacon in Chromium', () => {
  it('loading a demo-site page records one page view with its referrer and UTM', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const address = `${demo.url}?utm_source=newsletter&utm_medium=email&utm_campaign=november`;
    // Cross-origin, the browser sends only the referring origin (strict-origin-when-cross-origin).
    await page.goto(address, { referer: 'http://search.localhost/results?q=sneakers' });
    const rows = await eventually('the page view', async () => {
      const { rows: found } = await sql.query('select type, source, visitor_id, properties from analytics_events where tenant_id = $1', [caller.tenantId]);
      return found.length ? found : undefined;
    }, 20_000);
    await context.close();
    expect(rows).toEqual([{
      type: 'page_view', source: 'widget', visitor_id: expect.any(String),
      properties: expect.objectContaining({
        url: address, referrer: expect.stringMatching(/^http:\/\/search\.localhost\//), utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'november', title: expect.any(String),
      }),
    }]);
  }, 60_000);
});
