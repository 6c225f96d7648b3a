import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { refusingPort } from '../harness/api-process.js';
import { sqlClient } from '../harness/database.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { answers, Receiver } from '../harness/receiver.js';
import { startDemoSite, type DemoSite } from '../../src/widget/demo-site.js';
import { BlogStore } from '../../src/site-module/blog-store.js';
import { DEMO_PRODUCTS } from '../../src/domain/provisioning/demo-catalogue.js';
import { DEMO_WEBSITE_CHANNEL_ID } from '../../src/domain/provisioning/demo.js';

/**
 * The overview's sitemap_health (issue 27, item 1): a bound site's sitemap is read for real
 * through the webhooks' address rules, from real local servers (the demo shop over http on a
 * pinned name, an HTTPS receiver on 127.0.0.X:443), and judged against the tenant's published
 * articles. Failures give the block an error state in a 200 answered within the wait bound;
 * an address in a blocked class is never connected to.
 */

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
let receiver: Receiver;
let shop: DemoSite;
let blogDir: string;
/** Records every request: the far side that a refused address must never reach. */
let recorder: Server;
const recorded: string[] = [];
let recorderPort: number;
/** A port nobody listens on. */
let closedPort: number;

const SHOP_HOST = 'shop.sitemap.test';
const BLOCKED_HOST = 'blocked.sitemap.test';
const DOWN_HOST = 'down.sitemap.test';
const LOOPBACK_HOST = 'recorder.sitemap.test';


