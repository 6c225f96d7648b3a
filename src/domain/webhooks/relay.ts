import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { Client } from '@temporalio/client';
import type { Services } from '../../services.js';
import type { Em } from '../../db/orm.js';
import type { DeliveryTiming } from '../../../workflows/delivery-contract.js';
import { startDeliveryWorkflow } from '../../temporal/deliveries.js';
import { OUTBOX_CHANNEL } from '../events/outbox-wakeup.js';
import { channelName } from '../../redis.js';
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
/** Runs woken back to back start at least this far apart, so each takes what committed meanwhile. */
const MIN_RUN_INTERVAL_MS = 20;

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
  private lastRunAt = 0;
  private lastLagAt = 0;
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
      // Under a steady stream of wake-ups, runs are spaced so each one takes a batch.
      const wait = this.lastRunAt + MIN_RUN_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastRunAt = Date.now();
      try {
        const lagDue = this.lastRunAt - this.lastLagAt >= this.s.config.webhooks.relaySweepMs;
        if (lagDue) this.lastLagAt = this.lastRunAt;
        const run = await this.runOnce({ measureLag: lagDue });
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

  /**
   * One full pass: relay every waiting event, start deliveries while there is room, measure
   * the outbox lag (the background loop does that once per sweep interval, not every run).
   */
  async runOnce(options: { measureLag?: boolean } = {}): Promise<RelayRun> {
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
    if (options.measureLag !== false) await this.measureLag();
    return run;
  }

  /**
   * Relays up to BATCH committed events in one statement (atomic without a transaction around
   * it): one webhook_deliveries row per subscription the event goes to, and the events marked
   * relayed. Where an event goes (spec 01, Webhooks): the same tenant; never to a revoked
   * integration's subscriptions; an integration's event only to that integration's
   * subscriptions; a targeted event (webhook.test) only to its subscription, whatever its
   * patterns; any other event to the subscriptions whose `events` hold its type or
   * `<family>.*`. A paused subscription gets its deliveries too, marked queued_while_paused:
   * they wait for the resume. Whether the integration may receive the event now is the
   * attempt's question (deliveryAccess).
   */
  private async relayBatch(): Promise<{ events: number; deliveries: number }> {
    const now = this.s.clock.now().toISOString();
    const [result] = await this.s.orm.em.fork().execute<{ events: number; deliveries: number }[]>(
      `with ev as (
         select id, tenant_id, integration_id, type, target_webhook_id from outbox_events
          where relayed_at is null order by created_at limit ? for update skip locked
       ),
       matched as (
         select w.tenant_id, w.integration_id, w.id as webhook_id, ev.id as event_id, ev.type as event_type, w.status <> 'active' as queued_while_paused
           from ev
           join webhooks w on w.tenant_id = ev.tenant_id
           join integrations i on i.id = w.integration_id
          where i.status <> 'revoked'
            and (ev.integration_id is null or w.integration_id = ev.integration_id)
            and case when ev.target_webhook_id is not null then w.id = ev.target_webhook_id
                     else ev.type = any(w.events) or split_part(ev.type, '.', 1) || '.*' = any(w.events) end
       ),
       inserted as (
         insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, queued_while_paused, state, attempt, created_at, updated_at)
         select gen_random_uuid(), tenant_id, integration_id, webhook_id, event_id, event_type, queued_while_paused, 'pending', 0, ?, ? from matched
         on conflict (webhook_id, event_id) where replay_of is null do nothing
         returning 1
       ),
       relayed as (
         update outbox_events o set relayed_at = ? from ev where o.id = ev.id returning 1
       )
       select (select count(*) from relayed)::int as events, (select count(*) from inserted)::int as deliveries`,
      [BATCH, now, now, now],
    );
    if (result!.deliveries) this.s.metrics.deliveryTransitions.inc({ state: 'pending' }, result!.deliveries);
    return result!;
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
    const [row] = await em.execute<{ room: number; claimed: ClaimedDelivery[] }[]>(
      `with room as (
         select greatest(0, ?::int
           - (select count(*) from webhook_deliveries
               where workflow_started_at is not null and state = 'pending' and attempt = 0 and held_at is null
                 and workflow_started_at > ?::timestamptz)
           - (select count(*) from webhook_deliveries where workflow_started_at is null and start_claimed_until > ?::timestamptz))::int as n
       ),
       picked as (
         select c.id from (select distinct tenant_id from webhook_deliveries where workflow_started_at is null and state in ('pending', 'failed')) t
         cross join lateral (
           select d.id, d.created_at, row_number() over (order by d.created_at, d.id) as turn
             from webhook_deliveries d
            where d.tenant_id = t.tenant_id and d.workflow_started_at is null and d.state in ('pending', 'failed')
              and (d.start_claimed_until is null or d.start_claimed_until <= ?::timestamptz)
            order by d.created_at, d.id limit (select n from room)
         ) c
         order by c.turn, c.created_at
         limit (select n from room)
       ),
       claimed as (
         update webhook_deliveries d set start_claimed_until = ?
           from picked p
          where d.id = p.id and d.workflow_started_at is null
            and (d.start_claimed_until is null or d.start_claimed_until <= ?::timestamptz)
         returning d.id, d.tenant_id, d.integration_id, d.webhook_id, d.event_type
       )
       select (select n from room) as room, coalesce((select json_agg(claimed) from claimed), '[]'::json) as claimed`,
      [this.s.config.webhooks.relayMaxInFlight, new Date(now.getTime() - IN_FLIGHT_WINDOW_MS).toISOString(), nowIso,
        nowIso, new Date(now.getTime() + CLAIM_MS).toISOString(), nowIso],
    );
    return { room: row!.room, claimed: row!.claimed };
  }

  private async anyUnstarted(): Promise<boolean> {
    const rows = await this.s.orm.em.fork().execute(`select 1 from webhook_deliveries where workflow_started_at is null and state in ('pending', 'failed') limit 1`);
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
