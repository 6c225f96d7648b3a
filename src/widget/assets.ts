import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import type { Services } from '../services.js';
import { domainError } from '../errors/domain-error.js';
import { FramePolicies } from './frame-policy.js';

/**
 * The embeddable widget, served from the project's own build (dist/widget/, made by
 * `npm run build:widget` from src/widget/client/):
 *   GET /widget.js           the embed script a site pastes in one line (with data-channel)
 *   GET /widget/frame.html   the chat page the embed script opens in an iframe (?channel=<id>)
 *   GET /widget/frame.js (and the modules it imports, FRAME_MODULES), /widget/frame.css
 * Short caching (a new release reaches visitors within minutes) with an ETag for revalidation.
 * The chat page may use only this origin for scripts, styles and calls; pictures of product
 * cards may come from any https address (the tenants' shops). Only the sites its channel
 * allows may frame it (frame-policy.ts); it varies by its URL's `channel`, so it is cached
 * for a shorter time and its ETag covers its CSP.
 */

export const WIDGET_ASSET_MAX_AGE_S = 300;

/** The chat page varies by channel (its frame-ancestors): a shorter max-age, so a changed list of sites shows soon. */
export const WIDGET_FRAME_MAX_AGE_S = 60;

/** The chat page's script modules besides frame.js (src/widget/client/frame-*.ts). */
export const FRAME_MODULES = ['frame-drafts.js', 'frame-http.js', 'frame-live.js', 'frame-log.js', 'frame-render.js', 'frame-storage.js'] as const;

interface Asset {
  file: string;
  type: string;
  headers: Record<string, string>;
  /** The chat page: its CSP (frame-ancestors) is the `channel` query's (frame-policy.ts). */
  perChannel?: boolean;
}

const ASSETS: Record<string, Asset> = {
  '/widget.js': {
    file: 'embed.js', type: 'application/javascript; charset=utf-8',
    // Loaded by <script src> on the tenants' sites, also those that isolate themselves (COEP).
    headers: { 'Cross-Origin-Resource-Policy': 'cross-origin' },
  },
  '/widget/frame.html': {
    file: 'frame.html', type: 'text/html; charset=utf-8',
    // Content-Security-Policy per channel: only the sites the channel allows may frame it (no
    // X-Frame-Options, which cannot name sites; see frame-policy.ts).
    headers: { 'Referrer-Policy': 'strict-origin-when-cross-origin' },
    perChannel: true,
  },
  '/widget/frame.js': { file: 'frame.js', type: 'application/javascript; charset=utf-8', headers: {} },
  // The modules frame.js imports (same origin, script-src 'self').
  ...Object.fromEntries(FRAME_MODULES.map((name) => [`/widget/${name}`, { file: name, type: 'application/javascript; charset=utf-8', headers: {} }])),
  '/widget/frame.css': { file: 'frame.css', type: 'text/css; charset=utf-8', headers: {} },
};

/**
 * dist/widget of the project this file belongs to (from src/ under jest, dist/src/ when built),
 * or DIST_DIR/widget when DIST_DIR names another build (bin/test builds each run into its own).
 */
export function widgetAssetsDir(): string {
  if (process.env.DIST_DIR) return join(process.env.DIST_DIR, 'widget');
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('widget assets: no package.json above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return join(dir, 'dist', 'widget');
}

export function registerWidgetAssets(router: Router, services: Services, dir: string = widgetAssetsDir()): void {
  const policies = new FramePolicies(services);
  for (const [path, asset] of Object.entries(ASSETS)) {
    router.get(path, async (ctx) => {
      ctx.state.routeLabel = `GET ${path}`;
      const body = await readFile(join(dir, asset.file)).catch(() => null);
      if (!body) throw domainError('not_found', `The widget is not built on this server (${asset.file} is missing).`);
      const csp = asset.perChannel ? await policies.csp(ctx.query.channel) : null;
      ctx.set('Cache-Control', `public, max-age=${asset.perChannel ? WIDGET_FRAME_MAX_AGE_S : WIDGET_ASSET_MAX_AGE_S}`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      for (const [name, value] of Object.entries(asset.headers)) ctx.set(name, value);
      const hash = createHash('sha256').update(body);
      if (csp !== null) {
        ctx.set('Content-Security-Policy', csp);
        // The same page under another policy is another representation: a changed list of
        // sites must not revalidate the old headers.
        hash.update('\0').update(csp);
      }
      ctx.etag = hash.digest('base64url').slice(0, 27);
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
