import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { channelName, subscriberConnection } from '../../redis.js';

/** Runs woken back to back start at least this far apart, so each takes what committed meanwhile. */
const MIN_RUN_INTERVAL_MS = 20;

export interface WokenLoopOptions {
  /** What runs, in log lines ("relay", "operation starter"). */
  name: string;
  /** Messages on this channel (of `redis`'s prefix) wake the loop. */
  redis: Redis;
  channel: string;
  /** A run at least this often without being woken; `sweep` tells a run that one is due. */
  sweepMs: number;
  /** While work waits for room, the loop looks again this soon. */
  backlogTickMs: number;
  /** Runs woken back to back start at least this far apart (MIN_RUN_INTERVAL_MS when not given). */
  minRunIntervalMs?: number;
  log: Logger;
  /** One run; answers true when work is left waiting for room. */
  run(o: { sweep: boolean }): Promise<boolean>;
}

/**
 * The background loop of a worker's starters (the outbox relay, the operation starter): woken by
 * a Redis channel after commits, by a sweep timer (a lost wake-up only delays), and by a short
 * backlog tick while work waits under a bound. One run at a time; a wake-up during a run asks
 * for one more right after it, and runs under a stream of wake-ups are spaced
 * minRunIntervalMs apart so each takes a batch.
 */
export class WokenLoop {
  private subscriber?: Redis;
  private sweepTimer?: NodeJS.Timeout;
  private backlogTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private lastRunAt = 0;
  private lastSweepAt = 0;

  constructor(private readonly o: WokenLoopOptions) {}

  async start(): Promise<void> {
    // The subscription may wait for the connection (ioredis subscribes again after a reconnect).
    this.subscriber = subscriberConnection(this.o.redis);
    this.subscriber.on('error', (err: Error) => this.o.log.warn({ err: err.message }, `${this.o.name} subscriber error`));
    this.subscriber.on('message', () => this.wake());
    await this.subscriber.subscribe(channelName(this.subscriber, this.o.channel))
      .catch((err: Error) => this.o.log.warn({ err: err.message }, `${this.o.name} subscribe failed`));
    this.sweepTimer = setInterval(() => this.wake(), this.o.sweepMs);
    this.wake();
  }

  /** Runs now, or once more right after the run in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    clearTimeout(this.backlogTimer);
    this.subscriber?.disconnect();
    await this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      const wait = this.lastRunAt + (this.o.minRunIntervalMs ?? MIN_RUN_INTERVAL_MS) - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastRunAt = Date.now();
      try {
        const sweep = this.lastRunAt - this.lastSweepAt >= this.o.sweepMs;
        if (sweep) this.lastSweepAt = this.lastRunAt;
        if (await this.o.run({ sweep })) this.wakeSoon();
      } catch (err) {
        this.o.log.warn({ err: (err as Error).message }, `${this.o.name} run failed; the next sweep retries`);
      }
    } while (this.again && !this.stopped);
  }

  private wakeSoon(): void {
    if (this.backlogTimer || this.stopped) return;
    this.backlogTimer = setTimeout(() => {
      this.backlogTimer = undefined;
      this.wake();
    }, this.o.backlogTickMs);
  }
}

/**
 * Wakes the loops listening on `channel` (in every worker). Best effort: a loop also sweeps on
 * its timer, so a lost wake-up (Redis down, a process killed after its commit) only delays.
 */
export async function wakeLoop(redis: Redis, channel: string): Promise<void> {
  await redis.publish(channelName(redis, channel), '1').catch(() => undefined);
}
