import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const { raiseKeyExpiryNotices } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/** Raises api_key.expiring for one tenant's keys; returns the event ids. Started by the key-expiry sweep, one per tenant with a key due. */
export async function keyExpiryNotices(tenantId: string, nowIso: string): Promise<string[]> {
  return raiseKeyExpiryNotices(tenantId, nowIso);
}
