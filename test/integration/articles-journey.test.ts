import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { bindSite } from '../../src/domain/articles/sites.js';
import { startDemoSite, type DemoSite } from '../../src/widget/demo-site.js';
import { BlogStore } from '../../src/site-module/blog-store.js';
import { ReferenceModule } from '../../src/site-module/reference-module.js';
import { DEMO_WEBSITE_CHANNEL_ID } from '../../src/domain/provisioning/demo.js';
import { getArticle, patchArticle, seedArticle } from './articles-fixtures.js';

/**
 * Issue 12 "Done means", the whole path over HTTP: editorial profile -> generation (wait) ->
 * draft -> PATCH -> approve -> publish to a connector site -> the reference site module
 * applies it -> the demo shop serves the page -> `article.published` reaches a real local
 * HTTPS receiver, signed; publishing again unchanged answers the same job, changed content
 * queues the next version; target none -> handed_off -> PATCH published_url -> published.
 */

let h: DeliveryHarness;
let api: TestApi;
let caller: Caller;
let blogDir: string;
let shop: DemoSite;

beforeAll(async () => {
  // A database and task queue of the harness's own: its relay delivers only this file's events.
  h = await DeliveryHarness.start({ file: import.meta.url });
  api = await h.startApi();
  caller = await newCaller(api.services);
  blogDir = await mkdtemp(join(tmpdir(), 'demo-blog-'));
  shop = await startDemoSite({ cellOrigin: api.origin, channelId: DEMO_WEBSITE_CHANNEL_ID, blogDir });
}, 180_000);

afterAll(async () => {
  await shop?.close();
  if (blogDir) await rm(blogDir, { recursive: true, force: true });
  await api?.close();
  await h?.stop();
}, 60_000);

const base = () => api.base;
const publish = (id: string, body: unknown) => call(base(), 'POST', `/articles/${id}/publish`, { key: caller.apiKey, body });

/** The events `path` has received, once `count` of them are of `type`: each signed, parsed. */
async function delivered(path: string, type: string, count: number): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const received = await eventually(`${count} ${type} at ${path}`, async () => {
    const got = h.receiver.received(path);
    return got.filter((r) => JSON.parse(r.rawBody.toString('utf8')).type === type).length >= count ? got : undefined;
  }, 60_000);
  expect(received.every((r) => r.status === 200 && r.signature?.ok === true)).toBe(true);
  return received.map((r) => JSON.parse(r.rawBody.toString('utf8')));
}

