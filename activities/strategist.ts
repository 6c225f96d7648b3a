import type { Services } from '../src/services.js';
import type { ReportType } from '../src/entities/strategist.js';
import { reportSourcesFor, writeReport } from '../src/domain/strategist/report-run.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';
import { planTopics } from '../src/domain/strategist/planner.js';
import { scanCompetitors } from '../src/domain/strategist/competitors.js';
import { isSandbox } from '../src/domain/sandbox/shadows.js';

export function createStrategistActivities({ orm, clock, redis, config }: Services) {
  return {
    /** Writes one tenant's report (once per tenant, type and date) and wakes the relay for strategist.report.ready. */
    async writeStrategistReport(tenantId: string, type: ReportType, reportDate: string): Promise<{ id: string; created: boolean }> {
      const em = orm.em.fork();
      const result = await writeReport(em, tenantId, type, reportDate, clock.now(), reportSourcesFor(config, !await isSandbox(em, tenantId)));
      if (result.created) await wakeRelay(redis).catch(() => undefined);
      return result;
    },
    /** The planner and the competitor scan after a new report: topics into the tenant's queue. */
    async planStrategistTopics(tenantId: string, reportDate: string): Promise<{ planner: number; competitors: number }> {
      const planned = await planTopics(orm.em.fork(), tenantId, reportDate, clock.now());
      const scanned = await scanCompetitors(orm.em.fork(), tenantId, config.webhooks, clock.now());
      return { planner: planned.proposed + planned.duplicate, competitors: scanned.proposed + scanned.duplicate };
    },
  };
}
