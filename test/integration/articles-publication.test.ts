import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness, withoutLivemode } from '../support/operations-harness.js';
import { eventually } from '../support/eventually.js';
import { call, expectProblem } from '../support/http.js';
import type { Caller } from '../support/fixtures.js';
import { bindSite } from '../../src/domain/articles/sites.js';
import { publicationWorkflowId } from '../../workflows/publication-contract.js';
import { ReferenceModule } from '../../src/site-module/reference-module.js';
import { getArticle, patchArticle, seedArticle } from './articles-fixtures.js';

/** POST /articles/{id}/publish, the site module's routes and the publication workflow, on a real worker. */

let h: OperationsHarness;
beforeAll(async () => {
  h = await OperationsHarness.start();
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

const CONTENT = '<h2>Oak</h2><p>Oak is hard.</p>';
const publish = (who: Caller, id: string, body: unknown) => call(h.api.base, 'POST', `/articles/${id}/publish`, { key: who.apiKey, body });
const siteCall = (token: string, method: string, path: string, body?: unknown) =>
  call(h.api.base.replace(/\/api\/public\/v1$/, ''), method, `/api/site-module${path}`, { key: token, body });
const publicationOf = async (who: Caller, id: string) => (await getArticle(h.api, who, id)).body.publication;
const articlePublished = async (who: Caller) => (await h.db.query(
  "select data from outbox_events where tenant_id = $1 and type = 'article.published'", [who.tenantId])).rows.map((r) => r.data);

async function boundSite(who: Caller, o: { draftsOnly?: boolean; beat?: boolean } = {}) {
  const site = await h.api.services.orm.em.fork().transactional((em) =>
    bindSite(em, { tenantId: who.tenantId, url: 'https://shop.example.com/any/path', draftsOnly: o.draftsOnly ?? false }, h.api.services.config.secrets.apiKeyPepper, h.api.services.clock.now()));
  if (o.beat !== false) expect((await siteCall(site.site_token, 'POST', '/heartbeat')).status).toBe(200);
  return site;
}

describe('POST /articles/{id}/publish with target none', () => {
  it('hands the article off; PATCH published_url then publishes it and sends article.published', async () => {
    const caller = await h.caller();
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const res = await publish(caller, id, { target: 'none' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, target: 'none', site_id: null, publish_mode: null, state: 'queued', published_url: null, error: null });
    expect((await getArticle(h.api, caller, id)).body).toMatchObject({ status: 'handed_off', publication: withoutLivemode(res.body) });
    expect((await publish(caller, id, { target: 'none' })).body.id).toBe(res.body.id);
    const confirmed = await patchArticle(h.api, caller, id, { published_url: 'https://shop.example.com/blog/oak' });
    expect(confirmed.body).toMatchObject({ status: 'published', publication: { state: 'applied', published_url: 'https://shop.example.com/blog/oak' } });
    expect(await articlePublished(caller)).toEqual([{ article_id: id, published_url: 'https://shop.example.com/blog/oak' }]);
  });

  it('an article that is not approved is 409 invalid_state naming its status', async () => {
    const caller = await h.caller();
    const id = await seedArticle(h.api, caller, { status: 'draft', content: CONTENT });
    const res = await publish(caller, id, { target: 'none' });
    expectProblem(res, 'invalid_state');
    expect(res.body.detail).toContain('draft');
  });

  it('site_id or publish_mode with target none is 422', async () => {
    const caller = await h.caller();
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expect((await publish(caller, id, { target: 'none', publish_mode: 'draft' })).status).toBe(422);
  });
});

describe('POST /articles/{id}/publish with target connector', () => {
  it('queues a job the module fetches; its applied result publishes the article and sends article.published', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', slug: 'oak-legs', content: CONTENT });
    const res = await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, target: 'connector', site_id: site.site_id, publish_mode: 'publish', state: 'queued' });
    expect((await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body.id).toBe(res.body.id);

    const beat = await siteCall(site.site_token, 'POST', '/heartbeat');
    expect(beat.body).toMatchObject({ site_id: site.site_id, pending_jobs: 1 });
    const jobs = await siteCall(site.site_token, 'GET', '/jobs');
    expect(jobs.body.data).toEqual([expect.objectContaining({ id: res.body.id, article_id: id, version: 1, slug: 'oak-legs', html: CONTENT, publish_mode: 'publish' })]);

    const reported = await siteCall(site.site_token, 'POST', `/jobs/${res.body.id}/result`, { result: 'applied', published_url: 'https://shop.example.com/blog/oak-legs' });
    expect(reported.status).toBe(202);
    await eventually('the publication applied', async () => ((await publicationOf(caller, id)).state === 'applied' ? true : undefined));
    expect((await getArticle(h.api, caller, id)).body).toMatchObject({
      status: 'published', published_at: expect.any(String), publication: { state: 'applied', published_url: 'https://shop.example.com/blog/oak-legs', error: null },
    });
    expect(await articlePublished(caller)).toEqual([{ article_id: id, published_url: 'https://shop.example.com/blog/oak-legs' }]);
    expect((await siteCall(site.site_token, 'GET', '/jobs')).body.data).toEqual([]);
    expectProblem(await siteCall(site.site_token, 'POST', `/jobs/${res.body.id}/result`, { result: 'skipped' }), 'invalid_state');
  });

  it('changed content queues a new version; the older waiting one is skipped and its workflow canceled', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const first = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    expect((await patchArticle(h.api, caller, id, { content: '<p>Oak is harder than beech.</p>' })).status).toBe(200);
    const second = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    expect(second).toMatchObject({ version: 2, state: 'queued' });
    expect(second.id).not.toBe(first.id);
    const older = await h.db.query('select state, error from publications where id = $1', [first.id]);
    expect(older.rows[0]).toEqual({ state: 'skipped', error: 'Superseded by a newer version.' });
    await eventually('the older wait to end', async () => {
      const { status } = await h.client.workflow.getHandle(publicationWorkflowId(first.id)).describe();
      return status.name === 'CANCELLED' ? true : undefined;
    });
    expect((await siteCall(site.site_token, 'GET', '/jobs')).body.data.map((j: { id: string }) => j.id)).toEqual([second.id]);
    expectProblem(await siteCall(site.site_token, 'POST', `/jobs/${first.id}/result`, { result: 'applied', published_url: 'https://x.example.com/a' }), 'invalid_state');
  });

  it('a failed result keeps the article approved and stores the reason, at most 200 characters', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const job = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'draft' })).body;
    expect((await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'failed', reason: 'x'.repeat(500) })).status).toBe(202);
    const publication = await eventually('the failure applied', async () => {
      const p = await publicationOf(caller, id);
      return p.state === 'failed' ? p : undefined;
    });
    expect(publication.error).toBe('x'.repeat(200));
    expect((await getArticle(h.api, caller, id)).body.status).toBe('approved');
  });

  it('a drafts-only site makes every job a draft', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller, { draftsOnly: true });
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expect((await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body.publish_mode).toBe('draft');
  });

  it('a site without a heartbeat within 2 hours, an article not approved or an empty one is 409 invalid_state', async () => {
    const caller = await h.caller();
    const silent = await boundSite(caller, { beat: false });
    const working = await boundSite(caller);
    const approved = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const draft = await seedArticle(h.api, caller, { status: 'draft', content: CONTENT });
    const empty = await seedArticle(h.api, caller, { status: 'approved', content: null });
    expectProblem(await publish(caller, approved, { target: 'connector', site_id: silent.site_id, publish_mode: 'publish' }), 'invalid_state');
    expectProblem(await publish(caller, draft, { target: 'connector', site_id: working.site_id, publish_mode: 'publish' }), 'invalid_state');
    expectProblem(await publish(caller, empty, { target: 'connector', site_id: working.site_id, publish_mode: 'publish' }), 'invalid_state');
  });

  it("another account's site is 404; site_id and publish_mode are required with connector", async () => {
    const caller = await h.caller();
    const other = await h.caller();
    const foreign = await boundSite(other);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expectProblem(await publish(caller, id, { target: 'connector', site_id: foreign.site_id, publish_mode: 'publish' }), 'not_found');
    const missing = await publish(caller, id, { target: 'connector' });
    expectProblem(missing, 'validation_failed', { errors: [
      { field: '/site_id', code: 'required', message: expect.any(String) }, { field: '/publish_mode', code: 'required', message: expect.any(String) },
    ] });
    expectProblem(await publish(caller, id, { target: 'elsewhere' }), 'validation_failed', { errors: [{ field: '/target', code: 'not_supported', message: expect.any(String) }] });
  });
});

