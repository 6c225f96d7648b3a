import { defineRoute } from '../../http/route.js';
import { articleFamily } from './family.js';
import { getEditorialProfileRoute, putEditorialProfileRoute } from './editorial-profile-routes.js';
import { createGenerationJobRoute, getGenerationJobRoute } from './generation-routes.js';
import { keysetPage } from '../../http/keyset-page.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { ARTICLE_ORDER, approveArticle, findArticle, latestPublication, listArticles, updateArticle } from '../../domain/articles/articles.js';
import type { ArticleChanges } from '../../domain/articles/article-rules.js';
import type { Article, ArticleStatus } from '../../entities/article.js';
import type { Config } from '../../config.js';
import type { Em } from '../../db/em.js';
import { presentArticle, presentArticleSummary, presentPublication } from './presenters.js';
import { answeredTargets, filteredStatuses, HANDOFF_RELEASE, handoffAnswers } from './handoff.js';
import { publishArticle, type PublishRequest } from '../../domain/articles/publications.js';
import { cancelPublicationWorkflow, publicationStartOf, startPublicationWorkflow } from '../../temporal/publications.js';
import {
  ArticleListQuery, ArticlePageSchema, ArticleParams, ArticleReadQuery, ArticleSchema, ArticleUpdateSchema, PublicationSchema, PublishSchema,
  type ArticleFormat,
} from './schemas.js';

const reading = { ...articleFamily, scope: 'articles:read', rateClass: 'read' } as const;
const writing = { ...articleFamily, scope: 'articles:write', rateClass: 'write' } as const;
const NO_STORE = { 'Cache-Control': 'no-store' };

/** The Article as this cell answers it: handed_off and a target-none publication only where the hand-off answers (handoff.ts). */
async function articleAnswer(em: Em, config: Config, article: Article, format: ArticleFormat) {
  const handoff = handoffAnswers(config);
  return presentArticle(article, format, await latestPublication(em, article.id, answeredTargets(handoff)), handoff);
}

interface IdParams { id: string }
interface ListQuery { limit: number; cursor?: string; status?: ArticleStatus; updated_after?: Date }

export const listArticlesRoute = defineRoute<ListQuery>({
  ...reading, release: 'available', method: 'GET', path: '/articles',
  summary: "The account's articles, newest update first",
  description: 'Summaries only (no content, no publication). Order: updated_at descending, undated articles last, then id descending. '
    + 'include_deleted=true is 422 not_supported (articles are not soft-deleted). The shared platform blog is not listed.',
  query: ArticleListQuery,
  responses: { 200: { description: 'ArticlePage', schema: ArticlePageSchema } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const handoff = handoffAnswers(services.config);
    const filters = { statuses: query.status && filteredStatuses(query.status, handoff), updatedAfter: query.updated_after };
    const body = await keysetPage(services, auth.integration.id, 'GET /articles', { ...filters }, query, ARTICLE_ORDER,
      (window) => listArticles(em, auth.tenant.id, filters, window), (a) => presentArticleSummary(a, handoff));
    return { status: 200, body };
  },
});

export const getArticleRoute = defineRoute<{ format: ArticleFormat }, IdParams>({
  ...reading, release: 'available', method: 'GET', path: '/articles/{id}',
  summary: 'One article with its content and publication',
  description: 'format: html (default; sanitized), markdown (GFM tables, built from the sanitized HTML) or blocks ([{type, html}]: '
    + 'the editor document, sanitized, as one block of type html, as spec 02 says; [] without a body). A missing, foreign or non-uuid id is 404. Stored HTML over 2,000,000 bytes is 422 at /content. '
    + 'Answers Cache-Control: no-store.',
  params: ArticleParams,
  query: ArticleReadQuery,
  responses: { 200: { description: 'Article', schema: ArticleSchema, headers: ['Cache-Control'] } },
  errors: ['not_found', 'validation_failed'],
  handler: async ({ params, query, auth, em, services }) => {
    const article = await findArticle(em, auth.tenant.id, params.id);
    return { status: 200, body: await articleAnswer(em, services.config, article, query.format), headers: NO_STORE };
  },
});

