import type { Services } from '../src/services.js';
import { activeTenants } from '../src/domain/analytics/snapshot.js';
import { tenantsWithStrategist } from '../src/domain/strategist/report-run.js';
import { tenantsWithDueKeyNotices } from '../src/domain/access/key-expiry.js';
import type { SweepKind } from '../workflows/tenant-sweep-contract.js';

export function createTenantSweepActivities({ orm }: Services) {
  return {
    /**
     * One page of the tenants a sweep of `kind` runs for, read now (so a tenant's plan as it is
     * when the sweep gets there decides): ids after `after`, at most `limit`; one query. `at` is
     * the sweep's start: the moment a key-expiry sweep measures the thresholds from.
     */
    async tenantSweepPage(kind: SweepKind, after: string | null, limit: number, at?: string): Promise<string[]> {
      const em = orm.em.fork();
      if (kind === 'analytics') return activeTenants(em, after, limit);
      if (kind === 'key-expiry') return tenantsWithDueKeyNotices(em, new Date(at ?? Date.now()), { after, limit });
      return tenantsWithStrategist(em, after, limit);
    },
  };
}
