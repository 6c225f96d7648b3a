import { Context } from '@temporalio/activity';
import type { Services } from '../src/services.js';
import { advanceIdleSnapshots, tenantsToSnapshot } from '../src/domain/analytics/idle-tenants.js';
import { lastWholeDay, tenantsWithStrategistData } from '../src/domain/strategist/report-run.js';
import { tenantsWithDueKeyNotices } from '../src/domain/access/key-expiry.js';
import type { SweepKind } from '../workflows/tenant-sweep-contract.js';
import { whileHeartbeating } from './heartbeat.js';

export function createTenantSweepActivities({ orm, config, clock }: Services) {
  return {
    /**
     * One page of the tenants a sweep of `kind` starts work for, read now (so a tenant's plan and
     * data as they are when the sweep gets there decide): ids after `after`, at most `limit`.
     * Only tenants with something to do (docs/decisions.md, "Idle tenants cost a sweep no
     * workflow"): analytics, those with rows changed; strategist, those with the feature and
     * data for the report; key-expiry, those with a key due. `at` is the sweep's start: the
     * moment the key-expiry thresholds and the strategist's report date are measured from. An
     * analytics page also moves on, in bulk, the snapshots of the idle tenants it passed.
     */
    async tenantSweepPage(kind: SweepKind, after: string | null, limit: number, at?: string): Promise<string[]> {
      // Heartbeats while it reads: a page may walk many idle tenants before it has its `limit`.
      return whileHeartbeating(async () => {
        const em = orm.em.fork();
        const startedAt = at ? new Date(at) : clock.now();
        if (kind === 'key-expiry') return tenantsWithDueKeyNotices(em, startedAt, { after, limit });
        if (kind !== 'analytics') return tenantsWithStrategistData(em, kind === 'strategist-daily' ? 'daily' : 'weekly', lastWholeDay(startedAt), after, limit);
        const now = clock.now();
        const page = await tenantsToSnapshot(em, now, after, limit);
        const ctx = Context.current();
        await advanceIdleSnapshots(em, config.cell, now, after, page.length < limit ? null : page.at(-1)!,
          (message, err) => ctx.log.warn(message, { error: String(err) }));
        return page;
      });
    },
  };
}
