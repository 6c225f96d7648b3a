import type { Services } from '../src/services.js';
import { forEachConcurrently } from '../src/domain/pacing/concurrently.js';
import { beginRun, finishRun, lastCursors, recordFindings, type Cursors } from '../src/domain/reconciler/runs.js';
import { oldUnfinishedRows } from '../src/domain/reconciler/old-rows.js';
import { settleStranded } from '../src/domain/reconciler/stranded.js';
import { closedWorkflowsPage, strandedRowOf } from '../src/temporal/reconciler.js';
import { STRANDED_KINDS, type ClosedPassState, type StrandedCounts, type StrandedKind } from '../workflows/reconciler-contract.js';

/** Rows looked at in parallel within a page (each a describe, a read and perhaps a start). */
const AT_ONCE = 10;

/** Activities of the reconciler (workflows/reconciler.ts): each a page, counted as it goes. */
export function createReconcilerActivities(services: Services) {
  const { orm, clock, metrics, log } = services;

  /** Settles each row and records what was done, in the run and in reconciler_rows_total. */
  async function settleAll(runId: string, rows: { kind: StrandedKind; id: string }[]): Promise<void> {
    const counts: StrandedCounts = {};
    await forEachConcurrently(rows, AT_ONCE, async ({ kind, id }) => {
      const outcome = await settleStranded(services, kind, id);
      if (!outcome) return;
      const ofKind = (counts[kind] ??= {});
      ofKind[outcome] = (ofKind[outcome] ?? 0) + 1;
      metrics.reconcilerRows.inc({ kind, outcome });
      log.info({ kind, id, outcome }, 'reconciler: a row whose workflow had closed or vanished');
    }, ({ kind, id }, err) => {
      // One row that cannot be settled now (Temporal or the database away) waits for the next run.
      log.warn({ kind, id, err: (err as Error).message }, 'reconciler: row not settled; the next run looks again');
    });
    await recordFindings(orm.em.fork(), runId, counts);
  }

  return {
    async beginReconcileRun(): Promise<ClosedPassState> {
      const { runId, closedSince } = await beginRun(orm.em.fork(), clock.now());
      return { runId, closedSince: closedSince.toISOString(), pageToken: null };
    },

    /** One page of the closed pass: settles the rows of the listed workflows; answers the next page's token (null: done). */
    async reconcileClosedPage(state: ClosedPassState, pageSize: number): Promise<string | null> {
      const client = await services.temporal.client();
      const page = await closedWorkflowsPage(client, services.config.temporal.taskQueue, new Date(state.closedSince), pageSize, state.pageToken);
      const rows = [...new Set(page.workflowIds)].map(strandedRowOf).filter((r): r is NonNullable<typeof r> => r !== null);
      await settleAll(state.runId, rows);
      return page.next;
    },

    /** The slow pass: a page of old unfinished rows of each kind, from where the last run stopped; then the run is finished. */
    async reconcileOldRows(runId: string, pageSize: number): Promise<void> {
      const em = orm.em.fork();
      const cursors = await lastCursors(em);
      const next: Cursors = {};
      for (const kind of STRANDED_KINDS) {
        const page = await oldUnfinishedRows(em, kind, cursors[kind], pageSize, clock.now());
        await settleAll(runId, page.ids.map((id) => ({ kind, id })));
        if (page.next) next[kind] = page.next;
      }
      await finishRun(em, runId, next, clock.now());
    },
  };
}
