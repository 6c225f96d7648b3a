/**
 * Where the frame keeps its FrameState (the session token, the consent accepted): its own
 * localStorage (cell origin; partitioned by the host site where browsers do that), or, where the
 * browser blocks storage in third-party frames, the host page's storage through the embed
 * script (each change sent with `sendToHost`, the first state read from its context message);
 * plain memory when neither works.
 */
import type { FrameState } from './contract.js';

export class FrameStorage {
  /** The frame's own localStorage works. */
  readonly own: boolean;
  /** The host page's state has been read (or there is none to wait for any more). */
  hostStateLoaded = false;
  private hostState: FrameState = {};

  constructor(private readonly key: string, private readonly sendToHost: (state: FrameState) => void) {
    this.own = ((): boolean => {
      try {
        const probe = `${key}:probe`;
        localStorage.setItem(probe, '1');
        localStorage.removeItem(probe);
        return true;
      } catch {
        return false;
      }
    })();
  }

  stored(): FrameState {
    if (!this.own) return this.hostState;
    try {
      return JSON.parse(localStorage.getItem(this.key) ?? '{}') as FrameState;
    } catch {
      return {};
    }
  }

  store(patch: Partial<FrameState>): void {
    const next: FrameState = { ...this.stored(), ...patch };
    for (const key of Object.keys(patch) as (keyof FrameState)[]) if (patch[key] === undefined) delete next[key];
    if (!this.own) {
      this.hostState = next;
      this.sendToHost(next);
      return;
    }
    try {
      localStorage.setItem(this.key, JSON.stringify(next));
    } catch {
      // full: the chat lasts as long as the page
    }
  }

  /**
   * The host page's state, as its first context message carries it: read once (from then on
   * this frame's state is the newer one: it sends each change), and only where it is used.
   */
  takeHostState(state: unknown): void {
    if (!this.own && !this.hostStateLoaded && state && typeof state === 'object') {
      const { token: t, consent: c } = state as Record<string, unknown>;
      this.hostState = { ...(typeof t === 'string' ? { token: t } : {}), ...(typeof c === 'string' ? { consent: c } : {}) };
    }
    this.hostStateLoaded = true;
  }
}
