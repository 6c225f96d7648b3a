import type { Redis } from 'ioredis';
import type { QueryResult } from '@mikro-orm/core';
import type { Client } from '@temporalio/client';
import type { Services } from '../../services.js';
import type { Em } from '../../db/orm.js';
import type { DeliveryTiming } from '../../../workflows/delivery-contract.js';
import { startDeliveryWorkflow } from '../../temporal/deliveries.js';
import { OUTBOX_CHANNEL } from '../events/outbox-wakeup.js';
import { channelName } from '../../redis.js';
import { subscribesTo } from '../events/catalogue.js';
import { newId } from '../../ids.js';
import { forEachConcurrently } from './concurrently.js';

/** Events per transaction. */
const BATCH = 100;
/** Workflow starts in flight at once. */
const START_CONCURRENCY = 50;
/** How long a relay's claim on a delivery to start lasts (a relay that dies releases it so). */
const CLAIM_MS = 30_000;
/**
 * A started delivery counts against the bound for this long at most: a workflow that was
 * terminated by hand (or lost with its dev server) must not hold a place forever.
 */
const IN_FLIGHT_WINDOW_MS = 10 * 60_000;

export interface RelayedEvent {
  id: string;
  tenant_id: string;
  integration_id: string | null;
  type: string;
  target_webhook_id: string | null;
}

export interface Subscription {
  id: string;
  tenant_id: string;
  integration_id: string;
  events: string[];
  status: string;
  integration_status: string;
}

/**
 * Does this event go to this subscription? Same tenant; never to a revoked integration's
 * subscriptions; an integration's event only to that integration's subscriptions; a targeted
 * event (webhook.test) only to its subscription, whatever its patterns; any other event to the
 * subscriptions whose patterns take its type. A paused subscription gets its deliveries too:
 * they wait for the resume (spec 01: deliveries suspended, then resumed). Whether the
 * integration may receive the event now is the attempt's question (deliveryAccess).
 */
export function goesTo(event: RelayedEvent, s: Subscription): boolean {
  if (s.tenant_id !== event.tenant_id || s.integration_status === 'revoked') return false;
  if (event.integration_id !== null && s.integration_id !== event.integration_id) return false;
  if (event.target_webhook_id !== null) return s.id === event.target_webhook_id;
  return subscribesTo(s.events, event.type);
}

export interface RelayRun {
  events: number;
  deliveries: number;
  started: number;
  /** Deliveries left unstarted because the bound was reached. */
  waiting: boolean;
}

interface ClaimedDelivery { id: string; tenant_id: string; integration_id: string; webhook_id: string; event_type: string }

export interface RelayOptions {
  taskQueue?: string;
  /**
   * A client on the connection of a worker of this process polling `taskQueue`: starts then
   * ask for eager execution (the first workflow task comes back in the start's answer).
   */
  eagerClient?: Client;
}

type RelayServices = Pick<Services, 'orm' | 'redis' | 'temporal' | 'config' | 'metrics' | 'log' | 'clock'>;

/**
 * The outbox relay of the worker (ARCHITECTURE flow 3). Committed events become one
 * webhook_deliveries row per matching subscription, in the transaction that marks them
 * relayed; after the commit deliveries without a workflow (including replays written by the
 * api or bin/ctl) get workflow `delivery:<id>`. Woken by OUTBOX_CHANNEL and by a sweep every
 * relaySweepMs, so a lost wake-up or a crash between commit and start only delays.
 *
 * Backpressure (docs/decisions.md, "Relay pacing"): at most relayMaxInFlight deliveries are
 * started and not yet attempted; the rest wait and are picked round-robin by tenant (each
 * tenant's oldest first), so one tenant's burst does not starve another's deliveries. While
 * some wait, the relay looks again every relayBacklogTickMs. No transaction is held across a
 * Temporal call: rows are claimed by a short update (start_claimed_until), started, then
 * marked. Several relays may run at once: a claim excludes the others until it expires, and a
 * second start of the same workflow id is a no-op.
 */
export class OutboxRelay {
  private subscriber?: Redis;
  private sweep?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private backlogTimer?: NodeJS.Timeout;
  private readonly taskQueue: string;
  private readonly timing: DeliveryTiming;
  private readonly eagerClient?: Client;

