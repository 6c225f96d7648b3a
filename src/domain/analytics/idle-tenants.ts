import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';
import { CELL_TIME_ZONE } from './time-zone.js';

/**
 * Which tenants the nightly snapshot has work for (docs/decisions.md, "Idle tenants cost a sweep
 * no workflow"). A tenant is busy when a row of any source the rollups read changed since
 * `since`, or when it has an event dated after its last full day (sent ahead of time). Busy
 * tenants get their snapshot workflow; every other one has nothing to rebuild, and its
 * snapshot row is moved on to the new last full day in bulk, by one statement per chunk.
 */

/** The days a snapshot run always rebuilds (ALWAYS_REBUILT_DAYS, snapshot.ts) and one more: a tenant with a change in them is busy. */
const RECENT = "interval '8 days'";
/** Rows that commit after the watermark may carry an earlier time (OVERLAP_MS, snapshot.ts). */
const OVERLAP = "interval '1 hour'";
/** Tenants the idle statement moves on at once. */
const IDLE_CHUNK = 5000;

/**
 * SQL: true when tenant `t` (a tenants row) with snapshot `s` (its analytics_snapshots row,
 * perhaps null) has anything the snapshot would rebuild, given `p.now`. No snapshot yet: any
 * row at all. Each probe is an index range on (tenant_id, time).
 */
const BUSY = (t: string, s: string) => {
  const since = `(case when ${s}.tenant_id is null then '-infinity'::timestamptz else least(${s}.watermark - ${OVERLAP}, p.now - ${RECENT}) end)`;
  return `(exists (select 1 from analytics_event_keys k where k.tenant_id = ${t}.id and k.received_at >= ${since})
    or exists (select 1 from analytics_event_keys k where k.tenant_id = ${t}.id and k.occurred_at >= (${s}.complete_through::timestamp at time zone 'UTC') - interval '1 day')
    or exists (select 1 from conversations c where c.tenant_id = ${t}.id and c.updated_at >= ${since})
    or exists (select 1 from messages m where m.tenant_id = ${t}.id and m.created_at >= ${since})
    or exists (select 1 from operations o where o.tenant_id = ${t}.id and o.completed_at >= ${since})
    or exists (select 1 from wallet_ledger w where w.tenant_id = ${t}.id and w.created_at >= ${since} and w.operation_id is not null)
    or exists (select 1 from outbox_events x where x.tenant_id = ${t}.id and x.created_at >= ${since} and x.type = 'conversation.handoff_requested')
    or exists (select 1 from leads l where l.tenant_id = ${t}.id and l.updated_at >= ${since}))`;
};

/** Active tenants with something to snapshot, by id after `after`, at most `limit`: a page of the nightly sweep. */
export async function tenantsToSnapshot(em: Em, now: Date, after: string | null, limit: number): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `with p as (select ?::timestamptz as now)
     select t.id from p cross join tenants t left join analytics_snapshots s on s.tenant_id = t.id
      where t.status = 'active' and (?::uuid is null or t.id > ?::uuid) and ${BUSY('t', 's')}
      order by t.id limit ?`,
    [now.toISOString(), after, after, limit]);
  return rows.map((r) => r.id);
}

/**
 * Moves on the snapshot of every idle active tenant with an id in (`after`, `upTo`] (no `upTo`:
 * to the end): complete_through becomes its last full day, the watermark `now`, and each
 * source's data_as_of what a run would have written (a source with rows: the new last full
 * day; ads and search: their last day sent, unchanged). No rollup row is written or bumped: a
 * day without data reads as zero, as a run would leave it. A tenant that gets busy meanwhile
 * is left alone (the statement checks again). A chunk that fails is logged and left: its
 * tenants' snapshots stay as they were (an older complete_through, shown as such), and the
 * others go on. Answers the tenants moved on.
 */
export async function advanceIdleSnapshots(
  em: Em, cell: Cell, now: Date, after: string | null, upTo: string | null, warn: (message: string, err: unknown) => void = () => {},
): Promise<number> {
  let advanced = 0;
  for (let cursor = after; ;) {
    const ids = await em.execute<{ id: string }[]>(
      `select id from tenants where status = 'active' and (?::uuid is null or id > ?::uuid) and (?::uuid is null or id <= ?::uuid) order by id limit ?`,
      [cursor, cursor, upTo, upTo, IDLE_CHUNK]);
    if (!ids.length) return advanced;
    const [first, last] = [ids[0]!.id, ids.at(-1)!.id];
    try {
      const rows = await em.execute<{ n: string }[]>(
        `with p as (select ?::timestamptz as now),
         idle as (
           select t.id as tenant_id, ((p.now at time zone coalesce(t.time_zone, ?))::date - 1) as ct
             from p cross join tenants t left join analytics_snapshots s on s.tenant_id = t.id
            where t.status = 'active' and t.id between ?::uuid and ?::uuid and not ${BUSY('t', 's')}),
         moved as (
           insert into analytics_snapshots (tenant_id, watermark, complete_through, sources, updated_at)
           select i.tenant_id, p.now, i.ct,
                  coalesce((select jsonb_object_agg(src, to_char(as_of, 'YYYY-MM-DD')) filter (where as_of is not null) from (
                    select 'web', case when exists (select 1 from analytics_daily d where d.tenant_id = i.tenant_id and d.metric = 'page_views') then i.ct end
                    union all select 'conversations', case when exists (select 1 from conversations c where c.tenant_id = i.tenant_id) then i.ct end
                    union all select 'leads', case when exists (select 1 from leads l where l.tenant_id = i.tenant_id) then i.ct end
                    union all select 'ads', (select max(day) from analytics_daily d where d.tenant_id = i.tenant_id and d.metric = 'ad_spend' and d.day <= i.ct)
                    union all select 'search', (select max(day) from analytics_daily d where d.tenant_id = i.tenant_id and d.metric = 'search_impressions' and d.day <= i.ct)
                    union all select 'offline_conversions', case when exists (select 1 from analytics_daily d where d.tenant_id = i.tenant_id and d.metric = 'offline_conversions') then i.ct end
                  ) x(src, as_of)), '{}'::jsonb), p.now
             from p cross join idle i
           on conflict (tenant_id) do update set watermark = excluded.watermark, complete_through = excluded.complete_through,
             sources = excluded.sources, updated_at = excluded.updated_at
           returning 1)
         select count(*) as n from moved`,
        [now.toISOString(), CELL_TIME_ZONE[cell], first, last]);
      advanced += Number(rows[0]!.n);
    } catch (err) {
      warn(`idle tenants ${first}..${last}: their snapshots were not moved on`, err);
    }
    if (ids.length < IDLE_CHUNK) return advanced;
    cursor = last;
  }
}
