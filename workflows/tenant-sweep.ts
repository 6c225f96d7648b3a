import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, continueAsNew, log, proxyActivities, sleep, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { TENANT_ID } from './search-attributes.js';
import { snapshotWorkflowId } from './analytics-contract.js';
import { strategistReportWorkflowId } from './strategist-contract.js';
import { analyticsSnapshot } from './analytics-snapshot.js';
import { strategistReport } from './strategist-report.js';
import { keyExpiryNotices } from './key-expiry.js';
import { spreadOffsetMs, type SweepTotals, type TenantSweepInput } from './tenant-sweep-contract.js';

// A page may pass many idle tenants (an analytics page moves their snapshots on in chunks); it
// heartbeats while it runs, so a page lost with its worker is retried after 30 s, not 5 minutes.
const { tenantSweepPage } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

const DAY_MS = 86_400_000;
const NO_TOTALS: SweepTotals = { tenants: 0, started: 0, skipped: 0, pages: 0 };

/**
 * Starts one tenant's run of the sweep's kind: a workflow of its own (a child the sweep does not
 * wait for, abandoned when the sweep's run ends), tagged with TenantId, on the sweep's queue
 * (batch, the children's kind too). Answers whether it started or one was already going.
 */
async function startTenant(input: TenantSweepInput, startedAt: number, tenantId: string): Promise<'started' | 'skipped'> {
  const options = { typedSearchAttributes: [{ key: TENANT_ID, value: tenantId }], parentClosePolicy: ParentClosePolicy.ABANDON };
  try {
    if (input.kind === 'analytics') {
      await startChild(analyticsSnapshot, { ...options, workflowId: snapshotWorkflowId(tenantId), args: [tenantId, null] });
    } else if (input.kind === 'key-expiry') {
      // Thresholds measured from the sweep's start, as its pages were read; the id names the sweep (one per Schedule action).
      const workflowId = `api-key-expiry:${tenantId}:${workflowInfo().workflowId}`;
      await startChild(keyExpiryNotices, { ...options, workflowId, args: [tenantId, new Date(startedAt).toISOString()] });
    } else {
      const type = input.kind === 'strategist-daily' ? 'daily' : 'weekly';
      // Up to the day before the sweep started (UTC): the same date for every tenant of the night.
      const reportDate = new Date(startedAt - DAY_MS).toISOString().slice(0, 10);
      await startChild(strategistReport, { ...options, workflowId: strategistReportWorkflowId(tenantId, type, reportDate), args: [tenantId, type, reportDate] });
    }
    return 'started';
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return 'skipped';
    throw err;
  }
}

/**
 * Started by a cell's Schedule (nightly analytics, daily and weekly strategist reports, the
 * api-key expiry scan): walks
 * the cell's tenants a page at a time by id (the page activity answers only the tenants the
 * kind applies to now and that have something to do, so the tenant's plan and data decide), starts each tenant's run at its moment of
 * the window (spreadOffsetMs: the walk by id meets them in that order), and continues as new
 * after each page, so its history and every payload are bounded by the page, not by the number
 * of tenants. A tenant's run is its own workflow: one that fails (Failed in the Temporal UI,
 * under its TenantId) holds up nobody.
 */
export async function tenantSweep(input: TenantSweepInput): Promise<SweepTotals> {
  const startedAt = input.startedAt ? Date.parse(input.startedAt) : Date.now();
  const dueAt = (tenantId: string) => startedAt + spreadOffsetMs(tenantId, input.spreadMs);
  const totals: SweepTotals = { ...NO_TOTALS, ...input.totals };
  const page = await tenantSweepPage(input.kind, input.after ?? null, input.pageSize, new Date(startedAt).toISOString());
  totals.pages += 1;
  totals.tenants += page.length;
  for (let next = 0; next < page.length;) {
    const wait = dueAt(page[next]!) - Date.now();
    if (wait > 0) await sleep(wait);
    // Every tenant due by now (at least the one waited for) starts in one go.
    const due = [page[next++]!];
    while (next < page.length && dueAt(page[next]!) <= Date.now()) due.push(page[next++]!);
    for (const outcome of await Promise.all(due.map((tenantId) => startTenant(input, startedAt, tenantId)))) totals[outcome] += 1;
  }
  if (page.length < input.pageSize) {
    log.info('tenant sweep: done', { kind: input.kind, ...totals });
    return totals;
  }
  return continueAsNew<typeof tenantSweep>({ ...input, startedAt: new Date(startedAt).toISOString(), after: page.at(-1)!, totals });
}
