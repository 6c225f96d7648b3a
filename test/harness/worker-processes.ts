import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { loadConfig } from '../../src/config.js';
import { connectTemporal, temporalClient } from '../../src/temporal/connect.js';
import { DIST, WORKFLOW_BUNDLE } from './in-process-worker.js';
import { deploymentVersionOf, setCurrentVersion } from '../../src/temporal/worker-versioning.js';
import type { ScheduleIds } from '../../src/temporal/schedules.js';
import { deleteSchedules, refuseRunWide, setUpSchedules } from './isolation.js';

const WORKER = join(DIST, 'src', 'worker.js');

export const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

export async function exited(child: ChildProcess): Promise<void> {
  if (!alive(child)) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Production worker processes (dist/src/worker.js: workflows, activities, relay, sweep) with a
 * test's configuration, for the tests that kill one: started, and all stopped at the end. The
 * configuration must carry a share of the file's own (ownShare): they refuse the run-wide one.
 */
export class WorkerProcesses {
  readonly started: ChildProcess[] = [];

  /** A client of the workers' namespace: makes their Schedules (the setup step's) before each start, deletes them at the end. */
  private client?: Client;
  private scheduleIds?: ScheduleIds;

  constructor(private readonly env: () => NodeJS.ProcessEnv) {}

  /** Runs the setup's Schedules (paused), then the worker; resolves once it logs that it runs and its version is current (as a deploy makes it); rejects with its output when it exits first. */
  async start(): Promise<ChildProcess> {
    const env = { ...process.env, ...this.env(), LOG_LEVEL: 'info' };
    const config = loadConfig(env);
    refuseRunWide(config, 'WorkerProcesses');
    this.client ??= temporalClient(config, await connectTemporal(config));
    this.scheduleIds = await setUpSchedules(this.client, config);
    const child = spawn(process.execPath, [WORKER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.started.push(child);
    let output = '';
    child.stderr!.on('data', (c: Buffer) => { output += c.toString(); });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (c: Buffer) => {
        output += c.toString();
        if (output.includes('"worker running"')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before running:\n${output.slice(-2000)}`)));
    });
    await setCurrentVersion(this.client, deploymentVersionOf(config, WORKFLOW_BUNDLE), 'test worker');
    return child;
  }

  anyAlive(): boolean {
    return this.started.some(alive);
  }

  /** Stops every worker still running, and removes their Schedules (theirs only). */
  async stopAll(): Promise<void> {
    for (const child of this.started) {
      if (alive(child)) child.kill('SIGTERM');
      await exited(child);
    }
    if (this.scheduleIds) await deleteSchedules(this.client, this.scheduleIds);
    await this.client?.connection.close();
    this.client = undefined;
  }
}
