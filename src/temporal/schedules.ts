import { ScheduleAlreadyRunning, type Client } from '@temporalio/client';
import { parseDuration } from '../clock.js';

export const KEY_EXPIRY_SCHEDULE_ID = 'api-key-expiry-scan';
export const DELIVERY_RETENTION_SCHEDULE_ID = 'webhook-delivery-retention';

/** Creates a Schedule that starts `workflowType` every `every`, or brings an existing one to it. */
async function ensureSchedule(client: Client, scheduleId: string, every: string, workflowType: string, taskQueue: string, args: unknown[]): Promise<void> {
  const spec = { intervals: [{ every: parseDuration(every) }] };
  const action = { type: 'startWorkflow' as const, workflowType, taskQueue, args };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: 'SKIP', catchupWindow: '1 hour' } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((prev) => ({ ...prev, spec, action }));
  }
}

/** Creates the key-expiry Schedule, or brings an existing one to the configured interval. */
export async function ensureKeyExpirySchedule(client: Client, taskQueue: string, every: string, scheduleId = KEY_EXPIRY_SCHEDULE_ID): Promise<void> {
  await ensureSchedule(client, scheduleId, every, 'apiKeyExpiryScan', taskQueue, []);
}

/** The delivery-log clean-up (spec 01: the log is kept 30 days), every `every`. */
export async function ensureDeliveryRetentionSchedule(client: Client, taskQueue: string, every: string, retentionDays: number, scheduleId = DELIVERY_RETENTION_SCHEDULE_ID): Promise<void> {
  await ensureSchedule(client, scheduleId, every, 'deliveryLogRetention', taskQueue, [retentionDays]);
}
