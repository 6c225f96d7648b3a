import { loadConfig } from './config.js';
import { createServices } from './services.js';
import { createApp } from './app.js';
import { metricsPort, serveMetrics } from './observability/metrics-server.js';
import { answerClientErrors } from './http/client-errors.js';

/**
 * The api process: Koa on PORT, stateless; run as many as needed behind a balancer. With
 * METRICS_PORT set it serves its Prometheus series on /metrics there (never on PORT).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const port = metricsPort('METRICS_PORT', process.env.METRICS_PORT);
  const services = await createServices(config);
  const metricsServer = port === null ? undefined : await serveMetrics(services, port);
  const { koa } = createApp(services);
  const server = koa.listen(config.port, config.host, () => {
    services.log.info({ port: config.port, metrics_port: port, base_url: config.baseUrl }, 'api listening');
  });
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server, config.publicOrigin);
  const stop = (signal: string) => {
    services.log.info({ signal }, 'api stopping');
    // Event streams never end by themselves: end them, or close() waits for every one.
    services.liveHub.close();
    metricsServer?.close();
    server.close(() => void services.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