  constructor(private readonly s: RelayServices, options: RelayOptions = {}) {
    this.taskQueue = options.taskQueue ?? s.config.temporal.taskQueue;
    this.eagerClient = options.eagerClient;
    const { retrySchedule, retryAfterMaxMs, holdRecheckMs, timeoutMs } = s.config.webhooks;
    this.timing = { retrySchedule, retryAfterMaxMs, holdRecheckMs, timeoutMs };
  }

  async start(): Promise<void> {
    // The subscription may wait for the connection (ioredis subscribes again after a reconnect).
    this.subscriber = this.s.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber.on('error', (err: Error) => this.s.log.warn({ err: err.message }, 'relay subscriber error'));
    this.subscriber.on('message', () => this.wake());
    await this.subscriber.subscribe(channelName(this.subscriber, OUTBOX_CHANNEL)).catch((err: Error) => this.s.log.warn({ err: err.message }, 'relay subscribe failed'));
    this.sweep = setInterval(() => this.wake(), this.s.config.webhooks.relaySweepMs);
    this.wake();
  }

  /** Runs the relay now, or once more right after the run in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    clearTimeout(this.backlogTimer);
    this.subscriber?.disconnect();
    await this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        const run = await this.runOnce();
        if (run.waiting) this.wakeSoon();
      } catch (err) {
        this.s.log.warn({ err: (err as Error).message }, 'relay run failed; the next sweep retries');
      }
    } while (this.again && !this.stopped);
  }

  /** Deliveries wait for room under the bound: look again shortly. */
  private wakeSoon(): void {
    if (this.backlogTimer || this.stopped) return;
    this.backlogTimer = setTimeout(() => {
      this.backlogTimer = undefined;
      this.wake();
    }, this.s.config.webhooks.relayBacklogTickMs);
  }

  /** One full pass: relay every waiting event, start deliveries while there is room, measure the lag. */
  async runOnce(): Promise<RelayRun> {
    const run: RelayRun = { events: 0, deliveries: 0, started: 0, waiting: false };
    for (;;) {
      const batch = await this.relayBatch();
      run.events += batch.events;
      run.deliveries += batch.deliveries;
      if (batch.events < BATCH) break;
    }
    const round = await this.startRound(this.eagerClient ?? await this.s.temporal.client());
    run.started = round.started;
    // The bound was reached: whatever is still unstarted waits for room.
    if (!round.roomLeft) run.waiting = await this.anyUnstarted();
    await this.measureLag();
    return run;
  }

  private async relayBatch(): Promise<{ events: number; deliveries: number }> {
    const now = this.s.clock.now().toISOString();
    const result = await this.s.orm.em.fork().transactional(async (tx) => {
      const events = await tx.execute<RelayedEvent[]>(
        `select id, tenant_id, integration_id, type, target_webhook_id from outbox_events
          where relayed_at is null order by created_at limit ? for update skip locked`,
        [BATCH],
      );
      if (!events.length) return { events: 0, deliveries: 0 };
      const subscriptions = await tx.execute<Subscription[]>(
        `select w.id, w.tenant_id, w.integration_id, w.events, w.status, i.status as integration_status
           from webhooks w join integrations i on i.id = w.integration_id where w.tenant_id = any(?::uuid[])`,
        [textArray([...new Set(events.map((e) => e.tenant_id))])],
      );
      const rows = events.flatMap((e) => subscriptions.filter((s) => goesTo(e, s)).map((s) => ({
        id: newId(), tenant_id: s.tenant_id, integration_id: s.integration_id, webhook_id: s.id, event_id: e.id, event_type: e.type,
        queued_while_paused: s.status !== 'active',
      })));
      let deliveries = 0;
      if (rows.length) {
        const inserted = await tx.execute<QueryResult>(
          `insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, queued_while_paused, state, attempt, created_at, updated_at)
           select t.id, t.tenant_id, t.integration_id, t.webhook_id, t.event_id, t.event_type, t.queued_while_paused, 'pending', 0, ?, ?
             from jsonb_to_recordset(?::jsonb) as t(id uuid, tenant_id uuid, integration_id uuid, webhook_id uuid, event_id text, event_type text, queued_while_paused boolean)
           on conflict (webhook_id, event_id) where replay_of is null do nothing`,
          [now, now, JSON.stringify(rows)],
          'run',
        );
        deliveries = inserted.affectedRows;
      }
      await tx.execute(`update outbox_events set relayed_at = ? where id = any(?::text[])`, [now, textArray(events.map((e) => e.id))], 'run');
      return { events: events.length, deliveries };
    });
    if (result.deliveries) this.s.metrics.deliveryTransitions.inc({ state: 'pending' }, result.deliveries);
    return result;
  }

