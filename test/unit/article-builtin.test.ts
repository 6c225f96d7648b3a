import { describe, expect, it } from '@jest/globals';
import { builtinArticle, relevantProducts, type GenerationBrief } from '../../src/domain/articles/article-generator.js';
import { generationLocale } from '../../src/domain/articles/generation.js';
import type { CatalogueEntry } from '../../src/domain/ai-seller/seller-model.js';

/** The builtin article generator (issue 31): it cites what the article is about, nothing else. */

const CATALOGUE: CatalogueEntry[] = [
  { code: 'trail-boots', name: 'Trail boots', description: 'Waterproof, for a small budget', price_text: '8 490 ₽' },
  { code: 'runner-x', name: 'Runner X sneakers', description: 'Light, for every day in the living room', price_text: '7 990 ₽' },
  { code: 'sofa-oslo', name: 'Sofa Oslo', description: 'Three seats, grey wool', price_text: '49 990 ₽' },
  { code: 'lamp-bergen', name: 'Lamp Bergen', description: 'Warm light, oak', price_text: '3 490 ₽' },
  { code: 'divan-mini', name: 'Диван Мини', description: 'Два места', price_text: '19 990 ₽' },
];

const brief = (o: Partial<GenerationBrief>): GenerationBrief => ({
  keyword: 'sofa for a small living room', title: null, locale: 'en',
  profile: { niche: 'Furniture', audience: null, tone: null, avoid: null }, products: CATALOGUE, ...o,
});

describe('the products an article cites', () => {
  it('an article about sofas cites the sofa and no boots, sneakers or lamp', () => {
    const article = builtinArticle(brief({}), '5.00');
    expect(article.html).toContain('Sofa Oslo');
    for (const unrelated of ['Trail boots', 'Runner X sneakers', 'Lamp Bergen', 'Диван Мини']) expect(article.html).not.toContain(unrelated);
  });

  it('are those whose name or code shares a word with the keyword or title (up to the ending), in catalogue order', () => {
    expect(relevantProducts(CATALOGUE, 'Choosing sneakers and boots').map((p) => p.code)).toEqual(['trail-boots', 'runner-x']);
    expect(relevantProducts(CATALOGUE, 'какой выбрать диван').map((p) => p.code)).toEqual(['divan-mini']);
    // A description alone ("Warm light") does not make the lamp an article's subject.
    expect(relevantProducts(CATALOGUE, 'light and warm colours').map((p) => p.code)).toEqual([]);
  });

  it('an article on a subject the catalogue does not sell has no product section', () => {
    const article = builtinArticle(brief({ keyword: 'curtains for a bright bedroom' }), '5.00');
    expect(article.html).not.toContain('From our catalogue');
    expect(article.html).toContain('<h2>How to choose</h2>');
  });

  it('is deterministic: the same brief writes the same article', () => {
    expect(builtinArticle(brief({}), '5.00')).toEqual(builtinArticle(brief({}), '5.00'));
  });
});

describe('the locale of a generated article', () => {
  it("is the request's, else the editorial profile's, else the cell's language", () => {
    expect(generationLocale('ru', 'en', 'id')).toBe('ru');
    expect(generationLocale(null, 'en', 'ru')).toBe('en');
    expect(generationLocale(null, null, 'id')).toBe('id');
    expect(generationLocale(null, 'de', 'kz')).toBe('en');
  });
});
