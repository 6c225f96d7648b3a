import type { Article, Publication } from '../../entities/article.js';
import { articleBlocks, articleMarkdown, sanitizeArticleHtml } from '../../domain/articles/article-html.js';
import { readableHtml } from '../../domain/articles/articles.js';
import type { ArticleFormat } from './schemas.js';
import { answeredStatus } from './handoff.js';
import { iso } from '../../presenters/iso.js';


/** ArticleSummary (spec 02): no content, no publication; handed_off only where the hand-off answers (handoff.ts). */
export function presentArticleSummary(a: Article, handoff: boolean) {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug ?? null,
    status: answeredStatus(a.status, handoff),
    locale: a.locale ?? null,
    keyword: a.keyword ?? null,
    meta_title: a.metaTitle ?? null,
    meta_description: a.metaDescription ?? null,
    cover_image_url: a.coverImageUrl ?? null,
    word_count: a.wordCount,
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
    published_at: iso(a.publishedAt),
  };
}

export function presentPublication(p: Publication) {
  return {
    id: p.id,
    version: p.version,
    target: p.target,
    site_id: p.siteId ?? null,
    publish_mode: p.publishMode ?? null,
    state: p.state,
    published_url: p.publishedUrl ?? null,
    error: p.error ?? null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** The body in the asked format, always built from HTML sanitized again at read time. */
function content(a: Article, format: ArticleFormat): string | unknown[] {
  const html = readableHtml(a);
  if (format === 'markdown') return articleMarkdown(html);
  if (format === 'blocks') return articleBlocks(html);
  return sanitizeArticleHtml(html);
}

/** Article (spec 02): the summary, the content in `format`, and the newest publication (of the targets answered, handoff.ts). */
export function presentArticle(a: Article, format: ArticleFormat, publication: Publication | null, handoff: boolean) {
  return {
    ...presentArticleSummary(a, handoff),
    format,
    content: content(a, format),
    publication: publication ? presentPublication(publication) : null,
  };
}
