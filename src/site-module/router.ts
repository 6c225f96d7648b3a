import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Services } from '../services.js';
import { domainError } from '../errors/domain-error.js';
import { validatePart } from '../http/validate.js';
import { readJsonBody } from '../http/body.js';
import type { Publication, Site } from '../entities/article.js';
import { SITE_HEARTBEAT_SECONDS, SITE_POLL_SECONDS, siteOfToken } from '../domain/articles/sites.js';
import { jobNotQueued, pendingJobs, recordHeartbeat, queuedJobOfSite } from '../domain/articles/site-jobs.js';
import { waitLeftMs } from '../http/wait.js';
import { handModuleResult, publicationStartOf, type ResultHandOver } from '../temporal/publications.js';
import type { ModuleResult } from '../../workflows/publication-contract.js';
import { ResultBody, ResultQuery } from './schemas.js';

/** Where a site module talks to the platform (docs/adr/0017-articles.md, "The site-module protocol"). */
export const SITE_MODULE_PREFIX = '/api/site-module';

/** Bearer site token (never an API key): the site it names, else 401. */
/**
 * How long the result route waits for the job's workflow to take a result (a workflow task on a
 * worker: well under a second when one polls) before it answers 503 and the module reports it again.
 */
const RESULT_ACCEPT_MS = 10_000;

function siteAuth(services: Services) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const token = /^Bearer (\S+)$/.exec(ctx.get('authorization'))?.[1] ?? '';
    const site = await siteOfToken(services.orm.em.fork(), token, services.config.secrets.apiKeyPepper);
    if (!site) throw domainError('invalid_api_key', 'Send the site token as Authorization: Bearer <site token>.');
    ctx.state.site = site;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

/**
 * The site module's side of publication, authenticated by the site token: pending jobs,
 * a job's result (handed to the job's publication workflow), and the hourly heartbeat.
 */
export function siteModuleRouter(services: Services): Router {
  const router = new Router({ prefix: SITE_MODULE_PREFIX });
  router.use(siteAuth(services));

  router.get('/jobs', async (ctx) => {
    ctx.state.routeLabel = 'GET /site-module/jobs';
    const site = ctx.state.site as Site;
    ctx.body = { data: await pendingJobs(services.orm.em.fork(), site), poll_after_seconds: SITE_POLL_SECONDS };
  });

  router.post('/jobs/:id/result', async (ctx) => {
    ctx.state.routeLabel = 'POST /site-module/jobs/{id}/result';
    const site = ctx.state.site as Site;
    const { wait } = validatePart<{ wait: number }>(ResultQuery, ctx.query, 'query');
    const body = validatePart<ModuleResult>(ResultBody, await readJsonBody(ctx), 'body');
    const job = await queuedJobOfSite(services.orm.em.fork(), site, ctx.params.id!);
    // Answered by the job's workflow once it has applied the result (200), or once it has taken it if `wait` ran out first (202).
    const now = Date.now();
    const handOver = await handModuleResult(await services.temporal.client(), publicationStartOf(services), job, body, {
      acceptBy: now + Math.min(RESULT_ACCEPT_MS, waitLeftMs(ctx, services.config.operations.maxWaitSeconds)), answerBy: now + waitLeftMs(ctx, wait),
    });
    const answer = answerOf(handOver);
    ctx.status = answer.status;
    ctx.body = { job_id: job.id, article_id: job.articleId, state: answer.state, published_url: answer.publishedUrl, accepted: true };
  });

  router.post('/heartbeat', async (ctx) => {
    ctx.state.routeLabel = 'POST /site-module/heartbeat';
    const site = ctx.state.site as Site;
    const pending = await services.orm.em.fork().transactional((em) => recordHeartbeat(em, site.id, services.clock.now()));
    ctx.body = { site_id: site.id, pending_jobs: pending, poll_after_seconds: SITE_POLL_SECONDS, heartbeat_after_seconds: SITE_HEARTBEAT_SECONDS };
  });
  return router;
}

/** The result route's answer from what the job's workflow made of the result; what it did not take is a Problem. */
function answerOf(handOver: ResultHandOver): { status: 200 | 202; state: Publication['state']; publishedUrl: string | null } {
  switch (handOver.outcome) {
    case 'applied': return { status: 200, state: handOver.state, publishedUrl: handOver.published_url };
    case 'taken': return { status: 202, state: 'queued', publishedUrl: null };
    case 'stale': throw jobNotQueued(handOver.state);
    case 'ended': throw jobNotQueued(null);
    case 'refused': throw domainError('invalid_state', 'The job has already taken a result (the first one counts) or stopped waiting for one.');
    case 'unreachable': throw domainError('service_unavailable', "The job's publication could not take the result now: report it again.", {}, { retryAfterSeconds: 60 });
  }
}
