import type { Em } from '../../db/em.js';
import { reconcilerReport, type ReconcilerReport } from '../reconciler/runs.js';

/**
 * The live signals behind the status map, across every tenant of the cell and only as counts,
 * ages and rates: nothing in them names or belongs to a tenant.
 */
export interface PipelineSignals {
  /** Age of the oldest committed event not yet relayed into deliveries; 0 when none waits. */
  outboxLagSeconds: number;
  /** Deliveries due and not yet attempted (not held, not queued behind a pause). */
  deliveriesWaiting: { count: number; oldestAgeSeconds: number };
  /** Delivery attempts of the last 15 minutes: how many, how many answered 2xx, their duration. */
  attempts: { count: number; succeeded: number; p50Ms: number | null; p95Ms: number | null };
  /** Queued operations by kind (AI replies; article generation and publication). */
  operationsQueued: Record<OperationKind, { count: number; oldestAgeSeconds: number }>;
  /** What the reconciler found (rows whose workflow had closed or vanished); absent where not read. */
  reconciler?: ReconcilerReport;
}

export type OperationKind = 'ai_replies' | 'articles';

/** Operation types of each kind (spec 01 Operation.type). */
const KIND_OF_TYPE = `case when type like 'article.%' then 'articles' else 'ai_replies' end`;

interface Row {
  outbox_lag: string | null;
  waiting: number;
  waiting_age: string | null;
  attempts: number;
  succeeded: number;
  p50: string | null;
  p95: string | null;
  queued: { kind: OperationKind; count: number; age: string }[] | null;
}

const seconds = (v: string | null): number => (v === null ? 0 : Math.max(0, Math.round(Number(v) * 10) / 10));

/** One statement; `now` is the clock of the process that asks. */
export async function readPipelineSignals(em: Em, now: Date): Promise<PipelineSignals> {
  const at = now.toISOString();
  const [row] = await em.execute<Row[]>(
    `select
       (select extract(epoch from (?::timestamptz - min(created_at))) from outbox_events where relayed_at is null) as outbox_lag,
       (select count(*)::int from webhook_deliveries
         where state = 'pending' and attempt = 0 and held_at is null and not queued_while_paused) as waiting,
       (select extract(epoch from (?::timestamptz - min(created_at))) from webhook_deliveries
         where state = 'pending' and attempt = 0 and held_at is null and not queued_while_paused) as waiting_age,
       a.attempts, a.succeeded, a.p50, a.p95,
       (select json_agg(q) from (
          select ${KIND_OF_TYPE} as kind, count(*)::int as count, extract(epoch from (?::timestamptz - min(created_at))) as age
            from operations where status = 'queued' group by 1) q) as queued
     from (select count(*)::int as attempts,
                  count(*) filter (where status_code between 200 and 299)::int as succeeded,
                  percentile_cont(0.5) within group (order by duration_ms) as p50,
                  percentile_cont(0.95) within group (order by duration_ms) as p95
             from webhook_delivery_attempts where started_at > ?::timestamptz - interval '15 minutes') a`,
    [at, at, at, at],
  );
  const queued = Object.fromEntries((['ai_replies', 'articles'] as const).map((kind) => {
    const q = row!.queued?.find((r) => r.kind === kind);
    return [kind, { count: q?.count ?? 0, oldestAgeSeconds: seconds(q?.age ?? null) }];
  })) as PipelineSignals['operationsQueued'];
  return {
    outboxLagSeconds: seconds(row!.outbox_lag),
    deliveriesWaiting: { count: row!.waiting, oldestAgeSeconds: seconds(row!.waiting_age) },
    attempts: {
      count: row!.attempts, succeeded: row!.succeeded,
      p50Ms: row!.p50 === null ? null : Math.round(Number(row!.p50)), p95Ms: row!.p95 === null ? null : Math.round(Number(row!.p95)),
    },
    operationsQueued: queued,
    reconciler: await reconcilerReport(em, now),
  };
}
