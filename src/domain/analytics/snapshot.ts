import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';
import { CELL_CURRENCY } from '../wallet/money.js';
import { textArray } from '../pacing/claims.js';
import { INSERT_PLATFORM_ROLLUPS, INSERT_ROLLUPS, INSERT_VISITOR_SETS, PLATFORM_METRICS } from './rollup-sql.js';
import { liveFrom, lockRollups } from './live-rollups.js';
import { insertCustomerTextRollups } from './customer-text-rollups.js';
import { addDays, dayIn, daysBetween, tenantTimeZone } from './time-zone.js';

/**
 * The daily snapshot of one tenant (decisions: "Analytics: rollups and the snapshot"): the
 * days whose rows changed since the last run are rebuilt from the raw events and the
 * platform's own rows, up to the last full day in the tenant's zone.
 */

/** Rows that commit after the watermark may carry an earlier time: the next run looks this far back. */
const OVERLAP_MS = 60 * 60 * 1000;
/** Lead moves can take a figure off an older day (won -> lost): the last days are always rebuilt. */
const ALWAYS_REBUILT_DAYS = 7;
/**
 * A snapshot's statements may run longer than a request's (DB_STATEMENT_TIMEOUT_MS, 30 s): 14 days of
 * a tenant with 10 M events over 90 days are ~1.5 M raw rows, and a first plan reads every key of
 * the tenant. Each under its activity's start-to-close (15 minutes a rebuild, 2 minutes the plan).
 */
const REBUILD_STATEMENT_TIMEOUT = '10min';
const PLAN_STATEMENT_TIMEOUT = '100s';

export interface SnapshotPlan {
  tenantId: string;
  zone: string;
  /** The last full day in the tenant's zone: nothing later is built. */
  completeThrough: string;
  /** When this run started reading: the next run asks for changes since then. */
  watermark: string;
  /** Days to rebuild, ascending. */
  days: string[];
}

interface SnapshotRow { watermark: Date | string }

/** Every day from `from` to `to` inclusive. */
function dayRange(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return n < 0 ? [] : Array.from({ length: n + 1 }, (_, i) => addDays(from, i));
}

/** Local days of rows that changed since `since` (all rows when null), from every source the rollups read. */
async function touchedDays(em: Em, tenantId: string, zone: string, since: Date | null): Promise<string[]> {
  const s = since?.toISOString() ?? null;
  const rows = await em.execute<{ d: string }[]>(
    `with p as (select ?::uuid as tenant, ?::text as zone, ?::timestamptz as since)
     select distinct to_char(d, 'YYYY-MM-DD') as d from (
       select case when ev.type in ('ad_spend', 'search_performance') then (ev.properties->>'date')::date else (ev.occurred_at at time zone p.zone)::date end
         from analytics_event_keys k join analytics_events ev on ev.tenant_id = k.tenant_id and ev.occurred_at = k.occurred_at
              and ev.source = k.source and ev.external_id = k.external_id, p
        where k.tenant_id = p.tenant and (p.since is null or k.received_at >= p.since)
       union all
       select (c.created_at at time zone p.zone)::date from conversations c, p where c.tenant_id = p.tenant and (p.since is null or c.updated_at >= p.since)
       union all
       select (m.created_at at time zone p.zone)::date from messages m, p where m.tenant_id = p.tenant and (p.since is null or m.created_at >= p.since)
       union all
       select (t at time zone p.zone)::date from operations o, p, unnest(array[o.completed_at]) t
        where o.tenant_id = p.tenant and t is not null and (p.since is null or o.completed_at >= p.since)
       union all
       select (l.created_at at time zone p.zone)::date from wallet_ledger l, p where l.tenant_id = p.tenant and l.operation_id is not null and (p.since is null or l.created_at >= p.since)
       union all
       select (x.created_at at time zone p.zone)::date from outbox_events x, p
        where x.tenant_id = p.tenant and x.type = 'conversation.handoff_requested' and (p.since is null or x.created_at >= p.since)
       union all
       select (t at time zone p.zone)::date from leads l, p, unnest(array[l.created_at, l.qualified_at, l.won_at, l.lost_at]) t
        where l.tenant_id = p.tenant and t is not null and (p.since is null or l.updated_at >= p.since)
     ) changed(d) where d is not null`,
    [tenantId, zone, s],
  );
  return rows.map((r) => r.d);
}

