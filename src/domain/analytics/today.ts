import type { Redis } from 'ioredis';
import type { Cell } from '../../config.js';
import type { Em } from '../../db/orm.js';
import { readPeriod, type AskedPeriod, type Period } from './period.js';
import { snapshotState, type SnapshotState } from './rollup-reads.js';
import { rebuildDays } from './snapshot.js';
import { tenantTimeZone } from './time-zone.js';

/**
 * Today as a partial day (decisions: "Analytics: today as a partial day"): the nightly
 * snapshot builds the days up to yesterday; a read with include_today whose period ends today rebuilds today's
 * rollups from the rows so far, at most once per TODAY_REFRESH_SECONDS per tenant (a Redis
 * key taken with NX), through the snapshot's own rebuild (one transaction, the rollup
 * version bumped), and data_as_of says `partial_day`. The next snapshot rebuilds the day whole.
 */

/** How long a build of today serves the reads of a tenant before the next read rebuilds it. */
export const TODAY_REFRESH_SECONDS = 30;

/** Rebuilds today's rollups of the tenant unless a read did within TODAY_REFRESH_SECONDS; a Redis that does not answer skips the rebuild (the last one's figures stay). */
export async function refreshToday(redis: Redis, em: Em, cell: Cell, tenantId: string, period: Pick<Period, 'to' | 'zone'>): Promise<boolean> {
  const taken = await redis.set(`analytics:today:${tenantId}:${period.to}`, '1', 'EX', TODAY_REFRESH_SECONDS, 'NX').catch(() => null);
  if (taken !== 'OK') return false;
  await rebuildDays(em, cell, { tenantId, zone: period.zone }, [period.to]);
  return true;
}

export interface PeriodRead {
  zone: string;
  period: Period;
  /** The snapshot state after today's refresh, its partialDay set when the period ends today. */
  state: SnapshotState;
}

/** The period of an analytics or dashboard read, today's rollups refreshed when it ends today, and the snapshot state to answer data_as_of from. */
export async function readAnalyticsPeriod(s: { redis: Redis; config: { cell: Cell } }, em: Em, tenantId: string, asked: AskedPeriod, now: Date): Promise<PeriodRead> {
  const zone = await tenantTimeZone(em, tenantId, s.config.cell);
  const period = readPeriod(asked, zone, now);
  if (period.partial) await refreshToday(s.redis, em, s.config.cell, tenantId, period);
  const state = await snapshotState(em, tenantId);
  return { zone, period, state: { ...state, partialDay: period.partial ? period.to : null } };
}
