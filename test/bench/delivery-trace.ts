import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import type pg from 'pg';
import { mapInParallel } from './bench-support.js';

/**
 * Where a delivery spent its time from its event's commit to the subscriber's receipt (issue 39
 * item 1), from the application's rows and the delivery workflow's history, on one host's clock:
 *
 *   relay        outbox_events.created_at → relayed_at (the outbox wake-up, the relay's batch)
 *   start        relayed_at → WorkflowExecutionStarted (the claim, StartWorkflowExecution: the
 *                history service creates the run in its database)
 *   first task   → the first WorkflowTaskStarted (matching's schedule-to-start; 0 when the
 *                worker took the task in the start's answer, eagerly)
 *   to attempt   → the first webhook_delivery_attempts.started_at (the worker's activation, the
 *                local activity's start, its reads)
 *   POST         → the subscriber's receipt (the attempt's connection and TLS, the request)
 */

export interface Traced {
  eventId: string;
  totalMs: number;
  relayMs: number;
  startMs: number;
  firstTaskMs: number;
  toAttemptMs: number;
  postMs: number;
  eager: boolean;
  /** Workflow tasks before the attempt's (a task that failed or timed out shows here). */
  workflowTasks: number;
}

const STAGES = ['relayMs', 'startMs', 'firstTaskMs', 'toAttemptMs', 'postMs'] as const;
const STAGE_NAMES: Record<(typeof STAGES)[number], string> = {
  relayMs: 'commit → relayed', startMs: 'relayed → workflow started', firstTaskMs: '→ first workflow task started',
  toAttemptMs: '→ attempt begins', postMs: 'attempt → receipt',
};

const timeOf = (e: temporal.api.history.v1.IHistoryEvent) => Number(e.eventTime?.seconds ?? 0) * 1000 + Math.floor((e.eventTime?.nanos ?? 0) / 1e6);

interface Row { event_id: string; delivery_id: string; created_at: Date; relayed_at: Date | null; attempt_at: Date | null }

export async function traceDeliveries(client: Client, app: pg.Pool, items: { eventId: string; arrivedAt: number }[], workflowIdOf: (deliveryId: string) => string): Promise<Traced[]> {
  if (!items.length) return [];
  const rows = (await app.query<Row>(
    `select o.id as event_id, d.id as delivery_id, o.created_at, o.relayed_at,
            (select min(a.started_at) from webhook_delivery_attempts a where a.delivery_id = d.id) as attempt_at
       from outbox_events o join webhook_deliveries d on d.event_id = o.id and d.replay_of is null
      where o.id = any($1::text[])`, [items.map((i) => i.eventId)])).rows;
  const arrived = new Map(items.map((i) => [i.eventId, i.arrivedAt]));
  const traced = await mapInParallel(rows.length, 4, async (i) => {
    const r = rows[i]!;
    const events = (await client.workflow.getHandle(workflowIdOf(r.delivery_id)).fetchHistory()).events ?? [];
    const started = events.find((e) => e.workflowExecutionStartedEventAttributes);
    const firstTask = events.find((e) => e.workflowTaskStartedEventAttributes);
    const created = r.created_at.getTime();
    const relayed = r.relayed_at?.getTime() ?? NaN;
    const attempt = r.attempt_at?.getTime() ?? NaN;
    const arrivedAt = arrived.get(r.event_id)!;
    const startedAt = started ? timeOf(started) : NaN;
    const taskAt = firstTask ? timeOf(firstTask) : NaN;
    return {
      eventId: r.event_id,
      totalMs: arrivedAt - created,
      relayMs: relayed - created,
      startMs: startedAt - relayed,
      firstTaskMs: taskAt - startedAt,
      toAttemptMs: attempt - taskAt,
      postMs: arrivedAt - attempt,
      eager: started?.workflowExecutionStartedEventAttributes?.eagerExecutionAccepted === true,
      workflowTasks: events.filter((e) => e.workflowTaskStartedEventAttributes && timeOf(e) <= attempt).length,
    } satisfies Traced;
  });
  return traced;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toString() : '–');

/**
 * The stages of the slowest deliveries beside typical ones: each stage's mean and maximum, and
 * for the slowest, how often that stage was the largest part of the delivery's time.
 */
export function traceTable(slowest: Traced[], typical: Traced[]): string {
  const lines = [`| stage | slowest ${slowest.length}: mean / max (ms) | the largest part of a slowest delivery | typical ${typical.length}: mean / max (ms) |`, '| --- | ---: | ---: | ---: |'];
  const largest = new Map<string, number>();
  for (const t of slowest) {
    const top = STAGES.reduce((a, b) => (t[b] > t[a] ? b : a));
    largest.set(top, (largest.get(top) ?? 0) + 1);
  }
  for (const s of STAGES) {
    const a = slowest.map((t) => t[s]);
    const b = typical.map((t) => t[s]);
    lines.push(`| ${STAGE_NAMES[s]} | ${fmt(mean(a))} / ${fmt(Math.max(...a))} | ${largest.get(s) ?? 0} of ${slowest.length} | ${fmt(mean(b))} / ${fmt(Math.max(...b))} |`);
  }
  const totals = (xs: Traced[]) => `${fmt(mean(xs.map((t) => t.totalMs)))} / ${fmt(Math.max(...xs.map((t) => t.totalMs)))}`;
  lines.push(`| **commit → receipt** | ${totals(slowest)} | | ${totals(typical)} |`);
  const eager = (xs: Traced[]) => `${xs.filter((t) => t.eager).length} of ${xs.length}`;
  const tasks = (xs: Traced[]) => fmt(Math.max(...xs.map((t) => t.workflowTasks)));
  lines.push(`| started eagerly (first task in the start's answer) | ${eager(slowest)} | | ${eager(typical)} |`);
  lines.push(`| workflow tasks up to the attempt (most) | ${tasks(slowest)} | | ${tasks(typical)} |`);
  return lines.join('\n');
}