/**
 * What a run rebuilds: with `from`, every day from it to the last full day; else the days
 * touched since the last run (all of them on a first run) and the last few days.
 */
export async function planSnapshot(em: Em, tenantId: string, cell: Cell, now: Date, from?: string): Promise<SnapshotPlan> {
  const zone = await tenantTimeZone(em, tenantId, cell);
  const completeThrough = addDays(dayIn(now, zone), -1);
  const [last] = await em.execute<SnapshotRow[]>('select watermark from analytics_snapshots where tenant_id = ?', [tenantId]);
  let days: string[];
  if (from) {
    days = dayRange(from, completeThrough);
  } else {
    const since = last ? new Date(new Date(last.watermark).getTime() - OVERLAP_MS) : null;
    // A first run reads every event key of the tenant (10 M at size): longer than a request may take.
    const touched = await em.transactional(async (tx) => {
      await tx.execute(`set local statement_timeout = '${PLAN_STATEMENT_TIMEOUT}'`, [], 'run');
      return touchedDays(tx, tenantId, zone, since);
    });
    const recent = last ? dayRange(addDays(completeThrough, 1 - ALWAYS_REBUILT_DAYS), completeThrough) : [];
    days = [...new Set([...touched, ...recent])].filter((d) => d <= completeThrough).sort();
  }
  return { tenantId, zone, completeThrough, watermark: now.toISOString(), days };
}

type RebuildPlan = Pick<SnapshotPlan, 'tenantId' | 'zone' | 'completeThrough'>;


/** The parameters of the rollup SQL (rollup-sql.ts) for these days, ascending. */
async function rollupParams(tx: Em, cell: Cell, plan: RebuildPlan, sorted: string[]): Promise<unknown[]> {
  const currency = CELL_CURRENCY[cell];
  const [rate] = await tx.execute<{ per_rub: string }[]>('select per_rub from fx_rates where currency = ?', [currency]);
  const [bounds] = await tx.execute<{ lo: string; hi: string }[]>(
    `select (?::date::timestamp at time zone ?) as lo, ((?::date + 1)::timestamp at time zone ?) as hi`,
    [sorted[0], plan.zone, sorted[sorted.length - 1], plan.zone],
  );
  return [plan.tenantId, plan.zone, bounds!.lo, bounds!.hi, textArray(sorted), currency, rate?.per_rub ?? '1'];
}

/**
 * Rebuilds the rollups of these days (one transaction: a read never sees a half-built day),
 * under the tenant's rollup lock (live-rollups.ts): no event commits while it reads. The days
 * from liveFrom on become live, their distinct visitors written for ingestion to add to.
 */
export async function rebuildDays(em: Em, cell: Cell, plan: RebuildPlan, days: string[]): Promise<number> {
  if (!days.length) return 0;
  const sorted = [...days].sort();
  return em.transactional(async (tx) => {
    await lockRollups(tx, plan.tenantId, 'exclusive');
    await tx.execute(`set local statement_timeout = '${REBUILD_STATEMENT_TIMEOUT}'`, [], 'run');
    const params = await rollupParams(tx, cell, plan, sorted);
    const dayList = textArray(sorted);
    await tx.execute('delete from analytics_daily where tenant_id = ? and day = any(?::date[])', [plan.tenantId, dayList]);
    const result = await tx.execute<{ affectedRows?: number }>(INSERT_ROLLUPS, params, 'run');
    const customerText = await insertCustomerTextRollups(tx, cell, plan.tenantId, params);
    await tx.execute('delete from analytics_visitor_days where tenant_id = ? and day = any(?::date[])', [plan.tenantId, dayList]);
    await tx.execute('delete from analytics_live_days where tenant_id = ? and day = any(?::date[])', [plan.tenantId, dayList]);
    const live = sorted.filter((d) => d >= liveFrom(plan.completeThrough));
    if (live.length) {
      const liveParams = [...params];
      liveParams[4] = textArray(live);
      await tx.execute(INSERT_VISITOR_SETS, liveParams, 'run');
      await tx.execute('insert into analytics_live_days (tenant_id, day) select ?, unnest(?::date[])', [plan.tenantId, textArray(live)], 'run');
    }
    await bumpRollupVersion(tx, plan.tenantId);
    return Number(result.affectedRows ?? 0) + customerText;
  });
}

