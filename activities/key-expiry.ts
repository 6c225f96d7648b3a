import type { Services } from '../src/services.js';
import { raiseKeyExpiryNotices } from '../src/domain/access/key-expiry.js';

export function createKeyExpiryActivities({ orm }: Services) {
  return {
    /** Writes api_key.expiring events to the outbox for one tenant; returns their ids. */
    async raiseKeyExpiryNotices(tenantId: string, nowIso: string): Promise<string[]> {
      return raiseKeyExpiryNotices(orm.em.fork(), tenantId, new Date(nowIso));
    },
  };
}
