import { ScheduleAlreadyRunning, ScheduleNotFoundError, type CalendarSpec, type Client, type ScheduleDescription, type ScheduleOverlapPolicy } from '@temporalio/client';
// The SDK's own calendar coders: a wanted calendar is compared in the shape describe() answers.
import { decodeOptionalStructuredCalendarSpecs, encodeOptionalStructuredCalendarSpecs } from '@temporalio/client/lib/schedule-helpers.js';
import { decodeMapFromPayloads } from '@temporalio/common/lib/internal-non-workflow/codec-helpers.js';
import type { temporal } from '@temporalio/proto';
import type { SweepKind, TenantSweepInput } from '../../workflows/tenant-sweep-contract.js';
import { RECONCILER_WORKFLOW_TYPE, type ReconcileInput } from '../../workflows/reconciler-contract.js';
import type { Cell, Config } from '../config.js';
import { parseDuration } from '../clock.js';
import { taskQueueFor, type WorkflowType } from './task-queues.js';
import { UnreadablePayload, sealingKeyIdsIn, type SealingCodec } from './payload-codec.js';

export const KEY_EXPIRY_SCHEDULE_ID = 'api-key-expiry-scan';
export const DELIVERY_RETENTION_SCHEDULE_ID = 'webhook-delivery-retention';
export const ANALYTICS_SNAPSHOT_SCHEDULE_ID = 'analytics-nightly-snapshot';
export const RECONCILER_SCHEDULE_ID = 'reconciler';

/**
 * When each cell's nightly analytics snapshot starts (UTC): shortly after midnight in the
 * cell's default zone (03:30 Moscow, 02:30 London, 01:30 Jakarta), so yesterday is whole.
 */
export const NIGHTLY_SNAPSHOT_AT: Record<Cell, { hour: number; minute: number }> = {
  ru: { hour: 0, minute: 30 }, en: { hour: 2, minute: 30 }, id: { hour: 18, minute: 30 },
};

/**
 * When the strategist report sweeps start (UTC): daily at 03:00, weekly on Mondays at 04:00
 * (reports up to yesterday), each tenant at its moment of the sweep's window.
 */
export const STRATEGIST_REPORTS_AT = {
  daily: { hour: 3, minute: 0 }, weekly: { dayOfWeek: 'MONDAY', hour: 4, minute: 0 },
} as const satisfies Record<string, CalendarSpec>;

export function strategistScheduleId(cell: string, type: keyof typeof STRATEGIST_REPORTS_AT): string {
  return `strategist-report-${type}-${cell}`;
}

/** What a sweep Schedule starts: the tenant sweep of `kind`, paged, spread and bounded as configured. */
function sweepArgs(kind: SweepKind, sweep: Config['tenantSweep']): [TenantSweepInput] {
  return [{ kind, pageSize: sweep.pageSize, spreadMs: sweep.spreadMs }];
}

/**
 * When a Schedule fires: intervals or calendars only, the two that describe() answers as they
 * were written (the server compiles a cron expression into calendars).
 */
export interface WantedSpec { intervals?: { every: number }[]; calendars?: CalendarSpec[] }

const every = (duration: string): WantedSpec => ({ intervals: [{ every: parseDuration(duration) }] });

/** The policies of every Schedule unless its entry says otherwise: one run at a time; an hour's outage still fires once. */
const DEFAULT_POLICIES = { overlap: 'SKIP', catchupWindowMs: 3600_000 } as const satisfies SchedulePolicies;

export interface SchedulePolicies { overlap: ScheduleOverlapPolicy; catchupWindowMs: number }

/** One entry of the release's list: its id after the prefix, when it fires, what it starts (on its kind's queue). */
interface ScheduleEntry { id: string; spec: WantedSpec; workflowType: WorkflowType; args: unknown[]; policies?: SchedulePolicies }

/**
 * The reconciler's Schedule (workflows/reconciler.ts), once per cluster: every RECONCILE_EVERY,
 * never two runs at once (SKIP), and a missed run is not caught up (the next covers the window
 * since the last finished run).
 */
export function reconcilerScheduleEntry(config: Pick<Config, 'reconciler'>): ScheduleEntry {
  const input: ReconcileInput = { pageSize: config.reconciler.pageSize };
  return {
    id: RECONCILER_SCHEDULE_ID, spec: every(config.reconciler.every), workflowType: RECONCILER_WORKFLOW_TYPE, args: [input],
    policies: { overlap: 'SKIP', catchupWindowMs: 60_000 },
  };
}

