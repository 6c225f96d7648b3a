import type { Redis } from 'ioredis';
import { wakeLoop } from '../pacing/woken-loop.js';

/** Redis channel on which a committed outbox write (or a new delivery to start) wakes the relay. */
export const OUTBOX_CHANNEL = 'outbox-committed';

/** Nudges the relay after a commit; a lost nudge delays delivery, never loses it (wakeLoop). */
export function wakeRelay(redis: Redis): Promise<void> {
  return wakeLoop(redis, OUTBOX_CHANNEL);
}
