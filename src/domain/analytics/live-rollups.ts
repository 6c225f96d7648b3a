import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';
import { customerTextRollups, insertRollupRows, type CustomerText } from './customer-text-rollups.js';
import { ADDITIVE_EVENT_ROLLUPS, SEARCH_TEXT, VISITOR_SETS } from './rollup-sql.js';
import { addDays } from './time-zone.js';

/**
 * Live rollups (decisions: "Analytics: live rollups of recent days"): the event rollups of a
 * live day (analytics_live_days) are added to by the statement that stores its events, so
 * reads of today are current without a rebuild. A day is live once a rebuild built it (the
 * nightly snapshot for the last LIVE_DAYS days, a read of today for today) or when its first
 * event arrives (nothing to add to yet); a day older than that window is left to the nightly
 * snapshot, as every day was before. Sums and counts add up; visitors are distinct, so each
 * (day, dimension, visitor) is inserted once into analytics_visitor_days and counted when
 * inserted. A retried or re-sent event is not stored again (the dedupe key) and so adds
 * nothing. Rebuilds take the tenant's rollup lock exclusively, ingestion shared: a rebuild
 * reads either before an event commits (and the event adds to the rebuilt rows) or after
 * (and counts it), never half.
 */

/** Days before today (tenant zone) that are kept live: the nightly snapshot's always-rebuilt days. */
export const LIVE_DAYS = 7;

/** The first live day of a tenant whose last full day is `completeThrough`. */
export const liveFrom = (completeThrough: string) => addDays(completeThrough, 1 - LIVE_DAYS);

/** The tenant's rollup lock: rebuilds exclusive, ingestion shared (both till their transaction ends). */
export async function lockRollups(tx: Em, tenantId: string, mode: 'shared' | 'exclusive'): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock${mode === 'shared' ? '_shared' : ''}(hashtext('analytics-rollups'), hashtext(?))`, [tenantId]);
}

/**
 * The CTEs that follow `e` (the rows just stored, with their day `d`) in the ingestion
 * statement: the live days among theirs (listing fresh ones), their new distinct visitors,
 * and their sums added to the rollups. Parameters, in order: tenant, now, zone, tenant,
 * tenant, tenant, tenant. Yields `rolled` (the days added to) and `p`.
 */
export const ADD_TO_LIVE_DAYS = `
  live as (
    select x.d from (select distinct d from e where d is not null) x
     where exists (select 1 from analytics_live_days l where l.tenant_id = ?::uuid and l.day = x.d)
        or (x.d >= (?::timestamptz at time zone ?::text)::date - ${LIVE_DAYS}
            and not exists (select 1 from analytics_ingest_counts c where c.tenant_id = ?::uuid and c.day = x.d and c.accepted > 0))
  ), marked as (
    insert into analytics_live_days (tenant_id, day) select ?::uuid, d from live order by d on conflict do nothing
  ), p as (
    select ?::uuid as tenant, array(select d from live) as days
  ), seen as (
    insert into analytics_visitor_days (tenant_id, day, dimension, visitor_id)
    select p.tenant, v.d, left(v.dimension, 1000), v.visitor_id from (${VISITOR_SETS}) v, p order by 2, 3, 4
    on conflict do nothing
    returning day, dimension
  ), r(day, metric, dimension, value) as (
    ${[...ADDITIVE_EVENT_ROLLUPS, `select day, 'visitors', dimension, count(*) from seen group by 1, 3`].join('\n    union all\n    ')}
  ), rolled as (
    insert into analytics_daily as a (tenant_id, day, metric, dimension, value)
    select ?::uuid, r.day, r.metric, left(r.dimension, 1000), r.value from r where r.value is not null order by 2, 3, 4
    on conflict (tenant_id, day, metric, dimension) do update set value = a.value + excluded.value
    returning day
  )`;

/** The columns the ingestion statement answers about the live days (parameters: now, zone, now, zone). */
export const LIVE_RESULT = `
  (select bool_or(day < (?::timestamptz at time zone ?::text)::date) from rolled) as past,
  (select bool_or(day >= (?::timestamptz at time zone ?::text)::date) from rolled) as current,
  (select coalesce(jsonb_agg(t), '[]') from (${SEARCH_TEXT}) t) as searches`;

export interface LiveResult { past: boolean | null; current: boolean | null; searches: CustomerText[] }

/**
 * After the statement: the searches of live days (redacted, as the snapshot counts them)
 * added to their rollups, and the tenant's rollup version moved if a day before today
 * changed, its live version if today (or later) did: a cached read never outlives them.
 * (A search also adds to its day's site_searches total, so `rolled` names its day.)
 */
export async function finishLiveRollups(tx: Em, cell: Cell, tenantId: string, result: LiveResult): Promise<void> {
  await insertRollupRows(tx, tenantId, await customerTextRollups(tx, cell, tenantId, result.searches), true);
  const past = result.past ? 1 : 0;
  const current = result.current ? 1 : 0;
  if (!past && !current) return;
  await tx.execute(
    `insert into analytics_rollup_versions as v (tenant_id, version, live_version) values (?, 1, ?)
     on conflict (tenant_id) do update set version = v.version + ?, live_version = v.live_version + ?`,
    [tenantId, current, past, current], 'run');
}
