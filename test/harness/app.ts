import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { loadConfig, API_BASE_PATH } from '../../src/config.js';
import { createServices, type ServiceOptions, type Services } from '../../src/services.js';
import { createApp, type App } from '../../src/app.js';
import type { RouteDefinition } from '../../src/http/route.js';
import { API_ROUTES } from '../../src/routes/index.js';
import { listeningPort, serveMetrics } from '../../src/observability/metrics-server.js';
import { preparePublicServer } from '../../src/http/public-server.js';

export interface TestApi {
  /** Origin, e.g. http://127.0.0.1:43121 */
  origin: string;
  /** Origin + /api/public/v1 */
  base: string;
  port: number;
  /** Origin of the internal metrics listener (GET /metrics), as METRICS_PORT serves it. */
  metricsOrigin: string;
  services: Services;
  app: App;
  close(): Promise<void>;
}

/**
 * A real api on a free port against the test database, Redis and Temporal that bin/test
 * prepared. `env` overrides configuration (CELL, TRUSTED_PROXIES, ...); `routes` adds
 * routes to the real ones. `host` is the listening address (default 127.0.0.1); with `::`
 * the server takes IPv6 and IPv4 (IPv4-mapped) callers and `origin` is http://[::1]:port.
 */
export async function startApi(env: Record<string, string> = {}, options: ServiceOptions & { extraRoutes?: RouteDefinition[]; host?: string } = {}): Promise<TestApi> {
  const server = createServer();
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const callHost = host === '::' ? '[::1]' : host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const origin = `http://${callHost}:${port}`;
  // The shared test database keeps operations whose workflow no worker ever began (tests that
  // run none): they must not fill OPERATION_MAX_IN_FLIGHT for the files after them.
  const config = loadConfig({
    ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', AUTH_CACHE_MS: '0', WALLET_CACHE_MS: '0', MIGRATION_CHECK_MS: '0', PUBLIC_ORIGIN: origin,
    OPERATION_MAX_IN_FLIGHT: '100000', ...env,
  });
  const services = await createServices(config, options);
  // The api's Redis client queues nothing while it connects (a limits store that is down
  // answers 503 at once): a test's first request must not race the connection.
  if (!options.redis && services.redis.status !== 'ready') await new Promise((resolve) => services.redis.once('ready', resolve));
  const app = createApp(services, [...API_ROUTES, ...(options.extraRoutes ?? [])]);
  server.on('request', app.koa.callback());
  const metricsServer = await serveMetrics(services, 0);
  preparePublicServer(server, config.publicOrigin);
  return {
    origin,
    base: `${origin}${API_BASE_PATH}`,
    port,
    metricsOrigin: `http://${services.config.host}:${listeningPort(metricsServer)}`,
    services,
    app,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => metricsServer.close(resolve));
      await services.close();
    },
  };
}
