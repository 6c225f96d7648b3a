import { describe, expect, it } from '@jest/globals';
import { articleMarkdown } from '../../src/domain/articles/article-html.js';
import { XSS_VECTORS } from '../harness/xss-corpus.js';
import { RENDERERS, unsafeRendered } from '../harness/rendered-markdown.js';

/**
 * Issue 25 item 9: the Markdown of an article (?format=markdown) rendered by commonmark.js,
 * markdown-it and marked, with raw HTML passed through, holds no event handler, no
 * javascript:/vbscript:/data: address and no script, iframe, object, embed or style element,
 * whatever text the article's HTML holds in any place turndown writes out: alt, title, href,
 * text, code, tables.
 */

/** Text that means something to a Markdown or HTML parser once it is written out verbatim. */
const TEXT_PAYLOADS: readonly string[] = [
  '<a b=" onerror=alert(5) x=">',
  '<img src=x onerror=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  '\'><svg onload=alert(1)>',
  '<script>alert(1)</script>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<style>*{background:url(javascript:alert(1))}</style>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<!-- --><img src=x onerror=alert(1)>',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?x <img src=x onerror=alert(1)> ?>',
  '<javascript:alert(1)>',
  '[x](javascript:alert(1))',
  '![x](javascript:alert(1))',
  '[x]: javascript:alert(1)',
  '[x][y]\n\n[y]: javascript:alert(1)',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '`<img src=x onerror=alert(1)>`',
  '``<img src=x onerror=alert(1)>``',
  '</code><img src=x onerror=alert(1)>',
  '```\n<img src=x onerror=alert(1)>\n```',
  '~~~\n</pre><img src=x onerror=alert(1)>',
  '| <img src=x onerror=alert(1)> |',
  'a|`b|<img src=x onerror=alert(1)>`',
  '" onmouseover="alert(1)',
  'x" onerror="alert(1)',
  '\\',
  'end\\',
  '") <img src=x onerror=alert(1)>',
  '\\"<img src=x onerror=alert(1)>',
  ') ![x](javascript:alert(1)',
  '](javascript:alert(1))',
  '*<img src=x onerror=alert(1)>*',
  '_<img src=x onerror=alert(1)>_',
  '\n\n<script>alert(1)</script>\n\n',
  '\n<div onmouseover="alert(1)">x</div>\n',
  '&lt;img src=x onerror=alert(1)&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '<https://example.com/"onmouseover="alert(1)>',
  'www.example.com/<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg><script>alert(1)</script></svg>',
];

