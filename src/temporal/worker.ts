import { fileURLToPath } from 'node:url';
import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Services } from '../services.js';
import type { Config } from '../config.js';
import { createActivities } from '../../activities/index.js';
import { ensureAnalyticsSnapshotSchedule, ensureDeliveryRetentionSchedule, ensureKeyExpirySchedule, ensureStrategistSchedules, strategistScheduleId } from './schedules.js';

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
  /** Ids of the strategist report Schedules; by default `<scheduleId>-strategist-<type>` when scheduleId is given, else per cell. */
  strategistScheduleIds?: { daily: string; weekly: string };
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

/**
 * Builds the Temporal worker of this process and makes sure its Schedules exist. The namespace
 * and search attributes are the setup step's (`bin/ctl temporal setup`), done before any worker.
 */
export async function createWorker(services: Services, options: WorkerOptions = {}): Promise<ProcessWorker> {
  const { config } = services;
  const taskQueue = options.taskQueue ?? config.temporal.taskQueue;
  const client = await services.temporal.client();
  await ensureKeyExpirySchedule(client, taskQueue, config.keyExpiryScanEvery, options.scheduleId);
  const retentionId = options.retentionScheduleId ?? (options.scheduleId ? `${options.scheduleId}-retention` : undefined);
  await ensureDeliveryRetentionSchedule(client, taskQueue, config.webhooks.cleanupEvery, config.webhooks.retentionDays, retentionId);
  const analyticsId = options.analyticsScheduleId ?? (options.scheduleId ? `${options.scheduleId}-analytics` : undefined);
  await ensureAnalyticsSnapshotSchedule(client, taskQueue, config.cell, analyticsId);
  await ensureStrategistSchedules(client, taskQueue, options.strategistScheduleIds ?? (options.scheduleId
    ? { daily: `${options.scheduleId}-strategist-daily`, weekly: `${options.scheduleId}-strategist-weekly` }
    : { daily: strategistScheduleId(config.cell, 'daily'), weekly: strategistScheduleId(config.cell, 'weekly') }));
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
