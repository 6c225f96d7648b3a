import { ScheduleAlreadyRunning, type Client, type ScheduleSpec } from '@temporalio/client';
import { parseDuration } from '../clock.js';

export const KEY_EXPIRY_SCHEDULE_ID = 'api-key-expiry-scan';
export const DELIVERY_RETENTION_SCHEDULE_ID = 'webhook-delivery-retention';

/** Creates a Schedule that starts `workflowType` every `every`, or brings an existing one to it. */
async function ensureSchedule(client: Client, scheduleId: string, every: string | ScheduleSpec, workflowType: string, taskQueue: string, args: unknown[]): Promise<void> {
  const spec = typeof every === 'string' ? { intervals: [{ every: parseDuration(every) }] } : every;
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

/** The strategist report Schedules of a cell: daily at 03:00 UTC, weekly on Mondays at 04:00 UTC (reports up to yesterday). */
export const STRATEGIST_REPORT_SCHEDULES = { daily: '0 3 * * *', weekly: '0 4 * * 1' } as const;

export function strategistScheduleId(cell: string, type: keyof typeof STRATEGIST_REPORT_SCHEDULES): string {
  return `strategist-report-${type}-${cell}`;
}

/** Creates (or brings up to date) the daily and weekly strategist Schedules; each starts strategistReportScan. */
export async function ensureStrategistSchedules(client: Client, taskQueue: string, ids: Record<keyof typeof STRATEGIST_REPORT_SCHEDULES, string>): Promise<void> {
  for (const type of ['daily', 'weekly'] as const) {
    await ensureSchedule(client, ids[type], { cronExpressions: [STRATEGIST_REPORT_SCHEDULES[type]] }, 'strategistReportScan', taskQueue, [type]);
  }
}
