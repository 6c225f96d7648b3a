import type { Redis } from 'ioredis';
import { channelName, subscriberConnection } from '../../redis.js';
import type { Logger } from '../../logger.js';

/** Redis channel on which a finished operation is announced, with its id. */
export const OPERATION_FINISHED_CHANNEL = 'operation-finished';

/** Tells every api process holding a request on this operation to answer now. Call after the commit. */
export async function announceOperationFinished(redis: Redis, operationId: string): Promise<void> {
  await redis.publish(channelName(redis, OPERATION_FINISHED_CHANNEL), operationId);
}

/**
 * Holds requests (`wait`) until their operation finishes, without polling the database: one
 * Redis subscription per process, and a list of waiters per operation id. The subscription
 * is made on first use, so processes that never wait (worker, ctl) never subscribe.
 */
export class OperationWaiter {
  private subscriber?: Redis;
  private subscribed?: Promise<unknown>;
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Waits that ended because their time was up, not by the operation finishing (a counter for tests and metrics). */
  expired = 0;

  constructor(private readonly redis: Redis, private readonly log: Logger) {}

  /** Waiters held right now (a gauge for the benchmark and metrics). */
  get holding(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  /**
   * Resolves when the operation is announced finished, when `finished()` (read once, after
   * the subscription is in place, so an announcement cannot slip between) says it already
   * is, or after `ms`.
   */
  async until(operationId: string, ms: number, finished: () => Promise<boolean>): Promise<void> {
    if (ms <= 0) return;
    await this.listen();
    let wake!: () => void;
    const announced = new Promise<void>((resolve) => { wake = resolve; });
    let set = this.waiters.get(operationId);
    if (!set) this.waiters.set(operationId, (set = new Set()));
    set.add(wake);
    let timer: NodeJS.Timeout | undefined;
    try {
      if (await finished()) return;
      await Promise.race([announced, new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          this.expired++;
          resolve();
        }, ms);
      })]);
    } finally {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0) this.waiters.delete(operationId);
    }
  }

  private listen(): Promise<unknown> {
    if (!this.subscribed) {
      this.subscriber = subscriberConnection(this.redis);
      this.subscriber.on('error', (err: Error) => this.log.warn({ err: err.message }, 'operation-waiter subscriber error'));
      this.subscriber.on('message', (_channel: string, id: string) => {
        for (const wake of this.waiters.get(id) ?? []) wake();
      });
      // A waiter that cannot subscribe still answers when its time is up.
      this.subscribed = this.subscriber.subscribe(channelName(this.subscriber, OPERATION_FINISHED_CHANNEL)).catch((err: Error) => {
        this.log.warn({ err: err.message }, 'operation-waiter subscribe failed');
        this.subscribed = undefined;
      });
    }
    return this.subscribed;
  }

  close(): void {
    this.subscriber?.disconnect();
  }
}
