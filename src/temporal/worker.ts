import { dirname } from 'node:path';
import { Worker, type NativeConnection } from '@temporalio/worker';
import type { Services } from '../services.js';
import type { Config } from '../config.js';
import { createActivities } from '../../activities/index.js';
import { taskQueueOf, type WorkKind } from './task-queues.js';
import { prebuiltWorkflowBundle } from './workflow-bundle.js';
import { deploymentVersionOf } from './worker-versioning.js';
import { EagerStarts } from './eager-starts.js';
import { connectTemporalNative, temporalClient, workerDataConverter } from './connect.js';
import type { WorkerDeploymentVersion } from '@temporalio/common';

export interface WorkerOptions {
  /** The base name of the task queues (default TEMPORAL_TASK_QUEUE). */
  taskQueue?: string;
  /** The prebuilt workflow bundle (default: the build's dist/workflow-bundle.js); tests run the same build as production. */
  workflowBundlePath?: string;
}

/**
 * Worker options of one task queue's Worker: sized for many short workflows (docs/decisions.md,
 * "Worker sizing") with the queue's own slots ("Task queues by kind of work"); sticky and
 * non-sticky queues are polled alike, so a cache miss does not wait behind sticky polls. On
 * shutdown, activities get the model's whole deadline to finish (the longest a paid call
 * runs) before they are cancelled. The benchmarks' Temporal floor runs with the same.
 */
export function workerTuning(config: Config, kind: WorkKind) {
  const slots = config.temporal.slots[kind];
  return {
    ...config.temporal.worker,
    ...slots,
    // Never more polls than slots: the SDK refuses such a worker.
    maxConcurrentWorkflowTaskPolls: Math.min(config.temporal.worker.maxConcurrentWorkflowTaskPolls, slots.maxConcurrentWorkflowTaskExecutions),
    maxConcurrentActivityTaskPolls: Math.min(5, slots.maxConcurrentActivityTaskExecutions),
    nonStickyToStickyPollRatio: 1,
    shutdownGraceTime: config.ai.timeoutMs + 5000,
  } as const;
}

/** The Workers of one process, one per task queue it polls, run and stopped together. */
export class WorkerGroup {
  constructor(readonly members: readonly { kind: WorkKind; taskQueue: string; worker: Worker }[]) {}

  /** Runs every Worker until all have stopped; one that fails stops the others, and its error is thrown. */
  async run(): Promise<void> {
    const runs = this.members.map((m) => m.worker.run());
    try {
      await Promise.all(runs);
    } catch (err) {
      this.shutdown();
      await Promise.allSettled(runs);
      throw err;
    }
  }

  /** Asks every running Worker to stop polling and finish what it has (within shutdownGraceTime). */
  shutdown(): void {
    for (const m of this.members) if (m.worker.getState() === 'RUNNING') m.worker.shutdown();
  }
}

export interface ProcessWorker {
  worker: WorkerGroup;
  connection: NativeConnection;
  /**
   * A client on the workers' own connection, and whether its starts may be eager now: workflows
   * it starts with `requestEagerStart` on a queue this process polls get their first task handed
   * to its Worker in the start's answer (no poll round trip), asked only while this version is
   * the current one (start() it with the Workers, stop() it before they stop).
   */
  eager: EagerStarts;
  /** The Worker Deployment version its Workers poll as (the deploy makes it current: src/temporal/worker-versioning.ts). */
  version: WorkerDeploymentVersion;
}

/**
 * Builds the Temporal Workers of this process, one per task queue it polls (WORKER_QUEUES, all
 * three by default), on one connection. The namespace, search attributes and Schedules are the
 * setup step's (`bin/ctl temporal setup`), done once per deploy before any worker: a worker never
 * writes a Schedule, so one of an older release restarting during a rolling deploy cannot put its
 * Schedules back.
 */
export async function createWorker(services: Services, options: WorkerOptions = {}): Promise<ProcessWorker> {
  const { config } = services;
  const baseQueue = options.taskQueue ?? config.temporal.taskQueue;
  const connection = await connectTemporalNative(config);
  // Built once by the build, not per process: every worker of a deploy runs the same file, the
  // one the replay tests check (docs/operating.md, "Deploying a workflow change").
  const workflowBundle = prebuiltWorkflowBundle(options.workflowBundlePath);
  // Versioned by the bundle (src/temporal/worker-versioning.ts): every type declares its own
  // behavior (workflows/versioning.ts); PINNED is only the SDK's required fallback.
  const version = deploymentVersionOf(config, workflowBundle.codePath);
  const workerDeploymentOptions = { version, useWorkerVersioning: true, defaultVersioningBehavior: 'PINNED' } as const;
  const activities = createActivities(services);
  const dataConverter = workerDataConverter(config, dirname(workflowBundle.codePath));
  const members = [];
  for (const kind of config.temporal.workerQueues) {
    const taskQueue = taskQueueOf(baseQueue, kind);
    members.push({ kind, taskQueue, worker: await Worker.create({ connection, namespace: config.temporal.namespace, taskQueue, workflowBundle, activities, dataConverter, workerDeploymentOptions, ...workerTuning(config, kind) }) });
  }
  const eager = new EagerStarts(temporalClient(config, connection), version, services.log);
  return { worker: new WorkerGroup(members), connection, eager, version };
}
