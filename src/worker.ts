import { Runtime } from '@temporalio/worker';
import { loadConfig } from './config.js';
import { createServices } from './services.js';
import { metricsPort, serveMetrics } from './observability/metrics-server.js';
import { createWorker } from './temporal/worker.js';
import { versionName } from './temporal/worker-versioning.js';
import { listenAddress, sdkRuntimeOptions } from './temporal/sdk-telemetry.js';
import { startDeliveryEngine } from './domain/webhooks/delivery-engine.js';
import { OperationStarter } from './domain/operations/operation-starter.js';

/**
 * The worker process: Temporal workflows and activities, the outbox relay, the release of
 * wallet holds, and the operation starter (operations left unstarted by the bound, or whose start was lost). With WORKER_METRICS_PORT set it also serves its Prometheus series (outbox lag,
 * delivery states, attempt latency live here, not in the api) on /metrics; with
 * WORKER_SDK_METRICS_PORT, the Temporal SDK's own (temporal_*: task slots, schedule-to-start,
 * sticky cache, task failures) on another. The SDK logs through the process's pino logger.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const port = metricsPort('WORKER_METRICS_PORT', process.env.WORKER_METRICS_PORT);
  const sdkPort = metricsPort('WORKER_SDK_METRICS_PORT', process.env.WORKER_SDK_METRICS_PORT);
  const services = await createServices(config);
  // Before anything of the SDK's runs (the connection, the bundler): once per process.
  Runtime.install(sdkRuntimeOptions(services.log, config.logLevel, sdkPort === null ? null : listenAddress(config.host, sdkPort)));
  const { worker, connection, eager, version } = await createWorker(services);
  const polls = config.temporal.workerQueues;
  // Eager starts only onto a queue this process polls (else the server waits for a poller anyway),
  // and only while this version is the current one (src/temporal/eager-starts.ts).
  await eager.start();
  const engine = await startDeliveryEngine(services, polls.includes('deliveries') ? { eager } : {});
  const starter = new OperationStarter(services, polls.includes('interactive') ? { eager } : {});
  await starter.start();
  const metricsServer = port === null ? undefined : await serveMetrics(services, port);
  // First nothing new is started (the relay and the operation starter stop), then the Workers
  // drain: what they run finishes within shutdownGraceTime (the model's deadline).
  let stopping: Promise<void> | undefined;
  const stop = (signal: string) => {
    stopping ??= (async () => {
      services.log.info({ signal }, 'worker stopping');
      await engine.stop().catch((err: unknown) => services.log.error({ err }, 'the relay did not stop cleanly'));
      await starter.stop().catch((err: unknown) => services.log.error({ err }, 'the operation starter did not stop cleanly'));
      eager.stop();
      worker.shutdown();
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  services.log.info({ task_queues: worker.members.map((m) => m.taskQueue), worker_version: versionName(version), metrics_port: port, sdk_metrics_port: sdkPort }, 'worker running');
  try {
    await worker.run();
  } finally {
    // A Worker that failed stops the process: the relay and starter stop with it.
    stop('worker ended');
    await stopping;
  }
  metricsServer?.close();
  await connection.close();
  await services.close();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
