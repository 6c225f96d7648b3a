import { describe, expect, it } from '@jest/globals';
import { ARTICLE_LIMITS, ARTICLE_SLUG, takenSlug } from '../../src/domain/articles/article-rules.js';

/** The rules of an article (spec 02, Article). */
describe('article rules (src/domain/articles/article-rules.ts)', () => {
  it('a slug is lowercase latin words and digits joined by single hyphens', () => {
    for (const ok of ['a', 'red-shoes', 'size-42-guide', '2026', 'a1-b2-c3']) expect(ARTICLE_SLUG.test(ok)).toBe(true);
    for (const bad of ['', '-a', 'a-', 'a--b', 'Red-shoes', 'red_shoes', 'red shoes', 'обувь', 'a/b', 'a.b', 'a\n', '\na'])
      expect(ARTICLE_SLUG.test(bad)).toBe(false);
  });

  it('has the spec limits, content counted in UTF-8 bytes', () => {
    expect(ARTICLE_LIMITS).toEqual({ title: 300, slug: 200, keyword: 200, metaTitle: 300, metaDescription: 1000, url: 2048, contentBytes: 2_000_000, jobBytes: 3_000_000 });
  });

  it('takenSlug names the slug as taken at /slug', () => {
    expect(takenSlug('red-shoes')).toEqual({ field: '/slug', code: 'taken', message: 'slug: red-shoes is already the address of another article of this account' });
  });
});