/**
 * Rebuilds the rollups of the platform's own rows (PLATFORM_METRICS) of one day, whose event
 * rollups are live: what a read of today refreshes. No rollup lock: ingestion never writes these.
 */
export async function rebuildPlatformDay(em: Em, cell: Cell, plan: RebuildPlan, day: string): Promise<void> {
  await em.transactional(async (tx) => {
    const params = await rollupParams(tx, cell, plan, [day]);
    await tx.execute('delete from analytics_daily where tenant_id = ? and day = ? and metric = any(?::text[])', [plan.tenantId, day, textArray([...PLATFORM_METRICS])]);
    await tx.execute(INSERT_PLATFORM_ROLLUPS, params, 'run');
    await insertCustomerTextRollups(tx, cell, plan.tenantId, params, true);
    await tx.execute(
      `insert into analytics_rollup_versions (tenant_id, version, live_version) values (?, 1, 1)
       on conflict (tenant_id) do update set live_version = analytics_rollup_versions.live_version + 1`, [plan.tenantId], 'run');
  });
}

/** Is this day of the tenant live (its event rollups kept by ingestion)? */
export async function isLiveDay(em: Em, tenantId: string, day: string): Promise<boolean> {
  const rows = await em.execute('select 1 from analytics_live_days where tenant_id = ? and day = ?', [tenantId, day]);
  return rows.length > 0;
}

/** In the transaction that changed the rollups: a reader that sees this version sees those rows (the overview's cache is keyed by it). */
export async function bumpRollupVersion(tx: Em, tenantId: string): Promise<void> {
  await tx.execute(
    `insert into analytics_rollup_versions (tenant_id, version) values (?, 1)
     on conflict (tenant_id) do update set version = analytics_rollup_versions.version + 1`, [tenantId], 'run');
}

/**
 * Records the run: its watermark, the last full day, and per source the day up to which its
 * data is complete (`data_as_of`): the last full day for the sources the tenant has rows of,
 * and for dated sources (ads, search) the last day they were sent for. Days before the live
 * window stop being live (their distinct visitors are dropped).
 */
export async function finishSnapshot(em: Em, plan: SnapshotPlan, now: Date): Promise<void> {
  // Days that left the live window go back to the nightly rebuild: their distinct visitors are not kept.
  await em.execute('delete from analytics_visitor_days where tenant_id = ? and day < ?', [plan.tenantId, liveFrom(plan.completeThrough)], 'run');
  await em.execute('delete from analytics_live_days where tenant_id = ? and day < ?', [plan.tenantId, liveFrom(plan.completeThrough)], 'run');
  await em.execute(
    `insert into analytics_snapshots (tenant_id, watermark, complete_through, sources, updated_at)
     select ?::uuid, ?::timestamptz, ?::date, coalesce(jsonb_object_agg(source, to_char(as_of, 'YYYY-MM-DD')) filter (where as_of is not null), '{}'), ?::timestamptz
       from (
         select 'web' as source, case when exists (select 1 from analytics_daily where tenant_id = ?::uuid and metric = 'page_views') then ?::date end as as_of
         union all select 'conversations', case when exists (select 1 from conversations where tenant_id = ?::uuid) then ?::date end
         union all select 'leads', case when exists (select 1 from leads where tenant_id = ?::uuid) then ?::date end
         union all select 'ads', (select max(day) from analytics_daily where tenant_id = ?::uuid and metric = 'ad_spend' and day <= ?::date)
         union all select 'search', (select max(day) from analytics_daily where tenant_id = ?::uuid and metric = 'search_impressions' and day <= ?::date)
         union all select 'offline_conversions', case when exists (select 1 from analytics_daily where tenant_id = ?::uuid and metric = 'offline_conversions') then ?::date end
       ) s
     on conflict (tenant_id) do update set watermark = excluded.watermark, complete_through = excluded.complete_through,
       sources = excluded.sources, updated_at = excluded.updated_at`,
    [plan.tenantId, plan.watermark, plan.completeThrough, now.toISOString(),
      ...Array.from({ length: 6 }, () => [plan.tenantId, plan.completeThrough]).flat()],
    'run',
  );
}
