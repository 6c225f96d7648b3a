import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `run(key)` for a stream of nudges per key, at most one run per key at a time and one
 * every `delayMs`: a nudge waits `delayMs` for more nudges of its key, then one run takes them
 * all; a nudge during a run asks for one more after it. Every nudge is followed by a run that
 * starts after it. Failures are the caller's to handle inside `run`.
 */
export class KeyedCoalescer {
  /** Keys with a run pending or running, and whether a nudge came since it started. */
  private readonly pending = new Map<string, { again: boolean }>();

  constructor(private readonly delayMs: number, private readonly run: (key: string) => Promise<void>) {}

  nudge(key: string): void {
    const state = this.pending.get(key);
    if (state) {
      state.again = true;
      return;
    }
    const fresh = { again: false };
    this.pending.set(key, fresh);
    // `run` handles its own failures; one that throws anyway ends this drain and frees the key.
    this.drain(key, fresh).catch(() => undefined);
  }

  /** Keys with a run pending or running. */
  get size(): number {
    return this.pending.size;
  }

  private async drain(key: string, state: { again: boolean }): Promise<void> {
    try {
      do {
        await sleep(this.delayMs);
        state.again = false;
        await this.run(key);
      } while (state.again);
    } finally {
      this.pending.delete(key);
    }
  }
}
