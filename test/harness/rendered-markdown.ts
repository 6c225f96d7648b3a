import { HtmlRenderer, Parser } from 'commonmark';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown as a client would show it: rendered by the three common renderers with raw HTML
 * passed through (commonmark.js's default, markdown-it with html: true, marked's default),
 * since a client may render our Markdown with any of them, configured for trusted input.
 */
const markdownIt = new MarkdownIt({ html: true, linkify: true });
export const RENDERERS: Record<string, (markdown: string) => string> = {
  'commonmark.js': (markdown) => new HtmlRenderer().render(new Parser().parse(markdown)),
  'markdown-it': (markdown) => markdownIt.render(markdown),
  marked: (markdown) => marked.parse(markdown, { async: false, gfm: true }),
};

/** Elements that run script, embed a document or restyle the page. */
const FORBIDDEN_ELEMENTS = new Set([
  'script', 'iframe', 'object', 'embed', 'style', 'frame', 'frameset', 'applet', 'svg', 'math', 'base', 'link', 'meta',
  'form', 'input', 'button', 'textarea', 'select', 'template', 'noscript', 'portal', 'video', 'audio', 'source',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'cite', 'srcset', 'dynsrc', 'lowsrc']);
// A browser drops ASCII whitespace and control characters inside a scheme before it reads it.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const SCHEME_NOISE = /[\u0000-\u0020\u007f-\u009f]/g;
const SCRIPTING_URL = /^(?:javascript|vbscript|livescript|data):/i;

/**
 * Findings in rendered HTML, from a real parse (sanitize-html's htmlparser2, entities in
 * attribute values decoded as a browser decodes them): every forbidden element, event-handler
 * attribute, style or srcdoc attribute, and javascript:/vbscript:/data: address. [] when safe.
 */
export function unsafeRendered(html: string): string[] {
  const findings: string[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => {
        const name = tagName.toLowerCase();
        if (FORBIDDEN_ELEMENTS.has(name)) findings.push(`element <${name}>`);
        for (const [rawAttr, value] of Object.entries(attribs)) {
          const attr = rawAttr.toLowerCase();
          if (attr.startsWith('on')) findings.push(`handler ${attr}="${value}" on <${name}>`);
          if (attr === 'style' || attr === 'srcdoc') findings.push(`${attr} on <${name}>`);
          if (URL_ATTRIBUTES.has(attr) && SCRIPTING_URL.test(value.replace(SCHEME_NOISE, ''))) findings.push(`${attr}="${value}" on <${name}>`);
        }
        return { tagName, attribs };
      },
    },
  });
  return findings;
}
