import type { Services } from '../src/services.js';
import { activeTenants } from '../src/domain/analytics/snapshot.js';
import { tenantsWithStrategist } from '../src/domain/strategist/report-run.js';
import type { SweepKind } from '../workflows/tenant-sweep-contract.js';

export function createTenantSweepActivities({ orm }: Services) {
  return {
    /**
     * One page of the tenants a sweep of `kind` runs for, read now (so a tenant's plan as it is
     * when the sweep gets there decides): ids after `after`, at most `limit`; one indexed query.
     */
    async tenantSweepPage(kind: SweepKind, after: string | null, limit: number): Promise<string[]> {
      const em = orm.em.fork();
      return kind === 'analytics' ? activeTenants(em, after, limit) : tenantsWithStrategist(em, after, limit);
    },
  };
}