/**
 * The Schedules this release wants, by name, from the configuration: adding one is one entry
 * here (its name then appears in ScheduleIds, which tests use).
 */
function releaseSchedules(config: Config) {
  const { cell, tenantSweep: sweep } = config;
  const strategist = (type: keyof typeof STRATEGIST_REPORTS_AT): ScheduleEntry => ({
    id: strategistScheduleId(cell, type), spec: { calendars: [{ ...STRATEGIST_REPORTS_AT[type], comment: `${type} strategist reports (${cell})` }] },
    workflowType: 'tenantSweep', args: sweepArgs(`strategist-${type}`, sweep),
  });
  return {
    // The tenants with a key due for a notice, paged, not spread (the notices are due now).
    keyExpiry: { id: KEY_EXPIRY_SCHEDULE_ID, spec: every(config.keyExpiryScanEvery), workflowType: 'tenantSweep', args: sweepArgs('key-expiry', { ...sweep, spreadMs: 0 }) },
    // The delivery-log clean-up (spec 01: the log is kept 30 days).
    retention: { id: DELIVERY_RETENTION_SCHEDULE_ID, spec: every(config.webhooks.cleanupEvery), workflowType: 'deliveryLogRetention', args: [config.webhooks.retentionDays] },
    // The cell's nightly analytics snapshot: one child per tenant.
    analytics: {
      id: ANALYTICS_SNAPSHOT_SCHEDULE_ID, spec: { calendars: [{ ...NIGHTLY_SNAPSHOT_AT[cell], comment: `nightly analytics snapshot (${cell})` }] },
      workflowType: 'tenantSweep', args: sweepArgs('analytics', sweep),
    },
    // Each runs the report of every tenant whose plan has the strategist when the sweep reaches it.
    strategistDaily: strategist('daily'),
    strategistWeekly: strategist('weekly'),
    // Rows whose workflow closed or vanished without settling them (docs/operating.md, "What the reconciler reports").
    reconciler: reconcilerScheduleEntry(config),
  } satisfies Record<string, ScheduleEntry>;
}

export type ScheduleIds = Record<keyof ReturnType<typeof releaseSchedules>, string>;

/** A Schedule as this release wants it, whole: what the setup compares an existing one with and writes. */
export interface WantedSchedule {
  id: string;
  spec: WantedSpec;
  action: { type: 'startWorkflow'; workflowType: WorkflowType; workflowId: string; taskQueue: string; args: unknown[] };
  policies: SchedulePolicies;
  paused: boolean;
}

/**
 * Whose a Schedule is, in its memo (set when the setup creates it; a memo is never updated): the
 * setup deletes only Schedules that name it with this deployment's prefix and cell, or the
 * per-tenant ones of earlier releases. Another deployment's, or one made by hand, is left alone.
 */
export type ScheduleOwner = { managedBy: 'bin/ctl temporal setup'; prefix: string; cell: Cell };

export const scheduleOwnerMemo = (config: Pick<Config, 'temporal' | 'cell'>): ScheduleOwner =>
  ({ managedBy: 'bin/ctl temporal setup', prefix: config.temporal.schedulePrefix, cell: config.cell });

/** The setup's whole task for the Schedules, computed from the configuration alone. */
export interface SchedulePlan { owner: ScheduleOwner; wanted: WantedSchedule[] }

export function schedulePlan(config: Config): SchedulePlan {
  const { schedulePrefix: prefix, taskQueue: baseQueue, schedulesPaused: paused } = config.temporal;
  const wanted = Object.values(releaseSchedules(config)).map((e: ScheduleEntry): WantedSchedule => {
    const id = `${prefix}${e.id}`;
    return {
      id, spec: e.spec, paused, policies: e.policies ?? DEFAULT_POLICIES,
      // The SDK's default workflow id, written out: the action compares whole.
      action: { type: 'startWorkflow', workflowType: e.workflowType, workflowId: `${id}-workflow`, taskQueue: taskQueueFor(baseQueue, e.workflowType), args: e.args },
    };
  });
  return { owner: scheduleOwnerMemo(config), wanted };
}

/** The ids of the release's Schedules, each after the prefix (TEMPORAL_SCHEDULE_PREFIX). */
export function scheduleIdsOf(config: Config): ScheduleIds {
  const prefix = config.temporal.schedulePrefix;
  return Object.fromEntries(Object.entries(releaseSchedules(config)).map(([name, e]) => [name, `${prefix}${e.id}`])) as ScheduleIds;
}

