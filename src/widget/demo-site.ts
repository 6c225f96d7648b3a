import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { DEMO_PRODUCTS, demoProductImagePath, demoProductPath, type DemoProduct } from '../domain/provisioning/demo-catalogue.js';
import { escapeHtml } from '../escape-html.js';
import { BlogStore, type BlogPage } from '../site-module/blog-store.js';
import { seedDemoBlog } from '../site-module/demo-blog.js';
import { productImageSvg } from './demo-images.js';

/**
 * A tiny shop page on another origin than the cell that embeds the chat with the one line a
 * site owner pastes. bin/up runs it on PORT+1; the widget's end-to-end tests use it too.
 * Its products have pictures (`/images/products/<code>.svg`, drawn by demo-images.ts). With a
 * blog directory it also serves the shop's blog: `/blog/` lists the published pages (linked from
 * every page's header), `/blog/<slug>` is a page the reference site module (src/site-module)
 * writes there when the platform publishes an article. Run as a program (bin/up) it first puts
 * the demo tenant's published demo articles there (seedDemoBlog). Its `/sitemap.xml` lists the
 * home page, the products and the blog's published pages, and its `/robots.txt` declares it,
 * as a shop's CMS does (the overview's sitemap_health reads them).
 *   node dist/src/widget/demo-site.js   (DEMO_PORT, PUBLIC_ORIGIN, DEMO_CHANNEL_ID, DEMO_HOST, DEMO_BLOG_DIR)
 */

export interface DemoSiteOptions {
  /** The cell the widget comes from, e.g. http://127.0.0.1:3000. */
  cellOrigin: string;
  /** A website channel id. */
  channelId: string;
  /** 0 = a free port. */
  port?: number;
  /** Listening address (default 127.0.0.1). */
  host?: string;
  /** The host name in the printed URL (default: the listening address); another name than the cell's makes another site. */
  publicHost?: string;
  /** The blog's pages (a BlogStore directory); without it /blog/ and /blog/<slug> are 404. */
  blogDir?: string;
  /** Puts the demo tenant's published demo articles on the blog first (those it does not hold yet). */
  seedBlog?: boolean;
}

