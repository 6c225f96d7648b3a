import { ScheduleAlreadyRunning, type Client, type ScheduleSpec } from '@temporalio/client';
import { TENANT_ID } from '../../workflows/search-attributes.js';
import type { Cell } from '../config.js';
import { parseDuration } from '../clock.js';
import { taskQueueFor, type WorkflowType } from './task-queues.js';

export const KEY_EXPIRY_SCHEDULE_ID = 'api-key-expiry-scan';
export const DELIVERY_RETENTION_SCHEDULE_ID = 'webhook-delivery-retention';
export const ANALYTICS_SNAPSHOT_SCHEDULE_ID = 'analytics-nightly-snapshot';

/** Creates a Schedule that starts `workflowType` every `every`, or brings an existing one to it. */
async function ensureSchedule(client: Client, scheduleId: string, every: string, workflowType: WorkflowType, baseQueue: string, args: unknown[]): Promise<void> {
  await ensureScheduleOf(client, scheduleId, { intervals: [{ every: parseDuration(every) }] }, workflowType, baseQueue, args);
}

/**
 * Creates a Schedule with `spec` (intervals or calendars), or brings an existing one to it:
 * its action starts on the queue of the workflow's kind (an existing one is moved there).
 */
async function ensureScheduleOf(client: Client, scheduleId: string, spec: ScheduleSpec, workflowType: WorkflowType, baseQueue: string, args: unknown[]): Promise<void> {
  const action = { type: 'startWorkflow' as const, workflowType, taskQueue: taskQueueFor(baseQueue, workflowType), args };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: 'SKIP', catchupWindow: '1 hour' } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((prev) => ({ ...prev, spec, action }));
  }
}

/** Creates the key-expiry Schedule, or brings an existing one to the configured interval. */
export async function ensureKeyExpirySchedule(client: Client, baseQueue: string, every: string, scheduleId = KEY_EXPIRY_SCHEDULE_ID): Promise<void> {
  await ensureSchedule(client, scheduleId, every, 'apiKeyExpiryScan', baseQueue, []);
}

/** The delivery-log clean-up (spec 01: the log is kept 30 days), every `every`. */
export async function ensureDeliveryRetentionSchedule(client: Client, baseQueue: string, every: string, retentionDays: number, scheduleId = DELIVERY_RETENTION_SCHEDULE_ID): Promise<void> {
  await ensureSchedule(client, scheduleId, every, 'deliveryLogRetention', baseQueue, [retentionDays]);
}

/**
 * When each cell's nightly analytics snapshot starts (UTC): shortly after midnight in the
 * cell's default zone (03:30 Moscow, 02:30 London, 01:30 Jakarta), so yesterday is whole.
 */
export const NIGHTLY_SNAPSHOT_AT: Record<Cell, { hour: number; minute: number }> = {
  ru: { hour: 0, minute: 30 }, en: { hour: 2, minute: 30 }, id: { hour: 18, minute: 30 },
};

/** The cell's nightly analytics snapshot: one child workflow per tenant (workflows/analytics-snapshot.ts). */
export async function ensureAnalyticsSnapshotSchedule(client: Client, baseQueue: string, cell: Cell, scheduleId = ANALYTICS_SNAPSHOT_SCHEDULE_ID): Promise<void> {
  const at = NIGHTLY_SNAPSHOT_AT[cell];
  await ensureScheduleOf(client, scheduleId, { calendars: [{ hour: at.hour, minute: at.minute, comment: `nightly analytics snapshot (${cell})` }] },
    'analyticsNightlySnapshots', baseQueue, []);
}

/** The strategist report Schedules of a cell: daily at 03:00 UTC, weekly on Mondays at 04:00 UTC (reports up to yesterday). */
export const STRATEGIST_REPORT_SCHEDULES = { daily: '0 3 * * *', weekly: '0 4 * * 1' } as const;

export function strategistScheduleId(cell: string, type: keyof typeof STRATEGIST_REPORT_SCHEDULES): string {
  return `strategist-report-${type}-${cell}`;
}

/**
 * Creates (or brings up to date) the cell's daily and weekly strategist Schedules; each starts
 * strategistReportScan, which gives every tenant with the strategist its own Schedules.
 */
export async function ensureStrategistSchedules(client: Client, baseQueue: string, ids: Record<keyof typeof STRATEGIST_REPORT_SCHEDULES, string>): Promise<void> {
  for (const type of ['daily', 'weekly'] as const) {
    await ensureScheduleOf(client, ids[type], { cronExpressions: [STRATEGIST_REPORT_SCHEDULES[type]] }, 'strategistReportScan', baseQueue, [type]);
  }
}

/** One tenant's strategist Schedule of a type: visible, and found, by the tenant in the Temporal UI (`TenantId = "…"`). */
export function tenantStrategistScheduleId(tenantId: string, type: keyof typeof STRATEGIST_REPORT_SCHEDULES): string {
  return `strategist-report-${type}:${tenantId}`;
}

/**
 * Creates a tenant's Schedule of `type` when it has none: it starts strategistScheduledReport
 * for the tenant at the cell's time, the Schedule and its runs tagged TenantId. Answers
 * whether it was created (an existing one is left as it is: a tenant's Schedule may have been
 * paused by an operator). A new one is triggered at once, so the day's report is not skipped.
 * `batchQueue` is the queue the cell's scan runs on (workflowInfo().taskQueue): the batch queue,
 * the kind of strategistScheduledReport too (WORKFLOW_KINDS).
 */
export async function ensureTenantStrategistSchedule(client: Client, batchQueue: string, tenantId: string, type: keyof typeof STRATEGIST_REPORT_SCHEDULES): Promise<boolean> {
  const scheduleId = tenantStrategistScheduleId(tenantId, type);
  const tenant = [{ key: TENANT_ID, value: tenantId }];
  try {
    await client.schedule.create({
      scheduleId,
      spec: { cronExpressions: [STRATEGIST_REPORT_SCHEDULES[type]] },
      action: { type: 'startWorkflow', workflowType: 'strategistScheduledReport', workflowId: scheduleId, taskQueue: batchQueue, args: [tenantId, type], typedSearchAttributes: tenant },
      typedSearchAttributes: tenant,
      policies: { overlap: 'SKIP', catchupWindow: '1 hour' },
    });
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return false;
    throw err;
  }
  await client.schedule.getHandle(scheduleId).trigger();
  return true;
}
