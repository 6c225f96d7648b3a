import { ScheduleAlreadyRunning, ScheduleNotFoundError, type Client, type ScheduleOptions, type ScheduleSpec } from '@temporalio/client';
import type { SweepKind, TenantSweepInput } from '../../workflows/tenant-sweep-contract.js';
import { RECONCILER_WORKFLOW_TYPE, type ReconcileInput } from '../../workflows/reconciler-contract.js';
import type { Cell, Config } from '../config.js';
import { parseDuration } from '../clock.js';
import { taskQueueFor, type WorkflowType } from './task-queues.js';

export const KEY_EXPIRY_SCHEDULE_ID = 'api-key-expiry-scan';
export const DELIVERY_RETENTION_SCHEDULE_ID = 'webhook-delivery-retention';
export const ANALYTICS_SNAPSHOT_SCHEDULE_ID = 'analytics-nightly-snapshot';
export const RECONCILER_SCHEDULE_ID = 'reconciler';

type SchedulePolicies = NonNullable<ScheduleOptions['policies']>;

/** What most Schedules run with: never two runs at once, a missed run caught up within the hour. */
const DEFAULT_POLICIES: SchedulePolicies = { overlap: 'SKIP', catchupWindow: '1 hour' };

/** Creates a Schedule that starts `workflowType` every `every`, or brings an existing one to it. */
async function ensureSchedule(client: Client, scheduleId: string, every: string, workflowType: WorkflowType, baseQueue: string, args: unknown[]): Promise<void> {
  await ensureScheduleOf(client, scheduleId, { intervals: [{ every: parseDuration(every) }] }, workflowType, baseQueue, args);
}

/**
 * Creates a Schedule with `spec` (intervals or calendars), or brings an existing one to it:
 * its action starts on the queue of the workflow's kind (an existing one is moved there).
 */
async function ensureScheduleOf(client: Client, scheduleId: string, spec: ScheduleSpec, workflowType: WorkflowType, baseQueue: string, args: unknown[], policies = DEFAULT_POLICIES): Promise<void> {
  const action = { type: 'startWorkflow' as const, workflowType, taskQueue: taskQueueFor(baseQueue, workflowType), args };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((prev) => ({ ...prev, spec, action }));
  }
}

/**
 * Creates the key-expiry Schedule, or brings an existing one to the configured interval: a
 * tenant sweep of the tenants with a key due for a notice, paged as configured, not spread
 * (the notices are due now).
 */
