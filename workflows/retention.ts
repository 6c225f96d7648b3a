import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const { deleteExpiredDeliveries } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 10 },
});

const BATCH = 5000;

/**
 * Started by the `webhook-delivery-retention` Schedule: removes ended deliveries (and their
 * attempts) whose last change is older than `retentionDays`, in batches of short transactions;
 * one still owed stays however old it is (src/domain/webhooks/retention.ts).
 */
export async function deliveryLogRetention(retentionDays: number): Promise<{ deleted: number }> {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000).toISOString();
  let deleted = 0;
  for (;;) {
    const n = await deleteExpiredDeliveries(cutoff, BATCH);
    deleted += n;
    if (n < BATCH) return { deleted };
  }
}
