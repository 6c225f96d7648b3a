import type { EagerStarts } from '../../temporal/eager-starts.js';
import type { Services } from '../../services.js';
import { WokenLoop } from '../pacing/woken-loop.js';
import { OPERATION_CHANNEL, anyOperationUnstarted, claimOperationStarts, operationRef, startClaimedOperations } from './operation-starts.js';

export interface OperationStarterOptions {
  taskQueue?: string;
  /** This process's worker's eager starts: eager while its version is current (docs/decisions.md, "Eager start"). */
  eager?: EagerStarts;
}

type StarterServices = Pick<Services, 'orm' | 'redis' | 'temporal' | 'config' | 'log' | 'clock'>;

/**
 * In the worker: starts the workflows of queued operations the api left unstarted, because the
 * bound OPERATION_MAX_IN_FLIGHT had no room (the api wakes it on OPERATION_CHANNEL) or because
 * the api died or Temporal was down between its commit and its start (its claim expires; the
 * sweep every OPERATION_SWEEP_MS finds it). Claims under the bound, tenants round-robin, starts
 * outside any transaction (docs/decisions.md, "Operation pacing").
 */
export class OperationStarter {
  private readonly loop: WokenLoop;
  private readonly taskQueue: string;

  constructor(private readonly s: StarterServices, private readonly options: OperationStarterOptions = {}) {
    this.taskQueue = options.taskQueue ?? s.config.temporal.taskQueue;
    this.loop = new WokenLoop({
      name: 'operation starter', redis: s.redis, channel: OPERATION_CHANNEL, log: s.log,
      sweepMs: s.config.operations.sweepMs, backlogTickMs: s.config.webhooks.relayBacklogTickMs,
      run: async () => (await this.runOnce()).waiting,
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round; `waiting` when the bound was reached (the loop looks again shortly). */
  async runOnce(): Promise<{ started: number; waiting: boolean }> {
    const em = this.s.orm.em.fork();
    const { room, claimed } = await claimOperationStarts(em, this.s.config.operations.maxInFlight, this.s.clock.now());
    if (!claimed.length) return { started: 0, waiting: room === 0 && (await anyOperationUnstarted(em)) };
    const client = this.options.eager?.client ?? await this.s.temporal.client();
    const started = await startClaimedOperations(this.s, em, client, this.taskQueue, claimed.map(operationRef), this.options.eager?.allowed ?? false);
    return { started, waiting: claimed.length >= room };
  }
}
