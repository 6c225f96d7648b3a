import type pg from 'pg';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { getArticle, seedArticle, storeRawHtml } from './articles-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const list = (who: Caller, query = '') => call(api.base, 'GET', `/articles${query}`, { key: who.apiKey });
const schemaOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });
const at = (iso: string) => new Date(iso);

describe('GET /articles', () => {
  it("answers only the tenant's own articles, as summaries without content or publication", async () => {
    const caller = await newCaller(api.services);
    const other = await newCaller(api.services);
    const id = await seedArticle(api, caller, {
      title: 'Sofas', slug: 'sofas', locale: 'en', keyword: 'sofa', metaTitle: 'Sofas', metaDescription: 'All about sofas',
      content: '<h2>Sofas</h2><p>Three words here.</p>',
    });
    await seedArticle(api, other);
    const res = await list(caller);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [{
        id, title: 'Sofas', slug: 'sofas', status: 'draft', locale: 'en', keyword: 'sofa', meta_title: 'Sofas', meta_description: 'All about sofas',
        cover_image_url: null, word_count: 4, created_at: expect.any(String), updated_at: expect.any(String), published_at: null, livemode: true,
      }],
      next_cursor: null,
    });
    expect(schemaErrors(res.body, schemaOf('ArticlePage'), doc)).toEqual([]);
  });

  it('orders by updated_at descending with undated articles last, then id descending, across pages', async () => {
    const caller = await newCaller(api.services);
    const undatedA = await seedArticle(api, caller, { updatedAt: null });
    const old = await seedArticle(api, caller, { updatedAt: at('2026-01-01T00:00:00Z') });
    const undatedB = await seedArticle(api, caller, { updatedAt: null });
    const newest = await seedArticle(api, caller, { updatedAt: at('2026-06-01T00:00:00Z') });
    const sameA = await seedArticle(api, caller, { updatedAt: at('2026-03-01T00:00:00Z') });
    const sameB = await seedArticle(api, caller, { updatedAt: at('2026-03-01T00:00:00Z') });
    const byIdDesc = (a: string, b: string) => (a < b ? [b, a] : [a, b]);
    const expected = [newest, ...byIdDesc(sameA, sameB), old, ...byIdDesc(undatedA, undatedB)];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(caller, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((a: { id: string }) => a.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);
    const undated = (await list(caller)).body.data.at(-1);
    expect(undated.updated_at).toBeNull();
  });

  it('filters by status, and refuses a status that is no article status at /status', async () => {
    const caller = await newCaller(api.services);
    await seedArticle(api, caller, { status: 'draft' });
    const approved = await seedArticle(api, caller, { status: 'approved' });
    const handedOff = await seedArticle(api, caller, { status: 'handed_off' });
    expect((await list(caller, '?status=approved')).body.data.map((a: { id: string }) => a.id)).toEqual([approved]);
    expect((await list(caller, '?status=handed_off')).body.data.map((a: { id: string }) => a.id)).toEqual([handedOff]);
    expectProblem(await list(caller, '?status=deleted'), 'validation_failed', fieldError('/status', 'not_supported'));
  });

  it('updated_after takes a date or a date-time and answers only strictly later updates', async () => {
    const caller = await newCaller(api.services);
    await seedArticle(api, caller, { updatedAt: at('2026-05-01T00:00:00Z') });
    const later = await seedArticle(api, caller, { updatedAt: at('2026-05-01T00:00:00.001Z') });
    const nextDay = await seedArticle(api, caller, { updatedAt: at('2026-05-02T10:00:00Z') });
    await seedArticle(api, caller, { updatedAt: null });
    const ids = async (q: string) => (await list(caller, q)).body.data.map((a: { id: string }) => a.id);
    expect(await ids('?updated_after=2026-05-01T00:00:00Z')).toEqual([nextDay, later]);
    expect(await ids('?updated_after=2026-05-01')).toEqual([nextDay, later]);
    expect(await ids('?updated_after=2026-05-02')).toEqual([nextDay]);
    expect(await ids(`?updated_after=${encodeURIComponent('2026-05-02T12:00:00+03:00')}`)).toEqual([nextDay]);
    expectProblem(await list(caller, '?updated_after=yesterday'), 'validation_failed', fieldError('/updated_after', 'invalid_format'));
  });

  it('updated_after takes a date-time without a zone as UTC, strictly later', async () => {
    const caller = await newCaller(api.services);
    await seedArticle(api, caller, { updatedAt: at('2026-05-01T00:00:00Z') });
    const later = await seedArticle(api, caller, { updatedAt: at('2026-05-01T00:00:00.001Z') });
    const nextDay = await seedArticle(api, caller, { updatedAt: at('2026-05-02T10:00:00Z') });
    const ids = async (q: string) => (await list(caller, q)).body.data.map((a: { id: string }) => a.id);
    expect(await ids('?updated_after=2026-05-01T00:00:00')).toEqual([nextDay, later]);
    expect(await ids('?updated_after=2026-05-02T09:59:59.999')).toEqual([nextDay]);
    expect(await ids('?updated_after=2026-05-02T10:00')).toEqual([]);
    expectProblem(await list(caller, '?updated_after=2026-05-02T10'), 'validation_failed', fieldError('/updated_after', 'invalid_format'));
  });

  it('the OpenAPI document states the rule for a date and a date-time without a zone on updated_after', () => {
    const p = doc.paths['/articles'].get.parameters.find((x: Schema) => x.name === 'updated_after');
    expect(p.description).toContain("a date is its day's start in UTC");
    expect(p.description).toContain('a date-time without a zone is UTC');
    expect(p.schema).toMatchObject({ type: 'string', pattern: expect.any(String) });
    expect(p.schema.format).toBeUndefined();
  });

  it('include_deleted=true is 422 validation_failed with field error not_supported; false is accepted', async () => {
    const caller = await newCaller(api.services);
    expectProblem(await list(caller, '?include_deleted=true'), 'validation_failed', fieldError('/include_deleted', 'not_supported'));
    expect((await list(caller, '?include_deleted=false')).status).toBe(200);
  });

  it('needs the articles:read scope', async () => {
    const caller = await newCaller(api.services, { scopes: ['articles:write'] });
    expectProblem(await list(caller), 'scope_missing');
  });
});

