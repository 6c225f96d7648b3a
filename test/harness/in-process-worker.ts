import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime, type NativeConnection } from '@temporalio/worker';
import type { EagerStarts } from '../../src/temporal/eager-starts.js';
import type { Services } from '../../src/services.js';
import { createWorker, type WorkerGroup } from '../../src/temporal/worker.js';
import { setCurrentVersion } from '../../src/temporal/worker-versioning.js';
import type { ScheduleIds } from '../../src/temporal/schedules.js';
import { recordClosedWorkflows } from './recorded-histories.js';
import { deleteSchedules, refuseRunWide, scheduleIdsFor, setUpSchedules } from './isolation.js';

/** The build the tests run: bin/test's own for the run (DIST_DIR), else the checkout's dist/. */
export const DIST = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url));

/** The prebuilt workflow bundle of that build: tests run the file production workers run. */
export const WORKFLOW_BUNDLE = join(DIST, 'workflow-bundle.js');

/**
 * The Temporal Workers of the test's process on the services' task queues (one per kind), after
 * the setup step's Schedules with the services' ids, paused (tests trigger them); stop() removes them. The services must
 * be configured with a share of the file's own (ownShare): the worker refuses the run-wide one.
 */
export class InProcessWorker {
  readonly scheduleIds: ScheduleIds;
  private worker?: WorkerGroup;
  private connection?: NativeConnection;
  private running?: Promise<void>;
  /** This worker's eager starts (a client on its connection; eager while its version is current). */
  eager?: EagerStarts;

  constructor(private readonly services: Services) {
    refuseRunWide(services.config, 'InProcessWorker');
    this.scheduleIds = scheduleIdsFor(services.config);
  }

  /**
   * Starts the Workers on a workflow bundle (default the build's) and makes their version current,
   * as a deploy does; after stop(), start() is a new deploy.
   */
  async start(workflowBundlePath = WORKFLOW_BUNDLE): Promise<void> {
    if (this.worker) return;
    // Once per process: a second worker in the same file finds the runtime installed.
    try {
      Runtime.install({ logger: new DefaultLogger('WARN') });
    } catch {
      // already installed
    }
    await setUpSchedules(await this.services.temporal.client(), this.services.config);
    const { worker, connection, eager, version } = await createWorker(this.services, { workflowBundlePath });
    this.worker = worker;
    this.connection = connection;
    this.eager = eager;
    this.running = worker.run();
    // Once it polls: a version that does not poll the current one's queues yet is refused.
    await setCurrentVersion(await this.services.temporal.client(), version, 'test worker');
    await eager.start();
  }

  async stop(): Promise<void> {
    const client = await this.services.temporal.client().catch(() => undefined);
    await deleteSchedules(client, this.scheduleIds);
    // bin/record-histories: the branches this file's workflows took become replay fixtures.
    if (client && this.worker) await recordClosedWorkflows(client, this.worker.members.map((m) => m.taskQueue));
    this.eager?.stop();
    if (this.worker) {
      this.worker.shutdown();
      await this.running;
    }
    await this.connection?.close();
    this.worker = undefined;
    this.connection = undefined;
  }
}
