import type { Services } from '../src/services.js';
import type { ReportType } from '../src/entities/strategist.js';
import { markReportPlanned, reportSourcesFor, writeReport, type WrittenReport } from '../src/domain/strategist/report-run.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';
import { planTopics } from '../src/domain/strategist/planner.js';
import { scanCompetitors } from '../src/domain/strategist/competitors.js';
import { isSandbox } from '../src/domain/sandbox/shadows.js';
import { whileHeartbeating } from './heartbeat.js';

export function createStrategistActivities({ orm, clock, redis, config }: Services) {
  return {
    /** Writes one tenant's report (once per tenant, type and date) and wakes the relay for strategist.report.ready. */
    async writeStrategistReport(tenantId: string, type: ReportType, reportDate: string): Promise<WrittenReport> {
      const em = orm.em.fork();
      const result = await writeReport(em, tenantId, type, reportDate, clock.now(), reportSourcesFor(config, !await isSandbox(em, tenantId)));
      if (result.created) await wakeRelay(redis).catch(() => undefined);
      return result;
    },
    /**
     * The planner and the competitor scan after a report: topics into the tenant's queue, then the
     * report marked planned. Heartbeats while it runs (competitor pages are fetched one after another).
     */
    async planStrategistTopics(tenantId: string, reportDate: string, reportId: string): Promise<{ planner: number; competitors: number }> {
      return whileHeartbeating(async () => {
        const planned = await planTopics(orm.em.fork(), tenantId, reportDate, clock.now());
        const scanned = await scanCompetitors(orm.em.fork(), tenantId, config.webhooks, clock.now());
        await markReportPlanned(orm.em.fork(), tenantId, reportId, clock.now());
        return { planner: planned.proposed + planned.duplicate, competitors: scanned.proposed + scanned.duplicate };
      });
    },
  };
}