const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attribute = (s: string) => text(s).replace(/"/g, '&quot;');
const IMG = 'https://example.com/a.png';

/** Every place an article's HTML holds text that turndown writes into the Markdown. */
const PLACES: Record<string, (p: string) => string> = {
  'paragraph text': (p) => `<p>${text(p)}</p>`,
  'image alt': (p) => `<p><img src="${IMG}" alt="${attribute(p)}"></p>`,
  'image alt, no paragraph': (p) => `<img src="${IMG}" alt="${attribute(p)}">`,
  'image title': (p) => `<p><img src="${IMG}" alt="a" title="${attribute(p)}"></p>`,
  'image address': (p) => `<p><img src="https://example.com/${attribute(p)}" alt="a"></p>`,
  'link text': (p) => `<p><a href="https://example.com/">${text(p)}</a></p>`,
  'link title': (p) => `<p><a href="https://example.com/" title="${attribute(p)}">x</a></p>`,
  'link address': (p) => `<p><a href="https://example.com/${attribute(p)}">x</a></p>`,
  'link address as given': (p) => `<p><a href="${attribute(p)}">x</a></p>`,
  'link around an image': (p) => `<p><a href="https://example.com/" title="${attribute(p)}"><img src="${IMG}" alt="${attribute(p)}"></a></p>`,
  'inline code': (p) => `<p><code>${text(p)}</code></p>`,
  'code block': (p) => `<pre><code>${text(p)}</code></pre>`,
  'heading': (p) => `<h2>${text(p)}</h2>`,
  'emphasis': (p) => `<p><em>${text(p)}</em> and <strong>${text(p)}</strong></p>`,
  'list item': (p) => `<ul><li>${text(p)}</li></ul><ol><li><code>${text(p)}</code></li></ol>`,
  'quote': (p) => `<blockquote><p>${text(p)}</p></blockquote>`,
  'abbr title': (p) => `<p><abbr title="${attribute(p)}">HTML</abbr></p>`,
  'table cells': (p) => `<table><thead><tr><th>${text(p)}</th><th>b</th></tr></thead><tbody><tr><td>${text(p)}</td><td><code>${text(p)}</code></td></tr></tbody></table>`,
  'table cell image and link': (p) => `<table><tr><th>h</th></tr><tr><td><img src="${IMG}" alt="${attribute(p)}" title="${attribute(p)}"> <a href="https://example.com/" title="${attribute(p)}">${text(p)}</a></td></tr></table>`,
  'table caption': (p) => `<table><caption>${text(p)}</caption><tr><td>a</td></tr></table>`,
  'figure caption': (p) => `<figure><img src="${IMG}" alt="x"><figcaption>${text(p)}</figcaption></figure>`,
  'raw HTML': (p) => `<p>${p}</p>`,
};

const CASES = Object.entries(PLACES).flatMap(([place, wrap]) => [...TEXT_PAYLOADS, ...XSS_VECTORS].map((p) => ({ place, payload: p, html: wrap(p) })));

describe('the rendered-HTML check', () => {
  it.each([
    ['<img src="a.png" alt="" onerror="alert(5)">', 'handler onerror'],
    ['<a href="java&#x09;script:alert(1)">x</a>', 'href='],
    ['<a href="  DATA:text/html,x">x</a>', 'href='],
    ['<p><SCRIPT>alert(1)</SCRIPT></p>', 'element <script>'],
    ['<iframe></iframe><object></object><embed><style></style>', 'element <iframe>'],
  ])('finds what is unsafe: %s', (html, finding) => {
    expect(unsafeRendered(html).join()).toContain(finding);
  });

  it('finds the issue\'s alt text unsafe as the renderers rendered it before the fix', () => {
    // What turndown wrote for <img alt='<a b=" onerror=alert(5) x=">'>, verbatim.
    const before = '![<a b=" onerror=alert(5) x=">](https://example.com/a.png)';
    expect(unsafeRendered(RENDERERS['commonmark.js']!(before))).toEqual(['handler onerror="alert(5)" on <img>']);
  });
});

describe('article Markdown through commonmark.js, markdown-it and marked', () => {
  it(`holds no handler, scripting address or forbidden element in ${CASES.length} documents`, () => {
    const findings = CASES.flatMap(({ place, payload, html }) => {
      const markdown = articleMarkdown(`<p>Before</p>${html}<p>After</p>`);
      return Object.entries(RENDERERS).flatMap(([renderer, render]) => unsafeRendered(render(markdown))
        .map((finding) => ({ place, payload, renderer, finding, markdown })));
    });
    expect(findings.slice(0, 10)).toEqual([]);
    expect(findings).toHaveLength(0);
  });

  it('keeps the text: an alt, a title and a link text read as written', () => {
    const markdown = articleMarkdown(`<p><a href="https://example.com/" title="${attribute('a "b" <c>')}">${text('<x> & [y]')}</a> `
      + `<img src="${IMG}" alt="${attribute('<a b=" onerror=alert(5) x=">')}" title="t\\"></p>`);
    for (const render of Object.values(RENDERERS)) {
      const html = render(markdown);
      expect(html).toContain('title="a &quot;b&quot; &lt;c&gt;"');
      expect(html).toMatch(/>&lt;x&gt; &amp; \[y\]<\/a>/);
      expect(html).toContain('alt="&lt;a b=&quot; onerror=alert(5) x=&quot;&gt;"');
      expect(html).toContain('title="t\\"');
    }
  });
});
