/**
 * The pause before the next attempt. `baseMs` is the schedule's entry for this retry;
 * `jitter` (-0.1..0.1, drawn by the workflow so replays see the same value) spreads retries
 * of many deliveries that failed together. A subscriber's Retry-After (429, 503) is honoured
 * exactly, but never below the schedule's pause nor above `retryAfterMaxMs`.
 */
export function retryPauseMs(p: { baseMs: number; jitter: number; retryAfterMs: number | null; retryAfterMaxMs: number }): number {
  if (p.retryAfterMs !== null) return Math.max(p.baseMs, Math.min(p.retryAfterMs, p.retryAfterMaxMs));
  return Math.max(0, Math.round(p.baseMs * (1 + p.jitter)));
}
