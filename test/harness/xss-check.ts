/**
 * What an answer must never carry, checked on the API's output independently of the
 * sanitizer's own allowlist: executable or embedding elements, event handlers, style and
 * srcdoc attributes, and addresses with any scheme but http(s), mailto and tel.
 */
const FORBIDDEN_TAGS = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'form', 'input', 'button',
  'textarea', 'select', 'meta', 'link', 'base', 'body', 'html', 'head', 'title', 'template', 'noscript', 'video', 'audio',
  'source', 'details', 'marquee', 'isindex', 'xss', 'maction', 'animate', 'set', 'use', 'image', 'portal',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'action', 'formaction', 'background', 'dynsrc', 'lowsrc', 'srcset', 'xlink:href', 'data', 'poster']);
const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const TAG = /<\s*([a-z][^\s/>]*)([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':').replace(/&tab;/gi, '\t').replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** An address a browser would not resolve as http(s)/mailto/tel or a relative path of this site. */
function unsafeAddress(raw: string): boolean {
  // Browsers drop ASCII whitespace and control characters inside a scheme.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const value = decode(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value.startsWith('//')) return true;
  const colon = value.indexOf(':');
  const boundary = value.search(/[/?#]/);
  const hasScheme = colon !== -1 && (boundary === -1 || colon < boundary);
  return hasScheme && !SAFE_SCHEME.test(value);
}

/** Findings in HTML: every forbidden element, attribute or address; [] when the HTML is safe. */
export function unsafeHtml(html: string): string[] {
  const findings: string[] = [];
  for (const [, rawName, rest] of html.matchAll(TAG)) {
    const name = rawName!.toLowerCase();
    if (FORBIDDEN_TAGS.has(name)) findings.push(`element <${name}>`);
    for (const [, rawAttr, v1, v2, v3] of rest!.matchAll(ATTRIBUTE)) {
      const attr = rawAttr!.toLowerCase();
      const value = v1 ?? v2 ?? v3 ?? '';
      if (attr.startsWith('on')) findings.push(`handler ${attr} on <${name}>`);
      if (attr === 'style' || attr === 'srcdoc') findings.push(`${attr} on <${name}>`);
      if (URL_ATTRIBUTES.has(attr) && unsafeAddress(value)) findings.push(`${attr}="${value}" on <${name}>`);
    }
  }
  if (/expression\s*\(/i.test(html.replace(/>[^<]*</g, '><'))) findings.push('a CSS expression in markup');
  return findings;
}

/** Findings in Markdown: raw HTML (which a renderer would pass through) and unsafe link or image destinations. */
export function unsafeMarkdown(markdown: string): string[] {
  const findings: string[] = [];
  if (/<[a-z!/?]/i.test(markdown)) findings.push(`raw HTML: ${markdown.match(/<[a-z!/?][^\n]{0,40}/i)![0]}`);
  for (const [, destination] of markdown.matchAll(/\]\(\s*<?([^)\s>]*)/g)) {
    if (unsafeAddress(destination!)) findings.push(`destination ${destination}`);
  }
  return findings;
}
