import type { Em } from '../../db/em.js';
import type { Cell } from '../../config.js';
import { waitingCounts } from '../webhooks/delivery-attempts.js';

/**
 * One integration's own view of the pipeline (GET /me/status), in the manner of Svix's endpoint
 * stats: per subscription, the last 15 minutes of delivery attempts and what waits now; its
 * operations queue. Only the calling integration's rows.
 */
export interface IntegrationStatus {
  operations: { queued: number; running: number; oldest_queued_seconds: number | null };
  webhooks: {
    id: string;
    status: string;
    /** failing (the platform paused it) or integrator; null while active. */
    paused_reason: string | null;
    last_15m: { attempts: number; succeeded: number; failed: number; success_rate: number | null; p50_ms: number | null };
    waiting: { pending: number; held: number; failed: number; oldest_seconds: number | null };
  }[];
}

const age = (v: string | null): number | null => (v === null ? null : Math.max(0, Math.round(Number(v) * 10) / 10));

export async function integrationStatus(em: Em, integrationId: string, cell: Cell, now: Date): Promise<IntegrationStatus> {
  const at = now.toISOString();
  const [ops] = await em.execute<{ queued: number; running: number; oldest: string | null }[]>(
    `select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'running')::int as running,
            extract(epoch from (?::timestamptz - min(created_at) filter (where status = 'queued'))) as oldest
       from operations where integration_id = ? and status in ('queued', 'running')`,
    [at, integrationId],
  );
  const hooks = await em.execute<{ id: string; status: string; paused_reason: string | null; attempts: number; succeeded: number; p50: string | null;
    oldest: string | null }[]>(
    `select w.id, w.status, case when w.status = 'paused' then w.paused_reason end as paused_reason, a.attempts, a.succeeded, a.p50, d.oldest
       from webhooks w
       cross join lateral (
         select count(*)::int as attempts, count(*) filter (where t.status_code between 200 and 299)::int as succeeded,
                percentile_cont(0.5) within group (order by t.duration_ms) as p50
           from webhook_deliveries x join webhook_delivery_attempts t on t.delivery_id = x.id
          where x.webhook_id = w.id and t.started_at > ?::timestamptz - interval '15 minutes') a
       cross join lateral (
         select extract(epoch from (?::timestamptz - min(x.created_at))) as oldest
           from webhook_deliveries x where x.webhook_id = w.id and x.state in ('pending', 'failed')) d
      where w.integration_id = ?
      order by w.created_at, w.id`,
    [at, at, integrationId],
  );
  // Held by the one definition the delivery log's `held` shows; pending and failed are the others.
  const waiting = await waitingCounts(em, integrationId, cell);
  return {
    operations: { queued: ops!.queued, running: ops!.running, oldest_queued_seconds: age(ops!.oldest) },
    webhooks: hooks.map((h) => ({
      id: h.id,
      status: h.status,
      paused_reason: h.paused_reason,
      last_15m: {
        attempts: h.attempts, succeeded: h.succeeded, failed: h.attempts - h.succeeded,
        success_rate: h.attempts ? Number((h.succeeded / h.attempts).toFixed(4)) : null,
        p50_ms: h.p50 === null ? null : Math.round(Number(h.p50)),
      },
      waiting: { ...(waiting.get(h.id) ?? { pending: 0, held: 0, failed: 0 }), oldest_seconds: age(h.oldest) },
    })),
  };
}
