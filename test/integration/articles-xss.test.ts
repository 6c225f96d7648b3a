import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller } from '../harness/fixtures.js';
import { XSS_VECTORS } from '../harness/xss-corpus.js';
import { unsafeHtml, unsafeMarkdown } from '../harness/xss-check.js';
import { RENDERERS, unsafeRendered } from '../harness/rendered-markdown.js';
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

describe('?format=markdown of text that spells markup (issue 25 item 9)', () => {
  it('an image\'s alt, a title and a link text come out as text, which no renderer turns into a handler', async () => {
    const caller = await newCaller(api.services);
    const id = await seedArticle(api, caller);
    const content = '<p><img src="https://example.com/a.png" alt=\'<a b=" onerror=alert(5) x=">\' title=\'"><img src=x onerror=alert(1)>\'>'
      + ' <a href="https://example.com/" title="&lt;script&gt;alert(1)&lt;/script&gt;">&lt;img src=x onerror=alert(2)&gt;</a></p>';
    expect((await patchArticle(api, caller, id, { content })).status).toBe(200);
    const markdown = (await getArticle(api, caller, id, 'markdown')).body.content as string;
    expect(unsafeMarkdown(markdown)).toEqual([]);
    for (const [renderer, render] of Object.entries(RENDERERS)) {
      const html = render(markdown);
      expect({ renderer, findings: unsafeRendered(html) }).toEqual({ renderer, findings: [] });
      expect(html).toContain('alt="&lt;a b=&quot; onerror=alert(5) x=&quot;&gt;"');
    }
  });
});
