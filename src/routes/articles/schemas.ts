import Joi from 'joi';
import { IsoDate, UNZONED_TIME_RULE, cursorParam, dayOrTimeParam, limitParam, pageOf } from '../../http/schemas/common.js';
import { ARTICLE_LOCALES, ARTICLE_STATUSES, PUBLICATION_STATES, PUBLICATION_TARGETS, PUBLISH_MODES } from '../../entities/article.js';
import { ARTICLE_LIMITS, ARTICLE_SLUG } from '../../domain/articles/article-rules.js';

/** Wire shapes of spec 02 "Article": validation and the OpenAPI document in one place. */

export const ARTICLE_FORMATS = ['html', 'markdown', 'blocks'] as const;
export type ArticleFormat = (typeof ARTICLE_FORMATS)[number];

const nullableText = () => Joi.string().allow(null).required();
const nullableTime = () => IsoDate.allow(null).required();

const summaryFields = {
  id: Joi.string().uuid().required(),
  title: Joi.string().required(),
  slug: nullableText().description('Page address (a path segment).'),
  status: Joi.string().valid(...ARTICLE_STATUSES).required()
    .description('handed_off is reserved for the hand-off (spec 02) and answered only where the hand-off (POST /articles/{id}/publish, Planned) answers: '
      + 'published by the caller after target none, until PATCH published_url. Where it does not answer (the spec\'s release status), '
      + 'such an article reads as approved and status=handed_off is 422 not_supported.'),
  locale: Joi.string().allow(null).required().description(`${ARTICLE_LOCALES.join(', ')}.`),
  keyword: nullableText().description('Main search query.'),
  meta_title: nullableText(),
  meta_description: nullableText(),
  cover_image_url: nullableText(),
  word_count: Joi.number().integer().min(0).required().description('0 if not counted.'),
  created_at: nullableTime(),
  updated_at: nullableTime(),
  published_at: nullableTime(),
};

export const ArticleSummarySchema = Joi.object(summaryFields).meta({ ref: 'ArticleSummary' });

export const PublicationSchema = Joi.object({
  id: Joi.string().uuid().required(),
  version: Joi.number().integer().min(1).required().description('Job version; a new one for each changed source (content hash).'),
  target: Joi.string().valid(...PUBLICATION_TARGETS).required()
    .description('none arrives with the hand-off (spec 02): answered only where POST /articles/{id}/publish answers; elsewhere the newest connector job is shown.'),
  site_id: Joi.string().uuid().allow(null).required(),
  publish_mode: Joi.string().allow(null).required().description(`${PUBLISH_MODES.join(' or ')}; draft when the site's owner allows drafts only; null for target none.`),
  state: Joi.string().valid(...PUBLICATION_STATES).required(),
  published_url: nullableText(),
  error: Joi.string().max(200).allow(null).required().description('Reason of a conflict or a failure.'),
  created_at: IsoDate.required(),
  updated_at: IsoDate.required(),
}).meta({ ref: 'Publication' });

export const ContentBlockSchema = Joi.object({
  type: Joi.string().valid('html').required()
    .description('html: an editor document, returned whole as one block (spec 02); every article body is one now. Tolerate other types later.'),
  html: Joi.string().required().description('Sanitized HTML of the block.'),
}).meta({ ref: 'ContentBlock' });

export const ArticleSchema = Joi.object({
  ...summaryFields,
  format: Joi.string().valid(...ARTICLE_FORMATS).required().description('The format content is in.'),
  content: Joi.alternatives().try(Joi.string().allow(''), Joi.array().items(ContentBlockSchema)).required()
    .description('html: sanitized HTML; markdown: GFM built from it; blocks: the editor document as one block of type html. Empty (\'\' or []) for an article without a body.'),
  publication: PublicationSchema.allow(null).required().description('The newest job version; null = never published.'),
}).meta({ ref: 'Article' });

export const ArticlePageSchema = pageOf(ArticleSummarySchema, 'ArticlePage');

/** A non-uuid id finds nothing: the domain answers 404, as for a missing one. */
export const ArticleParams = Joi.object({ id: Joi.string().max(64).required() });

export const ArticleListQuery = Joi.object({
  limit: limitParam(),
  cursor: cursorParam(),
  status: Joi.string().valid(...ARTICLE_STATUSES)
    .description('Only articles in this status. handed_off is 422 not_supported where the hand-off (Planned) does not answer; there approved finds handed-off articles too.'),
  updated_after: dayOrTimeParam().description(`Strictly later. ${UNZONED_TIME_RULE} Undated articles never match.`),
  include_deleted: Joi.boolean().valid(false).description('Articles are not soft-deleted: true is 422 not_supported.'),
});

export const ArticleReadQuery = Joi.object({
  format: Joi.string().valid(...ARTICLE_FORMATS).default('html'),
});

const slug = Joi.string().max(ARTICLE_LIMITS.slug).pattern(ARTICLE_SLUG, 'path segment')
  .description('A page path segment: lowercase latin letters and digits, words joined by single hyphens; unique in the account (422 taken).');

export const ArticleUpdateSchema = Joi.object({
  title: Joi.string().max(ARTICLE_LIMITS.title).pattern(/\S/, 'non-blank text'),
  slug: slug.allow(null),
  content: Joi.string().allow('').max(ARTICLE_LIMITS.contentBytes)
    .description('HTML, sanitized on the way in (the allowlist of docs/decisions.md); at most 2,000,000 bytes (the body itself at most 256 KB).'),
  meta_title: Joi.string().max(ARTICLE_LIMITS.metaTitle).allow(null),
  meta_description: Joi.string().max(ARTICLE_LIMITS.metaDescription).allow(null),
  published_url: Joi.string().max(ARTICLE_LIMITS.url).uri({ scheme: ['https', 'http'] })
    .description('Only for a handed_off article: confirms the caller published it there; the article becomes published and article.published is sent.'),
}).min(1).meta({ ref: 'ArticleUpdate' });

export const PublishSchema = Joi.object({
  target: Joi.string().valid(...PUBLICATION_TARGETS).required()
    .description('connector: a job for the site module of site_id; none: the article becomes handed_off and the caller publishes it.'),
  site_id: Joi.string().max(64).when('target', { is: 'connector', then: Joi.required(), otherwise: Joi.forbidden() })
    .description('With connector: a bound site of the account (404 otherwise).'),
  publish_mode: Joi.string().valid(...PUBLISH_MODES).when('target', { is: 'connector', then: Joi.required(), otherwise: Joi.forbidden() })
    .description("With connector: draft or publish; a drafts-only site makes it draft."),
}).meta({ ref: 'PublishRequest' });
