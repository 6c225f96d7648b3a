import Joi from 'joi';
import { PUBLICATION_STATES, PUBLISH_MODES } from '../entities/article.js';
import { SITE_HEARTBEAT_SECONDS, SITE_POLL_SECONDS } from '../domain/articles/sites.js';

/** The site module's wire shapes: the result route validates with ResultBody, the document shows them all. */

export const ResultBody = Joi.object({
  result: Joi.string().valid(...PUBLICATION_STATES.filter((s) => s !== 'queued')).required()
    .description('applied: the page is written; skipped: the module left it; conflict and failed need a reason.'),
  published_url: Joi.string().max(2048).uri({ scheme: ['https', 'http'] }).when('result', { is: 'applied', otherwise: Joi.forbidden() })
    .description('Only with applied: the page\'s address (publishes the article). Applied without it = kept as a draft on the site.'),
  reason: Joi.string().max(2000).when('result', { is: Joi.valid('conflict', 'failed'), then: Joi.required() })
    .description('Required with conflict and failed; stored cut to 200 characters.'),
}).meta({ ref: 'SiteJobResult' });

const nullableText = () => Joi.string().allow(null).required();

export const SiteJobSchema = Joi.object({
  id: Joi.string().uuid().required(),
  article_id: Joi.string().uuid().required(),
  version: Joi.number().integer().min(1).required(),
  publish_mode: Joi.string().valid(...PUBLISH_MODES).allow(null).required(),
  title: Joi.string().required(),
  slug: nullableText().description('The page path segment; null = use the article id.'),
  html: Joi.string().allow('').required().description('The sanitized article body.'),
  meta_title: nullableText(),
  meta_description: nullableText(),
  cover_image_url: nullableText(),
  locale: nullableText(),
  created_at: Joi.string().isoDate().required(),
}).meta({ ref: 'SiteJob' }).description('At most 3,000,000 bytes as JSON (UTF-8); the HTML at most 2,000,000 bytes.');

export const SiteJobPageSchema = Joi.object({
  data: Joi.array().items(SiteJobSchema).max(20).required().description('Up to 20 queued jobs, oldest first.'),
  poll_after_seconds: Joi.number().integer().valid(SITE_POLL_SECONDS).required(),
}).meta({ ref: 'SiteJobPage' });

export const HeartbeatSchema = Joi.object({
  site_id: Joi.string().uuid().required(),
  pending_jobs: Joi.number().integer().min(0).required(),
  poll_after_seconds: Joi.number().integer().valid(SITE_POLL_SECONDS).required(),
  heartbeat_after_seconds: Joi.number().integer().valid(SITE_HEARTBEAT_SECONDS).required(),
}).meta({ ref: 'Heartbeat' });

export const ResultQuery = Joi.object({
  wait: Joi.number().integer().min(0).max(20).default(20)
    .description('Hold the answer up to this many seconds (0..20, default 20) until the job\'s workflow has applied the result; '
      + 'past it the answer is 202 once the workflow has taken the result.'),
});

export const ResultAcceptedSchema = Joi.object({
  job_id: Joi.string().uuid().required(),
  article_id: Joi.string().uuid().required(),
  accepted: Joi.boolean().valid(true).required().description('The job\'s workflow has taken the result (a result it did not take is a Problem).'),
  state: Joi.string().valid(...PUBLICATION_STATES).required()
    .description('queued: taken by the job\'s workflow, not applied within wait (the article still shows it queued); else the state the result gave the job.'),
  published_url: Joi.string().allow(null).required().description('The page\'s address once an applied result published the article.'),
}).meta({ ref: 'SiteJobResultAccepted' });

export const JobParams = Joi.object({ id: Joi.string().required().description('The job (publication) id.') });
