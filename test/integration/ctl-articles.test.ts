import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness } from '../support/ctl.js';
import { call } from '../support/http.js';
import { DEMO_TENANT_ID } from '../../src/domain/provisioning/demo.js';
import { demoBlogPages } from '../../src/domain/articles/demo-articles.js';

/** `bin/ctl site bind`, `bin/ctl article create`, and the demo seed's articles. */

const h = new CtlHarness();
const { ctl, count } = h;

let tenant: Awaited<ReturnType<CtlHarness['provision']>>;
beforeAll(async () => {
  await h.start();
  tenant = await h.provision();
});
afterAll(() => h.stop());

const siteCall = (token: string, path: string) => call(h.api.origin, 'POST', `/api/site-module${path}`, { key: token });

describe('site bind', () => {
  it('prints the site id and the token once; the token works on the site module, and only its hash is stored', async () => {
    const out = await ctl('site', 'bind', '--tenant', tenant.tenantId, '--url', 'https://shop.example.com/blog', '--drafts-only');
    expect(out).toEqual({ site_id: expect.any(String), site_token: expect.stringMatching(/^st_[0-9A-Za-z]{48}$/), url: 'https://shop.example.com', drafts_only: true });
    const row = (await h.db.query('select token_hash, drafts_only from sites where id = $1', [out.site_id])).rows[0];
    expect(row.drafts_only).toBe(true);
    expect(row.token_hash).not.toContain(out.site_token);
    expect((await siteCall(out.site_token, '/heartbeat')).body).toMatchObject({ site_id: out.site_id, pending_jobs: 0 });
  });

  it('refuses an address that is not http(s), and an unknown tenant', async () => {
    await expect(ctl('site', 'bind', '--tenant', tenant.tenantId, '--url', 'ftp://shop.example.com')).rejects.toThrow(/http/);
    await expect(ctl('site', 'bind', '--tenant', '6f1c1c55-0000-4000-8000-000000000000', '--url', 'https://x.example.com')).rejects.toThrow();
  });
});

describe('article create', () => {
  it('writes a sanitized article the API reads', async () => {
    const out = await ctl('article', 'create', '--tenant', tenant.tenantId, '--title', 'Lamps', '--slug', 'lamps', '--status', 'review',
      '--content', '<p onclick="x()">Warm light here.</p>');
    expect(out).toEqual({ id: expect.any(String), status: 'review', slug: 'lamps', word_count: 3 });
    const res = await h.get(`/articles/${out.id}`, tenant.key.api_key);
    expect(res.body).toMatchObject({ title: 'Lamps', status: 'review', content: '<p>Warm light here.</p>' });
  });

  it('refuses an unknown status', async () => {
    await expect(ctl('article', 'create', '--tenant', tenant.tenantId, '--title', 'X', '--status', 'deleted')).rejects.toThrow(/status/);
  });
});

describe('demo seed', () => {
  it('gives the demo tenant its five articles once, however often it runs', async () => {
    await ctl('demo', 'seed');
    await ctl('demo', 'seed');
    expect(await count('articles where tenant_id = $1', DEMO_TENANT_ID)).toBe(5);
  });

  it("its published articles are the pages the demo shop's blog starts with, under the same article ids", async () => {
    const { rows } = await h.db.query("select id, slug, title, locale from articles where tenant_id = $1 and status = 'published' order by slug", [DEMO_TENANT_ID]);
    expect(rows).toEqual(demoBlogPages(DEMO_TENANT_ID).map((p) => ({ id: p.page.article_id, slug: p.slug, title: p.page.title, locale: p.page.locale })).sort((a, b) => a.slug.localeCompare(b.slug)));
  });
});

describe('editorial-profile set', () => {
  it('sets the whole profile; GET /editorial-profile shows it', async () => {
    const out = await ctl('editorial-profile', 'set', '--tenant', tenant.tenantId, '--niche', 'Furniture for small flats', '--tone', 'friendly',
      '--topic-sources', 'search queries, catalogue', '--source-urls', 'https://shop.example.com/catalogue', '--locale', 'en');
    expect(out).toMatchObject({ niche: 'Furniture for small flats', tone: 'friendly', topic_sources: ['search queries', 'catalogue'], locale: 'en', audience: null });
    expect((await h.get('/editorial-profile', tenant.key.api_key)).body).toEqual(out);
  });

  it('refuses a profile without a niche, and an unknown locale', async () => {
    await expect(ctl('editorial-profile', 'set', '--tenant', tenant.tenantId)).rejects.toThrow(/niche/);
    await expect(ctl('editorial-profile', 'set', '--tenant', tenant.tenantId, '--niche', 'x', '--locale', 'fr')).rejects.toThrow(/locale/);
  });
});
