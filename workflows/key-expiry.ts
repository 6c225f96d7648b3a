import { executeChild, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { TENANT_ID } from './search-attributes.js';

const { listTenantsWithExpiringKeys, raiseKeyExpiryNotices } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * What the `api-key-expiry-scan` Schedule started before it started the tenant sweep (kind
 * `key-expiry`, workflows/tenant-sweep.ts): kept registered and unchanged so a scan started
 * before the deploy replays and ends; remove it, and listTenantsWithExpiringKeys, in the
 * release after (docs/decisions.md, "The key-expiry scan pages too"). Finds the tenants with keys past the 30- or
 * 7-day threshold and runs one child per tenant, tagged with TenantId so an operator finds
 * a tenant's notices in the Temporal UI.
 */
export async function apiKeyExpiryScan(): Promise<{ tenants: number; events: number }> {
  const now = new Date().toISOString();
  const tenants = await listTenantsWithExpiringKeys(now);
  let events = 0;
  for (const tenantId of tenants) {
    // On the parent's task queue (no taskQueue given): the batch queue, keyExpiryNotices' kind too.
    const raised = await executeChild(keyExpiryNotices, {
      workflowId: `api-key-expiry:${tenantId}:${workflowInfo().workflowId}`,
      args: [tenantId, now],
      typedSearchAttributes: [{ key: TENANT_ID, value: tenantId }],
    });
    events += raised.length;
  }
  return { tenants: tenants.length, events };
}

/** Raises api_key.expiring for one tenant's keys; returns the event ids. Started by the key-expiry sweep, one per tenant with a key due. */
export async function keyExpiryNotices(tenantId: string, nowIso: string): Promise<string[]> {
  return raiseKeyExpiryNotices(tenantId, nowIso);
}
