import { loadConfig } from './config.js';
import { createServices } from './services.js';
import { createApp } from './app.js';
import { metricsPort, serveMetrics } from './observability/metrics-server.js';
import { preparePublicServer } from './http/public-server.js';

/**
 * The api process: Koa on PORT, stateless; run as many as needed behind a balancer. With
 * METRICS_PORT set it serves its Prometheus series on /metrics there (never on PORT).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const port = metricsPort('METRICS_PORT', process.env.METRICS_PORT);
  const services = await createServices(config);
  const metricsServer = port === null ? undefined : await serveMetrics(services, port);
  const { koa, drain } = createApp(services);
  const server = koa.listen(config.port, config.host, () => {
    services.log.info({ port: config.port, metrics_port: port, base_url: config.baseUrl }, 'api listening');
  });
  preparePublicServer(server, config.publicOrigin);
  // The graceful drain (src/http/drain.ts): not ready at once, then the listener and the event
  // streams close, requests in flight finish, all within DRAIN_TIMEOUT_MS. A second signal waits for the first.
  const stop = (signal: string) => {
    if (drain.draining) return;
    services.log.info({ signal }, 'api stopping');
    void drain.run(server, services.liveHub, { ...config.drain, log: services.log })
      .then(async (finished) => {
        metricsServer?.close();
        await services.close();
        services.log.info({ finished }, 'api stopped');
        process.exit(finished ? 0 : 1);
      })
      .catch((err: unknown) => {
        services.log.error({ err }, 'api drain failed');
        process.exit(1);
      });
    // services.close() itself is bounded too: never outlive the drain by more than a few seconds.
    setTimeout(() => process.exit(1), config.drain.timeoutMs + 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
