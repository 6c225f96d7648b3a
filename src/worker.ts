import { DefaultLogger, Runtime } from '@temporalio/worker';
import { loadConfig } from './config.js';
import { createServices } from './services.js';
import { metricsPort, serveMetrics } from './observability/metrics-server.js';
import { createWorker } from './temporal/worker.js';
import { startDeliveryEngine } from './domain/webhooks/delivery-engine.js';
import { OperationStarter } from './domain/operations/operation-starter.js';

/**
 * The worker process: Temporal workflows and activities, the outbox relay, the release of
 * wallet holds, and the operation starter (operations left unstarted by the bound, or whose start was lost). With WORKER_METRICS_PORT set it also serves its Prometheus series (outbox lag,
 * delivery states, attempt latency live here, not in the api) on /metrics.
 */
/** The Temporal SDK logs through its own runtime: give it the process's LOG_LEVEL. */
const SDK_LEVEL = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', fatal: 'ERROR', silent: 'ERROR' } as const;

async function main(): Promise<void> {
  const config = loadConfig();
  Runtime.install({ logger: new DefaultLogger(SDK_LEVEL[config.logLevel as keyof typeof SDK_LEVEL] ?? 'INFO') });
  const port = metricsPort('WORKER_METRICS_PORT', process.env.WORKER_METRICS_PORT);
  const services = await createServices(config);
  const { worker, connection, eagerClient } = await createWorker(services);
  const engine = await startDeliveryEngine(services, { eagerClient });
  const starter = new OperationStarter(services, { eagerClient });
  await starter.start();
  const metricsServer = port === null ? undefined : await serveMetrics(services, port);
  const stop = () => worker.shutdown();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  services.log.info({ task_queue: config.temporal.taskQueue, metrics_port: port }, 'worker running');
  await worker.run();
  metricsServer?.close();
  await engine.stop();
  await starter.stop();
  await connection.close();
  await services.close();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
