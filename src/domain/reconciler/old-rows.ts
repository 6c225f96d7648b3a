import type { Em } from '../../db/em.js';
import type { StrandedKind } from '../../../workflows/reconciler-contract.js';
import type { RowCursor } from './runs.js';

/**
 * The slow pass's rows: unfinished rows whose workflow was started at least OLD_AFTER_MS ago,
 * in (created_at, id) order through a partial index over unfinished rows only. It catches what
 * the closed pass cannot see: a workflow that never existed (a start recorded, then lost with a
 * dev server) or whose history is gone after the namespace's retention.
 */
export const OLD_AFTER_MS = 15 * 60_000;

const UNFINISHED: Record<StrandedKind, { table: string; where: string; startedAt: string }> = {
  delivery: { table: 'webhook_deliveries', where: `state in ('pending', 'failed') and workflow_started_at is not null`, startedAt: 'workflow_started_at' },
  operation: { table: 'operations', where: `status in ('queued', 'running') and workflow_started_at is not null`, startedAt: 'workflow_started_at' },
  publication: { table: 'publications', where: `state = 'queued' and target = 'connector'`, startedAt: 'created_at' },
};

/** Up to `limit` old unfinished rows of a kind after `cursor`; the cursor of the next page, or null once the table is walked. */
export async function oldUnfinishedRows(em: Em, kind: StrandedKind, cursor: RowCursor | undefined, limit: number, now: Date): Promise<{ ids: string[]; next: RowCursor | null }> {
  const t = UNFINISHED[kind];
  const before = new Date(now.getTime() - OLD_AFTER_MS).toISOString();
  const rows = await em.execute<{ id: string; created_at: Date }[]>(
    `select id, created_at from ${t.table}
      where ${t.where} and created_at < ?::timestamptz and ${t.startedAt} < ?::timestamptz
        ${cursor ? 'and (created_at, id) > (?::timestamptz, ?::uuid)' : ''}
      order by created_at, id limit ?`,
    [before, before, ...(cursor ? [cursor.at, cursor.id] : []), limit],
  );
  const last = rows[rows.length - 1];
  return { ids: rows.map((r) => r.id), next: rows.length < limit || !last ? null : { at: new Date(last.created_at).toISOString(), id: last.id } };
}
