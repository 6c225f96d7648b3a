import type { Services } from '../../services.js';
import { startOperationWorkflow, type OperationRef } from '../../temporal/operations.js';

/** Operations a sweep starts at most in one pass. */
const BATCH = 100;

/**
 * In the worker: every OPERATION_SWEEP_MS, starts the workflow of each queued operation whose
 * start was lost (the api died between its commit and the start, or Temporal was down). The
 * grace period leaves the api's own start time to happen first.
 */
export class OperationSweep {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(private readonly s: Pick<Services, 'orm' | 'temporal' | 'config' | 'log'>, private readonly graceMs = 2000) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce()
        .catch((err: unknown) => {
          this.s.log.warn({ err: (err as Error).message }, 'operation sweep failed; the next one retries');
          return 0;
        })
        .finally(() => { this.running = undefined; });
    }, this.s.config.operations.sweepMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; returns how many workflows it started. */
  async runOnce(): Promise<number> {
    const em = this.s.orm.em.fork();
    const rows = await em.execute<{ id: string; tenant_id: string; integration_id: string | null; type: string }[]>(
      `select id, tenant_id, integration_id, type from operations
        where workflow_started_at is null and status = 'queued' and created_at < now() - (? * interval '1 millisecond')
        order by created_at limit ?`,
      [this.graceMs, BATCH],
    );
    if (!rows.length) return 0;
    const client = await this.s.temporal.client();
    for (const r of rows) {
      const ref: OperationRef = { id: r.id, tenantId: r.tenant_id, integrationId: r.integration_id, type: r.type };
      await startOperationWorkflow(client, this.s.config.temporal.taskQueue, em, ref);
    }
    return rows.length;
  }
}
