import type { Em } from '../../db/em.js';

/**
 * Near-duplicate titles (decisions: "Strategist: near-duplicate topics"): two titles are the
 * same subject when the Jaccard index of their word sets is at least NEAR_DUPLICATE, words
 * lowercased, stemmed by a light suffix rule (English and Russian) and stripped of a few
 * function words. Deterministic and explainable; no model, no embeddings.
 */
export const NEAR_DUPLICATE = 0.8;

const STOP_WORDS = new Set([
  'a', 'an', 'the', 'to', 'of', 'for', 'and', 'or', 'in', 'on', 'at', 'by', 'with', 'how', 'what', 'which', 'why', 'do', 'does', 'is', 'are',
  'can', 'you', 'your', 'i', 'my', 'we', 'our', 'it', 'its', 'и', 'в', 'во', 'на', 'с', 'со', 'для', 'как', 'что', 'по', 'о', 'об', 'к', 'ли', 'у', 'из',
]);
const EN_SUFFIXES = ['ingly', 'edly', 'ings', 'ing', 'ies', 'ied', 'es', 'ed', 'ly', 's'];
/** Longest first: the first suffix that fits is taken. */
const RU_SUFFIXES = ['ями', 'ами', 'ого', 'его', 'ому', 'ему', 'ыми', 'ими', 'ах', 'ях', 'ов', 'ев', 'ой', 'ей', 'ий', 'ый', 'ая', 'яя', 'ое', 'ее', 'ые', 'ие', 'ом', 'ем', 'ам', 'ям',
  'а', 'я', 'о', 'е', 'ы', 'и', 'у', 'ю', 'ь', 'й'];

/** A word without its inflection: the longest listed suffix that leaves at least three letters. */
export function stem(word: string): string {
  const suffixes = /[а-яё]/.test(word) ? RU_SUFFIXES : EN_SUFFIXES;
  for (const s of suffixes) {
    if (word.endsWith(s) && word.length - s.length >= 3) {
      const base = word.slice(0, -s.length);
      // boxes, wishes -> box, wish; shoes -> shoe (the plain -s below)
      if (s === 'es' && !/(s|x|z|ch|sh)$/.test(base)) continue;
      if (s === 'ies' || s === 'ied') return `${base}y`;
      // shipping -> shipp -> ship
      return /([b-df-hj-np-tv-z])\1$/.test(base) && s.length > 1 ? base.slice(0, -1) : base;
    }
  }
  return word;
}

/** The stemmed words of a title; function words count only when a title has nothing else. */
export function titleWords(title: string): Set<string> {
  const words = (title.toLowerCase().replace(/ё/g, 'е').match(/[\p{L}\p{N}]+/gu) ?? []);
  const content = words.filter((w) => !STOP_WORDS.has(w));
  return new Set((content.length ? content : words).map(stem));
}

/** |A ∩ B| / |A ∪ B| of two titles' words; 0 when either has none. */
export function similarity(a: Set<string>, b: Set<string>): number {
  // Stryker disable next-line LogicalOperator: && is equivalent, with one set empty nothing is shared and the index is 0 anyway.
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** The first of `titles` the title near-duplicates, or null. */
export function nearDuplicateOf(title: string, titles: Iterable<string>): string | null {
  const words = titleWords(title);
  for (const other of titles) if (similarity(words, titleWords(other)) >= NEAR_DUPLICATE) return other;
  return null;
}

/**
 * Whether an article answers a query or question: every word of the article's title or of its
 * keyword occurs in the query, or the query near-duplicates one of them.
 */
export function covers(article: { title: string; keyword: string | null }, query: string): boolean {
  const words = titleWords(query);
  return [article.title, article.keyword].some((text) => {
    if (!text) return false;
    const own = titleWords(text);
    return (own.size > 0 && [...own].every((w) => words.has(w))) || similarity(words, own) >= NEAR_DUPLICATE;
  });
}

/** The tenant's articles, as `covers` reads them. */
export async function articleSubjects(em: Em, tenantId: string): Promise<{ title: string; keyword: string | null }[]> {
  return em.execute<{ title: string; keyword: string | null }[]>('select title, keyword from articles where tenant_id = ?', [tenantId]);
}

/** The titles a new topic is compared with: every topic of the tenant (any state) and every article. */
export async function knownTitles(em: Em, tenantId: string): Promise<string[]> {
  const rows = await em.execute<{ title: string }[]>(
    `select title from strategist_topics where tenant_id = ? and title is not null
     union all select title from articles where tenant_id = ?`, [tenantId, tenantId]);
  return rows.map((r) => r.title);
}
