import type { Em } from '../../db/em.js';
import { Article, Publication, Site } from '../../entities/article.js';
import { domainError, invalidField } from '../../errors/domain-error.js';
import { ARTICLE_LIMITS } from './article-rules.js';
import { byteLength } from './article-html.js';
import { UUID } from '../../ids.js';

const JOBS_PER_POLL = 20;

/** A job as the module receives it: the version and everything the page needs. */
export interface SiteJob {
  id: string;
  article_id: string;
  version: number;
  publish_mode: string | null;
  title: string;
  slug: string | null;
  html: string;
  meta_title: string | null;
  meta_description: string | null;
  cover_image_url: string | null;
  locale: string | null;
  created_at: string;
}

/** The job of a publication as the module receives it. */
export function siteJobOf(job: Pick<Publication, 'id' | 'version' | 'publishMode' | 'createdAt'>, a: Article): SiteJob {
  return {
    id: job.id, article_id: a.id, version: job.version, publish_mode: job.publishMode ?? null, title: a.title, slug: a.slug ?? null,
    html: a.contentHtml ?? '', meta_title: a.metaTitle ?? null, meta_description: a.metaDescription ?? null,
    cover_image_url: a.coverImageUrl ?? null, locale: a.locale ?? null, created_at: job.createdAt.toISOString(),
  };
}

/**
 * Spec 02's publication payload limit: the job as the module receives it (its JSON, UTF-8) at
 * most 3,000,000 bytes, else 422 at /content. The HTML's escapes count (a backslash, a quote or
 * a line break is two bytes of JSON), so HTML under 2,000,000 bytes can still be over it.
 */
export function refuseOversizedJob(job: SiteJob): void {
  const bytes = byteLength(JSON.stringify(job));
  if (bytes > ARTICLE_LIMITS.jobBytes) {
    throw invalidField('/content', 'out_of_range',
      `content: the job for the site module would be ${bytes} bytes of JSON (the HTML with the title and meta fields), more than ${ARTICLE_LIMITS.jobBytes}.`);
  }
}

/** The site's queued jobs, oldest first (at most 20 a poll). */
export async function pendingJobs(em: Em, site: Site): Promise<SiteJob[]> {
  const jobs = await em.find(Publication, { siteId: site.id, state: 'queued' }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: JOBS_PER_POLL });
  const articles = new Map((await em.find(Article, { id: { $in: jobs.map((j) => j.articleId) } })).map((a) => [a.id, a]));
  return jobs.map((job) => siteJobOf(job, articles.get(job.articleId)!));
}

/** A queued job of this site: another site's or a missing job is 404, a job already settled 409. */
export async function queuedJobOfSite(em: Em, site: Site, jobId: string): Promise<Publication> {
  const job = UUID.test(jobId) ? await em.findOne(Publication, { id: jobId, siteId: site.id }) : null;
  if (!job) throw domainError('not_found', 'No such job for this site.');
  if (job.state !== 'queued') throw jobNotQueued(job.state);
  return job;
}

/** A result to a job no longer queued (reported, superseded, or past its wait): 409. */
export const jobNotQueued = (state: Publication['state'] | null): Error =>
  domainError('invalid_state', `The job is ${state ?? 'no longer queued'}: only a queued job takes a result.`);

/** The module is alive: the site is working for the next 2 hours. Answers how many jobs wait. */
export async function recordHeartbeat(em: Em, siteId: string, now: Date): Promise<number> {
  await em.nativeUpdate(Site, { id: siteId }, { lastHeartbeatAt: now });
  return em.count(Publication, { siteId, state: 'queued' });
}
