import type { Services } from '../src/services.js';
import { raiseKeyExpiryNotices, tenantsWithDueKeyNotices } from '../src/domain/access/key-expiry.js';

export function createKeyExpiryActivities({ orm }: Services) {
  return {
    /** Tenants with keys that crossed the 30- or 7-day threshold and were not told yet: for apiKeyExpiryScan, which goes the release after. */
    async listTenantsWithExpiringKeys(nowIso: string): Promise<string[]> {
      return tenantsWithDueKeyNotices(orm.em.fork(), new Date(nowIso));
    },
    /** Writes api_key.expiring events to the outbox for one tenant; returns their ids. */
    async raiseKeyExpiryNotices(tenantId: string, nowIso: string): Promise<string[]> {
      return raiseKeyExpiryNotices(orm.em.fork(), tenantId, new Date(nowIso));
    },
  };
}
