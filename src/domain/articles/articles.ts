import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Article, Publication, type ArticleStatus, type PublicationTarget } from '../../entities/article.js';
import { domainError, invalidField } from '../../errors/domain-error.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { newId, UUID } from '../../ids.js';
import { recordEvent } from '../events/outbox.js';
import { EVENTS } from '../events/catalogue.js';
import { failOnFields } from '../cards/card-rules.js';
import { ARTICLE_LIMITS, takenSlug, type ArticleChanges } from './article-rules.js';
import { byteLength, countWords, sanitizeArticleHtml } from './article-html.js';

/** GET /articles: updated_at descending, undated articles last (listed_at), then id descending. */
export const ARTICLE_ORDER: KeysetOrder = { keys: [['listedAt', 'time'], ['id', 'uuid']], direction: 'desc' };

export interface ArticleFilters {
  /** Any of these stored statuses. */
  statuses?: ArticleStatus[];
  /** Strictly later than this. */
  updatedAfter?: Date;
}

/** The tenant's article with this id, else not_found (a foreign or malformed id is indistinguishable from none). */
export async function findArticle(em: Em, tenantId: string, id: string, lock = false): Promise<Article> {
  const article = UUID.test(id) ? await em.findOne(Article, { id, tenantId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) : null;
  if (!article) throw domainError('not_found', 'No such article.');
  return article;
}

/** One page of the tenant's articles in ARTICLE_ORDER. */
export function listArticles(em: Em, tenantId: string, f: ArticleFilters, window: PageWindow): Promise<Article[]> {
  const conditions: Record<string, unknown>[] = [{ tenantId }];
  if (f.statuses !== undefined) conditions.push({ status: { $in: f.statuses } });
  if (f.updatedAfter) conditions.push({ updatedAt: { $gt: f.updatedAfter } });
  return em.find(Article, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/** The newest job version of the article's publication (of these targets, default any), or null when it was never published. */
export function latestPublication(em: Em, articleId: string, targets?: readonly PublicationTarget[]): Promise<Publication | null> {
  return em.findOne(Publication, { articleId, ...(targets ? { target: { $in: [...targets] } } : {}) }, { orderBy: { version: 'desc' } });
}

/**
 * The stored HTML as the reads answer it: '' for an article without a body; more than
 * 2,000,000 bytes (an import older than the limit) is 422 at /content.
 */
export function readableHtml(article: Article): string {
  const html = article.contentHtml ?? '';
  if (byteLength(html) > ARTICLE_LIMITS.contentBytes) {
    throw invalidField('/content', 'out_of_range', `content: the article's HTML is larger than ${ARTICLE_LIMITS.contentBytes} bytes and cannot be answered.`);
  }
  return html;
}

/** Sanitized HTML and its word count, refusing more than the limit after sanitizing. */
function sanitizedContent(html: string): { contentHtml: string; wordCount: number } {
  const contentHtml = sanitizeArticleHtml(html);
  if (byteLength(contentHtml) > ARTICLE_LIMITS.contentBytes) {
    failOnFields([{ field: '/content', code: 'out_of_range', message: `content: at most ${ARTICLE_LIMITS.contentBytes} bytes of HTML` }]);
  }
  return { contentHtml, wordCount: countWords(contentHtml) };
}

/** What an article is made of (the seed of bin/ctl, the generation, the tests). */
export interface NewArticle {
  /** Chosen by the caller (the demo seed's stable ids); default a new one. */
  id?: string;
  title: string;
  slug?: string | null;
  status?: ArticleStatus;
  locale?: string | null;
  keyword?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  coverImageUrl?: string | null;
  /** HTML, sanitized here; null = no body. */
  content?: string | null;
  /** Defaults to now; null = undated (an import). */
  updatedAt?: Date | null;
}

export async function createArticle(em: Em, tenantId: string, input: NewArticle, now: Date): Promise<Article> {
  if (input.slug) await ensureSlugFree(em, tenantId, input.slug, null);
  const body = input.content === null || input.content === undefined ? { contentHtml: null, wordCount: 0 } : sanitizedContent(input.content);
  const status = input.status ?? 'draft';
  const article = em.create(Article, {
    id: input.id ?? newId(),
    tenantId,
    title: input.title,
    slug: input.slug ?? null,
    status,
    locale: input.locale ?? null,
    keyword: input.keyword ?? null,
    metaTitle: input.metaTitle ?? null,
    metaDescription: input.metaDescription ?? null,
    coverImageUrl: input.coverImageUrl ?? null,
    ...body,
    createdAt: now,
    updatedAt: input.updatedAt === undefined ? now : input.updatedAt,
    publishedAt: status === 'published' ? now : null,
  });
  await flushArticle(em, article.slug ?? null);
  return article;
}

async function ensureSlugFree(em: Em, tenantId: string, slug: string, articleId: string | null): Promise<void> {
  const other = await em.findOne(Article, { tenantId, slug }, { fields: ['id'] });
  if (other && other.id !== articleId) failOnFields([takenSlug(slug)]);
}

/** Writes the article; a slug taken by a parallel request (the unique index) is the same 422 as one taken before. */
async function flushArticle(em: Em, slug: string | null): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (slug && err instanceof UniqueConstraintViolationException) failOnFields([takenSlug(slug)]);
    throw err;
  }
}

/**
 * PATCH /articles/{id}: the fields sent; content sanitized and its words recounted.
 * published_url confirms the caller's own publication of a handed_off article: it becomes
 * published and article.published is recorded with the address.
 */
export async function updateArticle(em: Em, tenantId: string, id: string, changes: ArticleChanges, now: Date): Promise<Article> {
  const article = await findArticle(em, tenantId, id, true);
  if (changes.published_url !== undefined && article.status !== 'handed_off') {
    throw domainError('invalid_state', `The article is ${article.status}: published_url confirms only a handed_off article (publish with target none first).`);
  }
  if (changes.slug) await ensureSlugFree(em, tenantId, changes.slug, article.id);
  if (changes.title !== undefined) article.title = changes.title;
  if (changes.slug !== undefined) article.slug = changes.slug;
  if (changes.meta_title !== undefined) article.metaTitle = changes.meta_title;
  if (changes.meta_description !== undefined) article.metaDescription = changes.meta_description;
  if (changes.content !== undefined) Object.assign(article, sanitizedContent(changes.content));
  article.updatedAt = now;
  if (changes.published_url !== undefined) {
    markPublished(em, article, changes.published_url, now);
    const handOff = await em.findOne(Publication, { articleId: article.id, target: 'none', state: 'queued' });
    if (handOff) Object.assign(handOff, { state: 'applied', publishedUrl: changes.published_url, updatedAt: now });
  }
  await flushArticle(em, changes.slug ?? null);
  return article;
}

/** published: the article moves to published and article.published is recorded with the address. */
export function markPublished(em: Em, article: Article, url: string, now: Date): void {
  article.status = 'published';
  article.publishedAt = now;
  article.updatedAt = now;
  recordEvent(em, { tenantId: article.tenantId, type: 'article.published', ...EVENTS['article.published']({ article_id: article.id, published_url: url }) }, now);
}

const APPROVABLE: readonly ArticleStatus[] = ['draft', 'review', 'rejected'];

/** POST /articles/{id}/approve: from draft, review or rejected; anything else is invalid_state naming the status. */
export async function approveArticle(em: Em, tenantId: string, id: string, now: Date): Promise<Article> {
  const article = await findArticle(em, tenantId, id, true);
  if (!APPROVABLE.includes(article.status)) {
    throw domainError('invalid_state', `The article is ${article.status}: approval is possible from draft, review or rejected.`);
  }
  article.status = 'approved';
  article.updatedAt = now;
  await em.flush();
  return article;
}
