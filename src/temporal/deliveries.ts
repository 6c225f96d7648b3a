import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { TemporalAccess } from './access.js';
import { taskQueueFor } from './task-queues.js';
import { forEachConcurrently } from '../domain/pacing/concurrently.js';
import type { WebhookSettings } from '../config.js';
import { DELIVERY_WORKFLOW_TYPE, deliveryWorkflowId, recheckHoldSignal, type DeliveryTiming } from '../../workflows/delivery-contract.js';
import { DELIVERY_STATE, EVENT_TYPE, TENANT_ID, WEBHOOK_ID, INTEGRATION_ID } from '../../workflows/search-attributes.js';

/** The timing a delivery workflow runs with, from the webhook settings (workflows cannot read configuration). */
export function deliveryTiming(w: WebhookSettings): DeliveryTiming {
  const { retrySchedule, retryAfterMaxMs, holdRecheckMs, holdBackstopMs, holdCyclesPerRun, timeoutMs } = w;
  return { retrySchedule, retryAfterMaxMs, holdRecheckMs, holdBackstopMs, holdCyclesPerRun, timeoutMs };
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
 * of a worker of this process that polls the deliveries queue of `baseQueue` (ProcessWorker.eagerClient).
 */
export async function startDeliveryWorkflow(client: Client, baseQueue: string, d: DeliveryRef, timing?: DeliveryTiming, eager = false): Promise<void> {
  try {
    await client.workflow.start(DELIVERY_WORKFLOW_TYPE, {
      workflowId: deliveryWorkflowId(d.id),
      taskQueue: taskQueueFor(baseQueue, DELIVERY_WORKFLOW_TYPE),
      // Only with a client on the connection of a worker polling that queue in this process.
      requestEagerStart: eager,
      args: timing ? [d.id, timing] : [d.id],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [
        { key: TENANT_ID, value: d.tenantId },
        { key: INTEGRATION_ID, value: d.integrationId },
        { key: WEBHOOK_ID, value: d.webhookId },
        { key: EVENT_TYPE, value: d.eventType },
        { key: DELIVERY_STATE, value: 'pending' },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Asks a held delivery to look at its hold again (no-op when it has finished). */
export async function signalRecheck(client: Client, deliveryId: string): Promise<void> {
  await client.workflow.getHandle(deliveryWorkflowId(deliveryId)).signal(recheckHoldSignal).catch(() => undefined);
}

/** Ends a delivery's workflow (its subscription was deleted). */
export async function cancelDeliveryWorkflow(client: Client, deliveryId: string): Promise<void> {
  await client.workflow.getHandle(deliveryWorkflowId(deliveryId)).cancel().catch(() => undefined);
}

/** Notices in flight at once: a subscription or a tenant may hold thousands of deliveries. */
const NOTICES_AT_ONCE = 20;

/**
 * Tells many delivery workflows to look at their hold again (`recheck`) or to end (`cancel`).
 * Each notice is best effort (a finished workflow ignores it); nothing is sent for no ids.
 */
export async function noticeDeliveries(temporal: TemporalAccess, deliveryIds: readonly string[], notice: 'recheck' | 'cancel'): Promise<void> {
  if (!deliveryIds.length) return;
  const client = await temporal.client();
  const send = notice === 'recheck' ? signalRecheck : cancelDeliveryWorkflow;
  await forEachConcurrently(deliveryIds, NOTICES_AT_ONCE, (id) => send(client, id), () => undefined);
}