describe('the site module routes', () => {
  it('answer 401 without the site token, and to an API key', async () => {
    const caller = await h.caller();
    expectProblem(await siteCall('', 'GET', '/jobs'), 'invalid_api_key');
    expectProblem(await siteCall(caller.apiKey, 'POST', '/heartbeat'), 'invalid_api_key');
  });

  it("a job of another site is 404; a failure without its reason and an address with skipped are 422", async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const otherSite = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const job = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    expectProblem(await siteCall(otherSite.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'skipped' }), 'not_found');
    expect((await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'failed' })).status).toBe(422);
    expect((await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'skipped', published_url: 'https://x.example.com/a' })).status).toBe(422);
  });
});

describe('the whole path', () => {
  it('profile -> generation (wait) -> PATCH -> approve -> publish connector -> the module applies it -> article.published', async () => {
    const caller = await h.caller();
    expect((await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: { niche: 'Lamps', locale: 'en' } })).status).toBe(200);
    const generated = await call(h.api.base, 'POST', '/articles/generation-jobs?wait=20', {
      key: caller.apiKey, body: { keyword: 'reading lamp' }, headers: { 'idempotency-key': `gen-${caller.tenantId}` },
    });
    expect(generated.body.operation.status).toBe('succeeded');
    const articleId = (await call(h.api.base, 'GET', `/articles/generation-jobs/${generated.body.operation.id}`, { key: caller.apiKey })).body.article_id;
    expect((await patchArticle(h.api, caller, articleId, { title: 'The reading lamp', slug: 'reading-lamp' })).status).toBe(200);
    expect((await call(h.api.base, 'POST', `/articles/${articleId}/approve`, { key: caller.apiKey })).body.status).toBe('approved');
    const site = await boundSite(caller);
    const body = { target: 'connector', site_id: site.site_id, publish_mode: 'publish' };
    const job = (await publish(caller, articleId, body)).body;
    const [fetched] = (await siteCall(site.site_token, 'GET', '/jobs')).body.data;
    expect(fetched).toMatchObject({ id: job.id, slug: 'reading-lamp', title: 'The reading lamp' });
    expect(fetched.html).toContain('<h2>');
    await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'applied', published_url: 'https://shop.example.com/blog/reading-lamp' });
    await eventually('the article published', async () => ((await getArticle(h.api, caller, articleId)).body.status === 'published' ? true : undefined));
    expect(await articlePublished(caller)).toEqual([{ article_id: articleId, published_url: 'https://shop.example.com/blog/reading-lamp' }]);
    // Published unchanged: the same job; edited: the next version.
    expect((await publish(caller, articleId, body)).body.id).toBe(job.id);
    await patchArticle(h.api, caller, articleId, { meta_description: 'A lamp to read by.' });
    expect((await publish(caller, articleId, body)).body).toMatchObject({ version: 2, state: 'queued' });
  });
});

