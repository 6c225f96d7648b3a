import { whileHeartbeating } from './heartbeat.js';
import type { Services } from '../src/services.js';
import { finishSnapshot, planSnapshot, rebuildDays, type SnapshotPlan } from '../src/domain/analytics/snapshot.js';

export type { SnapshotPlan };

export function createAnalyticsActivities({ orm, config }: Services) {
  return {
    /** The days a tenant's snapshot rebuilds (from `from`, or those changed since its last run). */
    async planAnalyticsSnapshot(tenantId: string, nowIso: string, from: string | null): Promise<SnapshotPlan> {
      return planSnapshot(orm.em.fork(), tenantId, config.cell, new Date(nowIso), from ?? undefined);
    },
    /** Rebuilds the rollups of some days, one transaction; heartbeats while it runs, so a lost worker or task is noticed in seconds. */
    async rebuildAnalyticsDays(plan: SnapshotPlan, days: string[]): Promise<number> {
      return whileHeartbeating(() => rebuildDays(orm.em.fork(), config.cell, plan, days));
    },
    /** Records the run's watermark and the data_as_of of each source. */
    async finishAnalyticsSnapshot(plan: SnapshotPlan, nowIso: string): Promise<void> {
      await finishSnapshot(orm.em.fork(), plan, new Date(nowIso));
    },
  };
}
