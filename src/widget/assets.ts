import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import type { Services } from '../services.js';
import { problem } from '../http/problem.js';

/**
 * The embeddable widget, served from the project's own build (dist/widget/, made by
 * `npm run build:widget` from src/widget/client/):
 *   GET /widget.js           the embed script a site pastes in one line (with data-channel)
 *   GET /widget/frame.html   the chat page the embed script opens in an iframe (?channel=<id>)
 *   GET /widget/frame.js, /widget/frame.css
 * Short caching (a new release reaches visitors within minutes) with an ETag for revalidation.
 * The chat page may use only this origin for scripts, styles and calls; pictures of product
 * cards may come from any https address (the tenants' shops).
 */

export const WIDGET_ASSET_MAX_AGE_S = 300;

export const FRAME_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' https: data:",
  "font-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'none'",
].join('; ');

interface Asset {
  file: string;
  type: string;
  headers: Record<string, string>;
}

const ASSETS: Record<string, Asset> = {
  '/widget.js': {
    file: 'embed.js', type: 'application/javascript; charset=utf-8',
    // Loaded by <script src> on the tenants' sites, also those that isolate themselves (COEP).
    headers: { 'Cross-Origin-Resource-Policy': 'cross-origin' },
  },
  '/widget/frame.html': {
    file: 'frame.html', type: 'text/html; charset=utf-8',
    // No X-Frame-Options and no frame-ancestors: any site may embed the chat; which sites may
    // start it is the channel's allowed_domains, checked by init.
    headers: { 'Content-Security-Policy': FRAME_CSP, 'Referrer-Policy': 'strict-origin-when-cross-origin' },
  },
  '/widget/frame.js': { file: 'frame.js', type: 'application/javascript; charset=utf-8', headers: {} },
  '/widget/frame.css': { file: 'frame.css', type: 'text/css; charset=utf-8', headers: {} },
};

/** dist/widget of the project this file belongs to (from src/ under jest, dist/src/ when built). */
export function widgetAssetsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('widget assets: no package.json above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return join(dir, 'dist', 'widget');
}

export function registerWidgetAssets(router: Router, _services: Services, dir: string = widgetAssetsDir()): void {
  for (const [path, asset] of Object.entries(ASSETS)) {
    router.get(path, async (ctx) => {
      ctx.state.routeLabel = `GET ${path}`;
      const body = await readFile(join(dir, asset.file)).catch(() => null);
      if (!body) throw problem('not_found', `The widget is not built on this server (${asset.file} is missing).`);
      ctx.set('Cache-Control', `public, max-age=${WIDGET_ASSET_MAX_AGE_S}`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      for (const [name, value] of Object.entries(asset.headers)) ctx.set(name, value);
      ctx.etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.type = asset.type;
      ctx.body = body;
    });
  }
}
