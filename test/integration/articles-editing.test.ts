import type pg from 'pg';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { getArticle, patchArticle, seedArticle } from './articles-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const approve = (who: Caller, id: string) => call(api.base, 'POST', `/articles/${id}/approve`, { key: who.apiKey });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });
const outboxOf = async (who: Caller, type: string) =>
  (await sql.query('select data from outbox_events where tenant_id = $1 and type = $2', [who.tenantId, type])).rows.map((r) => r.data);

describe('PATCH /articles/{id}', () => {
  it('changes title, slug, meta fields and content; content is sanitized and word_count recounted', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { content: '<p>one</p>' });
    const res = await patchArticle(api, caller, id, {
      title: 'New title', slug: 'new-title-2', meta_title: 'Meta', meta_description: 'Description',
      content: '<h2 onclick="x()">Head</h2><p>Four words right here<script>alert(1)</script></p>',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      id, title: 'New title', slug: 'new-title-2', meta_title: 'Meta', meta_description: 'Description',
      format: 'html', content: '<h2>Head</h2><p>Four words right here</p>', word_count: 5,
    });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Article' }, doc)).toEqual([]);
    expect((await getArticle(api, caller, id)).body).toMatchObject({ title: 'New title', word_count: 5 });
  });

  it('meta fields and slug can be cleared with null', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { slug: 'clear-me', metaTitle: 'M' });
    const res = await patchArticle(api, caller, id, { slug: null, meta_title: null });
    expect(res.body).toMatchObject({ slug: null, meta_title: null });
  });

  it("a slug taken by another article of the account is 422 at /slug (taken); another account's is free", async () => {
    const caller = await newCaller(api.services);
    const other = await newCaller(api.services);
    await seedArticle(api, caller, { slug: 'taken-slug' });
    await seedArticle(api, other, { slug: 'free-elsewhere' });
    const id = await seedArticle(api, caller, { slug: 'mine' });
    expectProblem(await patchArticle(api, caller, id, { slug: 'taken-slug' }), 'validation_failed', fieldError('/slug', 'taken'));
    expect((await patchArticle(api, caller, id, { slug: 'mine' })).status).toBe(200);
    expect((await patchArticle(api, caller, id, { slug: 'free-elsewhere' })).status).toBe(200);
  });

  it.each([
    ['a slug with a slash', { slug: 'a/b' }, '/slug', 'invalid_format'],
    ['a slug in capitals', { slug: 'Sofa' }, '/slug', 'invalid_format'],
    ['a slug with a double hyphen', { slug: 'a--b' }, '/slug', 'invalid_format'],
    ['an empty title', { title: '' }, '/title', 'invalid_format'],
    ['an unknown field', { body: 'x' }, '/body', 'unknown_field'],
    ['a published_url that is no address', { published_url: 'javascript:alert(1)' }, '/published_url', 'invalid_format'],
  ])('%s is 422 at the field', async (_name, body, field, code) => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    expectProblem(await patchArticle(api, caller, id, body), 'validation_failed', fieldError(field, code));
  });

  it('an empty body is 422', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    expect((await patchArticle(api, caller, id, {})).status).toBe(422);
  });

  it('a body over 256 KB is 413 payload_too_large', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    expectProblem(await patchArticle(api, caller, id, { content: `<p>${'a'.repeat(256 * 1024)}</p>` }), 'payload_too_large');
  });

  it('a foreign or missing article is 404', async () => {
    const caller = await newCaller(api.services);
    const other = await newCaller(api.services);
    const foreign = await seedArticle(api, other);
    expectProblem(await patchArticle(api, caller, foreign, { title: 'x' }), 'not_found');
    expectProblem(await patchArticle(api, caller, 'nope', { title: 'x' }), 'not_found');
  });

  it('published_url confirms a handed_off article: published, published_at, article.published with the address', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { status: 'handed_off' });
    const res = await patchArticle(api, caller, id, { published_url: 'https://shop.example.com/blog/sofas' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'published', published_at: expect.any(String) });
    expect(await outboxOf(caller, 'article.published')).toEqual([{ article_id: id, published_url: 'https://shop.example.com/blog/sofas' }]);
  });

  it('published_url on an article that is not handed_off is 409 invalid_state, and nothing is sent', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { status: 'approved' });
    expectProblem(await patchArticle(api, caller, id, { published_url: 'https://shop.example.com/blog/x' }), 'invalid_state');
    expect(await outboxOf(caller, 'article.published')).toEqual([]);
  });

  it('needs the articles:write scope', async () => {
    const caller = await newCaller(api.services, { scopes: ['articles:read'] });
    const id = await seedArticle(api, caller);
    expectProblem(await patchArticle(api, caller, id, { title: 'x' }), 'scope_missing');
  });
});

describe('POST /articles/{id}/approve', () => {
  it.each(['draft', 'review', 'rejected'] as const)('approves an article in %s, free of charge', async (status) => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { status });
    const balance = async () => (await sql.query('select balance_rub from wallets where tenant_id = $1', [caller.tenantId])).rows[0].balance_rub;
    const before = await balance();
    const res = await approve(caller, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'approved' });
    expect(await balance()).toBe(before);
  });

  it.each(['approved', 'published', 'transferred', 'external', 'handed_off'] as const)('an article in %s is 409 invalid_state naming the state', async (status) => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { status });
    const res = await approve(caller, id);
    expectProblem(res, 'invalid_state');
    expect(res.body.detail).toContain(status);
  });

  it('a foreign article is 404', async () => {
    const caller = await newCaller(api.services);
    const other = await newCaller(api.services);
    expectProblem(await approve(caller, await seedArticle(api, other)), 'not_found');
  });
});
