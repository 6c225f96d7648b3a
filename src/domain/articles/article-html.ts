import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';
import { strikethrough, tables } from '@joplin/turndown-plugin-gfm';

/**
 * The one sanitizer of article bodies, and the read formats built from its output. An
 * allowlist (docs/adr/0017-articles.md, "The sanitizer allowlist"): the tags of an editor
 * document, a few attributes, no style and no class, http(s)/mailto/tel links and http(s)
 * images. Everything else is dropped: scripts with their text, event handlers, srcdoc,
 * frames, forms, svg and math, and every other scheme (javascript:, data:, vbscript:, ...).
 */
/** The addresses kept: absolute http(s), mailto:, tel:, a path of the same site, a fragment. Anything else is dropped. */
const KEPT_ADDRESS = /^(?:https?:\/\/[^\s]|mailto:|tel:|\/(?![/\\])|#)/i;

/** Keeps the address attribute only in a form that needs no scheme guessing (no backticks, no leading junk, no //host). */
function keepSafeAddress(attribute: 'href' | 'src'): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const { [attribute]: raw, ...rest } = attribs;
    const value = raw?.trim();
    return { tagName, attribs: value && KEPT_ADDRESS.test(value) ? { ...rest, [attribute]: value } : rest };
  };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
    'abbr', 'cite', 'q', 'span', 'div', 'figure', 'figcaption', 'img',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // Stryker disable next-line StringLiteral: keepSafeAddress checks both again (equivalent alone), a second lock
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // keepSafeAddress refuses //host addresses too: this one alone changes no output (an equivalent mutant), and is kept as a second lock.
  // Stryker disable next-line BooleanLiteral: as above
  allowProtocolRelative: false,
  transformTags: { a: keepSafeAddress('href'), img: keepSafeAddress('src') },
  disallowedTagsMode: 'discard',
  // Dropped with their text: what is code or markup, never prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'noembed', 'noframes', 'xmp', 'template', 'iframe', 'object', 'svg', 'math', 'title'],
  // An image whose address was refused is no image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Article HTML with only the allowlisted tags, attributes and schemes. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Bytes of UTF-8: the unit of the content limits. */
// Stryker disable next-line StringLiteral: Buffer.byteLength's default encoding is utf8 (equivalent); named for the reader
export const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * Markdown that no renderer turns into markup, whatever text the HTML held (docs/decisions.md
 * "Issue 25", item 9): a renderer passes raw HTML through (commonmark.js and marked by default),
 * so text must never reach it as `<...>`, nor as an entity that decodes to one, nor break out
 * of the link or image it sits in. Turndown escapes text nodes; its image and link rules write
 * alt, title and addresses verbatim, so those rules are replaced here.
 */
const turndown = new TurndownService({
  // Stryker disable next-line StringLiteral: any style but 'setext' (the default) writes atx headings (equivalent)
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});
turndown.use([tables, strikethrough]);
const escapeMarkdown = turndown.escape.bind(turndown);

/** Angle brackets as entities, and an `&` that would start an entity as `&amp;`: the text reads as written and never as a tag. */
const entitiesForMarkup = (text: string) => text.replace(/&(?=#?[a-z\d]+;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** An attribute's text on one line: a line break inside a link or image lets the next line start a block (a fence, an HTML block). */
const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

turndown.escape = (text: string) => entitiesForMarkup(escapeMarkdown(text))
  // marked reads `\[x\](javascript:…)` inside a link's text as an image: a `(` after `]` (or opening a text) is escaped too.
  .replace(/(^|\\\])\(/g, '$1\\(');

/** A link title or image title: quotes and backslashes escaped for the "…" it sits in. */
const titlePart = (title: string | null) => {
  const text = oneLine(title);
  return text ? ` "${entitiesForMarkup(text.replace(/[\\"]/g, '\\$&'))}"` : '';
};
/** A link or image address (already one the sanitizer kept): what could end it or start markup percent-encoded, parentheses escaped. */
// Stryker disable next-line StringLiteral: the rules below only pass an address that is there (equivalent)
const destination = (address: string | null) => (address ?? '')
  .replace(/[\s<>"'`\\|^{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  .replace(/[()]/g, '\\$&');

// Stryker disable next-line StringLiteral: a rule's name is only its key (equivalent)
turndown.addRule('image', {
  filter: 'img',
  replacement: (_content, img) => {
    const src = destination(img.getAttribute('src'));
    // Stryker disable next-line StringLiteral: the sanitizer drops an image without an address (equivalent)
    return src ? `![${turndown.escape(oneLine(img.getAttribute('alt')))}](${src}${titlePart(img.getAttribute('title'))})` : '';
  },
});
// Stryker disable next-line StringLiteral: a rule's name is only its key (equivalent)
turndown.addRule('inlineLink', {
  // Stryker disable next-line ConditionalExpression: after the sanitizer only <a> carries an href (equivalent)
  filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
  replacement: (content, a) => `[${content}](${destination(a.getAttribute('href'))}${titlePart(a.getAttribute('title'))})`,
});

/** Markdown (GFM tables) of the sanitized HTML; it is sanitized again first, so no caller can skip that. */
export function articleMarkdown(html: string): string {
  return turndown.turndown(sanitizeArticleHtml(html));
}

/** One block of format=blocks (spec 02): `{type, html}` only. */
export interface ContentBlock {
  type: 'html';
  html: string;
}

/**
 * format=blocks (spec 02: "an editor document is returned as one block of type html"). Every
 * article body is an editor document (the HTML the dashboard's editor, PATCH and generation
 * write), so the sanitized HTML comes back whole as one block; an empty body is no block
 * (docs/adr/0089-issue-42-item-6-five-readings-of-the-spec.md, item c).
 */
export function articleBlocks(html: string): ContentBlock[] {
  const clean = sanitizeArticleHtml(html);
  return clean ? [{ type: 'html', html: clean }] : [];
}

const BLOCK_BOUNDARY = /<\/?(?:h[1-6]|p|br|hr|li|dt|dd|td|th|tr|div|blockquote|pre|figcaption|caption|img)\b[^>]*>/g;
/** sanitize-html decodes every entity and writes back only these in text (&quot; only inside attributes, which are removed before). */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>' };
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Words of the sanitized HTML's text (letters and digits, with inner apostrophes and hyphens). */
export function countWords(html: string): number {
  const text = sanitizeArticleHtml(html)
    .replace(BLOCK_BOUNDARY, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt);/g, (_whole, name: string) => ENTITIES[name]!);
  return text.match(WORD)?.length ?? 0;
}
