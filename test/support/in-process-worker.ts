import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime, type NativeConnection } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import type { Services } from '../../src/services.js';
import { createWorker, type WorkerGroup } from '../../src/temporal/worker.js';
import { recordClosedWorkflows } from './recorded-histories.js';

/** The build the tests run: bin/test's own for the run (DIST_DIR), else the checkout's dist/. */
export const DIST = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url));

/** The prebuilt workflow bundle of that build: tests run the file production workers run. */
export const WORKFLOW_BUNDLE = join(DIST, 'workflow-bundle.js');

/**
 * The Temporal Workers of the test's process on the services' task queues (one per kind), with Schedules of its
 * own (ids from `run`) so parallel test files never share one; stop() removes them.
 */
export class InProcessWorker {
  readonly scheduleIds: { keyExpiry: string; retention: string; analytics: string; strategistDaily: string; strategistWeekly: string };
  private worker?: WorkerGroup;
  private connection?: NativeConnection;
  private running?: Promise<void>;
  /** A client on this worker's connection: starts through it may be eager. */
  eagerClient?: Client;

  constructor(private readonly services: Services, run: string) {
    this.scheduleIds = {
      keyExpiry: `test-key-expiry-${run}`, retention: `test-retention-${run}`, analytics: `test-analytics-${run}`,
      strategistDaily: `test-key-expiry-${run}-strategist-daily`, strategistWeekly: `test-key-expiry-${run}-strategist-weekly`,
    };
  }

  /** Starts the Workers on a workflow bundle (default the build's); after stop(), start() is a new deploy. */
  async start(workflowBundlePath = WORKFLOW_BUNDLE): Promise<void> {
    if (this.worker) return;
    // Once per process: a second worker in the same file finds the runtime installed.
    try {
      Runtime.install({ logger: new DefaultLogger('WARN') });
    } catch {
      // already installed
    }
    ({ worker: this.worker, connection: this.connection, eagerClient: this.eagerClient } = await createWorker(this.services, {
      workflowBundlePath, scheduleId: this.scheduleIds.keyExpiry, retentionScheduleId: this.scheduleIds.retention,
      analyticsScheduleId: this.scheduleIds.analytics,
    }));
    this.running = this.worker.run();
  }

  async stop(): Promise<void> {
    const client = await this.services.temporal.client().catch(() => undefined);
    for (const id of Object.values(this.scheduleIds)) await client?.schedule.getHandle(id).delete().catch(() => undefined);
    // bin/record-histories: the branches this file's workflows took become replay fixtures.
    if (client && this.worker) await recordClosedWorkflows(client, this.worker.members.map((m) => m.taskQueue));
    if (this.worker) {
      this.worker.shutdown();
      await this.running;
    }
    await this.connection?.close();
    this.worker = undefined;
    this.connection = undefined;
  }
}
