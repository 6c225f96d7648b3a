import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Services } from '../services.js';
import { domainError } from '../errors/domain-error.js';
import { validatePart } from '../http/validate.js';
import { readJsonBody } from '../http/body.js';
import type { Site } from '../entities/article.js';
import { SITE_HEARTBEAT_SECONDS, SITE_POLL_SECONDS, siteOfToken } from '../domain/articles/sites.js';
import { pendingJobs, recordHeartbeat, queuedJobOfSite, settledJob } from '../domain/articles/site-jobs.js';
import { waitLeftMs } from '../http/wait.js';
import { signalModuleResult } from '../temporal/publications.js';
import type { ModuleResult } from '../../workflows/publication-contract.js';
import { ResultBody, ResultQuery } from './schemas.js';

/** Where a site module talks to the platform (docs/decisions.md "Articles: the site-module protocol"). */
export const SITE_MODULE_PREFIX = '/api/site-module';

/** Bearer site token (never an API key): the site it names, else 401. */
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
    await signalModuleResult(await services.temporal.client(), services.temporal.taskQueue, job, body);
    // The job's workflow applies the result a moment later: 202 without wait (whatever the state read then) or while it
    // has not; 200 once it has within `wait`.
    const outcome = await settledJob(() => services.orm.em.fork(), job.id, waitLeftMs(ctx, wait));
    ctx.status = wait > 0 && outcome.state !== 'queued' ? 200 : 202;
    ctx.body = { ...outcome, accepted: true };
  });

  router.post('/heartbeat', async (ctx) => {
    ctx.state.routeLabel = 'POST /site-module/heartbeat';
    const site = ctx.state.site as Site;
    const pending = await services.orm.em.fork().transactional((em) => recordHeartbeat(em, site.id, services.clock.now()));
    ctx.body = { site_id: site.id, pending_jobs: pending, poll_after_seconds: SITE_POLL_SECONDS, heartbeat_after_seconds: SITE_HEARTBEAT_SECONDS };
  });
  return router;
}