describe('GET /articles/{id}', () => {
  const body = '<h2>Care</h2><p>Blot, <strong>never</strong> rub. <a href="https://example.com/care">More</a></p>'
    + '<table><thead><tr><th>Fabric</th><th>Water</th></tr></thead><tbody><tr><td>Wool</td><td>cold</td></tr></tbody></table>'
    + '<ul><li>one</li><li>two</li></ul><img src="https://example.com/a.png" alt="A sofa">';

  it('answers the Article with sanitized HTML by default, publication null, and Cache-Control no-store', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { title: 'Care', content: body });
    const res = await getArticle(api, caller, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ id, title: 'Care', format: 'html', content: body.replace('<img src="https://example.com/a.png" alt="A sofa">', '<img alt="A sofa" src="https://example.com/a.png" />'), publication: null });
    expect(res.body.word_count).toBe(11);
    expect(schemaErrors(res.body, schemaOf('Article'), doc)).toEqual([]);
  });

  it('answers markdown with GFM tables, built from the sanitized HTML', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { content: body });
    const res = await getArticle(api, caller, id, 'markdown');
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('markdown');
    expect(res.body.content).toBe([
      '## Care', '', 'Blot, **never** rub. [More](https://example.com/care)', '',
      '| Fabric | Water |', '| --- | --- |', '| Wool | cold |', '', '-   one', '-   two', '', '![A sofa](https://example.com/a.png)',
    ].join('\n'));
    expect(schemaErrors(res.body, schemaOf('Article'), doc)).toEqual([]);
  });

  it('answers blocks: the editor document as one block of type html (spec 02), the same HTML as format html', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { content: body });
    const res = await getArticle(api, caller, id, 'blocks');
    expect(res.status).toBe(200);
    expect(res.body.content).toEqual([{ type: 'html', html: (await getArticle(api, caller, id)).body.content }]);
    expect(res.body.content[0].html).toContain('<h2>Care</h2>');
    expect(schemaErrors(res.body, schemaOf('Article'), doc)).toEqual([]);
  });

  it('an article without a body (transferred) answers empty content in every format', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller, { status: 'transferred', content: null });
    expect((await getArticle(api, caller, id)).body).toMatchObject({ status: 'transferred', content: '', word_count: 0 });
    expect((await getArticle(api, caller, id, 'markdown')).body.content).toBe('');
    expect((await getArticle(api, caller, id, 'blocks')).body.content).toEqual([]);
  });

  it('an unknown format is 422 at /format', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    expectProblem(await getArticle(api, caller, id, 'pdf'), 'validation_failed', fieldError('/format', 'not_supported'));
  });

  it('a missing, foreign or non-uuid id answers 404 not_found', async () => {
    const caller = await newCaller(api.services);
    const other = await newCaller(api.services);
    const foreign = await seedArticle(api, other);
    expectProblem(await getArticle(api, caller, foreign), 'not_found');
    expectProblem(await getArticle(api, caller, '6f1c1c55-0000-4000-8000-000000000000'), 'not_found');
    expectProblem(await getArticle(api, caller, 'not-a-uuid'), 'not_found');
  });

  it('stored HTML over 2,000,000 bytes is 422 validation_failed at /content', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    await storeRawHtml(api, id, `<p>${'я'.repeat(1_000_000)}</p>`);
    expectProblem(await getArticle(api, caller, id), 'validation_failed', fieldError('/content', 'out_of_range'));
    expectProblem(await getArticle(api, caller, id, 'markdown'), 'validation_failed', fieldError('/content', 'out_of_range'));
  });

  it('HTML stored before the sanitizer is sanitized again on the way out', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    await storeRawHtml(api, id, '<p onclick="alert(1)">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>');
    expect((await getArticle(api, caller, id)).body.content).toBe('<p>Hi</p><a>x</a>');
    const rows = await sql.query('select content_html from articles where id = $1', [id]);
    expect(rows.rows[0].content_html).toContain('<script>');
  });
});
