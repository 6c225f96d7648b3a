import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import Router from '@koa/router';
import type { Config } from '../../config.js';
import { API_BASE_PATH } from '../../config.js';
import { escapeHtml } from '../../escape-html.js';
import { ERRORS_PAGE_PATH } from '../../http/errors-page.js';

/** The reference page on the cell origin. */
export const DOCS_PATH = '/docs';
/** The renderer, served by the API itself (no third-party CDN). */
export const REDOC_SCRIPT_PATH = '/docs/redoc.standalone.js';
const DOCUMENT_PATH = `${API_BASE_PATH}/openapi.json`;

/** The renderer changes only with a deploy: a day, revalidated by its ETag. */
const SCRIPT_MAX_AGE_S = 86_400;
/** The page follows the deploy too, but is small: minutes. */
const PAGE_MAX_AGE_S = 300;

/**
 * What the page may load: its own script (Redoc), its own document, the search index Redoc runs
 * in a web worker made from a blob: URL, the styles Redoc injects (styled-components writes
 * <style> elements: 'unsafe-inline' for styles only) and data: images (its icons). No
 * inline or third-party script, nothing framed, no frame of it elsewhere.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Script {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

let script: Script | undefined;

/**
 * The one address the bundle loads from elsewhere: the "API docs by Redocly" footer's picture.
 * It is swapped for an empty picture, so the page asks nothing of a third party (the CSP would
 * refuse it anyway, with an error in the console).
 */
const REDOCLY_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The standalone bundle of the installed redoc package, read and compressed once. */
function redocScript(): Script {
  if (!script) {
    const bundle = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    const body = Buffer.from(bundle.replaceAll(REDOCLY_LOGO, EMPTY_PICTURE));
    script = { body, gzipped: gzipSync(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  return script;
}

/** The page: Redoc renders the live document in its <redoc> element (it finds `spec-url` on load). */
export function docsPageHtml(config: Pick<Config, 'cell' | 'publicOrigin'>): string {
  const errors = `${config.publicOrigin}${ERRORS_PAGE_PATH}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Public Server API reference — ${escapeHtml(config.cell)} cell</title>
<link rel="icon" href="data:,">
<style>body{margin:0}noscript p{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto}</style>
</head>
<body>
<noscript><p>The reference needs JavaScript. The same content: the <a href="${escapeHtml(DOCUMENT_PATH)}">OpenAPI document</a> and the <a href="${escapeHtml(errors)}">error catalogue</a>.</p></noscript>
<redoc spec-url="${escapeHtml(DOCUMENT_PATH)}" required-props-first="true" expand-responses="200,201,202" json-sample-expand-level="3"></redoc>
<script src="${escapeHtml(REDOC_SCRIPT_PATH)}"></script>
</body>
</html>
`;
}

/**
 * GET /docs: the API reference, rendered in the browser from the live OpenAPI document (the
 * routes, the error catalogue and the events of its `webhooks` section); GET
 * /docs/redoc.standalone.js: the renderer, from the installed package, gzipped when asked.
 */
export function docsRouter(config: Pick<Config, 'cell' | 'publicOrigin'>): Router {
  const router = new Router();
  const page = docsPageHtml(config);
  const pageEtag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;

  router.get(DOCS_PATH, (ctx) => {
    ctx.state.routeLabel = `GET ${DOCS_PATH}`;
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', `public, max-age=${PAGE_MAX_AGE_S}`);
    ctx.status = 200;
    ctx.etag = pageEtag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });

  router.get(REDOC_SCRIPT_PATH, (ctx) => {
    ctx.state.routeLabel = `GET ${REDOC_SCRIPT_PATH}`;
    const s = redocScript();
    ctx.set('Cache-Control', `public, max-age=${SCRIPT_MAX_AGE_S}`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.vary('Accept-Encoding');
    // The gzipped bytes are another representation: another ETag.
    const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    ctx.status = 200;
    ctx.etag = gzip ? `${s.etag.slice(0, -1)}-gzip"` : s.etag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/javascript; charset=utf-8';
    if (gzip) ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzip ? s.gzipped : s.body;
  });
  return router;
}
