import { createHash } from 'node:crypto';
import type { Em } from '../../db/em.js';
import { Article } from '../../entities/article.js';
import { createArticle, type NewArticle } from './articles.js';
import { sanitizeArticleHtml } from './article-html.js';

/**
 * The demo shop's articles: three in the editorial flow (draft, review, approved) and two
 * already on the shop's blog (published). Their links lead only to pages the demo shop serves
 * (src/widget/demo-site.ts): its products, its blog index and its published posts.
 */
const DEMO_ARTICLES: (NewArticle & { slug: string })[] = [
  {
    title: 'How to choose a sofa for a small living room', slug: 'choose-a-sofa-for-a-small-room', status: 'draft', locale: 'en',
    keyword: 'sofa for a small living room', metaTitle: 'Choosing a sofa for a small living room',
    metaDescription: 'Measure, pick a shape, pick a fabric: a short guide to a sofa that fits.',
    content: '<h2>Measure first</h2><p>Measure the wall, the door and the stairs. A sofa that does not pass the door is no sofa.</p>'
      + '<h2>Pick a shape</h2><ul><li>Two-seaters for rooms under 15 m²</li><li>Corner sofas for open plans</li></ul>'
      + '<table><thead><tr><th>Room</th><th>Sofa width</th></tr></thead><tbody><tr><td>12 m²</td><td>160 cm</td></tr><tr><td>18 m²</td><td>200 cm</td></tr></tbody></table>'
      + '<p>See our <a href="/products/sofa-oslo">Oslo sofa</a>.</p>',
  },
  {
    title: 'Caring for wool upholstery', slug: 'caring-for-wool-upholstery', status: 'review', locale: 'en', keyword: 'wool upholstery care',
    content: '<h2>Every week</h2><p>Vacuum with a soft brush.</p><h2>Stains</h2><p>Blot, never rub. Cold water only.</p>',
  },
  {
    title: 'Oak or beech: legs that last', slug: 'oak-or-beech-legs', status: 'approved', locale: 'en', keyword: 'oak furniture legs',
    content: '<p>Oak is harder and darker; beech is cheaper and takes stain well.</p><blockquote><p>Both last decades when oiled once a year.</p></blockquote>',
  },
  {
    title: 'Three ways to light a reading corner', slug: 'light-a-reading-corner', status: 'published', locale: 'en', keyword: 'reading lamp',
    metaTitle: 'Lighting a reading corner', metaDescription: 'Warm light from the side, at the height of the book: a reading corner in three steps.',
    content: '<p>A reading corner needs one good light, not three weak ones.</p>'
      + '<h2>Light from the side</h2><p>Put the lamp beside the chair or the sofa, never behind your head: our <a href="/products/lamp-bergen">Lamp Bergen</a> stands at the arm of a <a href="/products/sofa-oslo">Sofa Oslo</a>.</p>'
      + '<h2>Warm, not bright</h2><p>2700 K is easy on the eyes in the evening.</p>'
      + '<h2>One switch</h2><p>A lamp you reach from the seat is a lamp you use.</p>'
      + '<p>More from <a href="/blog/">our blog</a>: <a href="/blog/everyday-sneakers-how-to-choose">everyday sneakers</a>.</p>',
  },
  {
    title: 'Everyday sneakers: how to choose a pair', slug: 'everyday-sneakers-how-to-choose', status: 'published', locale: 'en', keyword: 'everyday sneakers',
    metaTitle: 'Everyday sneakers: how to choose', metaDescription: 'Light sole, room for the toes, a heel that holds: what to check before you buy.',
    content: '<h2>What to check</h2><ul><li>A light, flexible sole</li><li>A thumb of room in front of the toes</li><li>A heel that holds without rubbing</li></ul>'
      + '<p>Our <a href="/products/runner-x">Runner X sneakers</a> weigh 240 g a shoe.</p>'
      + '<p>Back to <a href="/">the shop</a>, or read <a href="/blog/light-a-reading-corner">how to light a reading corner</a>.</p>',
  },
];

/**
 * A demo article's id: the same for the same tenant and slug, so the page the demo shop holds
 * for a published one names the platform's article (the site module finds its own page again,
 * never a conflict), while a sandbox's copy of the demo articles has ids of its own.
 */
export function demoArticleId(tenantId: string, slug: string): string {
  const h = createHash('sha256').update(`demo-article:${tenantId}:${slug}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Creates the demo articles the tenant does not have yet (by slug); edits made since are kept. */
export async function seedDemoArticles(em: Em, tenantId: string, now: Date): Promise<void> {
  for (const article of DEMO_ARTICLES) {
    if (!await em.count(Article, { tenantId, slug: article.slug })) await createArticle(em, tenantId, { ...article, id: demoArticleId(tenantId, article.slug) }, now);
  }
}

/** Every demo article's slug and HTML as the platform keeps it (sanitized): what its links are read from. */
export function demoArticleBodies(): { slug: string; status: string; html: string }[] {
  return DEMO_ARTICLES.map((a) => ({ slug: a.slug, status: a.status ?? 'draft', html: sanitizeArticleHtml(a.content ?? '') }));
}

/** A published demo article as the demo shop's blog holds it (the BlogStore page shape). */
export interface DemoBlogPage {
  slug: string;
  page: { article_id: string; title: string; html: string; description: string | null; locale: string | null; draft: false };
}

/** The demo tenant's published articles as pages of the demo shop's blog, as its site module would have written them. */
export function demoBlogPages(tenantId: string): DemoBlogPage[] {
  return DEMO_ARTICLES.filter((a) => a.status === 'published').map((a) => ({
    slug: a.slug,
    page: {
      article_id: demoArticleId(tenantId, a.slug), title: a.title, html: sanitizeArticleHtml(a.content ?? ''),
      description: a.metaDescription ?? null, locale: a.locale ?? null, draft: false,
    },
  }));
}
