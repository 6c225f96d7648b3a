import type { Em } from '../../db/orm.js';
import { Article } from '../../entities/article.js';
import { createArticle, type NewArticle } from './articles.js';

/** The demo shop's blog: three articles in different states, found again by slug on every seed. */
const DEMO_ARTICLES: NewArticle[] = [
  {
    title: 'How to choose a sofa for a small living room', slug: 'choose-a-sofa-for-a-small-room', status: 'draft', locale: 'en',
    keyword: 'sofa for a small living room', metaTitle: 'Choosing a sofa for a small living room',
    metaDescription: 'Measure, pick a shape, pick a fabric: a short guide to a sofa that fits.',
    content: '<h2>Measure first</h2><p>Measure the wall, the door and the stairs. A sofa that does not pass the door is no sofa.</p>'
      + '<h2>Pick a shape</h2><ul><li>Two-seaters for rooms under 15 m²</li><li>Corner sofas for open plans</li></ul>'
      + '<table><thead><tr><th>Room</th><th>Sofa width</th></tr></thead><tbody><tr><td>12 m²</td><td>160 cm</td></tr><tr><td>18 m²</td><td>200 cm</td></tr></tbody></table>'
      + '<p>See our <a href="/catalogue/oslo">Oslo sofa</a>.</p>',
  },
  {
    title: 'Caring for wool upholstery', slug: 'caring-for-wool-upholstery', status: 'review', locale: 'en', keyword: 'wool upholstery care',
    content: '<h2>Every week</h2><p>Vacuum with a soft brush.</p><h2>Stains</h2><p>Blot, never rub. Cold water only.</p>',
  },
  {
    title: 'Oak or beech: legs that last', slug: 'oak-or-beech-legs', status: 'approved', locale: 'en', keyword: 'oak furniture legs',
    content: '<p>Oak is harder and darker; beech is cheaper and takes stain well.</p><blockquote><p>Both last decades when oiled once a year.</p></blockquote>',
  },
];

/** Creates the demo articles the tenant does not have yet (by slug); edits made since are kept. */
export async function seedDemoArticles(em: Em, tenantId: string, now: Date): Promise<void> {
  for (const article of DEMO_ARTICLES) {
    if (!await em.count(Article, { tenantId, slug: article.slug })) await createArticle(em, tenantId, article, now);
  }
}
