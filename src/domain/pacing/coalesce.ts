import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `run(key)` for a stream of nudges per key, at most one run per key at a time and one
 * every `delayMs`: a nudge waits `delayMs` for more nudges of its key, then one run takes them
 * all; a nudge during a run asks for one more after it. Every nudge is followed by a run that
 * starts after it, until stop(). Failures are the caller's to handle inside `run`.
 */
export class KeyedCoalescer {
  /** Keys with a run pending or running, and whether a nudge came since it started. */
  private readonly pending = new Map<string, { again: boolean }>();
  /** The drains under way, for stop() to wait on. */
  private readonly draining = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly delayMs: number, private readonly run: (key: string) => Promise<void>) {}

  nudge(key: string): void {
    if (this.stopping.signal.aborted) return;
    const state = this.pending.get(key);
    if (state) {
      state.again = true;
      return;
    }
    const fresh = { again: false };
    this.pending.set(key, fresh);
    // `run` handles its own failures; one that throws anyway ends this drain and frees the key.
    const drained = this.drain(key, fresh).catch(() => undefined);
    this.draining.add(drained);
    void drained.then(() => this.draining.delete(drained));
  }

  /**
   * Takes no more nudges, drops the runs still waiting out their delay and waits for the runs
   * under way: what a process calls before it closes what `run` uses (the database, Redis).
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.draining]);
  }

  /** Keys with a run pending or running. */
  get size(): number {
    return this.pending.size;
  }

  private async drain(key: string, state: { again: boolean }): Promise<void> {
    try {
      do {
        await sleep(this.delayMs, undefined, { signal: this.stopping.signal });
        state.again = false;
        await this.run(key);
      } while (state.again);
    } finally {
      this.pending.delete(key);
    }
  }
}
