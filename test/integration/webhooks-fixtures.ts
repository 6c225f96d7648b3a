import { randomUUID } from 'node:crypto';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { call, type Answer } from '../harness/http.js';
import type { Services } from '../../src/services.js';
import { WebhookDelivery, type DeliveryState } from '../../src/entities/webhook.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { startDeliveryWorkflow } from '../../src/temporal/deliveries.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';

/**
 * Shared by the webhooks-*.test.ts files. Subscriber URLs use the host hooks.test, pinned to
 * 127.0.0.1 and let through by the development relaxation; no subscriber has to answer,
 * because these routes never deliver.
 */
export const HOOKS_ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RESOLVE: 'hooks.test=127.0.0.1' };
export const HOOK_URL = 'https://hooks.test/receiver';

export const idempotencyKey = (): string => randomUUID();

export const webhookBody = (o: Record<string, unknown> = {}) => ({ url: HOOK_URL, events: ['lead.created'], ...o });

export function postWebhook(api: TestApi, who: Caller, body: unknown = webhookBody(), key: string | null = idempotencyKey()): Promise<Answer> {
  return call(api.base, 'POST', '/webhooks', { key: who.apiKey, body, headers: key === null ? {} : { 'idempotency-key': key } });
}

/** Creates a subscription and fails loudly if that did not work. */
export async function newWebhook(api: TestApi, who: Caller, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await postWebhook(api, who, webhookBody(body));
  if (res.status !== 201) throw new Error(`POST /webhooks answered ${res.status}: ${res.text}`);
  return res.body;
}

export interface SeededDelivery {
  state?: DeliveryState;
  createdAt?: Date;
  attempt?: number;
  statusCode?: number | null;
  error?: string | null;
  eventId?: string;
}

/**
 * A delivery in the log as the delivery engine leaves it, with its event. The event is marked
 * relayed and the workflow as started, so a relay running in the same database leaves both alone.
 */
export async function seedDelivery(services: Services, webhook: Record<string, any>, who: Caller, o: SeededDelivery = {}): Promise<WebhookDelivery> {
  const createdAt = o.createdAt ?? services.clock.now();
  return services.orm.em.fork().transactional(async (em) => {
    let eventId = o.eventId;
    if (!eventId) {
      const event = recordEvent(em, { tenantId: who.tenantId, integrationId: who.integrationId, type: 'lead.created', data: { lead_id: randomUUID() } }, createdAt);
      event.relayedAt = createdAt;
      eventId = event.id;
    }
    const state = o.state ?? 'delivered';
    const delivery = em.create(WebhookDelivery, {
      id: randomUUID(), tenantId: who.tenantId, integrationId: who.integrationId, webhookId: webhook.id, eventId, eventType: 'lead.created',
      state, attempt: o.attempt ?? 1, statusCode: o.statusCode === undefined ? (state === 'delivered' ? 200 : 500) : o.statusCode,
      durationMs: 12, error: o.error ?? null, nextAttemptAt: state === 'failed' ? new Date(createdAt.getTime() + 300_000) : null,
      deliveredAt: state === 'delivered' ? createdAt : null, replayOf: null, workflowStartedAt: createdAt, createdAt, updatedAt: createdAt,
    });
    await em.flush();
    return delivery;
  });
}

/**
 * Delivery workflows started on a task queue no worker polls: they stay running, so a test can
 * read from their history which signals and cancellation requests reached them.
 */
export class HeldWorkflows {
  private readonly taskQueue = `webhooks-held-${randomUUID()}`;
  private readonly started: string[] = [];

  constructor(private readonly services: Services) {}

  async start(delivery: WebhookDelivery): Promise<void> {
    const client = await this.services.temporal.client();
    await startDeliveryWorkflow(client, this.taskQueue, delivery);
    this.started.push(delivery.id);
  }

  /** Names of the history events of a delivery's workflow that tell what it was sent. */
  async received(deliveryId: string): Promise<string[]> {
    const client = await this.services.temporal.client();
    const history = await client.workflow.getHandle(deliveryWorkflowId(deliveryId)).fetchHistory();
    return (history.events ?? []).flatMap((e) => {
      if (e.workflowExecutionSignaledEventAttributes) return [`signal:${e.workflowExecutionSignaledEventAttributes.signalName}`];
      if (e.workflowExecutionCancelRequestedEventAttributes) return ['cancel-requested'];
      return [];
    });
  }

  async terminateAll(): Promise<void> {
    const client = await this.services.temporal.client();
    await Promise.all(this.started.map((id) => client.workflow.getHandle(deliveryWorkflowId(id)).terminate('test over').catch(() => undefined)));
  }
}
