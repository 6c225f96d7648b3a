import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@temporalio/client';
import type { TestApi } from '../harness/app.js';
import { OperationsHarness } from '../harness/operations-harness.js';
import type { InProcessWorker } from '../harness/in-process-worker.js';
import { eventually } from '../harness/eventually.js';
import { runsOf as runsOfWorkflow, triggerSchedule } from '../harness/workflow-runs.js';
import { childStartsIn, childrenStartedIn, continuedWith, historiesOf, waitsAndStartsIn } from '../harness/workflow-history.js';
import { taskQueueFor } from '../../src/temporal/task-queues.js';
import { spreadOffsetMs, TENANT_SWEEP_WORKFLOW_TYPE } from '../../workflows/tenant-sweep-contract.js';
import { CELL_TIME_ZONE, addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import { clearOfMidnight } from '../harness/day-boundary.js';

/**
 * Scheduled work at 100,000 tenants (issue 30, item 7), shown at a small size: the cell's
 * Schedules walk the tenants two at a time over a window of a few seconds, as the production
 * setting walks them 200 at a time over four hours.
 */

const PAGE = 2;
const SPREAD_MS = 3000;

// A database of its own (the sweeps walk every tenant in it) and a task queue of its own.
let h: OperationsHarness;
let api: TestApi;
let sql: pg.Client;
let worker: InProcessWorker;
let client: Client;
beforeAll(async () => {
  h = await OperationsHarness.start({ freshDatabase: 'tenant_sweep', env: { TENANT_SWEEP_PAGE: String(PAGE), TENANT_SWEEP_SPREAD: `${SPREAD_MS}ms` } });
  ({ api, db: sql, client } = h);
  worker = h.worker!;
}, 120_000);
afterAll(() => h?.stop(), 60_000);

/**
 * Tenants with a row and its plan; busy ones (the default) have an analytics event received
 * now, so the sweeps have work for them. Idle ones (most of a platform's) have nothing else.
 */
async function tenants(n: number, features: string[] = [], ids: string[] = [], activity: 'busy' | 'idle' = 'busy'): Promise<string[]> {
  const made = [...ids, ...Array.from({ length: n - ids.length }, () => randomUUID())];
  for (const id of made) {
    await sql.query('insert into tenants (id, name, features) values ($1, $2, $3)', [id, `${activity} ${id.slice(0, 8)}`, features]);
    if (activity === 'busy') {
      await sql.query(`insert into analytics_event_keys (tenant_id, source, external_id, occurred_at, received_at) values ($1, 'web', 'pv-1', now(), now())`, [id]);
    }
  }
  return made;
}

const workflowIdsOf = (d: Awaited<ReturnType<ReturnType<Client['schedule']['getHandle']>['describe']>>) =>
  [...d.info.recentActions, ...d.info.runningActions.map((action) => ({ action }))].map((a) => a.action.workflow.workflowId);

/** Triggers a Schedule (the night comes) and answers the id of the workflow it started. */
async function trigger(scheduleId: string): Promise<{ workflowId: string; at: number }> {
  const handle = client.schedule.getHandle(scheduleId);
  const before = new Set(workflowIdsOf(await handle.describe()));
  const at = Date.now();
  await triggerSchedule(handle);
  const workflowId = await eventually(`the run of ${scheduleId}`, async () => workflowIdsOf(await handle.describe()).find((id) => !before.has(id)), 30_000);
  return { workflowId, at };
}

const runsOf = (workflowId: string) => runsOfWorkflow(client, workflowId);

/** The runs of a sweep once it ended: `expected` of them, as visibility shows them (what it shows by then, if fewer). */
async function sweepRuns(workflowId: string, expected: number): Promise<Awaited<ReturnType<typeof runsOf>>> {
  await client.workflow.getHandle(workflowId).result();
  return eventually('every run of the sweep in visibility', async () => {
    const r = await runsOf(workflowId);
    return r.length >= expected && r.every((x) => x.status !== 'RUNNING') ? r : undefined;
  }, 30_000).catch(async () => runsOf(workflowId));
}

/** The ids of every tenant run a sweep started, from the histories of its runs (the whole list once it ended). */
async function sweepChildren(workflowId: string): Promise<string[]> {
  return (await historiesOf(client, workflowId)).flatMap((run) => childrenStartedIn(run.events));
}

/** A tenant's nightly snapshot that completed, started at or after `since`: its start time. */
async function snapshotStartedSince(tenantId: string, since: number): Promise<number | undefined> {
  const d = await client.workflow.getHandle(`analytics-snapshot:${tenantId}`).describe().catch(() => undefined);
  return d?.status.name === 'COMPLETED' && d.startTime.getTime() >= since ? d.startTime.getTime() : undefined;
}

describe('the nightly analytics sweep', () => {
  let first: { ids: string[]; sweep: { workflowId: string; at: number }; runs: Awaited<ReturnType<typeof runsOf>> };

  beforeAll(async () => {
    const ids = await tenants(7);
    const sweep = await trigger(worker.scheduleIds.analytics);
    first = { ids, sweep, runs: await sweepRuns(sweep.workflowId, 4) };
  }, 120_000);

  it('pages the tenants two at a time, continuing as new after each page: no run of it holds more than one page', () => {
    // 7 tenants in pages of 2: four runs, the first three continued as new.
    expect(first.runs.map((r) => r.status).sort()).toEqual(['COMPLETED', 'CONTINUED_AS_NEW', 'CONTINUED_AS_NEW', 'CONTINUED_AS_NEW']);
    for (const run of first.runs) expect(run.events).toBeLessThan(80);
  });

  it("snapshots every tenant, each at its own moment of the window and not before", async () => {
    for (const id of first.ids) {
      const startedAt = await eventually(`the snapshot of ${id}`, () => snapshotStartedSince(id, first.sweep.at), 30_000);
      expect(startedAt).toBeGreaterThanOrEqual(first.sweep.at + spreadOffsetMs(id, SPREAD_MS) - 1000);
      expect(startedAt).toBeLessThan(first.sweep.at + SPREAD_MS + 30_000);
    }
    const offsets = first.ids.map((id) => spreadOffsetMs(id, SPREAD_MS));
    expect(Math.max(...offsets) - Math.min(...offsets)).toBeGreaterThan(0);
  });

  it("by the sweep's own clock (its history's workflow tasks) no tenant's snapshot starts before its moment of the window", async () => {
    const runs = await historiesOf(client, first.sweep.workflowId);
    // The first run's start, as it hands it on (the start of the window for every run).
    const startedAt = Date.parse((continuedWith(runs[0]!.events)![0] as { startedAt: string }).startedAt);
    const starts = runs.flatMap((run) => childStartsIn(run.events));
    expect(starts.map((s) => s.workflowId).sort()).toEqual(first.ids.map((id) => `analytics-snapshot:${id}`).sort());
    for (const { workflowId, atMs } of starts) {
      const due = startedAt + spreadOffsetMs(workflowId.replace('analytics-snapshot:', ''), SPREAD_MS);
      expect({ workflowId, early: atMs < due }).toEqual({ workflowId, early: false });
    }
  });

  it('no payload grows with the number of tenants: three times the tenants, the same largest event', async () => {
    await tenants(14);
    const runs = await sweepRuns((await trigger(worker.scheduleIds.analytics)).workflowId, 11);
    const largest = (rs: typeof runs) => Math.max(...rs.map((r) => r.largestEvent));
    // Counts carried across runs gain a digit; a list of tenant ids would gain 14 × 36 bytes.
    expect(largest(runs)).toBeLessThan(largest(first.runs) + 24);
    expect(runs).toHaveLength(11);
    for (const run of runs) expect(run.events).toBeLessThan(80);
  }, 120_000);

  it("a failing tenant holds up no other: the rest of the night's tenants are snapshotted while it fails", async () => {
    // Four tenants first in the walk (lowest ids) whose snapshot cannot be written: the database refuses it.
    const broken = await tenants(4, [], ['1', '2', '3', '4'].map((n) => `00000000-0000-4000-8000-00000000000${n}`));
    await sql.query(`create function refuse_broken_tenants() returns trigger language plpgsql as $$
      begin if new.tenant_id::text like '00000000-0000-4000-8000-%' then raise exception 'tenant % is broken', new.tenant_id; end if; return new; end $$`);
    await sql.query('create trigger refuse_broken_tenants before insert or update on analytics_snapshots for each row execute function refuse_broken_tenants()');
    try {
      const healthy = (await sql.query<{ id: string }>(`select id from tenants where id::text not like '00000000-0000-4000-8000-%'`)).rows.map((r) => r.id);
      expect(healthy).toHaveLength(21);
      const sweep = await trigger(worker.scheduleIds.analytics);
      for (const id of healthy) await eventually(`the snapshot of healthy tenant ${id}`, () => snapshotStartedSince(id, sweep.at), 60_000);
      // The sweep went on past them: it ends while they still fail, having started each.
      const totals = await client.workflow.getHandle(sweep.workflowId).result() as Record<string, number>;
      expect(totals).toEqual({ tenants: 25, started: 25, skipped: 0, pages: 13 });
      for (const id of broken) {
        const d = await client.workflow.getHandle(`analytics-snapshot:${id}`).describe();
        expect(d.status.name).toBe('RUNNING');
        // An operator ends a broken tenant's snapshot; nothing else is touched.
        await client.workflow.getHandle(`analytics-snapshot:${id}`).terminate('broken tenant (test)');
      }
    } finally {
      await sql.query('drop trigger refuse_broken_tenants on analytics_snapshots');
      await sql.query('drop function refuse_broken_tenants');
    }
  }, 180_000);
});

describe('the strategist sweep follows the plan', () => {
  const reportRuns = async (tenantId: string, status = '') => {
    const runs = [];
    const query = `TenantId = "${tenantId}" AND WorkflowType = "strategistReport"${status ? ` AND ExecutionStatus = "${status}"` : ''}`;
    for await (const w of client.workflow.list({ query })) runs.push(w);
    return runs.length;
  };
  const schedulesOf = async (tenantId: string) => {
    const found = [];
    for await (const s of client.schedule.list({ query: `TenantId = "${tenantId}"` })) found.push(s.scheduleId);
    return found;
  };

  /** The night at 03:00: every Schedule that fires then fires (the cell's and any of the tenant's own), and the cell's run ends; its workflow id. */
  async function night(tenantId: string): Promise<string> {
    const sweep = await trigger(worker.scheduleIds.strategistDaily);
    await client.workflow.getHandle(sweep.workflowId).result();
    for (const id of await schedulesOf(tenantId)) await client.schedule.getHandle(id).trigger();
    return sweep.workflowId;
  }

  it('a tenant without the strategist gets no report run and keeps nothing that would start one; given it again, it gets them again', async () => {
    const [tenantId] = await tenants(1, ['strategist']);
    await night(tenantId!);
    await eventually('the first report run, ended', async () => (await reportRuns(tenantId!, 'Completed')) >= 1 || undefined, 60_000);
    const ran = await reportRuns(tenantId!);

    await sql.query(`update tenants set features = '{}' where id = $1`, [tenantId]);
    // The night's sweep, ended, started no run for the tenant (its histories hold every child it
    // started), and no Schedule of the tenant's own is left to start one.
    const started = await sweepChildren(await night(tenantId!));
    expect(started.filter((id) => id.includes(tenantId!))).toEqual([]);
    expect(await schedulesOf(tenantId!)).toEqual([]);

    await sql.query(`update tenants set features = '{strategist}' where id = $1`, [tenantId]);
    await night(tenantId!);
    await eventually('a report run again', async () => (await reportRuns(tenantId!)) > ran || undefined, 60_000);
  }, 240_000);
});

describe('idle tenants cost a sweep no workflow', () => {
  const startedRuns = async (query: string) => {
    let n = 0;
    for await (const w of client.workflow.list({ query })) if (w) n += 1;
    return n;
  };

  it('the nightly sweep starts a snapshot for a busy tenant only; an idle one\'s snapshot moves on to yesterday in bulk, its data_as_of as a run would write it', async () => {
    // The sweep computes yesterday in workflow time, the test again below: one calendar day for both.
    await clearOfMidnight(CELL_TIME_ZONE[api.services.config.cell]);
    const [busy] = await tenants(1);
    const [fresh] = await tenants(1, [], [], 'idle');
    // Idle for a month: traffic 30 days ago, rolled up then; its snapshot of 20 days ago.
    const [quiet] = await tenants(1, [], [], 'idle');
    await sql.query(`insert into analytics_event_keys (tenant_id, source, external_id, occurred_at, received_at) values ($1, 'web', 'pv-old', now() - interval '30 days', now() - interval '30 days')`, [quiet]);
    await sql.query(`insert into analytics_daily (tenant_id, day, metric, value) values ($1, (now() - interval '30 days')::date, 'page_views', 3)`, [quiet]);
    await sql.query(`insert into analytics_snapshots (tenant_id, watermark, complete_through, sources, updated_at)
      values ($1, now() - interval '20 days', (now() - interval '21 days')::date, jsonb_build_object('web', to_char((now() - interval '21 days')::date, 'YYYY-MM-DD')), now() - interval '20 days')`, [quiet]);

    const sweep = await trigger(worker.scheduleIds.analytics);
    await client.workflow.getHandle(sweep.workflowId).result();
    await eventually(`the snapshot of busy tenant ${busy}`, () => snapshotStartedSince(busy!, sweep.at), 60_000);
    // The sweep, ended, started the busy tenant's snapshot and none for the idle ones.
    const started = await sweepChildren(sweep.workflowId);
    expect([busy, fresh, quiet].map((id) => started.includes(`analytics-snapshot:${id}`))).toEqual([true, false, false]);

    const yesterday = addDays(dayIn(new Date(), CELL_TIME_ZONE[api.services.config.cell]), -1);
    const snapshot = async (id: string) => (await sql.query<{ complete_through: string; sources: Record<string, string>; version: string | null }>(
      `select to_char(s.complete_through, 'YYYY-MM-DD') as complete_through, s.sources, v.version::text as version
         from analytics_snapshots s left join analytics_rollup_versions v using (tenant_id) where s.tenant_id = $1`, [id])).rows[0];
    expect(await snapshot(fresh!)).toEqual({ complete_through: yesterday, sources: {}, version: null });
    // The web figures are complete through yesterday (no traffic since: zero, as the rollups read a day without rows); nothing was rebuilt.
    expect(await snapshot(quiet!)).toEqual({ complete_through: yesterday, sources: { web: yesterday }, version: null });
  }, 480_000); // clearOfMidnight may first wait up to 5 minutes

  it('the strategist sweep starts a report for a tenant with the feature and data, none for one with the feature and nothing', async () => {
    const [busy] = await tenants(1, ['strategist']);
    const [idle] = await tenants(1, ['strategist'], [], 'idle');
    const sweep = await trigger(worker.scheduleIds.strategistDaily);
    await client.workflow.getHandle(sweep.workflowId).result();
    await eventually('the busy tenant\'s report run', async () => (await startedRuns(`TenantId = "${busy}" AND WorkflowType = "strategistReport"`)) || undefined, 60_000);
    // The sweep, ended, started the busy tenant's report and none for the idle one.
    const started = await sweepChildren(sweep.workflowId);
    expect([busy, idle].map((id) => started.some((child) => child.includes(id!)))).toEqual([true, false]);
  }, 180_000);
});

describe("the sweep's spread", () => {
  it('waits for each tenant not yet due with a timer to the very millisecond of its moment, and starts it then, by its own clock', async () => {
    const SPREAD = 8_000;
    // A tenant whose id's leading bits put it at 15/16 of the window (7.5 s): later than any page takes.
    const [late] = await tenants(1, [], [`f0000000-${randomUUID().slice(9)}`]);
    const startedAt = new Date().toISOString();
    const workflowId = `tenant-sweep-spread-test:${randomUUID()}`;
    const handle = await client.workflow.start(TENANT_SWEEP_WORKFLOW_TYPE, {
      workflowId, taskQueue: taskQueueFor(h.taskQueue, TENANT_SWEEP_WORKFLOW_TYPE), args: [{ kind: 'analytics', pageSize: 1000, spreadMs: SPREAD, startedAt }],
    });
    await handle.result();
    const [run, ...more] = await historiesOf(client, workflowId);
    expect(more).toHaveLength(0);
    const dueOf = (childId: string) => Date.parse(startedAt) + spreadOffsetMs(childId.replace('analytics-snapshot:', ''), SPREAD);
    // Each timer ends at the moment of the tenant started next (the sweep's clock is its task's time).
    const waits: { target: number; due: number }[] = [];
    let target: number | undefined;
    for (const step of waitsAndStartsIn(run!.events)) {
      if ('timerEndsAt' in step) target = step.timerEndsAt;
      else if (target !== undefined) {
        waits.push({ target, due: dueOf(step.child) });
        target = undefined;
      }
    }
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect({ ...w, off: Math.abs(w.target - w.due) <= 1 }).toEqual({ ...w, off: true });
    // And no tenant started before its moment, the late one among them.
    const starts = childStartsIn(run!.events);
    expect(starts.map((s) => s.workflowId)).toContain(`analytics-snapshot:${late}`);
    for (const { workflowId: child, atMs } of starts) expect({ child, early: atMs < dueOf(child) }).toEqual({ child, early: false });
  }, 60_000);
});
