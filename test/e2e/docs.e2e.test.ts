import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import type { Schema } from '../harness/json-schema.js';
import { API_ROUTE_EXTENSIONS, SPEC_API_ROUTES } from '../harness/spec-routes.js';
import { SPEC_EVENT_TYPES } from '../harness/spec-events.js';
import { SPEC_PROBLEM_STATUS } from '../harness/spec-problems.js';

/**
 * Issue 29 item 4: GET /docs on the cell origin renders the live OpenAPI document in headless
 * Chromium (Redoc, served by the API): every route of spec 01 and 02 (and the listed
 * extensions), every event of spec 01, the error catalogue; the page loads nothing from another
 * origin and breaks none of its Content-Security-Policy.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let api: TestApi;
let doc: Schema;
useApiSuite((s) => ({ api, doc } = s));

let browser: Browser;
let page: Page;
/** Every address the page asked for, and every console error and failed page script. */
const requested: string[] = [];
const problems: string[] = [];
/** The text of each rendered operation by its section id (`operation/<operationId>`). */
let sections: Record<string, string> = {};

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run bin/test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('request', (r) => requested.push(r.url()));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${api.origin}/docs`);
  // Redoc renders every operation once the document is read; the last event comes last.
  const last = doc.webhooks['webhook.test'].post.operationId;
  await page.waitForSelector(`[data-section-id="operation/${last}"]`, { timeout: 90_000 });
  sections = Object.fromEntries(await page.$$eval('[data-section-id^="operation/"]', (els) => els.map((e) => [e.getAttribute('data-section-id') ?? '', e.textContent ?? ''])));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const rendered = (operationId: string) => sections[`operation/${operationId}`];

describe('GET /docs in Chromium', () => {
  it('renders every route of spec 01 and 02 and the listed extensions: its operation, with its path', () => {
    const routes = [...Object.keys(SPEC_API_ROUTES), ...Object.keys(API_ROUTE_EXTENSIONS)];
    const missing = routes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      const operationId = doc.paths[path]?.[method.toLowerCase()]?.operationId as string | undefined;
      return !operationId || !rendered(operationId)?.includes(path);
    });
    expect(routes.length).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });

  it('renders every event of spec 01 with its headers and its envelope', () => {
    const missing = SPEC_EVENT_TYPES.filter((type) => {
      const text = rendered(doc.webhooks[type]?.post.operationId ?? '');
      return !text || !['Svc-Event-Id', 'Svc-Event-Type', 'Svc-Signature', 'api_version', 'livemode', type].every((s) => text.includes(s));
    });
    expect(missing).toEqual([]);
  });

  it('shows the error catalogue: every code of the spec, linking the errors page, which answers', async () => {
    const errors = await page.$eval('[data-section-id="tag/errors"]', (e) => e.textContent ?? '');
    expect(Object.keys(SPEC_PROBLEM_STATUS).filter((code) => !errors.includes(code))).toEqual([]);
    const links = await page.$$eval('a[href*="/developers/errors"]', (as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(links).toContain(`${api.origin}/developers/errors`);
    expect(links).toContain(`${api.origin}/developers/errors#not_found`);
    const res = await fetch(`${api.origin}/developers/errors`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
  });

  it('loads everything from the cell origin (no CDN) and breaks nothing of its policy', () => {
    const elsewhere = requested.filter((url) => !url.startsWith(`${api.origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:'));
    expect(elsewhere).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining([`${api.origin}/docs`, `${api.origin}/docs/redoc.standalone.js`, `${api.origin}/api/public/v1/openapi.json`]));
    expect(problems).toEqual([]);
  });
});

describe('what the API serves for the page', () => {
  it('the page: HTML under a policy that allows only this origin, inline styles and the search worker', async () => {
    const res = await fetch(`${api.origin}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/worker-src blob:(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/https?:|\*|unsafe-eval/);
    const html = await res.text();
    expect(html).toContain('<redoc spec-url="/api/public/v1/openapi.json"');
    expect(html).toContain('<script src="/docs/redoc.standalone.js"></script>');
  });

  it('the renderer: cached a day, gzipped when asked, revalidated by its ETag', async () => {
    const plain = await fetch(`${api.origin}/docs/redoc.standalone.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(500_000);
    expect(body).not.toContain('cdn.redoc.ly');
    const gzipped = await fetch(`${api.origin}/docs/redoc.standalone.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzipped.headers.get('content-length'))).toBeLessThan(body.length / 2);
    expect(await gzipped.text()).toBe(body);
    // fetch adds Cache-Control: no-cache to a conditional request unless one is given (a browser's reload sends max-age=0).
    const revalidate = { 'Accept-Encoding': 'identity', 'Cache-Control': 'max-age=0', 'If-None-Match': plain.headers.get('etag')! };
    const again = await fetch(`${api.origin}/docs/redoc.standalone.js`, { headers: revalidate });
    expect(again.status).toBe(304);
  });
});