export async function ensureKeyExpirySchedule(client: Client, baseQueue: string, every: string, sweep: Config['tenantSweep'], scheduleId = KEY_EXPIRY_SCHEDULE_ID): Promise<void> {
  await ensureSchedule(client, scheduleId, every, 'tenantSweep', baseQueue, sweepArgs('key-expiry', { ...sweep, spreadMs: 0 }));
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

/** What a sweep Schedule starts: the tenant sweep of `kind`, paged, spread and bounded as configured. */
function sweepArgs(kind: SweepKind, sweep: Config['tenantSweep']): [TenantSweepInput] {
  return [{ kind, pageSize: sweep.pageSize, spreadMs: sweep.spreadMs }];
}

/** The cell's nightly analytics snapshot: a tenant sweep (workflows/tenant-sweep.ts), one child per tenant. */
export async function ensureAnalyticsSnapshotSchedule(client: Client, baseQueue: string, cell: Cell, sweep: Config['tenantSweep'], scheduleId = ANALYTICS_SNAPSHOT_SCHEDULE_ID): Promise<void> {
  const at = NIGHTLY_SNAPSHOT_AT[cell];
  await ensureScheduleOf(client, scheduleId, { calendars: [{ hour: at.hour, minute: at.minute, comment: `nightly analytics snapshot (${cell})` }] },
    'tenantSweep', baseQueue, sweepArgs('analytics', sweep));
}

/**
 * The strategist report Schedules of a cell: daily from 03:00 UTC, weekly on Mondays from
 * 04:00 UTC (reports up to yesterday), each tenant at its moment of the sweep's window.
 */
export const STRATEGIST_REPORT_SCHEDULES = { daily: '0 3 * * *', weekly: '0 4 * * 1' } as const;

export function strategistScheduleId(cell: string, type: keyof typeof STRATEGIST_REPORT_SCHEDULES): string {
  return `strategist-report-${type}-${cell}`;
}

export interface ScheduleIds { keyExpiry: string; retention: string; analytics: string; strategistDaily: string; strategistWeekly: string; reconciler: string }

/** The ids of the Schedules a worker makes, each after `prefix` (TEMPORAL_SCHEDULE_PREFIX). */
export function scheduleIdsOf(prefix: string, cell: Cell): ScheduleIds {
  return {
    keyExpiry: `${prefix}${KEY_EXPIRY_SCHEDULE_ID}`, retention: `${prefix}${DELIVERY_RETENTION_SCHEDULE_ID}`, analytics: `${prefix}${ANALYTICS_SNAPSHOT_SCHEDULE_ID}`,
    strategistDaily: `${prefix}${strategistScheduleId(cell, 'daily')}`, strategistWeekly: `${prefix}${strategistScheduleId(cell, 'weekly')}`,
    reconciler: `${prefix}${RECONCILER_SCHEDULE_ID}`,
  };
}

/**
 * Creates (or brings up to date) the cell's daily and weekly strategist Schedules; each starts
 * a tenant sweep that runs the report of every tenant whose plan has the strategist when the
 * sweep reaches it.
 */
export async function ensureStrategistSchedules(client: Client, baseQueue: string, sweep: Config['tenantSweep'], ids: Record<keyof typeof STRATEGIST_REPORT_SCHEDULES, string>): Promise<void> {
  for (const type of ['daily', 'weekly'] as const) {
    await ensureScheduleOf(client, ids[type], { cronExpressions: [STRATEGIST_REPORT_SCHEDULES[type]] }, 'tenantSweep', baseQueue, sweepArgs(`strategist-${type}`, sweep));
  }
}

/** The per-tenant strategist Schedules of before the tenant sweep (`strategist-report-<type>:<tenant>`). */
const TENANT_STRATEGIST_SCHEDULE = /^strategist-report-(daily|weekly):/;

/**
 * Deletes the per-tenant strategist Schedules earlier releases made (two per tenant, never
 * updated nor removed when a tenant lost the strategist): the sweep runs the reports now. One
 * pass over the namespace's Schedules, deleting as it goes; answers how many it deleted. Once
 * they are gone the pass lists only the cell's few Schedules.
 */
export async function retireTenantStrategistSchedules(client: Client, onDeleted: () => void = () => undefined): Promise<number> {
  const doomed: string[] = [];
  for await (const s of client.schedule.list({ pageSize: 1000 })) if (TENANT_STRATEGIST_SCHEDULE.test(s.scheduleId)) doomed.push(s.scheduleId);
  let deleted = 0;
  for (const id of doomed) {
    await client.schedule.getHandle(id).delete().then(() => { deleted += 1; onDeleted(); }, (err: unknown) => {
      if (!(err instanceof ScheduleNotFoundError)) throw err;
    });
  }
  return deleted;
}

/** One Schedule as data: what the setup step creates, or brings an existing one to. */
export interface ScheduleEntry {
  scheduleId: string;
  spec: ScheduleSpec;
  workflowType: WorkflowType;
  args: unknown[];
  policies: SchedulePolicies;
}

/**
 * The reconciler's Schedule (workflows/reconciler.ts), once per cluster: every RECONCILE_EVERY,
 * never two runs at once (SKIP), and a missed run is not caught up (the next covers the window
 * since the last finished run).
 */
export function reconcilerScheduleEntry(config: Pick<Config, 'reconciler'>, scheduleId = RECONCILER_SCHEDULE_ID): ScheduleEntry {
  const input: ReconcileInput = { pageSize: config.reconciler.pageSize };
  return {
    scheduleId, spec: { intervals: [{ every: parseDuration(config.reconciler.every) }] }, workflowType: RECONCILER_WORKFLOW_TYPE, args: [input],
    policies: { overlap: 'SKIP', catchupWindow: '1 minute' },
  };
}

/** Creates a Schedule as its entry says, or brings an existing one's spec and action to it. */
export async function ensureScheduleEntry(client: Client, baseQueue: string, entry: ScheduleEntry): Promise<void> {
  await ensureScheduleOf(client, entry.scheduleId, entry.spec, entry.workflowType, baseQueue, entry.args, entry.policies);
}
