import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { DELIVERY_RETENTION_SCHEDULE_ID, KEY_EXPIRY_SCHEDULE_ID } from '../../src/temporal/schedules.js';
import { DIST } from './in-process-worker.js';

const WORKER = join(DIST, 'src', 'worker.js');

export const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

export async function exited(child: ChildProcess): Promise<void> {
  if (!alive(child)) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Production worker processes (dist/src/worker.js: workflows, activities, relay, sweep) with a
 * test's configuration, for the tests that kill one: started, and all stopped at the end.
 */
export class WorkerProcesses {
  readonly started: ChildProcess[] = [];

  constructor(private readonly env: () => NodeJS.ProcessEnv) {}

  /** Resolves once the worker logs that it runs; rejects with its output when it exits first. */
  async start(): Promise<ChildProcess> {
    const child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...this.env(), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
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
    return child;
  }

  anyAlive(): boolean {
    return this.started.some(alive);
  }

  /** Stops every worker still running, and removes the Schedules the production worker made. */
  async stopAll(client: Client | undefined): Promise<void> {
    for (const child of this.started) {
      if (alive(child)) child.kill('SIGTERM');
      await exited(child);
    }
    for (const id of [KEY_EXPIRY_SCHEDULE_ID, DELIVERY_RETENTION_SCHEDULE_ID]) await client?.schedule.getHandle(id).delete().catch(() => undefined);
  }
}
