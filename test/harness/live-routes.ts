import type Koa from 'koa';
import type Router from '@koa/router';

/**
 * What the running app really serves: the layers of every router mounted on the Koa app
 * (@koa/router's `routes()` middleware carries its router), as `METHOD /path` with
 * `:param` written `{param}` as OpenAPI does; HEAD (implied by GET) and router-wide
 * middleware (no methods) left out. Only paths under `prefix`, written without `strip`.
 */
export function servedRoutes(koa: Koa, prefix: string, strip = ''): string[] {
  const routers = koa.middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => r !== undefined);
  return routers.flatMap((router) => router.stack)
    .filter((layer) => layer.methods.length > 0 && layer.path.toString().startsWith(prefix))
    .flatMap((layer) => {
      const path = layer.path.toString().slice(strip.length).replace(/:(\w+)/g, '{$1}');
      return layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${path}`);
    });
}