beforeAll(async () => {
  receiver = await Receiver.start(import.meta.url);
  recorder = createServer((req, res) => {
    recorded.push(req.url ?? '');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  recorderPort = (recorder.address() as AddressInfo).port;
  closedPort = await refusingPort();
  api = await startApi({
    WEBHOOK_RESOLVE: [receiver.resolveEntry, `${SHOP_HOST}=127.0.0.1`, `${BLOCKED_HOST}=0.0.0.0`, `${DOWN_HOST}=127.0.0.1`, `${LOOPBACK_HOST}=127.0.0.1`].join(','),
  });
  sql = await sqlClient();
  doc = (await call(api.base, 'GET', '/openapi.json')).body;
  blogDir = await mkdtemp(join(tmpdir(), 'demo-blog-'));
  shop = await startDemoSite({ cellOrigin: api.origin, channelId: DEMO_WEBSITE_CHANNEL_ID, blogDir, publicHost: SHOP_HOST });
}, 60_000);

afterAll(async () => {
  await shop?.close();
  if (blogDir) await rm(blogDir, { recursive: true, force: true });
  await receiver?.close();
  recorder?.closeAllConnections();
  await new Promise((resolve) => recorder ? recorder.close(resolve) : resolve(undefined));
  await sql?.end();
  await api?.close();
}, 60_000);

async function overview(who: Caller) {
  const res = await call(api.base, 'GET', '/dashboards/overview?blocks=sitemap_health', { key: who.apiKey });
  expect(res.status).toBe(200);
  expect(schemaErrors(res.body, { $ref: '#/components/schemas/Overview' }, doc)).toEqual([]);
  return { block: res.body.data.blocks.sitemap_health };
}

async function bind(who: Caller, url: string): Promise<string> {
  const id = randomUUID();
  await sql.query(`insert into sites (id, tenant_id, url, token_hash, last_heartbeat_at, created_at) values ($1, $2, $3, $4, now(), now())`, [id, who.tenantId, url, `hash-${id}`]);
  return id;
}

/** A published article whose latest applied publication is at `url`. */
async function published(who: Caller, title: string, url: string, at = new Date()): Promise<string> {
  const id = randomUUID();
  await sql.query(`insert into articles (id, tenant_id, title, status, created_at, updated_at, published_at) values ($1, $2, $3, 'published', $4, $4, $4)`, [id, who.tenantId, title, at]);
  await sql.query(
    `insert into publications (id, tenant_id, article_id, version, content_hash, target, state, published_url, created_at, updated_at)
     values ($1, $2, $3, 1, 'h', 'none', 'applied', $4, $5, $5)`,
    [randomUUID(), who.tenantId, id, url, at],
  );
  return id;
}

const shopOrigin = () => shop.url.replace(/\/$/, '');
const urlset = (locs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;

describe('sitemap_health without a site', () => {
  it('is not_connected', async () => {
    const caller = await newCaller(api.services);
    expect((await overview(caller)).block).toEqual({ availability: 'not_connected', reason: expect.any(String), data_as_of: {}, state: 'not_connected', sites: [] });
  });
});

describe('sitemap_health of the demo shop (its /robots.txt declares its /sitemap.xml)', () => {
  it('is ok when every published article of the site is listed, with the url count; articles elsewhere are not judged', async () => {
    const caller = await newCaller(api.services);
    const blog = new BlogStore(blogDir);
    const page = { html: '<p>Oak.</p>', description: null, locale: 'en' };
    await blog.write('oak-tables', { ...page, article_id: randomUUID(), title: 'Oak tables', draft: false });
    await blog.write('beech-chairs', { ...page, article_id: randomUUID(), title: 'Beech chairs', draft: false });
    await blog.write('a-draft', { ...page, article_id: randomUUID(), title: 'Draft', draft: true });
    const site = await bind(caller, shopOrigin());
    await published(caller, 'Oak tables', `${shopOrigin()}/blog/oak-tables`);
    await published(caller, 'Beech chairs', `${shopOrigin()}/blog/beech-chairs/`);
    await published(caller, 'Elsewhere', 'https://another.example.com/blog/elsewhere');

    const { block } = await overview(caller);
    expect(block).toEqual({
      availability: 'ok', data_as_of: {}, state: 'ok',
      sites: [{
        site_id: site, url: shopOrigin(), state: 'ok', sitemap_url: `${shopOrigin()}/sitemap.xml`, declared: true, fetched_at: expect.any(String),
        // The home page, the products, the blog index and the two served blog pages (not the draft).
        url_count: 1 + DEMO_PRODUCTS.length + 1 + 2, sitemaps_read: 1, truncated: false, warnings: [],
        articles_checked: 2, articles_missing: 0, missing_articles: [], articles_unverified: 0, error: null,
      }],
    });
    expect(Date.now() - Date.parse(block.sites[0].fetched_at)).toBeLessThan(60_000);
  });

  it('reports a published article the sitemap omits (warning), by id, title and address', async () => {
    const caller = await newCaller(api.services);
    await new BlogStore(blogDir).write('listed-one', { html: '<p>x</p>', description: null, locale: 'en', article_id: randomUUID(), title: 'Listed', draft: false });
    await bind(caller, shopOrigin());
    await published(caller, 'Listed', `${shopOrigin()}/blog/listed-one`);
    const gone = await published(caller, 'Taken down by hand', `${shopOrigin()}/blog/taken-down`);
    const { block } = await overview(caller);
    expect(block).toMatchObject({
      availability: 'ok', state: 'warning',
      sites: [{ state: 'warning', articles_checked: 2, articles_missing: 1, missing_articles: [{ id: gone, title: 'Taken down by hand', published_url: `${shopOrigin()}/blog/taken-down` }], error: null }],
    });
  });
});

describe('sitemap_health of the demo shop as bin/up runs it (http://localhost:<port>, the system resolver, loopback allowed outside production)', () => {
  it('reads the shop\'s sitemap with the blog page the site module wrote', async () => {
    const local = await startDemoSite({ cellOrigin: api.origin, channelId: DEMO_WEBSITE_CHANNEL_ID, blogDir, publicHost: 'localhost' });
    try {
      const caller = await newCaller(api.services);
      const origin = local.url.replace(/\/$/, '');
      await new BlogStore(blogDir).write('reading-lamp', { html: '<p>x</p>', description: null, locale: 'en', article_id: randomUUID(), title: 'Reading lamp', draft: false });
      await bind(caller, origin);
      await published(caller, 'Reading lamp', `${origin}/blog/reading-lamp`);
      expect((await overview(caller)).block).toMatchObject({
        availability: 'ok', state: 'ok',
        sites: [{ url: origin, sitemap_url: `${origin}/sitemap.xml`, declared: true, url_count: expect.any(Number), articles_checked: 1, articles_missing: 0, error: null }],
      });
    } finally {
      await local.close();
    }
  });
});

describe('sitemap_health over https (the receiver on 127.0.0.X:443)', () => {
  it('follows an index one level (a gzipped child too), reports the missing article, and is cached: a second overview reads nothing', async () => {
    const caller = await newCaller(api.services);
    const origin = `https://${receiver.host}`;
    receiver.route('/robots.txt', answers.always(404));
    receiver.route('/sitemap.xml', () => ({
      status: 200, headers: { 'Content-Type': 'application/xml' },
      body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-blog.xml.gz</loc></sitemap></sitemapindex>`,
    }));
    receiver.route('/sitemap-pages.xml', () => ({ status: 200, body: urlset([`${origin}/`, `${origin}/about`, `${origin}/contacts?lang=en&amp;v=2`]) }));
    receiver.route('/sitemap-blog.xml.gz', () => ({ status: 200, headers: { 'Content-Type': 'application/gzip' }, body: gzipSync(urlset([`${origin}/blog/listed`])) }));
    await bind(caller, origin);
    await published(caller, 'Listed', `http://www.${receiver.host}/blog/listed/`);
    const missing = await published(caller, 'Not in the sitemap', `${origin}/blog/missing`);
    const before = receiver.received('/sitemap.xml').length;

    const { block } = await overview(caller);
    expect(block.sites[0]).toMatchObject({
      state: 'warning', sitemap_url: `${origin}/sitemap.xml`, declared: false, url_count: 4, sitemaps_read: 3, truncated: false,
      articles_checked: 2, articles_missing: 1, missing_articles: [{ id: missing, title: 'Not in the sitemap' }],
    });
    expect(receiver.received('/sitemap.xml').length).toBe(before + 1);
    expect((await overview(caller)).block).toEqual(block);
    expect(receiver.received('/sitemap.xml').length).toBe(before + 1);
  });
});

describe('sitemap_health when the sitemap cannot be read: error state, the overview 200', () => {
  const failing: [string, () => void, string][] = [
    ['not XML (an HTML page)', () => receiver.route('/sitemap.xml', () => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body><p>Hello<br></body></html>' })), 'not_xml'],
    ['too big (6 MB)', () => receiver.route('/sitemap.xml', () => ({ status: 200, body: urlset([]).replace('</urlset>', `${' '.repeat(6 * 1024 * 1024)}</urlset>`) })), 'too_big'],
    ['a 404', () => receiver.route('/sitemap.xml', answers.always(404)), 'http_error'],
    ['XML that is no sitemap', () => receiver.route('/sitemap.xml', () => ({ status: 200, body: '<?xml version="1.0"?><rss><channel/></rss>' })), 'not_a_sitemap'],
  ];
  it.each(failing)('%s', async (_name, arrange, code) => {
    const caller = await newCaller(api.services);
    receiver.route('/robots.txt', answers.always(404));
    arrange();
    await bind(caller, `https://${receiver.host}`);
    const { block } = await overview(caller);
    expect(block).toMatchObject({ availability: 'no_data', reason: expect.stringContaining('could not be read'), state: 'error', sites: [{ state: 'error', url_count: null, error: { code } }] });
  });

  it('unreachable (nothing listens at the site\'s port)', async () => {
    const caller = await newCaller(api.services);
    await bind(caller, `http://${DOWN_HOST}:${closedPort}`);
    const { block } = await overview(caller);
    expect(block).toMatchObject({ state: 'error', sites: [{ state: 'error', error: { code: 'unreachable', message: expect.stringContaining('connection refused') } }] });
  });

  it('a site slower than the wait: the overview answers checking (it did not wait for the 9 s site), then a timeout error once the read gives up', async () => {
    const caller = await newCaller(api.services);
    const path = '/robots.txt';
    receiver.route(path, answers.slow(9_000));
    await bind(caller, `https://${receiver.host}`);
    const { block } = await overview(caller);
    expect(block).toMatchObject({ availability: 'no_data', state: 'checking', sites: [{ state: 'checking', fetched_at: null }] });
    const later = await eventually('the timeout', async () => {
      const b = (await overview(caller)).block;
      return b.state === 'error' ? b : undefined;
    }, 20_000, 500);
    expect(later.sites[0].error).toMatchObject({ code: 'timeout' });
  }, 30_000);
});

describe('sitemap_health of a site at an address webhooks may not reach', () => {
  it('a name resolving to 0.0.0.0 (which reaches this machine) is refused and never connected to', async () => {
    // Unchecked, 0.0.0.0 reaches the recorder on 127.0.0.1, and a name pinned to 127.0.0.1 does.
    await fetch(`http://0.0.0.0:${recorderPort}/direct`);
    expect(recorded).toEqual(['/direct']);
    const control = await newCaller(api.services);
    await bind(control, `http://${LOOPBACK_HOST}:${recorderPort}`);
    expect((await overview(control)).block.sites[0].error).toMatchObject({ code: 'http_error' });
    expect(recorded).toEqual(['/direct', '/robots.txt', '/sitemap.xml']);

    const caller = await newCaller(api.services);
    await bind(caller, `http://${BLOCKED_HOST}:${recorderPort}`);
    const { block } = await overview(caller);
    expect(block).toMatchObject({
      state: 'error',
      sites: [{ state: 'error', error: { code: 'blocked_address', message: `${BLOCKED_HOST}: the host name resolves to a unspecified address, which webhooks may not reach` } }],
    });
    expect(recorded).toEqual(['/direct', '/robots.txt', '/sitemap.xml']);
  });

  it('a site bound at an IP address is refused as webhooks refuse it (a name is required), and not fetched', async () => {
    const caller = await newCaller(api.services);
    await bind(caller, `http://127.0.0.1:${recorderPort}`);
    expect((await overview(caller)).block.sites[0].error).toEqual({ code: 'blocked_address', message: '127.0.0.1: the host must be a name, not an IP address' });
    expect(recorded).toEqual(['/direct', '/robots.txt', '/sitemap.xml']);
  });
});
