import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Services } from '../services.js';
import { createActivities } from '../../activities/index.js';
import { ensureKeyExpirySchedule } from './schedules.js';
import { ensureSearchAttributes } from './search-attributes.js';

export interface WorkerOptions {
  taskQueue?: string;
  /** Compiled workflow entry; tests run the same dist/ build as production. */
  workflowsPath?: string;
  scheduleId?: string;
}

/** Builds the Temporal worker of this process and makes sure its Schedules exist. */
export async function createWorker(services: Services, options: WorkerOptions = {}): Promise<{ worker: Worker; connection: NativeConnection }> {
  const { config } = services;
  const taskQueue = options.taskQueue ?? config.temporal.taskQueue;
  const client = await services.temporal.client();
  await ensureSearchAttributes(client, config.temporal.namespace);
  await ensureKeyExpirySchedule(client, taskQueue, config.keyExpiryScanEvery, options.scheduleId);
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue,
    workflowsPath: options.workflowsPath ?? fileURLToPath(new URL('../../workflows/index.js', import.meta.url)),
    activities: createActivities(services),
  });
  return { worker, connection };
}
