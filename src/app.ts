import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import type { Services } from './services.js';
import { API_BASE_PATH } from './config.js';
import { API_ROUTES } from './routes/index.js';
import { systemRouter } from './routes/system.js';
import { widgetRouter } from './widget/router.js';
import { siteModuleRouter } from './site-module/router.js';
import type { RouteDefinition } from './http/route.js';
import { jsonEndsWithNewline } from './http/json-line.js';
import { errorHandler } from './http/error-handler.js';
import { observe } from './http/observe.js';
import { domainError } from './errors/domain-error.js';
import { hideUnreleased, registerRoute } from './http/pipeline.js';
import { Authenticator } from './http/authenticate.js';
import { rateLimiterOf } from './http/rate-limit.js';
import { MigrationGate } from './http/migration-gate.js';
import { MIGRATIONS } from '../migrations/index.js';
import { TenantTurns } from './http/tenant-turns.js';
import { StatusMap } from './domain/status/status-map.js';
import { STATUS_MAP_RELEASE, statusRouter } from './routes/status/status-page.js';
import { ApiDrain } from './http/drain.js';
import { docsRouter } from './routes/docs/docs-page.js';

/** The router leaves 404 (no route) or 405/501 (with Allow set) without a body: make them Problems. */
async function unmatchedAsProblems(ctx: Context, next: Next): Promise<void> {
  await next();
  if (ctx.body !== undefined && ctx.body !== null) return;
  if (ctx.status === 404) throw domainError('not_found', 'No such route.');
  if (ctx.status === 405 || ctx.status === 501) throw domainError('method_not_allowed', `${ctx.method} is not supported at this URL; allowed: ${ctx.response.get('Allow') || 'none'}.`);
}

export interface App {
  koa: Koa;
  authenticator: Authenticator;
  /** The graceful drain the process runs on SIGTERM (src/server.ts); /readyz answers 503 once it began. */
  drain: ApiDrain;
}

/** The api process's Koa application; tests build it with their own services and routes. */
export function createApp(services: Services, routes: readonly RouteDefinition[] = API_ROUTES): App {
  const koa = new Koa({ proxy: false });
  const authenticator = new Authenticator(services);
  const pipeline = {
    services,
    authenticator,
    rateLimiter: rateLimiterOf(services),
    migrationGate: new MigrationGate(services.orm, services.config.migrationCheckMs, MIGRATIONS.map((m) => m.name)),
    admissionTurns: new TenantTurns(services.config.operations.admissionsAtOnce),
  };
  const api = new Router({ prefix: API_BASE_PATH });
  const released = (route: RouteDefinition) => services.config.releasedLabels.includes(route.release);
  for (const route of routes.filter(released)) registerRoute(api, pipeline, route);
  const drain = new ApiDrain();
  const system = systemRouter(services, routes, drain);

  koa.use(jsonEndsWithNewline);
  koa.use(drain.middleware());
  koa.use(observe(services.log, services.metrics, services.requestLog));
  koa.use(errorHandler(services.log, services.config.publicOrigin));
  koa.use(unmatchedAsProblems);
  koa.use(system.routes());
  koa.use(docsRouter(services.config).routes());
  // The status map is Planned in spec 01: off (404 like an unknown path) where its label is.
  if (services.config.releasedLabels.includes(STATUS_MAP_RELEASE)) koa.use(statusRouter(new StatusMap(services)).routes());
  koa.use(widgetRouter(services).routes());
  koa.use(siteModuleRouter(services).routes());
  koa.use(hideUnreleased(API_BASE_PATH, routes.filter((r) => !released(r))));
  koa.use(api.routes());
  koa.use(api.allowedMethods());
  void services.wallets.listen(services.redis, services.log);
  void services.callers.listen(services.redis, services.config.redisKeyPrefix, services.log);
  koa.on('error', (err: Error) => services.log.error({ err }, 'unhandled koa error'));
  return { koa, authenticator, drain };
}
