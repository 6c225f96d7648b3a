import type { Redis } from 'ioredis';
import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';
import { readPeriod, type AskedPeriod, type Period } from './period.js';
import { snapshotState, type SnapshotState } from './rollup-reads.js';
import { isLiveDay, rebuildDays, rebuildPlatformDay } from './snapshot.js';
import { addDays, tenantTimeZone } from './time-zone.js';

/**
 * Today as a partial day (decisions: "Analytics: today as a partial day", "Analytics: live
 * rollups of recent days"): the nightly snapshot builds the days up to yesterday; today's
 * event rollups are added to by ingestion as events arrive (live-rollups.ts), so they are
 * current at every read. What ingestion does not write, the rollups of the platform's own
 * rows (conversations, messages, leads, AI replies), a read with include_today whose period
 * ends today rebuilds, at most once per TODAY_REFRESH_SECONDS per tenant (a Redis key taken
 * with NX); a today not yet live (the day of the deploy) is rebuilt whole once, which makes it
 * live. data_as_of says `partial_day`. The next snapshot rebuilds the day whole.
 */

/** How long a build of today's platform rollups serves the reads of a tenant before the next read rebuilds them. */
export const TODAY_REFRESH_SECONDS = 30;

/** Per refresh key, until when (this process's clock) Redis holds it: no read can take it before then, so none asks. */
const heldUntil = new Map<string, number>();
/** Keys remembered at most (the oldest forgotten first). */
const HELD_KEPT = 10_000;

function hold(key: string, ms: number): void {
  heldUntil.delete(key);
  heldUntil.set(key, Date.now() + ms);
  if (heldUntil.size > HELD_KEPT) heldUntil.delete(heldUntil.keys().next().value!);
}

/**
 * Rebuilds today's platform rollups of the tenant (all of today's when it is not live yet) unless a read did within TODAY_REFRESH_SECONDS; a Redis that does not answer skips the rebuild.
 * The key's remaining time comes back with the attempt (one round trip): till then this process does not ask again.
 */
export async function refreshToday(redis: Redis, em: Em, cell: Cell, tenantId: string, period: Pick<Period, 'to' | 'zone'>): Promise<boolean> {
  const key = `analytics:today:${tenantId}:${period.to}`;
  if ((heldUntil.get(key) ?? 0) > Date.now()) return false;
  const answers = await redis.pipeline().set(key, '1', 'EX', TODAY_REFRESH_SECONDS, 'NX').pttl(key).exec().catch(() => null);
  const [taken, ttl] = (answers ?? []).map(([error, value]) => (error ? null : value));
  if (typeof ttl === 'number' && ttl > 0) hold(key, ttl);
  if (taken !== 'OK') return false;
  // A read may have taken its period in the zone it last saw the tenant in (readPeriodWith): the rebuild is of the day in the zone the tenant has.
  if (await tenantTimeZone(em, tenantId, cell) !== period.zone) {
    heldUntil.delete(key);
    await redis.del(key).catch(() => undefined);
    return false;
  }
  const plan = { tenantId, zone: period.zone, completeThrough: addDays(period.to, -1) };
  if (await isLiveDay(em, tenantId, period.to)) await rebuildPlatformDay(em, cell, plan, period.to);
  else await rebuildDays(em, cell, plan, [period.to]);
  return true;
}

export interface PeriodRead {
  zone: string;
  period: Period;
  /** The snapshot state after today's refresh, its partialDay set when the period ends today. */
  state: SnapshotState;
}

/**
 * The period of an analytics or dashboard read, today's rollups refreshed when it ends today, and the snapshot state to answer data_as_of from.
 * A read that ends today is cached under both rollup versions (live ones move with every batch of today's events).
 */
export async function readAnalyticsPeriod(s: { redis: Redis; config: { cell: Cell } }, em: Em, tenantId: string, asked: AskedPeriod, now: Date): Promise<PeriodRead> {
  const zone = await tenantTimeZone(em, tenantId, s.config.cell);
  const period = readPeriod(asked, zone, now);
  if (period.partial) await refreshToday(s.redis, em, s.config.cell, tenantId, period);
  return { zone, period, state: stateOfPeriod(await snapshotState(em, tenantId), period) };
}

/** The snapshot state as a read of `period` answers from: partialDay set when it ends today, and its rollups' cache version. */
export function stateOfPeriod(state: SnapshotState, period: Period): SnapshotState {
  const rollupVersion = period.partial && state.rollupVersion !== null ? `${state.rollupVersion}.${state.liveVersion}` : state.rollupVersion;
  return { ...state, rollupVersion, partialDay: period.partial ? period.to : null };
}
