import type { Em } from '../../db/em.js';
import { StrategistReport, type ReportType } from '../../entities/strategist.js';
import { domainError } from '../../errors/domain-error.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';

/**
 * Newest first by the day a report is about (spec 02: report_date), then by when it was
 * written: a report rerun for an earlier day sorts under that day, not on top.
 */
export const REPORT_ORDER: KeysetOrder = { keys: [['reportDate', 'date'], ['createdAt', 'time'], ['id', 'uuid']], direction: 'desc' };

/** A page of the tenant's reports (creative runs never), optionally of one type. */
export function listReports(em: Em, tenantId: string, filters: { reportType?: ReportType }, window: PageWindow): Promise<StrategistReport[]> {
  const conditions: Record<string, unknown>[] = [{ tenantId, creative: false }];
  if (filters.reportType) conditions.push({ reportType: filters.reportType });
  return em.find(StrategistReport, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/** The tenant's report, else not_found (foreign, missing or a creative run alike). */
export async function findReport(em: Em, tenantId: string, id: string): Promise<StrategistReport> {
  const report = await em.findOne(StrategistReport, { tenantId, id, creative: false });
  if (!report) throw domainError('not_found', 'No such report.');
  return report;
}
