/** Minutes kept: the status map judges the last 15. */
const WINDOW_MINUTES = 15;

/**
 * Requests this process answered and how many of them failed on our side (5xx), per minute
 * over the last WINDOW_MINUTES: the error-rate signal of the status map. Kept in memory: each
 * api process judges what it served (docs/decisions.md, "The status map").
 */
export class RecentRequests {
  private readonly buckets = new Map<number, { total: number; errors: number }>();

  record(status: number, nowMs = Date.now()): void {
    const minute = Math.floor(nowMs / 60_000);
    const bucket = this.buckets.get(minute) ?? { total: 0, errors: 0 };
    bucket.total++;
    if (status >= 500) bucket.errors++;
    this.buckets.set(minute, bucket);
    for (const key of this.buckets.keys()) if (key <= minute - WINDOW_MINUTES) this.buckets.delete(key);
  }

  /** Requests and 5xx answers of the last WINDOW_MINUTES. */
  window(nowMs = Date.now()): { total: number; errors: number } {
    const since = Math.floor(nowMs / 60_000) - WINDOW_MINUTES;
    let total = 0;
    let errors = 0;
    for (const [minute, b] of this.buckets) if (minute > since) { total += b.total; errors += b.errors; }
    return { total, errors };
  }
}
