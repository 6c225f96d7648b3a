import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../support/app.js';
import { useApiSuite } from '../support/api-suite.js';
import { newCaller } from '../support/fixtures.js';
import { XSS_VECTORS } from '../support/xss-corpus.js';
import { unsafeHtml, unsafeMarkdown } from '../support/xss-check.js';
import { getArticle, patchArticle, seedArticle } from './articles-fixtures.js';

let api: TestApi;
useApiSuite((s) => ({ api } = s));

describe('the XSS corpus through PATCH /articles/{id} content', () => {
  it('has at least 50 vectors, each of which the checker finds unsafe as sent', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    expect(XSS_VECTORS.filter((v) => unsafeHtml(v).length === 0)).toEqual([]);
  });

  it.each(XSS_VECTORS.map((v, i) => [i, v] as const))('vector %i survives in none of html, markdown and blocks: %s', async (_i, vector) => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    const patched = await patchArticle(api, caller, id, { content: `<p>Before</p>${vector}<p>After</p>` });
    expect(patched.status).toBe(200);
    expect(unsafeHtml(patched.body.content)).toEqual([]);
    const html = await getArticle(api, caller, id, 'html');
    const markdown = await getArticle(api, caller, id, 'markdown');
    const blocks = await getArticle(api, caller, id, 'blocks');
    expect([html.status, markdown.status, blocks.status]).toEqual([200, 200, 200]);
    expect(unsafeHtml(html.body.content)).toEqual([]);
    expect(unsafeMarkdown(markdown.body.content)).toEqual([]);
    expect(blocks.body.content.flatMap((b: { html: string }) => unsafeHtml(b.html))).toEqual([]);
    expect(blocks.body.content.every((b: object) => Object.keys(b).sort().join() === 'html,type')).toBe(true);
    // The prose before the vector is kept (what follows a malformed vector may be swallowed by it, as in a browser).
    expect(html.body.content).toMatch(/^<p>Before<\/p>/);
  });
});
