/**
 * Turns per tenant in one api process: at most `atOnce` callers of a tenant run at a time, the
 * others wait in memory, first come first served. Paid admissions of one tenant are serialised
 * by a lock in PostgreSQL anyway (docs/decisions.md, "Admission before any work"); waiting for
 * that lock inside a transaction would hold a pooled connection, so a burst of one tenant's
 * paid turns could take every connection of the process from other tenants' requests and from
 * the answers of replies already finished. Waiting here holds none.
 */
export class TenantTurns {
  private readonly queues = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly atOnce: number) {}

  async run<T>(tenantId: string, fn: () => Promise<T>): Promise<T> {
    let queue = this.queues.get(tenantId);
    if (!queue) this.queues.set(tenantId, queue = { running: 0, waiting: [] });
    if (queue.running >= this.atOnce) await new Promise<void>((resolve) => queue.waiting.push(resolve));
    else queue.running++;
    try {
      return await fn();
    } finally {
      const next = queue.waiting.shift();
      if (next) next();
      else if (--queue.running === 0) this.queues.delete(tenantId);
    }
  }

  /** Callers of the tenant waiting for their turn (tests and metrics). */
  waiting(tenantId: string): number {
    return this.queues.get(tenantId)?.waiting.length ?? 0;
  }
}