export interface DemoSite {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The snippet a site owner pastes: one line. */
export function embedSnippet(cellOrigin: string, channelId: string): string {
  return `<script src="${escapeHtml(cellOrigin)}/widget.js" data-channel="${escapeHtml(channelId)}" async></script>`;
}

const shopPrice = (p: DemoProduct): string => `${new Intl.NumberFormat('ru-RU').format(Number(p.priceRub))} ₽`;

/** The shop's header on every page: its name (home) and its blog. */
const NAV = '<nav class="shop-nav"><a href="/"><b>Nordic Home</b></a> · <a href="/">Shop</a> · <a href="/blog/">Blog</a></nav>';
const NAV_STYLE = '.shop-nav { padding: 18px 24px; background: #fff; border-bottom: 1px solid #e5e7eb; } .shop-nav a { color: inherit; } .shop-nav b { font-size: 20px; }';

const productImage = (p: DemoProduct, width: number) =>
  `<img src="${demoProductImagePath(p)}" alt="${escapeHtml(p.name)}" width="${width}" height="${Math.round(width * 11 / 16)}">`;

/** The shop's home page (its products as tiles), or with `product` that product's page; both embed the chat. */
export function demoPage(o: { cellOrigin: string; channelId: string }, product?: DemoProduct): string {
  const snippet = embedSnippet(o.cellOrigin, o.channelId);
  if (product) return productPage(product, snippet);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nordic Home — demo shop</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2328; background: #fafafa; }
  ${NAV_STYLE}
  main { max-width: 760px; margin: 0 auto; padding: 24px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
  .tile { background: #fff; border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  .tile b { display: block; }
  .tile img { display: block; width: 100%; height: auto; border-radius: 8px; margin-bottom: 8px; }
  a.tile { color: inherit; text-decoration: none; }
  .price { display: block; margin-top: 8px; font-weight: 600; }
  code { display: block; white-space: pre-wrap; word-break: break-all; background: #f0f1f3; padding: 10px; border-radius: 8px; font-size: 13px; }
  button.own { margin-top: 12px; padding: 8px 14px; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; cursor: pointer; }
</style>
</head>
<body>
${NAV}
<main>
  <p>A demo shop on another origin than the chat server. The chat below the page comes from one line:</p>
  <code>${escapeHtml(snippet)}</code>
  <button class="own" type="button" id="own-launcher">Ask a question (a site's own button: SalesChat.open())</button>
  <h2>Popular</h2>
  <div class="grid">
${DEMO_PRODUCTS.map((p) => `    <a class="tile" href="${demoProductPath(p)}">${productImage(p, 200)}<b>${escapeHtml(p.name)}</b>${escapeHtml(p.tagline)}<span class="price">${shopPrice(p)}</span></a>`).join('\n')}
  </div>
  <p><a href="/blog/">Read our blog</a>: guides to choosing and caring for what we sell.</p>
</main>
<script>
  document.getElementById('own-launcher').addEventListener('click', function () { if (window.SalesChat) window.SalesChat.open(); });
</script>
${snippet}
</body>
</html>
`;
}

/** An inner page of the shop (a product, a blog post): its title, extra head lines, and the main part. */
function innerPage(o: { lang: string; title: string; head?: string; main: string; after?: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(o.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)} — Nordic Home</title>
${o.head ?? ''}<style>body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2328; background: #fafafa; } main { max-width: 760px; margin: 0 auto; padding: 24px; } ${NAV_STYLE}</style>
</head>
<body>
${NAV}
<main>
${o.main}
</main>
${o.after ?? ''}
</body>
</html>
`;
}

function productPage(p: DemoProduct, snippet: string): string {
  return innerPage({
    lang: 'en', title: p.name, after: snippet,
    main: `  <h1>${escapeHtml(p.name)}</h1>
  ${productImage(p, 320)}
  <p>${escapeHtml(p.tagline)}</p>
  <p><b>${shopPrice(p)}</b></p>`,
  });
}

/** A blog page of the shop: the article as the platform sanitized it, under a policy that runs no script. */
const BLOG_POLICY = "default-src 'none'; img-src 'self' https: http:; style-src 'unsafe-inline'";

export function blogPage(page: BlogPage): string {
  return innerPage({
    lang: page.locale ?? 'en', title: page.title,
    head: page.description ? `<meta name="description" content="${escapeHtml(page.description)}">\n` : '',
    main: `  <p><a href="/blog/">Blog</a></p>
  <article><h1>${escapeHtml(page.title)}</h1>
${page.html}
  </article>`,
  });
}

/** The blog's index: its published pages, by slug, each with its description. */
export function blogIndexPage(pages: readonly { slug: string; page: BlogPage }[]): string {
  const items = pages.map(({ slug, page }) => `    <li><a href="/blog/${slug}">${escapeHtml(page.title)}</a>${page.description ? `<br>${escapeHtml(page.description)}` : ''}</li>`);
  return innerPage({
    lang: 'en', title: 'Blog',
    main: `  <h1>Blog</h1>
${items.length ? `  <ul class="posts">\n${items.join('\n')}\n  </ul>` : '  <p>No posts yet.</p>'}`,
  });
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shop's sitemap (sitemaps.org protocol): its pages under `origin` (no trailing slash). */
export function demoSitemap(origin: string, blogSlugs: readonly string[]): string {
  const paths = ['/', ...DEMO_PRODUCTS.map((p) => demoProductPath(p)), ...(blogSlugs.length ? ['/blog/'] : []), ...blogSlugs.map((slug) => `/blog/${slug}`)];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `  <url><loc>${xmlText(`${origin}${path}`)}</loc></url>`).join('\n')}
</urlset>
`;
}

export async function startDemoSite(o: DemoSiteOptions): Promise<DemoSite> {
  const page = demoPage(o);
  const products = new Map(DEMO_PRODUCTS.map((p) => [demoProductPath(p), demoPage(o, p)]));
  const images = new Map(DEMO_PRODUCTS.map((p) => [demoProductImagePath(p), productImageSvg(p)]));
  const blog = o.blogDir ? new BlogStore(o.blogDir) : undefined;
  if (blog && o.seedBlog) await seedDemoBlog(blog);
  const blogHtml = async (path: string): Promise<string | undefined> => {
    if (!blog) return undefined;
    if (path === '/blog/' || path === '/blog') {
      const slugs = await blog.published();
      const pages = await Promise.all(slugs.map(async (slug) => ({ slug, page: await blog.read(slug) })));
      return blogIndexPage(pages.filter((p): p is { slug: string; page: BlogPage } => p.page !== undefined));
    }
    const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
    const post = slug ? await blog.read(slug) : undefined;
    return post && !post.draft ? blogPage(post) : undefined;
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/sitemap.xml' || path === '/robots.txt') {
      const origin = publicOrigin();
      void (path === '/robots.txt' ? Promise.resolve(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`)
        : (blog ? blog.published() : Promise.resolve([])).then((slugs) => demoSitemap(origin, slugs))).then((text) => {
        res.writeHead(200, { 'Content-Type': path === '/robots.txt' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8', 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text);
      }, () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The sitemap could not be read\n'));
      return;
    }
    const image = images.get(path);
    if (image) {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' }).end(req.method === 'HEAD' ? undefined : image);
      return;
    }
    const shop = path === '/' || path === '/demo.html' ? page : products.get(path);
    void (shop ? Promise.resolve(shop) : blogHtml(path)).then((html) => {
      if (html) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...(shop ? {} : { 'Content-Security-Policy': BLOG_POLICY }) })
          .end(req.method === 'HEAD' ? undefined : html);
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    }, () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The page could not be read\n'));
  });
  const host = o.host ?? '127.0.0.1';
  const shownHost = o.publicHost ?? (host.includes(':') ? `[${host}]` : host);
  const publicOrigin = () => `http://${shownHost}:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${publicOrigin()}/`,
    port,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// Run as a program by bin/up.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cellOrigin = process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:3000';
  const channelId = process.env.DEMO_CHANNEL_ID ?? '';
  if (!channelId) {
    console.error('DEMO_CHANNEL_ID is required (a website channel id)');
    process.exit(2);
  }
  const site = await startDemoSite({
    cellOrigin, channelId, port: Number(process.env.DEMO_PORT ?? 3001), host: process.env.DEMO_HOST ?? '127.0.0.1', publicHost: process.env.DEMO_PUBLIC_HOST,
    blogDir: process.env.DEMO_BLOG_DIR, seedBlog: true,
  });
  console.log(`demo site ${site.url} (widget from ${cellOrigin}, channel ${channelId}${process.env.DEMO_BLOG_DIR ? `, blog from ${process.env.DEMO_BLOG_DIR}` : ''})`);
}
