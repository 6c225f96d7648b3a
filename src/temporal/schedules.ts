import { ScheduleAlreadyRunning, type Client } from '@temporalio/client';
import { parseDuration } from '../clock.js';

export const KEY_EXPIRY_SCHEDULE_ID = 'api-key-expiry-scan';

/** Creates the key-expiry Schedule, or brings an existing one to the configured interval. */
export async function ensureKeyExpirySchedule(client: Client, taskQueue: string, every: string, scheduleId = KEY_EXPIRY_SCHEDULE_ID): Promise<void> {
  const spec = { intervals: [{ every: parseDuration(every) }] };
  const action = { type: 'startWorkflow' as const, workflowType: 'apiKeyExpiryScan', taskQueue, args: [] as [] };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: 'SKIP', catchupWindow: '1 hour' } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((prev) => ({ ...prev, spec, action }));
  }
}
