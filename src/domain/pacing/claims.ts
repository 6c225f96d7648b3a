import type { Logger } from 'pino';
import type { Em } from '../../db/em.js';
import type { Clock } from '../../clock.js';
import { forEachConcurrently } from './concurrently.js';

/**
 * Claims on rows whose workflow a starter is about to start (webhook deliveries, operations):
 * a short update sets `start_claimed_until`, the start happens outside any transaction, then
 * the row is marked started or its claim given back (docs/decisions.md, "Relay pacing").
 */

/** Workflow starts in flight at once in one round. */
const START_CONCURRENCY = 50;

/** How long a claim lasts: a starter that dies releases its claims so. */
export const CLAIM_MS = 30_000;

/**
 * A started workflow counts against its bound for this long at most: one terminated by hand (or
 * lost with its dev server) must not hold a place forever.
 */
export const IN_FLIGHT_WINDOW_MS = 10 * 60_000;

/** A PostgreSQL array literal of ids (the query layer would expand a JS array into a list). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** A table of rows that each get a workflow, started under a bound by claims. */
export interface StartableRows {
  table: 'webhook_deliveries' | 'operations';
  /** Rows that may be started (with `workflow_started_at is null`). */
  startable: string;
  /** Started rows that count against the bound (within IN_FLIGHT_WINDOW_MS of their start). */
  inFlight: string;
  /** Columns a claim returns. */
  columns: readonly string[];
}

/**
 * The room under `maxInFlight` as a SQL expression with three parameters (roomParams): started
 * rows in flight, plus rows claimed and not started yet, subtracted from the bound.
 */
function roomSql(t: StartableRows): string {
  return `greatest(0, ?::int
    - (select count(*) from ${t.table} where workflow_started_at is not null and ${t.inFlight} and workflow_started_at > ?::timestamptz)
    - (select count(*) from ${t.table} where workflow_started_at is null and ${t.startable} and start_claimed_until > ?::timestamptz))::int`;
}

function roomParams(maxInFlight: number, now: Date): [number, string, string] {
  return [maxInFlight, new Date(now.getTime() - IN_FLIGHT_WINDOW_MS).toISOString(), now.toISOString()];
}

/** Whether a row is free to claim: never claimed, or its claim expired (one parameter: now). */
const UNCLAIMED = `(start_claimed_until is null or start_claimed_until <= ?::timestamptz)`;

/** Claims one startable row while the bound leaves room; false when it does not, or another holds it. */
export async function claimOne(em: Em, t: StartableRows, id: string, maxInFlight: number, now: Date): Promise<boolean> {
  const rows = await em.execute(
    `update ${t.table} set start_claimed_until = ?
      where id = ? and workflow_started_at is null and ${t.startable} and ${UNCLAIMED} and ${roomSql(t)} > 0
      returning id`,
    [new Date(now.getTime() + CLAIM_MS).toISOString(), id, now.toISOString(), ...roomParams(maxInFlight, now)],
  );
  return rows.length > 0;
}

/**
 * One statement: the room under the bound, then up to that many unclaimed startable rows, each
 * tenant's oldest first and tenants taking turns (one tenant's burst does not starve another's),
 * claimed for CLAIM_MS. The candidates are locked as they are read, skipping rows another
 * starter is claiming: two workers' relays claiming at once took row locks in different orders
 * and deadlocked (bin/bench-webhooks --cluster --workers 2); now each claims what the other skips.
 */
export async function claimStarts<T>(em: Em, t: StartableRows, maxInFlight: number, now: Date): Promise<{ room: number; claimed: T[] }> {
  const nowIso = now.toISOString();
  const [row] = await em.execute<{ room: number; claimed: T[] }[]>(
    `with room as (select ${roomSql(t)} as n),
     picked as (
       select c.id from (
         select c.id, c.created_at, row_number() over (partition by tenants.tenant_id order by c.created_at, c.id) as turn
           from (select distinct tenant_id from ${t.table} where workflow_started_at is null and ${t.startable}) tenants
           cross join lateral (
             select r.id, r.created_at
               from ${t.table} r
              where r.tenant_id = tenants.tenant_id and r.workflow_started_at is null and ${t.startable} and ${UNCLAIMED}
              order by r.created_at, r.id limit (select n from room)
                for update skip locked
           ) c
       ) c
       order by c.turn, c.created_at
       limit (select n from room)
     ),
     claimed as (
       update ${t.table} r set start_claimed_until = ?
         from picked p
        where r.id = p.id and r.workflow_started_at is null and ${UNCLAIMED}
       returning ${t.columns.map((c) => `r.${c}`).join(', ')}
     )
     select (select n from room) as room, coalesce((select json_agg(claimed) from claimed), '[]'::json) as claimed`,
    [...roomParams(maxInFlight, now), nowIso, new Date(now.getTime() + CLAIM_MS).toISOString(), nowIso],
  );
  return row!;
}

/** Started rows are marked (their claim done); the others' claims are given back for the next round. */
export async function settleClaims(em: Em, t: StartableRows, started: readonly string[], failed: readonly string[], now: Date): Promise<void> {
  if (started.length) {
    await em.execute(`update ${t.table} set workflow_started_at = ?, start_claimed_until = null where id = any(?::uuid[]) and workflow_started_at is null`,
      [now.toISOString(), textArray(started)], 'run');
  }
  if (failed.length) await em.execute(`update ${t.table} set start_claimed_until = null where id = any(?::uuid[])`, [textArray(failed)], 'run');
}

/** Whether any startable row waits unstarted. */
export async function anyUnstarted(em: Em, t: StartableRows): Promise<boolean> {
  return (await em.execute(`select 1 from ${t.table} where workflow_started_at is null and ${t.startable} limit 1`)).length > 0;
}

/**
 * Starts the workflows of claimed rows, START_CONCURRENCY at a time outside any transaction, then
 * settles the claims; a start that fails is logged and given back. Answers how many started.
 */
export async function startClaimed<T extends { id: string }>(
  s: { clock: Clock; log: Logger }, em: Em, t: StartableRows, claimed: readonly T[], start: (row: T) => Promise<void>,
): Promise<number> {
  const started: string[] = [];
  const failed: string[] = [];
  await forEachConcurrently(claimed, START_CONCURRENCY, async (row) => {
    await start(row);
    started.push(row.id);
  }, (row, err) => {
    failed.push(row.id);
    s.log.warn({ table: t.table, id: row.id, err: (err as Error).message }, 'workflow not started; the next round retries');
  });
  await settleClaims(em, t, started, failed, s.clock.now());
  return started.length;
}
