import Router from '@koa/router';
import type { Services } from '../services.js';
import type { RouteDefinition } from '../http/route.js';
import { buildOpenApi } from '../http/openapi/document.js';
import { API_BASE_PATH } from '../config.js';

/** /healthz (process up), /readyz (PostgreSQL, Redis, Temporal), /metrics, the OpenAPI document. */
export function systemRouter(services: Services, routes: readonly RouteDefinition[]): Router {
  const router = new Router();
  let openapi: unknown;

  router.get('/healthz', (ctx) => {
    ctx.state.routeLabel = 'GET /healthz';
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    ctx.state.routeLabel = 'GET /readyz';
    const [postgres, redis, temporal] = await Promise.all([
      services.orm.em.fork().execute('select 1').then(() => true, () => false),
      services.redis.ping().then(() => true, () => false),
      services.temporal.reachable(),
    ]);
    const checks = { postgres: postgres ? 'ok' : 'down', redis: redis ? 'ok' : 'down', temporal: temporal ? 'ok' : 'down' };
    const ready = postgres && redis && temporal;
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
  });

  router.get('/metrics', async (ctx) => {
    ctx.state.routeLabel = 'GET /metrics';
    ctx.type = services.metrics.registry.contentType;
    ctx.body = await services.metrics.registry.metrics();
  });

  router.get(`${API_BASE_PATH}/openapi.json`, (ctx) => {
    ctx.state.routeLabel = 'GET /openapi.json';
    openapi ??= buildOpenApi(routes, services.config);
    ctx.body = openapi;
  });
  return router;
}
