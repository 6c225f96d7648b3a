import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { loadConfig, API_BASE_PATH } from '../../src/config.js';
import { createServices, type ServiceOptions, type Services } from '../../src/services.js';
import { createApp, type App } from '../../src/app.js';
import type { RouteDefinition } from '../../src/http/route.js';
import { API_ROUTES } from '../../src/routes/index.js';

export interface TestApi {
  /** Origin, e.g. http://127.0.0.1:43121 */
  origin: string;
  /** Origin + /api/public/v1 */
  base: string;
  services: Services;
  app: App;
  close(): Promise<void>;
}

/**
 * A real api on a free port against the test database, Redis and Temporal that bin/test
 * prepared. `env` overrides configuration (CELL, TRUSTED_PROXIES, ...); `routes` adds
 * routes to the real ones.
 */
export async function startApi(env: Record<string, string> = {}, options: ServiceOptions & { extraRoutes?: RouteDefinition[] } = {}): Promise<TestApi> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', AUTH_CACHE_MS: '0', MIGRATION_CHECK_MS: '0', PUBLIC_ORIGIN: origin, ...env,
  });
  const services = await createServices(config, options);
  const app = createApp(services, [...API_ROUTES, ...(options.extraRoutes ?? [])]);
  server.on('request', app.koa.callback());
  return {
    origin,
    base: `${origin}${API_BASE_PATH}`,
    services,
    app,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.close();
    },
  };
}
