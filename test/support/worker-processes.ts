import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../../src/config.js';
import { DIST, WORKFLOW_BUNDLE } from './in-process-worker.js';
import { deploymentVersionOf, setCurrentVersion } from '../../src/temporal/worker-versioning.js';
import type { ScheduleIds } from '../../src/temporal/schedules.js';
import { deleteSchedules, pauseSchedules, refuseRunWide, scheduleIdsFor } from './isolation.js';

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

  /** A client of the workers' namespace: pauses their Schedules once made, deletes them at the end. */
  private client?: Client;
  private scheduleIds?: ScheduleIds;

  constructor(private readonly env: () => NodeJS.ProcessEnv) {}

  /** Resolves once the worker logs that it runs (its version current, as a deploy makes it; its Schedules paused); rejects with its output when it exits first. */
  async start(): Promise<ChildProcess> {
    const env = { ...process.env, ...this.env(), LOG_LEVEL: 'info' };
    const config = loadConfig(env);
    refuseRunWide(config, 'WorkerProcesses');
    this.scheduleIds = scheduleIdsFor(config);
    this.client ??= new Client({ connection: await Connection.connect({ address: config.temporal.address }), namespace: config.temporal.namespace });
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
    await pauseSchedules(this.client, this.scheduleIds);
    return child;
  }

  anyAlive(): boolean {
    return this.started.some(alive);
  }

  /** Stops every worker still running, and removes the Schedules they made (theirs only). */
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