/** What the setup did to one Schedule; `differed`: the parts an update changed. */
export interface ScheduleChange { id: string; change: 'created' | 'updated' | 'deleted' | 'unchanged'; differed?: string[] }

/** The parts of a Schedule the setup owns, in one comparable shape, from the wanted one or a description. */
interface ScheduleView { spec: unknown; action: unknown; policies: unknown; state: unknown }

function viewOfWanted(w: WantedSchedule): ScheduleView {
  return {
    spec: {
      intervals: (w.spec.intervals ?? []).map((i) => ({ every: i.every, offset: 0 })),
      calendars: decodeOptionalStructuredCalendarSpecs(encodeOptionalStructuredCalendarSpecs(w.spec.calendars ?? [])),
      skip: [], startAt: null, endAt: null, jitter: 0, timezone: '',
    },
    action: { workflowType: w.action.workflowType, workflowId: w.action.workflowId, taskQueue: w.action.taskQueue, args: w.action.args },
    policies: { overlap: w.policies.overlap, catchupWindow: w.policies.catchupWindowMs, pauseOnFailure: false },
    state: { paused: w.paused, remainingActions: null },
  };
}

function viewOfDescription(d: ScheduleDescription): ScheduleView {
  const a = d.action;
  return {
    spec: {
      intervals: (d.spec.intervals ?? []).map((i) => ({ every: i.every, offset: i.offset ?? 0 })),
      calendars: d.spec.calendars ?? [], skip: d.spec.skip ?? [],
      startAt: d.spec.startAt?.toISOString() ?? null, endAt: d.spec.endAt?.toISOString() ?? null, jitter: d.spec.jitter ?? 0, timezone: d.spec.timezone ?? '',
    },
    action: a.type === 'startWorkflow' ? { workflowType: a.workflowType, workflowId: a.workflowId, taskQueue: a.taskQueue, args: a.args } : a,
    policies: { overlap: d.policies.overlap, catchupWindow: d.policies.catchupWindow, pauseOnFailure: d.policies.pauseOnFailure },
    state: { paused: d.state.paused, remainingActions: d.state.remainingActions ?? null },
  };
}

/** JSON with object keys sorted: two views compare by value. */
const canonical = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v);

function differences(wanted: WantedSchedule, existing: ScheduleDescription): string[] {
  const a = viewOfWanted(wanted);
  const b = viewOfDescription(existing);
  return (Object.keys(a) as (keyof ScheduleView)[]).filter((k) => canonical(a[k]) !== canonical(b[k]));
}

const stateOf = (w: WantedSchedule) => ({ paused: w.paused, note: w.paused ? 'paused by TEMPORAL_SCHEDULES_PAUSED' : undefined });

function optionsOf(w: WantedSchedule) {
  return {
    spec: w.spec, action: w.action, state: stateOf(w),
    policies: { overlap: w.policies.overlap, catchupWindow: w.policies.catchupWindowMs },
  };
}

/** True when a payload of the Schedule (memo, the action's arguments) is sealed with a key other than the client's newest. */
function sealedWithAnOlderKey(client: Client, raw: unknown): boolean {
  const newest = client.options.loadedDataConverter.payloadCodecs.map((c) => (c as Partial<SealingCodec>).newestKeyId).find(Boolean);
  return newest !== undefined && [...sealingKeyIdsIn(raw)].some((id) => id !== newest);
}

const isOwner = (memo: Record<string, unknown> | undefined, owner: ScheduleOwner): boolean =>
  memo?.managedBy === owner.managedBy && memo.prefix === owner.prefix && memo.cell === owner.cell;

/** The per-tenant strategist Schedules of before the tenant sweep (`strategist-report-<type>:<tenant>`), made before Schedules had an owner. */
const TENANT_STRATEGIST_SCHEDULE = /^strategist-report-(daily|weekly):/;

