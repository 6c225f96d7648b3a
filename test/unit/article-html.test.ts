import { describe, expect, it } from '@jest/globals';
import { articleBlocks, articleMarkdown as markdown, byteLength, countWords, sanitizeArticleHtml as clean } from '../../src/domain/articles/article-html.js';

/**
 * The article sanitizer's allowlist (src/domain/articles/article-html.ts, spec 02 Article): the
 * tags of an editor document, a few attributes, no style and no class, http(s)/mailto/tel links,
 * paths and fragments, http(s) images; everything else dropped, scripts and the like with their
 * text. Then the read formats built from its output: blocks (one, the whole document) and the word count.
 */
const KEPT_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'abbr', 'cite', 'q', 'span', 'div', 'figure', 'figcaption', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];
const DROPPED_WITH_TEXT = ['script', 'style', 'textarea', 'option', 'noscript', 'noembed', 'noframes', 'xmp', 'template', 'iframe', 'object', 'svg', 'math', 'title'];

describe('sanitizeArticleHtml', () => {
  it.each(KEPT_TAGS)('keeps <%s>', (tag) => {
    expect(clean(`<${tag}>x</${tag}>`)).toBe(`<${tag}>x</${tag}>`);
  });

  it('keeps the void tags br, hr, a table and a link', () => {
    expect(clean('a<br>b<hr>')).toBe('a<br />b<hr />');
    expect(clean('<table><tr><td>x</td></tr></table>')).toBe('<table><tr><td>x</td></tr></table>');
    expect(clean('<a href="/p">x</a>')).toBe('<a href="/p">x</a>');
  });

  it.each(DROPPED_WITH_TEXT)('drops <%s> with its text', (tag) => {
    expect(clean(`a<${tag}>hidden</${tag}>b`)).toBe('ab');
  });

  it('drops other tags but keeps their text, and drops class, style, id and handlers', () => {
    expect(clean('<section>x</section><p class="c" style="color:red" id="i" onclick="a()">p</p>')).toBe('x<p>p</p>');
    expect(clean('<form><input value="v">f</form><video>v</video>')).toBe('fv');
  });

  it('keeps only the attributes of the allowlist, per tag', () => {
    expect(clean('<a href="https://x.example/p" title="t" target="_blank" rel="x">a</a>')).toBe('<a title="t" href="https://x.example/p">a</a>');
    expect(clean('<img src="https://x.example/a.png" alt="a" title="t" width="10" height="20" class="c">'))
      .toBe('<img alt="a" title="t" width="10" height="20" src="https://x.example/a.png" />');
    expect(clean('<table><tr><th colspan="2" rowspan="1" scope="col" abbr="x">h</th><td colspan="2" rowspan="3" headers="h">d</td></tr></table>'))
      .toBe('<table><tr><th colspan="2" rowspan="1" scope="col">h</th><td colspan="2" rowspan="3">d</td></tr></table>');
    expect(clean('<ol start="3" type="a"><li>x</li></ol><abbr title="t">a</abbr><q cite="https://x.example">q</q><p title="t">p</p>'))
      .toBe('<ol start="3"><li>x</li></ol><abbr title="t">a</abbr><q>q</q><p>p</p>');
  });

  it('keeps link addresses that are http(s), mailto, tel, a path of the site or a fragment, trimmed, any letter case', () => {
    expect(clean('<a href=" https://x.example/p ">a</a><a href="HTTPS://X.EXAMPLE">b</a><a href="http://x.example">h</a><a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><a href="/p">p</a><a href="#f">f</a>'))
      .toBe('<a href="https://x.example/p">a</a><a href="HTTPS://X.EXAMPLE">b</a><a href="http://x.example">h</a><a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><a href="/p">p</a><a href="#f">f</a>');
  });

  it('drops every other link address and keeps the link text', () => {
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', '//evil.example/', '/\\evil.example', 'data:text/html,x', 'vbscript:x', 'https:// x', 'https://', 'ftp://x.example/', 'x', ' ', '']) {
      expect(clean(`<a href="${href}">t</a>`)).toBe('<a>t</a>');
    }
  });

  it('keeps http(s) and same-site images; an image whose address is refused or missing is no image', () => {
    expect(clean('<img src="http://x.example/b.png"><img src="/c.png">')).toBe('<img src="http://x.example/b.png" /><img src="/c.png" />');
    for (const src of ['mailto:a@b.c', 'tel:+1', 'data:image/png;base64,AA', 'javascript:alert(1)', '//evil.example/a.png']) {
      expect(clean(`a<img src="${src}" alt="x">b`)).toBe('ab');
    }
    expect(clean('a<img alt="none">b')).toBe('ab');
  });

  it('keeps the content of an <html> document and trims what is around it', () => {
    expect(clean('  <p>x</p>  ')).toBe('<p>x</p>');
    expect(clean('<html><body><p>x</p></body></html>')).toBe('<p>x</p>');
  });
});

