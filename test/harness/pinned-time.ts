import type { PinnedClock } from '../../src/clock.js';

/** Runs `fn` with the pinned clock at `when`, then puts it back where it was. */
export async function atTime<T>(clock: PinnedClock, when: string | number, fn: () => Promise<T>): Promise<T> {
  const before = clock.now();
  clock.set(new Date(when));
  try {
    return await fn();
  } finally {
    clock.set(before);
  }
}