/** Brings one wanted Schedule to what the release wants: created, updated (spec, action, policies and state at once) or left. */
async function reconcileOne(client: Client, w: WantedSchedule, owner: ScheduleOwner): Promise<ScheduleChange> {
  const handle = client.schedule.getHandle(w.id);
  const existing = await handle.describe().catch((err: unknown) => {
    if (err instanceof ScheduleNotFoundError) return undefined;
    if (err instanceof UnreadablePayload) return 'unreadable' as const;
    throw err;
  });
  if (existing === 'unreadable') {
    // Of this deployment's prefix but sealed with a key it no longer holds (its .env was lost, or a
    // key retired too early): a Schedule is configuration alone, so it is made again under the newest.
    await handle.delete();
    await client.schedule.create({ scheduleId: w.id, ...optionsOf(w), memo: { ...owner } });
    return { id: w.id, change: 'updated', differed: ['payload key (unreadable)'] };
  }
  if (existing && existing.memo?.managedBy === undefined) {
    // Made before Schedules had an owner (by a worker's start): a memo is set at creation only.
    await handle.delete();
  } else if (existing && !isOwner(existing.memo, owner)) {
    throw new Error(`Schedule ${w.id} is another deployment's (${JSON.stringify(existing.memo)}): give this one a TEMPORAL_SCHEDULE_PREFIX of its own`);
  } else if (existing && sealedWithAnOlderKey(client, existing.raw)) {
    // Its memo and arguments were sealed with a key that is not the newest (docs/operating.md,
    // "Rotating the payload key"): made again, under the newest, so the old key can be retired.
    await handle.delete();
    await client.schedule.create({ scheduleId: w.id, ...optionsOf(w), memo: { ...owner } });
    return { id: w.id, change: 'updated', differed: ['payload key'] };
  } else if (existing) {
    const differed = differences(w, existing);
    if (!differed.length) return { id: w.id, change: 'unchanged' };
    await handle.update(() => optionsOf(w));
    return { id: w.id, change: 'updated', differed };
  }
  try {
    await client.schedule.create({ scheduleId: w.id, ...optionsOf(w), memo: { ...owner } });
  } catch (err) {
    // Another setup of the same deploy created it a moment ago: compare with that one.
    if (err instanceof ScheduleAlreadyRunning) return reconcileOne(client, w, owner);
    throw err;
  }
  return existing ? { id: w.id, change: 'updated', differed: ['owner'] } : { id: w.id, change: 'created' };
}

/**
 * The namespace's Schedules with their memos, each opened on its own: a memo sealed with a key
 * this deployment does not hold (another deployment's Schedule in the same namespace) reads as no
 * memo, so it is never ours, where the SDK's list() would fail the whole page on it.
 */
async function* listedSchedules(client: Client): AsyncGenerator<{ id: string; memo: Record<string, unknown> | undefined }> {
  let nextPageToken: Uint8Array | undefined;
  do {
    const page = await client.workflowService.listSchedules({ namespace: client.options.namespace, maximumPageSize: 1000, nextPageToken });
    for (const s of page.schedules ?? []) yield { id: s.scheduleId ?? '', memo: await openedMemo(client, s.memo?.fields) };
    nextPageToken = page.nextPageToken?.length ? page.nextPageToken : undefined;
  } while (nextPageToken);
}

async function openedMemo(client: Client, fields: Record<string, temporal.api.common.v1.IPayload> | null | undefined): Promise<Record<string, unknown> | undefined> {
  try {
    return await decodeMapFromPayloads(client.options.loadedDataConverter, fields as Record<string, temporal.api.common.v1.IPayload> | undefined);
  } catch {
    return undefined;
  }
}

/**
 * The setup's declarative pass over the Schedules (docs/operating.md, "The setup step of a deploy: the Schedules"):
 * creates the wanted ones that are missing, updates those whose spec, action, policies or state
 * differ, and deletes this deployment's own (by owner) that the release no longer wants. A
 * re-run with nothing changed writes nothing. Answers what it did to each.
 */
export async function reconcileSchedules(client: Client, plan: SchedulePlan): Promise<ScheduleChange[]> {
  const changes: ScheduleChange[] = [];
  for (const w of plan.wanted) changes.push(await reconcileOne(client, w, plan.owner));
  const wanted = new Set(plan.wanted.map((w) => w.id));
  const doomed: string[] = [];
  // Listing is visibility (eventually consistent): one created a moment ago may show next time.
  for await (const s of listedSchedules(client)) {
    if (!wanted.has(s.id) && (isOwner(s.memo, plan.owner) || TENANT_STRATEGIST_SCHEDULE.test(s.id))) doomed.push(s.id);
  }
  for (const id of doomed) {
    const gone = await client.schedule.getHandle(id).delete().then(() => true, (err: unknown) => {
      if (err instanceof ScheduleNotFoundError) return false;
      throw err;
    });
    if (gone) changes.push({ id, change: 'deleted' });
  }
  return changes;
}