describe('an article from the editorial profile to the demo shop', () => {
  it('is generated, edited, approved, published by the site module, served by the shop, and article.published is delivered', async () => {
    const hook = '/cms-articles';
    await h.subscribeSigned(caller, hook, { events: ['article.*'] });

    // Profile and generation, waited for.
    expect((await call(base(), 'PUT', '/editorial-profile', { key: caller.apiKey, body: { niche: 'Lamps for small flats', locale: 'en' } })).status).toBe(200);
    const generated = await call(base(), 'POST', '/articles/generation-jobs?wait=20', {
      key: caller.apiKey, body: { keyword: 'reading lamp' }, headers: { 'idempotency-key': `journey-${caller.tenantId}` },
    });
    expect(generated.status).toBe(200);
    expect(generated.body.operation).toMatchObject({ type: 'article.generation', status: 'succeeded' });
    const job = await call(base(), 'GET', `/articles/generation-jobs/${generated.body.operation.resource.id}`, { key: caller.apiKey });
    const articleId = job.body.article_id as string;
    expect((await getArticle(api, caller, articleId)).body).toMatchObject({ status: 'draft', content: expect.stringContaining('<h2>') });

    // The editor's turn.
    const edited = await patchArticle(api, caller, articleId, { title: 'The reading lamp & the armchair', slug: 'reading-lamp', meta_description: 'A lamp to read by.' });
    expect(edited.status).toBe(200);
    expect((await call(base(), 'POST', `/articles/${articleId}/approve`, { key: caller.apiKey })).body.status).toBe('approved');

    // The shop's site, bound at the demo shop's address; its module beats.
    const site = await api.services.orm.em.fork().transactional((em) =>
      bindSite(em, { tenantId: caller.tenantId, url: shop.url, draftsOnly: false }, api.services.config.secrets.apiKeyPepper, api.services.clock.now()));
    const module = new ReferenceModule({ platformOrigin: api.origin, siteToken: site.site_token, blog: new BlogStore(blogDir), siteUrl: site.url });
    expect(await module.heartbeat()).toBe(0);

    const target = { target: 'connector', site_id: site.site_id, publish_mode: 'publish' };
    const first = await publish(articleId, target);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, target: 'connector', site_id: site.site_id, state: 'queued' });
    const pageUrl = `${site.url}/blog/reading-lamp`;
    expect((await fetch(pageUrl)).status).toBe(404);

    expect(await module.heartbeat()).toBe(1);
    expect(await module.pollOnce()).toBe(1);
    const published = await eventually('the article published', async () => {
      const a = (await getArticle(api, caller, articleId)).body;
      return a.status === 'published' ? a : undefined;
    });
    expect(published.publication).toMatchObject({ id: first.body.id, state: 'applied', published_url: pageUrl, error: null });

    // The demo shop serves it: the title escaped, the body as the platform sanitized it.
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<h1>The reading lamp &amp; the armchair</h1>');
    expect(html).toContain('<meta name="description" content="A lamp to read by.">');
    expect(html).toContain(published.content);

    // article.ready (the draft) and article.published (the page's address) at the receiver, signed.
    const events = await delivered(hook, 'article.published', 1);
    expect(events.map((e) => e.type).sort()).toEqual(['article.published', 'article.ready']);
    expect(events.find((e) => e.type === 'article.ready')!.data).toMatchObject({ article_id: articleId });
    expect(events.find((e) => e.type === 'article.published')!.data).toEqual({ article_id: articleId, published_url: pageUrl });

    // Unchanged: the same job, and the module has nothing to do.
    expect((await publish(articleId, target)).body).toMatchObject({ id: first.body.id, version: 1, state: 'applied' });
    expect(await module.pollOnce()).toBe(0);

    // Changed content: the next version, applied over the same page.
    expect((await patchArticle(api, caller, articleId, { content: '<h2>Warm light</h2><p>2700 K is kind to the eyes.</p>' })).status).toBe(200);
    const second = await publish(articleId, target);
    expect(second.body).toMatchObject({ version: 2, state: 'queued' });
    expect(second.body.id).not.toBe(first.body.id);
    expect(await module.pollOnce()).toBe(1);
    await eventually('version 2 applied', async () => {
      const { publication } = (await getArticle(api, caller, articleId)).body;
      return publication.id === second.body.id && publication.state === 'applied' ? true : undefined;
    });
    expect(await (await fetch(pageUrl)).text()).toContain('<h2>Warm light</h2><p>2700 K is kind to the eyes.</p>');
    const all = await delivered(hook, 'article.published', 2);
    expect(all.filter((e) => e.type === 'article.published').map((e) => e.data)).toEqual([
      { article_id: articleId, published_url: pageUrl }, { article_id: articleId, published_url: pageUrl },
    ]);
  });

  it('handed off with target none, published by the caller: PATCH published_url confirms it and article.published is delivered', async () => {
    const hook = '/cms-hand-off';
    await h.subscribeSigned(caller, hook, { events: ['article.published'] });
    const id = await seedArticle(api, caller, { status: 'draft', title: 'Oak or beech', slug: 'oak-or-beech', content: '<p>Oak is hard.</p>' });
    expect((await call(base(), 'POST', `/articles/${id}/approve`, { key: caller.apiKey })).status).toBe(200);

    const handed = await publish(id, { target: 'none' });
    expect(handed.body).toMatchObject({ target: 'none', state: 'queued', published_url: null });
    expect((await getArticle(api, caller, id)).body.status).toBe('handed_off');
    const url = 'https://shop.example.com/blog/oak-or-beech';
    const confirmed = await patchArticle(api, caller, id, { published_url: url });
    expect(confirmed.body).toMatchObject({ status: 'published', publication: { id: handed.body.id, state: 'applied', published_url: url } });

    expect(await delivered(hook, 'article.published', 1)).toEqual([expect.objectContaining({ type: 'article.published', data: { article_id: id, published_url: url } })]);
  });
});
