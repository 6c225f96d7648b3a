import type { Redis } from 'ioredis';
import type { Cell } from '../../config.js';
import type { Em, Orm } from '../../db/em.js';
import { queryPrepared } from '../../db/prepared.js';
import { readPeriod, type AskedPeriod, type Period } from './period.js';
import { CELL_TIME_ZONE, tenantTimeZone } from './time-zone.js';
import { refreshToday, stateOfPeriod, type PeriodRead } from './today.js';

/**
 * A read of a period in one statement (decisions: "Analytics: a read in one statement"): the
 * tenant's zone, its snapshot state and the read's own columns, a prepared statement. The
 * period is taken in the zone the tenant's last read found (this process keeps it), and the
 * statement reads the zone the tenant has: when they differ (the first read, a changed zone),
 * the read is made again in the zone read. An answer is always of the zone it read.
 */

/** Tenants whose last zone this process keeps (the oldest forgotten first). */
const ZONES_KEPT = 10_000;
const lastZones = new Map<string, string>();

function remember(tenantId: string, zone: string): void {
  lastZones.delete(tenantId);
  lastZones.set(tenantId, zone);
  if (lastZones.size > ZONES_KEPT) lastZones.delete(lastZones.keys().next().value!);
}

export interface PeriodStatement {
  /** The prepared statement's name: one per text. */
  name: string;
  text: string;
}

/** A statement reading `columns` (their parameters $2 on, `p.id` the tenant) beside the tenant's zone and snapshot state. */
export function periodStatement(name: string, columns: string): PeriodStatement {
  const text = `select t.time_zone, s.sources, to_char(s.complete_through, 'YYYY-MM-DD') as complete_through,
      v.version::text as version, v.live_version::text as live_version${columns ? `,\n${columns}` : ''}
     from (select $1::uuid as id) p left join tenants t using (id)
     left join analytics_snapshots s on s.tenant_id = p.id left join analytics_rollup_versions v on v.tenant_id = p.id`;
  return { name, text };
}

interface StateRow { time_zone: string | null; sources: Record<string, string> | null; complete_through: string | null; version: string | null; live_version: string | null }

/** How many times a read follows a zone that changed under it before it gives up (a zone changing between every two statements). */
const ZONE_TRIES = 3;

/**
 * readAnalyticsPeriod's answer (today refreshed when the period ends today) and the row of
 * `statement` (its parameters after the tenant: `values` of the period), in one round trip when
 * the tenant's zone is the one its last read found.
 * Outside a transaction only (the statement takes a pool connection of its own).
 */
export async function readPeriodWith<R extends object>(
  s: { redis: Redis; orm: Orm; config: { cell: Cell } }, em: Em, tenantId: string, asked: AskedPeriod, now: Date,
  statement: PeriodStatement, values: (period: Period) => unknown[] = () => [],
): Promise<PeriodRead & { row: R }> {
  const { cell } = s.config;
  let zone = lastZones.get(tenantId) ?? CELL_TIME_ZONE[cell];
  let known = false;
  for (let tries = 0; tries < ZONE_TRIES; tries += 1) {
    let period: Period;
    try {
      period = readPeriod(asked, zone, now);
    } catch (error) {
      // A period refused in a guessed zone is refused only in the tenant's own.
      if (known) throw error;
      zone = await tenantTimeZone(em, tenantId, cell);
      known = true;
      continue;
    }
    if (period.partial) await refreshToday(s.redis, em, cell, tenantId, period);
    const [row] = await queryPrepared<StateRow & R>(s.orm, statement.name, statement.text, [tenantId, ...values(period)]);
    const read = row!.time_zone ?? CELL_TIME_ZONE[cell];
    remember(tenantId, read);
    if (read === zone) {
      const state = { dataAsOf: row!.sources ?? {}, completeThrough: row!.complete_through, partialDay: null, rollupVersion: row!.version, liveVersion: row!.live_version ?? '0' };
      return { zone, period, state: stateOfPeriod(state, period), row: row! };
    }
    zone = read;
    known = true;
  }
  throw new Error(`the time zone of tenant ${tenantId} changed under ${ZONE_TRIES} reads in a row`);
}

/** The zone and snapshot state alone. */
const PERIOD_STATEMENT = periodStatement('analytics-period', '');

/** readAnalyticsPeriod's answer in one statement (the zone and the state together), outside a transaction. */
export async function readPeriodOf(s: { redis: Redis; orm: Orm; config: { cell: Cell } }, em: Em, tenantId: string, asked: AskedPeriod, now: Date): Promise<PeriodRead> {
  const { zone, period, state } = await readPeriodWith(s, em, tenantId, asked, now, PERIOD_STATEMENT);
  return { zone, period, state };
}
