import Router from '@koa/router';
import type { Services } from '../services.js';
import type { RouteDefinition } from '../http/route.js';
import { buildOpenApi } from '../http/openapi/document.js';
import { buildWidgetOpenApi } from '../widget/openapi.js';
import { buildSiteModuleOpenApi } from '../site-module/openapi.js';
import { API_BASE_PATH } from '../config.js';
import { readiness } from '../domain/status/readiness.js';
import { CHANGELOG, SUNSET_NOTICE_DAYS } from '../changelog.js';
import type { ApiDrain } from '../http/drain.js';
import { ERRORS_PAGE_PATH, errorPageEntries, errorPageHtml } from '../http/errors-page.js';

/** /healthz (process up), /readyz (PostgreSQL, Redis, Temporal; 503 at once while the process drains), the OpenAPI documents (public API, visitor chat, site module), the errors page; /metrics is on the internal listener (observability/metrics-server.ts). */
export function systemRouter(services: Services, routes: readonly RouteDefinition[], drain: Pick<ApiDrain, 'draining'>): Router {
  const router = new Router();
  let openapi: unknown;
  let widgetOpenapi: unknown;
  let siteModuleOpenapi: unknown;

  router.get('/healthz', (ctx) => {
    ctx.state.routeLabel = 'GET /healthz';
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    ctx.state.routeLabel = 'GET /readyz';
    if (drain.draining) {
      // Stopping: the balancer must send nothing more here, whatever the dependencies say.
      ctx.status = 503;
      ctx.body = { status: 'draining' };
      return;
    }
    const { postgres, redis, temporal } = await readiness(services);
    const checks = { postgres: postgres ? 'ok' : 'down', redis: redis ? 'ok' : 'down', temporal: temporal ? 'ok' : 'down' };
    const ready = postgres && redis && temporal;
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
  });

  router.get(`${API_BASE_PATH}/openapi.json`, (ctx) => {
    ctx.state.routeLabel = 'GET /openapi.json';
    openapi ??= buildOpenApi(routes, services.config);
    ctx.body = openapi;
  });

  // The change log (src/changelog.ts, docs/CHANGELOG.md): public, like the OpenAPI document.
  router.get(`${API_BASE_PATH}/changelog`, (ctx) => {
    ctx.state.routeLabel = 'GET /changelog';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { data: CHANGELOG, sunset_notice_days: SUNSET_NOTICE_DAYS };
  });

  router.get('/api/widget/openapi.json', (ctx) => {
    ctx.state.routeLabel = 'GET /api/widget/openapi.json';
    widgetOpenapi ??= buildWidgetOpenApi(services.config);
    // The same for every visitor until a deploy; unlike the chat's own answers, cacheable.
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = widgetOpenapi;
  });

  router.get('/api/site-module/openapi.json', (ctx) => {
    ctx.state.routeLabel = 'GET /api/site-module/openapi.json';
    siteModuleOpenapi ??= buildSiteModuleOpenApi(services.config);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = siteModuleOpenapi;
  });

  // Where every Problem's `type` links: the error catalogue, HTML for people, JSON on request.
  router.get(ERRORS_PAGE_PATH, (ctx) => {
    ctx.state.routeLabel = `GET ${ERRORS_PAGE_PATH}`;
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.vary('Accept');
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = { errors: errorPageEntries(services.config.publicOrigin) };
      return;
    }
    ctx.type = 'html';
    ctx.body = errorPageHtml(services.config.publicOrigin);
  });
  return router;
}
