import type { Client } from '@temporalio/client';
import type pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { InProcessWorker } from './in-process-worker.js';
import { ownShare } from './isolation.js';
import { startDeliveryEngine, type DeliveryEngine } from '../../src/domain/webhooks/delivery-engine.js';
import { Webhook, type WebhookStatus } from '../../src/entities/webhook.js';
import { SecretBox, newSigningSecret } from '../../src/domain/webhooks/secret-box.js';
import { recordEvent, type NewEvent } from '../../src/domain/events/outbox.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';
import { newId } from '../../src/ids.js';
import { dropDatabase, freshDatabase, sqlClient } from './database.js';
import { newCaller, type Caller, type CallerOptions } from './fixtures.js';
import { Receiver } from './receiver.js';
import { startApi, type TestApi } from './app.js';
import { eventually } from './eventually.js';
import { deliveryWorkflowId, type DeliveryTiming } from '../../workflows/delivery-contract.js';
import { deliveryTimingOf, startDeliveryWorkflow } from '../../src/temporal/deliveries.js';
import { DELIVERY_STATE } from '../../workflows/search-attributes.js';

/** Eight short pauses, so a delivery runs its nine attempts in a few seconds. */
export const FAST_RETRIES = Array(8).fill('100ms').join(',');

export interface HarnessOptions {
  /** The test file (import.meta.url): spreads receivers over loopback addresses. */
  file: string;
  /** Configuration over the defaults below. */
  env?: Record<string, string>;
  /** More WEBHOOK_RESOLVE entries (host=address) besides the receiver's. */
  resolve?: string[];
  /** Run a worker and the delivery engine in this process (default true). */
  inProcess?: boolean;
}

export interface SubscriptionOptions {
  url: string;
  events?: string[];
  includePii?: boolean;
  status?: WebhookStatus;
  /** A rotation window: the previous secret and when it stops working. */
  previous?: { secret: string; expiresAt: Date };
}

/**
 * Everything a delivery test needs, real: a database of its own (the relay in this process
 * must not relay other test files' events), an HTTPS receiver, the services with short retry
 * pauses, a Temporal worker on a task queue of its own (the dist/ workflows) and the delivery
 * engine (relay + wallet-hold release).
 */
export class DeliveryHarness {
  services!: Services;
  client!: Client;
  receiver!: Receiver;
  db!: pg.Client;
  engine?: DeliveryEngine;
  env!: Record<string, string>;
  /** The file's own task queues, Schedule ids and Redis key prefix (its relay wakes on its own channel). */
  readonly share = ownShare('deliveries');
  readonly run = this.share.id;
  readonly taskQueue = this.share.taskQueue;
  worker?: InProcessWorker;
  databaseUrl!: string;
  box!: SecretBox;

  static async start(o: HarnessOptions): Promise<DeliveryHarness> {
    const h = new DeliveryHarness();
    h.receiver = await Receiver.start(o.file);
    h.databaseUrl = await freshDatabase('webhook_delivery');
    h.env = {
      ...(process.env as Record<string, string>),
      DATABASE_URL: h.databaseUrl,
      ...h.share.env,
      WEBHOOK_RESOLVE: [h.receiver.resolveEntry, ...(o.resolve ?? [])].join(','),
      WEBHOOK_RETRY_SCHEDULE: FAST_RETRIES,
      // Generous: a subscriber that answers at all answers in time, however loaded the machine
      // (issue 28: 1.5 s made every success path race the clock). The test about the timeout
      // sets its own (webhook-delivery-timeout.test.ts).
      WEBHOOK_TIMEOUT_MS: '15000',
      WEBHOOK_HOLD_RECHECK: '1h',
      RELAY_SWEEP_MS: '500',
      ...o.env,
    };
    h.services = await createServices(loadConfig(h.env));
    h.box = new SecretBox(h.services.config.webhooks.secretKey);
    h.client = await h.services.temporal.client();
    h.db = await sqlClient(h.databaseUrl);
    if (o.inProcess !== false) {
      h.worker = new InProcessWorker(h.services);
      await h.worker.start();
      h.engine = await startDeliveryEngine(h.services, { eager: h.worker.eager });
    }
    return h;
  }

  async stop(): Promise<void> {
    await this.engine?.stop();
    await this.worker?.stop();
    await this.db?.end();
    await this.services?.close();
    try {
      await this.receiver?.close();
    } finally {
      if (this.databaseUrl) await dropDatabase(this.databaseUrl);
    }
  }

  caller(o: CallerOptions = {}): Promise<Caller> {
    return newCaller(this.services, o);
  }

