import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_WEBSITE_CHANNEL_ID } from '../../src/domain/provisioning/demo.js';
import { DEMO_PRODUCTS } from '../../src/domain/provisioning/demo-catalogue.js';
import { demoArticleBodies } from '../../src/domain/articles/demo-articles.js';
import { BlogStore } from '../../src/site-module/blog-store.js';
import { startDemoSite, type DemoSite } from '../../src/widget/demo-site.js';

/**
 * bin/up's demo shop (issue 31): a blog index linked from its home page, product pictures it
 * serves itself, and the demo articles on its blog, every link of which leads to a page the shop
 * serves. A real shop server on a free port; its blog a directory of this file's own.
 */

let shop: DemoSite;
let blogDir: string;
beforeAll(async () => {
  blogDir = await mkdtemp(join(tmpdir(), 'demo-shop-'));
  shop = await startDemoSite({ cellOrigin: 'http://127.0.0.1:9', channelId: DEMO_WEBSITE_CHANNEL_ID, blogDir, seedBlog: true });
});
afterAll(async () => {
  await shop?.close();
  if (blogDir) await rm(blogDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(new URL(path, shop.url));
const text = async (path: string) => {
  const res = await get(path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.text();
};
/** The addresses of a page's links (`a href`) or pictures (`img src`), as written. */
const addresses = (html: string, attribute: 'href' | 'src') => [...html.matchAll(new RegExp(`<(?:a|img)\\s[^>]*?${attribute}="([^"]+)"`, 'g'))].map((m) => m[1]!);
/** An address of the shop itself, as a path (another origin's address is no link of the shop). */
const ownPath = (address: string) => {
  const url = new URL(address, shop.url);
  return url.origin === new URL(shop.url).origin ? url.pathname : null;
};

describe('the demo shop', () => {
  it('links its blog index from the home page; the index lists the seeded posts', async () => {
    const home = await text('/');
    expect(addresses(home, 'href')).toContain('/blog/');
    const index = await text('/blog/');
    const posts = addresses(index, 'href').filter((a) => /^\/blog\/[a-z0-9-]+$/.test(a));
    expect(posts.sort()).toEqual(['/blog/everyday-sneakers-how-to-choose', '/blog/light-a-reading-corner']);
    expect(index).toContain('Three ways to light a reading corner');
  });

  it('serves a picture of each product, shown on its tile and on its page', async () => {
    const home = await text('/');
    for (const product of DEMO_PRODUCTS) {
      const src = `/images/products/${product.code}.svg`;
      expect(addresses(home, 'src')).toContain(src);
      expect(addresses(await text(`/products/${product.code}`), 'src')).toContain(src);
      const image = await get(src);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      const svg = await image.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain(product.name);
    }
    expect((await get('/images/products/nothing.svg')).status).toBe(404);
  });

  it('every link of every page of the shop (home, products, blog) leads to a page it serves', async () => {
    const seen = new Set<string>();
    const queue = ['/'];
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const html = await text(path);
      for (const address of addresses(html, 'href')) {
        const own = ownPath(address);
        if (own && !seen.has(own)) queue.push(own);
      }
    }
    // The crawl reached the blog's posts and every product from the home page.
    expect([...seen]).toEqual(expect.arrayContaining(['/blog/', '/blog/light-a-reading-corner', '/blog/everyday-sneakers-how-to-choose', ...DEMO_PRODUCTS.map((p) => `/products/${p.code}`)]));
  });

  it("every link of every demo article, published or not, is a page the shop serves", async () => {
    for (const article of demoArticleBodies()) {
      const links = addresses(article.html, 'href');
      for (const link of links) {
        expect({ article: article.slug, link, own: ownPath(link) !== null }).toEqual({ article: article.slug, link, own: true });
        expect({ article: article.slug, link, status: (await get(link)).status }).toEqual({ article: article.slug, link, status: 200 });
      }
    }
    // The sofa guide cites the sofa's own page, not a catalogue path the shop does not have.
    expect(addresses(demoArticleBodies().find((a) => a.slug === 'choose-a-sofa-for-a-small-room')!.html, 'href')).toEqual(['/products/sofa-oslo']);
  });

  it('leaves a page the blog already holds as it is when it seeds again', async () => {
    const blog = new BlogStore(blogDir);
    const page = (await blog.read('light-a-reading-corner'))!;
    await blog.write('light-a-reading-corner', { ...page, title: 'Edited on the site' });
    const again = await startDemoSite({ cellOrigin: 'http://127.0.0.1:9', channelId: DEMO_WEBSITE_CHANNEL_ID, blogDir, seedBlog: true });
    try {
      expect((await blog.read('light-a-reading-corner'))!.title).toBe('Edited on the site');
    } finally {
      await again.close();
      await blog.write('light-a-reading-corner', page);
    }
  });
});
