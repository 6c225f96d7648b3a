import type { Redis } from 'ioredis';
import { channelName } from '../../redis.js';

/** Redis channel on which an operation left unstarted (no room under the bound) wakes the worker's starter. */
export const OPERATION_CHANNEL = 'operations-waiting';

/** Best effort: the starter also sweeps every OPERATION_SWEEP_MS, so a lost nudge only delays. */
export async function wakeOperationStarter(redis: Redis): Promise<void> {
  await redis.publish(channelName(redis, OPERATION_CHANNEL), '1').catch(() => undefined);
}