  /**
   * Claims as many unstarted deliveries as the bound leaves room for (round-robin by tenant),
   * starts their workflows outside any transaction, then marks them started. A start that
   * fails gives its claim back; the next run tries it again.
   */
  private async startRound(client: Client): Promise<{ started: number; roomLeft: boolean }> {
    const em = this.s.orm.em.fork();
    const now = this.s.clock.now();
    const { room, claimed } = await this.claim(em, now);
    const started: string[] = [];
    const failed: string[] = [];
    await forEachConcurrently(claimed, START_CONCURRENCY, async (d) => {
      await startDeliveryWorkflow(client, this.taskQueue, {
        id: d.id, tenantId: d.tenant_id, integrationId: d.integration_id, webhookId: d.webhook_id, eventType: d.event_type,
      }, this.timing, this.eagerClient !== undefined);
      started.push(d.id);
    }, (d, err) => {
      failed.push(d.id);
      this.s.log.warn({ delivery_id: d.id, err: (err as Error).message }, 'delivery workflow not started; the next run retries');
    });
    if (started.length) {
      await em.execute(`update webhook_deliveries set workflow_started_at = ?, start_claimed_until = null where id = any(?::uuid[])`,
        [this.s.clock.now().toISOString(), textArray(started)], 'run');
    }
    if (failed.length) {
      await em.execute(`update webhook_deliveries set start_claimed_until = null where id = any(?::uuid[])`, [textArray(failed)], 'run');
    }
    return { started: started.length, roomLeft: claimed.length < room };
  }

  /**
   * One statement: the room under the bound (started, not yet attempted, not held, started
   * within IN_FLIGHT_WINDOW_MS; plus deliveries claimed by a relay and not started yet), then
   * up to that many unstarted deliveries, each tenant's oldest first and tenants taking turns.
   */
  private async claim(em: Em, now: Date): Promise<{ room: number; claimed: ClaimedDelivery[] }> {
    const nowIso = now.toISOString();
    const [{ room }] = await em.execute<{ room: number }[]>(
      `select greatest(0, ?::int
          - (select count(*) from webhook_deliveries
              where workflow_started_at is not null and state = 'pending' and attempt = 0 and held_at is null
                and workflow_started_at > ?::timestamptz)
          - (select count(*) from webhook_deliveries where workflow_started_at is null and start_claimed_until > ?::timestamptz))::int as room`,
      [this.s.config.webhooks.relayMaxInFlight, new Date(now.getTime() - IN_FLIGHT_WINDOW_MS).toISOString(), nowIso],
    ) as [{ room: number }];
    if (room === 0) return { room, claimed: [] };
    const claimed = await em.execute<ClaimedDelivery[]>(
      `with picked as (
         select c.id from (select distinct tenant_id from webhook_deliveries where workflow_started_at is null) t
         cross join lateral (
           select d.id, d.created_at, row_number() over (order by d.created_at, d.id) as turn
             from webhook_deliveries d
            where d.tenant_id = t.tenant_id and d.workflow_started_at is null
              and (d.start_claimed_until is null or d.start_claimed_until <= ?::timestamptz)
            order by d.created_at, d.id limit ?
         ) c
         order by c.turn, c.created_at
         limit ?
       )
       update webhook_deliveries d set start_claimed_until = ?
         from picked p
        where d.id = p.id and d.workflow_started_at is null
          and (d.start_claimed_until is null or d.start_claimed_until <= ?::timestamptz)
       returning d.id, d.tenant_id, d.integration_id, d.webhook_id, d.event_type`,
      [nowIso, room, room, new Date(now.getTime() + CLAIM_MS).toISOString(), nowIso],
    );
    return { room, claimed };
  }

  private async anyUnstarted(): Promise<boolean> {
    const rows = await this.s.orm.em.fork().execute(`select 1 from webhook_deliveries where workflow_started_at is null limit 1`);
    return rows.length > 0;
  }

  private async measureLag(): Promise<void> {
    const [row] = await this.s.orm.em.fork().execute<{ lag: string | null }[]>(
      `select extract(epoch from (?::timestamptz - min(created_at))) as lag from outbox_events where relayed_at is null`,
      [this.s.clock.now().toISOString()],
    );
    this.s.metrics.outboxLag.set(row?.lag ? Math.max(0, Number(row.lag)) : 0);
  }
}

/** A PostgreSQL array literal of ids (the query layer would expand a JS array into a list). */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
