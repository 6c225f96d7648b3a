import { ERROR_GUIDE, type ErrorCode } from '../errors/catalogue.js';
import { CATALOGUE } from './problem.js';
import { escapeHtml } from '../escape-html.js';

/** Where every Problem's `type` links (spec 01, Problem): `${origin}${ERRORS_PAGE_PATH}#<code>`. */
export const ERRORS_PAGE_PATH = '/developers/errors';

/** The link a Problem of `code` carries in `type`. */
export function errorTypeUrl(origin: string, code: ErrorCode): string {
  return `${origin}${ERRORS_PAGE_PATH}#${code}`;
}

export interface ErrorPageEntry {
  code: ErrorCode;
  status: number;
  title: string;
  meaning: string;
  remedy: string;
  type: string;
}

/** Every catalogue code with its status, title, meaning and remedy, in the catalogue's order. */
export function errorPageEntries(origin: string): ErrorPageEntry[] {
  return (Object.keys(CATALOGUE) as ErrorCode[]).map((code) => ({
    code, status: CATALOGUE[code].status, title: CATALOGUE[code].title, ...ERROR_GUIDE[code], type: errorTypeUrl(origin, code),
  }));
}

/** The errors page as HTML: one section per code, its id the code (the `#<code>` of `type`). */
export function errorPageHtml(origin: string): string {
  const sections = errorPageEntries(origin).map((e) => `<section id="${escapeHtml(e.code)}">
  <h2><a href="#${escapeHtml(e.code)}"><code>${escapeHtml(e.code)}</code></a> <span class="status">${e.status}</span> ${escapeHtml(e.title)}</h2>
  <p><b>What it means.</b> ${escapeHtml(e.meaning)}</p>
  <p><b>What to do.</b> ${escapeHtml(e.remedy)}</p>
</section>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Public Server API errors</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
section{border-top:1px solid #ddd;padding-top:.5rem}h2{font-size:1.1rem}h2 a{color:inherit}.status{color:#a33}
section:target{background:#fff8dc}</style>
</head>
<body>
<h1>Public Server API errors</h1>
<p>Every error is an <code>application/problem+json</code> body whose <code>type</code> links here and whose <code>code</code>
is one of the codes below; branch on <code>code</code>, never on <code>title</code> or <code>detail</code>. Quote
<code>request_id</code> to support. The same list as JSON: send <code>Accept: application/json</code>.</p>
${sections.join('\n')}
</body>
</html>
`;
}
