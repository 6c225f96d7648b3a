import type { Redis } from 'ioredis';
import { channelName } from '../../redis.js';

/** Redis channel on which a committed outbox write (or a new delivery to start) wakes the relay. */
export const OUTBOX_CHANNEL = 'outbox-committed';

/**
 * Nudges the relay after a commit. Best effort: the relay also sweeps on a timer, so a lost
 * nudge (Redis down, process killed right after the commit) delays delivery, never loses it.
 */
export async function wakeRelay(redis: Redis): Promise<void> {
  await redis.publish(channelName(redis, OUTBOX_CHANNEL), '1').catch(() => undefined);
}
