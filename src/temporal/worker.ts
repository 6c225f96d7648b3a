import { fileURLToPath } from 'node:url';
import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Services } from '../services.js';
import type { Config } from '../config.js';
import { createActivities } from '../../activities/index.js';
import { ensureAnalyticsSnapshotSchedule, ensureDeliveryRetentionSchedule, ensureKeyExpirySchedule } from './schedules.js';
import { ensureSearchAttributes } from './search-attributes.js';

export interface WorkerOptions {
  taskQueue?: string;
  /** Compiled workflow entry; tests run the same dist/ build as production. */
  workflowsPath?: string;
  /** Id of the key-expiry Schedule (tests use their own). */
  scheduleId?: string;
  /** Id of the delivery-log retention Schedule; by default `<scheduleId>-retention` when scheduleId is given. */
  retentionScheduleId?: string;
  /** Id of the nightly analytics snapshot Schedule; by default `<scheduleId>-analytics` when scheduleId is given. */
  analyticsScheduleId?: string;
}

/**
 * Worker options sized for many short workflows (docs/decisions.md, "Worker sizing"); sticky
 * and non-sticky queues are polled alike, so a cache miss does not wait behind sticky polls.
 * The benchmarks' Temporal floor runs with the same.
 */
export function workerTuning(config: Config) {
  return { ...config.temporal.worker, nonStickyToStickyPollRatio: 1 } as const;
}

export interface ProcessWorker {
  worker: Worker;
  connection: NativeConnection;
  /**
   * A client on the worker's own connection: workflows it starts with `requestEagerStart`
   * get their first task handed to this worker in the start's answer (no poll round trip).
   */
  eagerClient: Client;
}

/** Builds the Temporal worker of this process and makes sure its Schedules exist. */
export async function createWorker(services: Services, options: WorkerOptions = {}): Promise<ProcessWorker> {
  const { config } = services;
  const taskQueue = options.taskQueue ?? config.temporal.taskQueue;
  const client = await services.temporal.client();
  await ensureSearchAttributes(client, config.temporal.namespace);
  await ensureKeyExpirySchedule(client, taskQueue, config.keyExpiryScanEvery, options.scheduleId);
  const retentionId = options.retentionScheduleId ?? (options.scheduleId ? `${options.scheduleId}-retention` : undefined);
  await ensureDeliveryRetentionSchedule(client, taskQueue, config.webhooks.cleanupEvery, config.webhooks.retentionDays, retentionId);
  const analyticsId = options.analyticsScheduleId ?? (options.scheduleId ? `${options.scheduleId}-analytics` : undefined);
  await ensureAnalyticsSnapshotSchedule(client, taskQueue, config.cell, analyticsId);
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue,
    workflowsPath: options.workflowsPath ?? fileURLToPath(new URL('../../workflows/index.js', import.meta.url)),
    activities: createActivities(services),
    ...workerTuning(config),
  });
  const eagerClient = new Client({ connection, namespace: config.temporal.namespace });
  return { worker, connection, eagerClient };
}