export const updateArticleRoute = defineRoute<unknown, IdParams, ArticleChanges>({
  ...writing, release: 'planned', method: 'PATCH', path: '/articles/{id}',
  summary: 'Edit an article',
  description: 'Any of title, slug, content, meta_title, meta_description; content is sanitized on the way in and word_count recounted. '
    + 'A slug taken by another article of the account is 422 at /slug (taken). published_url only confirms a handed_off article '
    + '(409 invalid_state otherwise): it becomes published and article.published is sent. Answers the Article in html.',
  params: ArticleParams,
  body: ArticleUpdateSchema,
  responses: { 200: { description: 'Article (format html)', schema: ArticleSchema, headers: ['Cache-Control'] } },
  errors: ['not_found', 'invalid_state', 'payload_too_large', 'validation_failed'],
  handler: async ({ params, body, auth, em, services, afterCommit }) => {
    const article = await updateArticle(em, auth.tenant.id, params.id, body, services.clock.now());
    if (body.published_url !== undefined) afterCommit(() => wakeRelay(services.redis));
    return { status: 200, body: await articleAnswer(em, services.config, article, 'html'), headers: NO_STORE };
  },
});

export const approveArticleRoute = defineRoute<unknown, IdParams>({
  ...writing, release: 'planned', method: 'POST', path: '/articles/{id}/approve',
  summary: 'Approve an article for publication',
  description: 'Free, no body. From draft, review or rejected; any other status is 409 invalid_state naming it. Answers the Article in html.',
  params: ArticleParams,
  responses: { 200: { description: 'Article (format html)', schema: ArticleSchema, headers: ['Cache-Control'] } },
  errors: ['not_found', 'invalid_state'],
  handler: async ({ params, auth, em, services }) => {
    const article = await approveArticle(em, auth.tenant.id, params.id, services.clock.now());
    return { status: 200, body: await articleAnswer(em, services.config, article, 'html'), headers: NO_STORE };
  },
});

export const publishArticleRoute = defineRoute<unknown, IdParams, PublishRequest>({
  ...writing, release: HANDOFF_RELEASE, method: 'POST', path: '/articles/{id}/publish',
  summary: 'Publish an article through a site module, or hand it off',
  description: 'target connector (site_id, publish_mode): the article must be approved (or published, for a new version) and non-empty, '
    + 'the site bound and working (a heartbeat within 2 hours), else 409 invalid_state; a foreign site is 404. The job version is keyed '
    + 'by the hash of the source: unchanged answers the existing job, changed queues a new version (the older waiting one becomes '
    + 'skipped). The module reports the result; applied with an address publishes the article (article.published). target none: '
    + 'the article becomes handed_off; confirm with PATCH published_url. Answers the Publication. Before anything is queued: stored HTML over '
    + '2,000,000 bytes, or (connector) a job for the module over 3,000,000 bytes (the SiteJob the module fetches, as JSON in UTF-8: the HTML '
    + 'with its escapes, title, meta fields and the rest), is 422 validation_failed at /content.',
  params: ArticleParams,
  body: PublishSchema,
  responses: { 200: { description: 'Publication', schema: PublicationSchema } },
  errors: ['not_found', 'invalid_state', 'validation_failed'],
  handler: async ({ params, body, auth, em, services, afterCommit }) => {
    const outcome = await publishArticle(em, auth.tenant.id, params.id, body, services.clock.now());
    const { publication } = outcome;
    if (outcome.created && publication.target === 'connector') {
      afterCommit(async () => startPublicationWorkflow(await services.temporal.client(), publicationStartOf(services), publication));
    }
    for (const older of outcome.superseded) {
      if (older.target === 'connector') afterCommit(async () => cancelPublicationWorkflow(await services.temporal.client(), older.id));
    }
    return { status: 200, body: presentPublication(publication) };
  },
});

/** Spec 02 "Articles". */
export const articleRoutes = [
  listArticlesRoute, getArticleRoute, updateArticleRoute, approveArticleRoute, publishArticleRoute, getEditorialProfileRoute, putEditorialProfileRoute,
  createGenerationJobRoute, getGenerationJobRoute,
];
