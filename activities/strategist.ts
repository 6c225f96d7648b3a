import type { Services } from '../src/services.js';
import type { ReportType } from '../src/entities/strategist.js';
import { lastWholeDay, reportSourcesFor, tenantsWithStrategist, writeReport } from '../src/domain/strategist/report-run.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';

export function createStrategistActivities({ orm, clock, redis, config }: Services) {
  return {
    /** The tenants to report on, and the day a run at `nowIso` reports up to. */
    async strategistReportTargets(nowIso: string): Promise<{ tenants: string[]; reportDate: string }> {
      return { tenants: await tenantsWithStrategist(orm.em.fork()), reportDate: lastWholeDay(new Date(nowIso)) };
    },
    /** Writes one tenant's report (once per tenant, type and date) and wakes the relay for strategist.report.ready. */
    async writeStrategistReport(tenantId: string, type: ReportType, reportDate: string): Promise<{ id: string; created: boolean }> {
      const result = await writeReport(orm.em.fork(), tenantId, type, reportDate, clock.now(), reportSourcesFor(config.ai));
      if (result.created) await wakeRelay(redis).catch(() => undefined);
      return result;
    },
  };
}
