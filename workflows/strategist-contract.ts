// What starters of strategist workflows share with the workflows: names and business keys only.

/** daily or weekly (src/entities/strategist.ts REPORT_TYPES). */
export type ReportType = 'daily' | 'weekly';

export const STRATEGIST_REPORT_WORKFLOW_TYPE = 'strategistReport';

/** The business key of one tenant's report of a type and date. */
export function strategistReportWorkflowId(tenantId: string, type: ReportType, reportDate: string): string {
  return `strategist-report:${type}:${tenantId}:${reportDate}`;
}