describe('the reference site module', () => {
  it('writes the article as a real page of its blog and reports the address; a draft job stays unpublished', async () => {
    const caller = await h.caller();
    const module = new ReferenceModule({ platformOrigin: h.api.origin });
    await module.start();
    try {
      const site = await h.api.services.orm.em.fork().transactional((em) =>
        bindSite(em, { tenantId: caller.tenantId, url: module.origin, draftsOnly: false }, h.api.services.config.secrets.apiKeyPepper, h.api.services.clock.now()));
      module.siteToken = site.site_token;
      expect(await module.heartbeat()).toBe(0);
      const id = await seedArticle(h.api, caller, { status: 'approved', title: 'Oak & beech', slug: 'oak-and-beech', content: CONTENT });
      const draftId = await seedArticle(h.api, caller, { status: 'approved', title: 'Draft', slug: 'a-draft', content: CONTENT });
      await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' });
      await publish(caller, draftId, { target: 'connector', site_id: site.site_id, publish_mode: 'draft' });
      expect(await module.heartbeat()).toBe(2);
      expect(await module.pollOnce()).toBe(2);
      const url = `${module.origin}/blog/oak-and-beech`;
      await eventually('the article published', async () => ((await getArticle(h.api, caller, id)).body.status === 'published' ? true : undefined));
      expect((await getArticle(h.api, caller, id)).body.publication).toMatchObject({ state: 'applied', published_url: url });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<h1>Oak &#38; beech</h1>');
      expect(html).toContain(CONTENT);
      await eventually('the draft applied', async () => ((await publicationOf(caller, draftId)).state === 'applied' ? true : undefined));
      expect((await getArticle(h.api, caller, draftId)).body).toMatchObject({ status: 'approved', publication: { published_url: null } });
      expect((await fetch(`${module.origin}/blog/a-draft`)).status).toBe(404);
      expect(await articlePublished(caller)).toEqual([{ article_id: id, published_url: url }]);
    } finally {
      await module.close();
    }
  });
});
