import { loadConfig } from './config.js';
import { createServices } from './services.js';
import { createWorker } from './temporal/worker.js';

/** The worker process: Temporal workflows and activities (and, with the webhooks issue, the outbox relay). */
async function main(): Promise<void> {
  const config = loadConfig();
  const services = await createServices(config);
  const { worker, connection } = await createWorker(services);
  const stop = () => worker.shutdown();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  services.log.info({ task_queue: config.temporal.taskQueue }, 'worker running');
  await worker.run();
  await connection.close();
  await services.close();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
