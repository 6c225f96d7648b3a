import type { Config } from '../config.js';
import { buildDocument, type OperationDoc } from '../http/openapi/builder.js';
import { ProblemSchema } from '../http/schemas/common.js';
import type { ErrorCode } from '../http/problem.js';
import { SITE_MODULE_PREFIX } from './router.js';
import { HeartbeatSchema, JobParams, ResultAcceptedSchema, ResultBody, ResultQuery, SiteJobPageSchema, SiteJobSchema } from './schemas.js';

const AUTH: ErrorCode[] = ['invalid_api_key', 'internal_error'];
const BODY: ErrorCode[] = ['bad_request', 'payload_too_large', 'validation_failed'];

/**
 * /api/site-module/openapi.json: the site-module protocol (docs/adr/0017-articles.md,
 * "The site-module protocol") as an OpenAPI 3.1 document, built from the joi schemas the routes
 * validate with and answer.
 */
export function buildSiteModuleOpenApi(config: Config): Record<string, unknown> {
  return buildDocument({
    info: {
      title: 'Site module API',
      version: 'v1',
      description: 'What a site module (a CMS plugin on the customer\'s site) calls: it beats hourly, polls for publication jobs about '
        + 'every 10 minutes, writes each article as a page of the site and reports the result. Authenticated by the site token '
        + '`bin/ctl site bind` printed (never an API key). Answers are Cache-Control: no-store; errors are application/problem+json.',
    },
    servers: [{ url: config.publicOrigin, description: `${config.cell} cell` }],
    problem: ProblemSchema,
    declarations: [SiteJobSchema, SiteJobPageSchema, HeartbeatSchema, ResultBody, ResultAcceptedSchema, ProblemSchema],
    securitySchemes: { siteToken: { type: 'http', scheme: 'bearer', description: 'st_... site token' } },
    operations: (): OperationDoc[] => [
      {
        method: 'post', path: `${SITE_MODULE_PREFIX}/heartbeat`, summary: 'The hourly heartbeat',
        description: 'The site is working (publishable) for 2 hours after a heartbeat. Announces how many jobs wait: poll at once when any do.',
        tags: ['site module'], security: [{ siteToken: [] }],
        answers: { 200: { description: 'The site and its pending jobs.', schema: HeartbeatSchema } }, errors: AUTH,
      },
      {
        method: 'get', path: `${SITE_MODULE_PREFIX}/jobs`, summary: 'The queued publication jobs',
        description: 'Up to 20 queued jobs of this site, oldest first. A job stays queued until its result is reported; a newer version of '
          + 'the same article replaces a waiting one (it leaves this list).',
        tags: ['site module'], security: [{ siteToken: [] }],
        answers: { 200: { description: 'The jobs.', schema: SiteJobPageSchema } }, errors: AUTH,
      },
      {
        method: 'post', path: `${SITE_MODULE_PREFIX}/jobs/{id}/result`, summary: "Report a job's result",
        description: 'applied (with published_url when the page is public), skipped, conflict or failed (with a reason). Handed to the '
          + "job's publication workflow, which answers once it has applied it: 200 with the state the result gave the job. With a "
          + 'short wait the answer may come first as 202, state queued: the workflow has taken the result (durably) and applies it a '
          + "moment later. Another site's or a missing job is 404; a job no longer queued (reported, superseded by a newer version, or "
          + 'past its wait for a result: then it ended failed) is 409 invalid_state, also when the workflow finds so on taking the '
          + 'result or has already taken another; 503 service_unavailable when the workflow could not take it now: report it again.',
        tags: ['site module'], security: [{ siteToken: [] }], params: JobParams, query: ResultQuery, body: ResultBody,
        answers: {
          200: { description: 'Applied: the job\'s state (and the article\'s published_url) as they now are.', schema: ResultAcceptedSchema },
          202: { description: 'Taken by the job\'s workflow, not applied within wait: state queued.', schema: ResultAcceptedSchema },
        },
        errors: [...AUTH, ...BODY, 'not_found', 'invalid_state', 'service_unavailable'],
      },
    ],
  });
}