  /** A subscription row as the subscription routes write it; returns its id and signing secret. */
  async subscribe(caller: Caller, o: SubscriptionOptions): Promise<{ id: string; secret: string }> {
    const secret = newSigningSecret();
    const now = new Date();
    const em = this.services.orm.em.fork();
    const webhook = em.create(Webhook, {
      id: newId(), tenantId: caller.tenantId, integrationId: caller.integrationId, url: o.url, events: o.events ?? ['lead.*'],
      includePii: o.includePii ?? false, description: null, status: o.status ?? 'active', secretSealed: this.box.seal(secret),
      previousSecretSealed: o.previous ? this.box.seal(o.previous.secret) : null, previousSecretExpiresAt: o.previous?.expiresAt ?? null,
      secretRotatedAt: o.previous ? now : null, createdAt: now, updatedAt: now,
    });
    await em.flush();
    return { id: webhook.id, secret };
  }

  /**
   * A subscription of `caller` to `path` of the receiver, which answers 2xx and checks every
   * request's signature against the subscription's secret.
   */
  async subscribeSigned(caller: Caller, path: string, o: Omit<SubscriptionOptions, 'url'>): Promise<{ id: string; secret: string }> {
    const sub = await this.subscribe(caller, { ...o, url: this.receiver.route(path) });
    this.receiver.route(path, undefined, [sub.secret]);
    return sub;
  }

  /** The api on this harness's database, task queue and Redis prefix (its work runs on this harness's worker), reaching the receiver by name. */
  startApi(env: Record<string, string> = {}): Promise<TestApi> {
    return startApi({ DATABASE_URL: this.env.DATABASE_URL!, ...this.share.env, WEBHOOK_RESOLVE: this.env.WEBHOOK_RESOLVE!, ...env });
  }

  /** Commits an event to the outbox and wakes the relay, as a write route does. */
  async raise(caller: Caller, event: Omit<NewEvent, 'tenantId'> & { integrationId?: string | null }): Promise<string> {
    const id = await this.services.orm.em.fork().transactional(async (em) => {
      const e = recordEvent(em, { integrationId: caller.integrationId, ...event, tenantId: caller.tenantId }, new Date());
      return e.id;
    });
    await wakeRelay(this.services.redis);
    return id;
  }

  /**
   * A delivery as the relay writes it while the subscription is active (event relayed, workflow
   * not started yet), for a subscription that may be paused now; `start` says who starts the
   * workflow: the relay (woken), or nobody (the test starts it with a timing of its own).
   */
  async existingDelivery(sub: { id: string; caller: Caller }, event: Omit<NewEvent, 'tenantId'>, start: 'relay' | 'none' = 'relay'): Promise<string> {
    const eventId = await this.services.orm.em.fork().transactional(async (em) => {
      const e = recordEvent(em, { integrationId: sub.caller.integrationId, ...event, tenantId: sub.caller.tenantId }, new Date());
      e.relayedAt = new Date();
      return e.id;
    });
    const deliveryId = newId();
    await this.db.query(
      `insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, state, attempt, created_at, updated_at, workflow_started_at)
       values ($1, $2, $3, $4, $5, $6, 'pending', 0, now(), now(), ${start === 'relay' ? 'null' : 'now()'})`,
      [deliveryId, sub.caller.tenantId, sub.caller.integrationId, sub.id, eventId, event.type],
    );
    if (start === 'relay') await wakeRelay(this.services.redis);
    return deliveryId;
  }

  /**
   * Starts the workflow of a delivery written with `start: 'none'` as the relay would, with the
   * harness's timing changed by `timing` (short holds, a schedule of the test's own).
   */
  async startWithTiming(sub: { id: string; caller: Caller }, deliveryId: string, timing: Partial<DeliveryTiming>): Promise<void> {
    await startDeliveryWorkflow(this.client, this.taskQueue, {
      id: deliveryId, tenantId: sub.caller.tenantId, integrationId: sub.caller.integrationId, webhookId: sub.id, eventType: 'lead.created',
    }, { ...deliveryTimingOf(this.services.config.webhooks), ...timing });
  }

  async delivery(webhookId: string, eventId: string): Promise<any> {
    const { rows } = await this.db.query('select * from webhook_deliveries where webhook_id = $1 and event_id = $2 and replay_of is null', [webhookId, eventId]);
    return rows[0];
  }

  async attempts(deliveryId: string): Promise<any[]> {
    return (await this.db.query('select * from webhook_delivery_attempts where delivery_id = $1 order by attempt', [deliveryId])).rows;
  }

  /** Waits for the delivery of `eventId` to `webhookId` to reach `state`; returns its row. */
  async settled(webhookId: string, eventId: string, state: string, timeoutMs = 90_000): Promise<any> {
    return eventually(`delivery of ${eventId} to be ${state}`, async () => {
      const row = await this.delivery(webhookId, eventId);
      return row?.state === state ? row : undefined;
    }, timeoutMs);
  }

  /** The DeliveryState search attribute of a delivery's workflow, as an operator sees it. */
  async visibleState(deliveryId: string): Promise<string | undefined> {
    const described = await this.client.workflow.getHandle(deliveryWorkflowId(deliveryId)).describe();
    return described.typedSearchAttributes.get(DELIVERY_STATE);
  }
}
