import type { Client } from '@temporalio/client';
import type { Services } from '../services.js';
import { taskQueueFor } from './task-queues.js';
import { forEachConcurrently } from '../domain/pacing/concurrently.js';
import { startedOnce, unlessEnded } from './ended.js';
import { DELIVERY_WORKFLOW_TYPE, deliveryWorkflowId, recheckHoldSignal, type DeliveryProgress, type DeliveryTiming } from '../../workflows/delivery-contract.js';
import type { WebhookSettings } from '../config/webhooks.js';
import { DELIVERY_STATE, EVENT_TYPE, TENANT_ID, WEBHOOK_ID, INTEGRATION_ID } from '../../workflows/search-attributes.js';

/** The timing a delivery workflow runs with, from the configuration (workflows cannot read it). */
export function deliveryTimingOf(w: WebhookSettings): DeliveryTiming {
  const { retrySchedule, retryAfterMaxMs, holdRecheckMs, holdBackstopMs, holdBackstopMaxMs, holdCyclesPerRun, timeoutMs, stepBoundMs } = w;
  return { retrySchedule, retryAfterMaxMs, holdRecheckMs, holdBackstopMs, holdBackstopMaxMs, holdCyclesPerRun, timeoutMs, stepBoundMs };
}

export interface DeliveryRef {
  id: string;
  tenantId: string;
  integrationId: string;
  webhookId: string;
  eventType: string;
}

/**
 * Starts workflow `delivery:<id>`. Already started (by another relay, or before a crash) is an
 * expected answer, not an error: starting is idempotent. The relay passes its `timing`
 * (config.webhooks); without it the workflow takes the worker's. `eager` asks the server to
 * hand the first workflow task back in the answer: only for a client built on the connection
 * of a worker of this process that polls the deliveries queue of `baseQueue` (ProcessWorker.eager, while its version is current).
 */
export async function startDeliveryWorkflow(client: Client, baseQueue: string, d: DeliveryRef, timing?: DeliveryTiming, eager = false): Promise<void> {
  await startDelivery(client, baseQueue, d, timing ? [d.id, timing] : [d.id], eager, 'REJECT_DUPLICATE');
}

/**
 * Starts a fresh run of a delivery whose workflow closed without settling its row, or vanished
 * (the reconciler): it goes on from `progress`. Only over a run that did not complete
 * (ALLOW_DUPLICATE_FAILED_ONLY); false when a run is already under way.
 */
export async function restartDeliveryWorkflow(client: Client, baseQueue: string, d: DeliveryRef, timing: DeliveryTiming, progress: DeliveryProgress): Promise<boolean> {
  return startDelivery(client, baseQueue, d, [d.id, timing, progress], false, 'ALLOW_DUPLICATE_FAILED_ONLY');
}

async function startDelivery(client: Client, baseQueue: string, d: DeliveryRef, args: unknown[], eager: boolean, reuse: 'REJECT_DUPLICATE' | 'ALLOW_DUPLICATE_FAILED_ONLY'): Promise<boolean> {
  return startedOnce(client.workflow.start(DELIVERY_WORKFLOW_TYPE, {
    workflowId: deliveryWorkflowId(d.id),
    taskQueue: taskQueueFor(baseQueue, DELIVERY_WORKFLOW_TYPE),
    // Only with a client on the connection of a worker polling that queue in this process.
    requestEagerStart: eager,
    args,
    workflowIdReusePolicy: reuse,
    typedSearchAttributes: [
      { key: TENANT_ID, value: d.tenantId },
      { key: INTEGRATION_ID, value: d.integrationId },
      { key: WEBHOOK_ID, value: d.webhookId },
      { key: EVENT_TYPE, value: d.eventType },
      { key: DELIVERY_STATE, value: 'pending' },
    ],
  }));
}

/** Asks a held delivery to look at its hold again (no-op when it has finished; Temporal unavailable is an error). */
export async function signalRecheck(client: Client, deliveryId: string): Promise<void> {
  await unlessEnded(client.workflow.getHandle(deliveryWorkflowId(deliveryId)).signal(recheckHoldSignal));
}

/** Ends a delivery's workflow (its subscription was deleted); no-op when it has finished, Temporal unavailable is an error. */
export async function cancelDeliveryWorkflow(client: Client, deliveryId: string): Promise<void> {
  await unlessEnded(client.workflow.getHandle(deliveryWorkflowId(deliveryId)).cancel());
}

/** Notices in flight at once: a subscription or a tenant may hold thousands of deliveries. */
const NOTICES_AT_ONCE = 20;

/**
 * Tells many delivery workflows to look at their hold again (`recheck`) or to end (`cancel`);
 * nothing is sent for no ids. A finished workflow takes it as done. One Temporal did not take
 * (unavailable) is logged with its delivery id and counted (webhook_delivery_notices_not_sent_total),
 * and the others still go: callers send notices after their change committed, so there is no
 * request left to fail. What such a lost notice leaves behind is picked up by the delivery's
 * own re-check timer (a held one) or its next attempt (a cancelled one that still runs).
 */
export async function noticeDeliveries(s: Pick<Services, 'temporal' | 'log' | 'metrics'>, deliveryIds: readonly string[], notice: 'recheck' | 'cancel'): Promise<void> {
  if (!deliveryIds.length) return;
  const lost = (deliveryId: string, err: unknown) => {
    s.metrics.deliveryNoticesNotSent.inc({ notice });
    s.log.warn({ delivery_id: deliveryId, notice, err: (err as Error).message }, 'delivery notice not sent');
  };
  const client = await s.temporal.client().catch((err: unknown) => {
    for (const id of deliveryIds) lost(id, err);
  });
  if (!client) return;
  const send = notice === 'recheck' ? signalRecheck : cancelDeliveryWorkflow;
  await forEachConcurrently(deliveryIds, NOTICES_AT_ONCE, (id) => send(client, id), lost);
}
