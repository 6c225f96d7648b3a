import type { Services } from '../../services.js';
import type { Outcome } from '../operations/operations.js';
import type { OperationType } from '../../../workflows/operation-contract.js';
import type { ReconcileOutcome, StrandedKind } from '../../../workflows/reconciler-contract.js';
import { latestRunOf, strandedWorkflowId, type LatestRun } from '../../temporal/reconciler.js';
import { deliveryTimingOf, restartDeliveryWorkflow } from '../../temporal/deliveries.js';
import { startOperationWorkflow } from '../../temporal/operations.js';
import { publicationStartOf, restartPublicationWorkflow } from '../../temporal/publications.js';
import { closeDelivery } from '../webhooks/delivery-end.js';
import { failQueuedPublication } from '../articles/publication-ends.js';
import { endOperation } from '../ai-reply/reply-writer.js';
import { endGeneration } from '../articles/generation.js';
import { endTurn } from '../strategist/turns.js';
import { endRecovery } from '../webhooks/recovery-operation.js';

/**
 * What the reconciler does with a row that says its workflow runs (docs/operating.md, "What
 * the reconciler reports"). The workflow's latest run is described first, then the row read
 * again: a run still going, or a row settled meanwhile, is left alone. Then, per kind:
 * - a delivery is started again (the subscriber may be back), going on from its recorded
 *   attempts and pause; one whose workflow completed without settling it, or was canceled by
 *   hand, ends dead saying so (started again it would do the same);
 * - a queued operation is started again (nothing was charged nor asked of a model); a running
 *   one ends failed with internal_error (its customer waits for an answer, not a late retry);
 *   one canceled by hand ends canceled;
 * - a queued publication is started again (the site module still sees the job and reports it);
 *   one whose workflow completed or was canceled without settling it ends failed.
 * Every end is visible: the row's error says why.
 */
export type ReconcilerServices = Pick<Services, 'orm' | 'redis' | 'clock' | 'config' | 'metrics' | 'temporal' | 'log'>;

const WORKFLOW_GONE = 'its workflow ended without settling it';

interface DeliveryRow { id: string; tenant_id: string; integration_id: string; webhook_id: string; event_type: string; state: 'pending' | 'failed'; attempt: number; next_attempt_at: Date | null }
interface OperationRow { id: string; tenant_id: string; integration_id: string | null; type: OperationType; status: 'queued' | 'running' }

/** The ends of an operation by type: each does what its workflow's own failure step does. */
const END_OPERATION: Record<OperationType, (s: ReconcilerServices, id: string, outcome: Exclude<Outcome, { status: 'succeeded' }>) => Promise<boolean>> = {
  'conversation.ai_reply': endOperation,
  'article.generation': endGeneration,
  'strategist.turn': endTurn,
  'webhook.recovery': endRecovery,
};

async function settleDelivery(s: ReconcilerServices, id: string, run: LatestRun): Promise<ReconcileOutcome | null> {
  const [row] = await s.orm.em.fork().execute<DeliveryRow[]>(
    `select id, tenant_id, integration_id, webhook_id, event_type, state, attempt, next_attempt_at from webhook_deliveries
      where id = ? and state in ('pending', 'failed') and workflow_started_at is not null`, [id]);
  if (!row) return null;
  const timing = deliveryTimingOf(s.config.webhooks);
  const attempt = row.attempt + 1;
  if (run === 'completed' || run === 'canceled' || attempt > timing.retrySchedule.length + 1) {
    const why = run === 'canceled' ? 'its workflow was canceled by hand' : WORKFLOW_GONE;
    return (await closeDelivery(s, id, `Not sent further: ${why}; redeliver it to send it again.`)) ? 'ended' : null;
  }
  const ref = { id, tenantId: row.tenant_id, integrationId: row.integration_id, webhookId: row.webhook_id, eventType: row.event_type };
  const progress = { attempt, visible: row.state, notBefore: row.state === 'failed' && row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null };
  return (await restartDeliveryWorkflow(await s.temporal.client(), s.config.temporal.taskQueue, ref, timing, progress)) ? 'restarted' : null;
}

async function settleOperation(s: ReconcilerServices, id: string, run: LatestRun): Promise<ReconcileOutcome | null> {
  const [row] = await s.orm.em.fork().execute<OperationRow[]>(
    `select id, tenant_id, integration_id, type, status from operations where id = ? and status in ('queued', 'running') and workflow_started_at is not null`, [id]);
  if (!row || !END_OPERATION[row.type]) return null;
  if (row.status === 'queued' && (run === 'closed' || run === 'missing')) {
    const ref = { id, tenantId: row.tenant_id, integrationId: row.integration_id, type: row.type };
    return (await startOperationWorkflow(await s.temporal.client(), s.config.temporal.taskQueue, ref, false, true)) ? 'restarted' : null;
  }
  const outcome: Exclude<Outcome, { status: 'succeeded' }> = run === 'canceled' ? { status: 'canceled' }
    : { status: 'failed', error: { code: 'internal_error', message: `The operation could not be completed: ${WORKFLOW_GONE}.` } };
  return (await END_OPERATION[row.type](s, id, outcome)) ? 'ended' : null;
}

async function settlePublication(s: ReconcilerServices, id: string, run: LatestRun): Promise<ReconcileOutcome | null> {
  const em = s.orm.em.fork();
  const [row] = await em.execute<{ id: string; tenant_id: string }[]>(`select id, tenant_id from publications where id = ? and state = 'queued' and target = 'connector'`, [id]);
  if (!row) return null;
  if (run === 'closed' || run === 'missing') {
    return (await restartPublicationWorkflow(await s.temporal.client(), publicationStartOf(s), { id, tenantId: row.tenant_id })) ? 'restarted' : null;
  }
  return (await failQueuedPublication(em, id, `Not published: ${WORKFLOW_GONE}; publish again.`, s.clock.now())) ? 'ended' : null;
}

const SETTLE: Record<StrandedKind, (s: ReconcilerServices, id: string, run: LatestRun) => Promise<ReconcileOutcome | null>> = {
  delivery: settleDelivery, operation: settleOperation, publication: settlePublication,
};

/** Looks at one row whose workflow may have closed or vanished, and settles it; null when there was nothing to do. */
export async function settleStranded(s: ReconcilerServices, kind: StrandedKind, id: string): Promise<ReconcileOutcome | null> {
  const run = await latestRunOf(await s.temporal.client(), strandedWorkflowId(kind, id));
  if (run === 'running') return null;
  return SETTLE[kind](s, id, run);
}