describe('byteLength', () => {
  it('counts UTF-8 bytes', () => {
    expect(byteLength('aé€')).toBe(6);
  });
});

describe('articleBlocks', () => {
  // Spec 02: "an editor document is returned as one block of type html"; every article body is one.
  it('is the whole sanitized document as one block of type html, however many top-level elements it has', () => {
    const html = '<h2>A</h2><p>B</p>loose<img src="https://x.example/a.png"><hr><br><ul><li>x</li></ul><table><tr><td>t</td></tr></table>'
      + '<blockquote>q</blockquote><pre>c</pre><figure><img src="https://x.example/f.png"><figcaption>f</figcaption></figure><dl><dt>a</dt></dl>'
      + '<ol><li>o</li></ol><h6>h</h6><div>d</div>tail';
    expect(articleBlocks(html)).toEqual([{ type: 'html', html: clean(html) }]);
    expect(clean(html)).toBe('<h2>A</h2><p>B</p>loose<img src="https://x.example/a.png" /><hr /><br /><ul><li>x</li></ul><table><tr><td>t</td></tr></table>'
      + '<blockquote>q</blockquote><pre>c</pre><figure><img src="https://x.example/f.png" /><figcaption>f</figcaption></figure><dl><dt>a</dt></dl>'
      + '<ol><li>o</li></ol><h6>h</h6><div>d</div>tail');
  });

  it('keeps nested elements as they are, sanitizes first, and answers no block for nothing', () => {
    expect(articleBlocks('<div><div>a</div><p>b<br>c</p></div><p>d</p>')).toEqual([
      { type: 'html', html: '<div><div>a</div><p>b<br />c</p></div><p>d</p>' },
    ]);
    expect(articleBlocks('<script>x</script><p onclick="a()">p</p>')).toEqual([{ type: 'html', html: '<p>p</p>' }]);
    expect(articleBlocks('')).toEqual([]);
    expect(articleBlocks('<script>only a script</script>  ')).toEqual([]);
    expect(articleBlocks('only text')).toEqual([{ type: 'html', html: 'only text' }]);
  });

  it('keeps every heading level and the text between elements in the one block, trimmed at the ends', () => {
    expect(articleBlocks('<h1>a</h1><h3>b</h3><h4>c</h4><h5>d</h5>')).toEqual([{ type: 'html', html: '<h1>a</h1><h3>b</h3><h4>c</h4><h5>d</h5>' }]);
    expect(articleBlocks('x<p>a</p> \n <p>b</p>\n')).toEqual([{ type: 'html', html: 'x<p>a</p> \n <p>b</p>' }]);
    expect(articleBlocks('<p>a</p>  y  ')).toEqual([{ type: 'html', html: '<p>a</p>  y' }]);
  });
});

