import type { Orm } from '../db/em.js';
import { appliedMigrations } from '../db/migrations.js';
import { domainError } from '../errors/domain-error.js';

/**
 * Rolling deploys start new api code before `migrate`: a route whose tables need a
 * migration this database has not applied answers 503 until it is. Applied names are read
 * at most every `checkMs` while something is missing; once all are there, never again.
 */
export class MigrationGate {
  private applied = new Set<string>();
  private checkedAt = 0;
  private complete = false;

  constructor(private readonly orm: Orm, private readonly checkMs: number, private readonly known: readonly string[]) {}

  async require(name: string): Promise<void> {
    if (this.complete || this.applied.has(name)) return;
    if (Date.now() - this.checkedAt >= this.checkMs) {
      this.applied = await appliedMigrations(this.orm).catch(() => this.applied);
      this.checkedAt = Date.now();
      this.complete = this.known.every((m) => this.applied.has(m));
    }
    if (!this.applied.has(name)) {
      throw domainError('service_unavailable', 'This route needs a database migration that is not applied on this cell yet; retry later.', {}, { retryAfterSeconds: 30 });
    }
  }
}
