import type { Client } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { Logger } from '../logger.js';
import { routingOf, versionName } from './worker-versioning.js';

/** How often a worker process asks the deployment which version is current: one cheap call per process. */
export const EAGER_CHECK_MS = 2000;

/**
 * The eager starts of a worker process (docs/adr/0067-an-address-never-locks-out-a-valid-key-issue-41-item-6-and.md,
 * "Eager starts only while the worker\'s version is current"). A start with `requestEagerStart` through `client` (on the process's own worker
 * connection) gets its first workflow task handed to this process's Worker in the answer, and
 * Temporal server 1.29 does so whatever the Worker's deployment version: an old worker that
 * kept starting eagerly after a promotion would begin PINNED runs on the old build (and AUTO_UPGRADE
 * ones that end within that first task). So a start asks for it only while this process's version
 * is the deployment's current one and no other is ramping (an eager start would bypass the
 * ramp's share); otherwise, or while the deployment's answer is unknown, it starts as any
 * client does and the server routes the first task. The routing is read every EAGER_CHECK_MS,
 * so a promotion stops the old workers' eager starts within that.
 */
export class EagerStarts {
  private current = false;
  private timer?: NodeJS.Timeout;
  private reading?: Promise<void>;
  private stopped = false;

  constructor(readonly client: Client, private readonly version: WorkerDeploymentVersion, private readonly log: Logger, private readonly everyMs = EAGER_CHECK_MS) {}

  /** Whether a start through `client` may ask for eager execution now. */
  get allowed(): boolean {
    return this.current;
  }

  /** Reads the deployment's routing now (a read already under way is joined). */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => { this.reading = undefined; });
    return this.reading;
  }

  /** The first read, then one every `everyMs` until stop(). */
  async start(): Promise<void> {
    await this.refresh();
    if (!this.stopped) this.timer ??= setInterval(() => void this.refresh(), this.everyMs).unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.current = false;
  }

  private async read(): Promise<void> {
    let current: boolean;
    try {
      const routing = await routingOf(this.client, this.version.deploymentName);
      current = routing?.current === versionName(this.version) && !(routing.ramping && routing.ramping.percent > 0);
    } catch (err) {
      // Unknown is not current: starts go through the server's routing until it answers again.
      if (this.current) this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'deployment routing not readable: no eager starts until it is');
      current = false;
    }
    if (this.stopped) return;
    if (current !== this.current) this.log.info({ worker_version: versionName(this.version), eager_starts: current }, current ? 'this version is current: eager starts' : 'this version is not current: no eager starts');
    this.current = current;
  }
}