describe('articleMarkdown', () => {
  it('writes headings, lists, fenced code, GFM tables, strikethrough and underscore emphasis', () => {
    expect(markdown('<h1>A</h1><h3>B</h3><ul><li>x</li></ul><pre><code>c</code></pre><table><tr><th>h</th></tr><tr><td>d</td></tr></table><del>s</del><em>e</em>'))
      .toBe('# A\n\n### B\n\n-   x\n\n```\nc\n```\n\n| h   |\n| --- |\n| d   |\n\n~~s~~_e_');
  });

  it('sanitizes first: what the allowlist drops never reaches the Markdown', () => {
    expect(markdown('<p>a<script>alert(1)</script></p><a href="javascript:x()">t</a>')).toBe('a\n\nt');
  });

  it('writes text that could be markup as entities, and an & that starts an entity as &amp;', () => {
    expect(markdown('<p>a &lt;b&gt; &amp;amp; c</p>')).toBe('a &lt;b&gt; &amp;amp; c');
    expect(markdown('<p>&#60;script&#62;</p>')).toBe('&lt;script&gt;');
    expect(markdown('<p>&amp;#60;script&amp;#x3e; &amp;lt;</p>')).toBe('&amp;#60;script&amp;#x3e; &amp;lt;');
    expect(markdown('<p>AT&amp;T &amp; co</p>')).toBe('AT&T & co');
  });

  it('escapes a ( that opens the text or follows an escaped ], so no text becomes a link or an image', () => {
    expect(markdown('<p>[x](javascript:alert(1))</p>')).toBe('\\[x\\]\\(javascript:alert(1))');
    expect(markdown('<p>(start) mid (x)</p>')).toBe('\\(start) mid (x)');
  });

  it('writes a link with its address percent-encoded where it could end, parentheses escaped, and its title quoted on one line', () => {
    expect(markdown('<a href="https://x.example/a b" title="say &quot;hi&quot; \\ back">t</a>'))
      .toBe('[t](https://x.example/a%20b "say \\"hi\\" \\\\ back")');
    expect(markdown('<a href="https://x.example/(p)">t</a>')).toBe('[t](https://x.example/\\(p\\))');
    expect(markdown('<a href="https://x.example/a&#9;b">t</a>')).toBe('[t](https://x.example/a%09b)');
    expect(markdown('<a href="/p" title="line\n  one ">t</a>')).toBe('[t](/p "line one")');
    expect(markdown('<a href="/p" title="a<b">t</a>')).toBe('[t](/p "a&lt;b")');
    expect(markdown('<a href="/p" title=" ">t</a>')).toBe('[t](/p)');
    expect(markdown('<a>no address</a>')).toBe('no address');
  });

  it('writes an image with its alt on one line and escaped, its address encoded, and its title', () => {
    expect(markdown('<img src="https://x.example/a.png" alt="al\nt <b>" title="T">')).toBe('![al t &lt;b&gt;](https://x.example/a.png "T")');
    expect(markdown('<img src="https://x.example/a`|^{}\'&quot;<>.png">')).toBe('![](https://x.example/a%60%7C%5E%7B%7D%27%22%3C%3E.png)');
    expect(markdown('<img src="/\\evil.example/a.png">')).toBe('');
  });
});

describe('countWords', () => {
  it('counts words of letters and digits; an inner apostrophe or hyphen keeps one word', () => {
    expect(countWords("don't e-mail re-up’s 42")).toBe(4);
    expect(countWords('Слово и слово')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(countWords(' - , . ')).toBe(0);
  });

  it('separates words at block boundaries, not at inline tags', () => {
    expect(countWords('<p>one</p><p>two</p>')).toBe(2);
    expect(countWords('a<br>b<li>c</li>d<td>e</td>')).toBe(5);
    expect(countWords('<h3>a</h3><div>b</div><img src="/x.png">c<hr>d<blockquote>e</blockquote><pre>f</pre><dt>g</dt><dd>h</dd><th>i</th><tr>j</tr><figcaption>k</figcaption><caption>l</caption>')).toBe(12);
    expect(countWords('a<b>b</b>c')).toBe(1);
    expect(countWords('<h1>a</h1>b<h6>c</h6>d')).toBe(4);
  });

  it('reads entities as their characters: numeric in both bases, named, an unknown one as written', () => {
    expect(countWords('&#x41;&#66;C')).toBe(1);
    expect(countWords('&#X41;x &#65;')).toBe(2);
    expect(countWords('a&amp;b a&nbsp;b &lt;c&gt; a&quot;b a&apos;b')).toBe(8);
    expect(countWords('&foo;')).toBe(1);
    expect(countWords('a&lt;b a&gt;b a"b')).toBe(6);
    expect(countWords('&amp;lt;b&amp;gt; x')).toBe(4); // decoded once: the text &lt;b&gt; is the words lt, b, gt
    expect(countWords('a&#9;b a&#x9;b a&#32;b')).toBe(6);
    expect(countWords('&#x1F600;')).toBe(0);
  });

  it('counts no word of what the sanitizer drops', () => {
    expect(countWords('<script>a b c</script>x<style>p {}</style>')).toBe(1);
  });
});
