import type { FieldError } from '../../errors/domain-error.js';

/**
 * The rules of an article (spec 02, Article). Lengths and forms are checked by the route
 * schemas from these constants; what needs the database (a slug taken) is checked here.
 */

/** A page path segment: lowercase latin letters and digits in words joined by single hyphens. */
export const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ARTICLE_LIMITS = {
  title: 300,
  slug: 200,
  keyword: 200,
  metaTitle: 300,
  metaDescription: 1000,
  url: 2048,
  /** Sanitized HTML, in UTF-8 bytes (spec 02). */
  contentBytes: 2_000_000,
  /** A site module's job (SiteJob) as JSON, in UTF-8 bytes: spec 02's publication payload. */
  jobBytes: 3_000_000,
} as const;

/** What PATCH /articles/{id} may change. */
export interface ArticleChanges {
  title?: string;
  slug?: string | null;
  content?: string;
  meta_title?: string | null;
  meta_description?: string | null;
  published_url?: string;
}

export function takenSlug(slug: string): FieldError {
  return { field: '/slug', code: 'taken', message: `slug: ${slug} is already the address of another article of this account` };
}
