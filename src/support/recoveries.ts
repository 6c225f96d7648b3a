import { newId } from '../ids.js';
import type { Services } from '../services.js';
import type { RecoveryRange, SkippedDelivery } from '../domain/webhooks/replay.js';
import { recoverForSupport } from './actions.js';

export interface RecoveryJob {
  id: string;
  operator: string;
  range: RecoveryRange;
  startedAt: Date;
  state: 'running' | 'finished' | 'failed';
  done: number;
  /** Unknown until the recovery has read the range. */
  total: number | null;
  replays: string[];
  skipped: SkippedDelivery[];
  error: string | null;
}

/** Jobs kept for their pages; the record of each stays in support_actions. */
const KEPT = 200;

/**
 * Recoveries started from the console, running in this process while their page shows the
 * progress (the same callback bin/ctl's progress bar is fed from). A job's page outlives it
 * here only while the process runs; what it did is recorded with the action.
 */
export class Recoveries {
  private readonly jobs = new Map<string, RecoveryJob>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly services: Services) {}

  start(operator: string, range: RecoveryRange, onError: (err: unknown) => string): RecoveryJob {
    const job: RecoveryJob = {
      id: newId(), operator, range, startedAt: this.services.clock.now(), state: 'running', done: 0, total: null, replays: [], skipped: [], error: null,
    };
    this.jobs.set(job.id, job);
    while (this.jobs.size > KEPT) this.jobs.delete(this.jobs.keys().next().value!);
    const running = recoverForSupport(this.services, operator, range, (done, total) => {
      job.done = done;
      job.total = total;
    }).then((r) => {
      job.replays = r.replays.map((d) => d.id);
      job.skipped = r.skipped;
      job.done = r.replays.length;
      job.state = 'finished';
    }, (err: unknown) => {
      job.error = onError(err);
      job.state = 'failed';
    }).finally(() => this.running.delete(running));
    this.running.add(running);
    return job;
  }

  get(id: string): RecoveryJob | undefined {
    return this.jobs.get(id);
  }

  /** Waits for the running recoveries (the process is stopping). */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }
}
