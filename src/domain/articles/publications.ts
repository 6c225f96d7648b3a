import { createHash } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Publication, type Article, type PublicationState, type PublishMode, type Site } from '../../entities/article.js';
import { domainError } from '../../errors/domain-error.js';
import { newId } from '../../ids.js';
import { findArticle, latestPublication, markPublished, readableHtml } from './articles.js';
import { findSite, siteWorking } from './sites.js';
import { refuseOversizedJob, siteJobOf } from './site-jobs.js';

export type PublishRequest =
  | { target: 'none' }
  | { target: 'connector'; site_id: string; publish_mode: PublishMode };

/** What a publish did: the publication answered, and an older waiting version it replaced (its workflow is to be canceled). */
export interface PublishOutcome {
  publication: Publication;
  created: boolean;
  superseded: Publication[];
}

/** The job's source: what the site would show. Unchanged source = the same job version. */
function sourceHash(article: Article, html: string, target: string, site: Site | null, mode: PublishMode | null): string {
  const source = {
    title: article.title, slug: article.slug ?? null, html, meta_title: article.metaTitle ?? null, meta_description: article.metaDescription ?? null,
    cover_image_url: article.coverImageUrl ?? null, target, site_id: site?.id ?? null, publish_mode: mode,
  };
  return createHash('sha256').update(JSON.stringify(source)).digest('hex');
}

const PUBLISHABLE = { none: ['approved', 'handed_off'], connector: ['approved', 'published'] } as const;

/**
 * POST /articles/{id}/publish. none: the article becomes handed_off (the caller publishes and
 * confirms with PATCH published_url). connector: a job for the site's module, versioned by the
 * source's hash; an unchanged source answers the existing version, a changed one queues the
 * next and skips the older waiting one. Every refusal (a job over 3,000,000 bytes among them)
 * comes before anything is written.
 */
export async function publishArticle(em: Em, tenantId: string, articleId: string, request: PublishRequest, now: Date): Promise<PublishOutcome> {
  const article = await findArticle(em, tenantId, articleId, true);
  const site = request.target === 'connector' ? await findSite(em, tenantId, request.site_id) : null;
  if (!(PUBLISHABLE[request.target] as readonly string[]).includes(article.status)) {
    throw domainError('invalid_state', `The article is ${article.status}: publishing with target ${request.target} needs it ${PUBLISHABLE[request.target].join(' or ')}.`);
  }
  const html = readableHtml(article);
  let mode: PublishMode | null = null;
  if (request.target === 'connector') {
    if (!html.trim()) throw domainError('invalid_state', 'The article has no content: there is nothing to publish.');
    if (!siteWorking(site!, now)) throw domainError('invalid_state', "The site is not working: its module has sent no heartbeat within 2 hours.");
    mode = site!.draftsOnly ? 'draft' : request.publish_mode;
  }
  const latest = await latestPublication(em, article.id);
  const next = { id: newId(), version: (latest?.version ?? 0) + 1, publishMode: mode, createdAt: now };
  if (request.target === 'connector') refuseOversizedJob(siteJobOf(next, article));
  const hash = sourceHash(article, html, request.target, site, mode);
  if (latest && latest.contentHash === hash && (latest.state === 'queued' || latest.state === 'applied')) {
    return { publication: latest, created: false, superseded: [] };
  }
  const superseded = await em.find(Publication, { articleId: article.id, state: 'queued' });
  for (const older of superseded) Object.assign(older, { state: 'skipped', error: 'Superseded by a newer version.', updatedAt: now });
  const publication = em.create(Publication, {
    ...next, tenantId, articleId: article.id, contentHash: hash, target: request.target,
    siteId: site?.id ?? null, state: 'queued', publishedUrl: null, error: null, updatedAt: now,
  });
  if (request.target === 'none') article.status = 'handed_off';
  article.updatedAt = now;
  await em.flush();
  return { publication, created: true, superseded };
}

/** The result a site module reports for a job. */
export interface ModuleResult {
  result: Exclude<PublicationState, 'queued'>;
  published_url?: string | null;
  reason?: string | null;
}

const ERROR_CHARS = 200;

/** What applying a result came to: whether it was applied, and the job's state and address after. */
export interface ResultApplied {
  applied: boolean;
  state: PublicationState;
  publishedUrl: string | null;
}

/**
 * Applies a module's result to a queued publication (the publication workflow's step): its
 * state, address and error (at most 200 characters); applied with an address publishes the
 * article. A publication no longer queued (superseded, or a result already applied) is left
 * as it is: applied false, with its state as it is.
 */
export async function applyModuleResult(em: Em, publicationId: string, result: ModuleResult, now: Date): Promise<ResultApplied> {
  const publication = await em.findOneOrFail(Publication, { id: publicationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (publication.state !== 'queued') return { applied: false, state: publication.state, publishedUrl: publication.publishedUrl ?? null };
  publication.state = result.result;
  publication.publishedUrl = result.result === 'applied' ? result.published_url ?? null : null;
  publication.error = result.result === 'applied' || result.result === 'skipped' && !result.reason ? null : (result.reason ?? result.result).slice(0, ERROR_CHARS);
  publication.updatedAt = now;
  if (result.result === 'applied' && publication.publishedUrl) {
    markPublished(em, await findArticle(em, publication.tenantId, publication.articleId, true), publication.publishedUrl, now);
  }
  await em.flush();
  return { applied: true, state: publication.state, publishedUrl: publication.publishedUrl };
}
