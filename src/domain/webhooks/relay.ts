import type { Client } from '@temporalio/client';
import type { Services } from '../../services.js';
import type { DeliveryTiming } from '../../../workflows/delivery-contract.js';
import { deliveryTimingOf, startDeliveryWorkflow } from '../../temporal/deliveries.js';
import type { EagerStarts } from '../../temporal/eager-starts.js';
import { OUTBOX_CHANNEL } from '../events/outbox-wakeup.js';
import { WokenLoop } from '../pacing/woken-loop.js';
import { anyUnstarted, claimStarts, startClaimed, type StartableRows } from '../pacing/claims.js';

/** Events per transaction. */
const BATCH = 100;

export interface RelayRun {
  events: number;
  deliveries: number;
  started: number;
  /** Deliveries left unstarted because the bound was reached. */
  waiting: boolean;
}

interface ClaimedDelivery { id: string; tenant_id: string; integration_id: string; webhook_id: string; event_type: string }

/**
 * Deliveries to start: pending or failed (a replay) without a workflow. In flight: started and
 * not yet attempted, and not found held (a held delivery waits for its hold, not for Temporal).
 */
export const DELIVERIES: StartableRows = {
  table: 'webhook_deliveries',
  startable: `state in ('pending', 'failed')`,
  inFlight: `state = 'pending' and attempt = 0 and held_at is null`,
  columns: ['id', 'tenant_id', 'integration_id', 'webhook_id', 'event_type'],
};

export interface RelayOptions {
  taskQueue?: string;
  /**
   * The eager starts of a worker of this process polling `taskQueue`: starts go through its
   * client and ask for eager execution (the first workflow task comes back in the start's
   * answer) while its version is the current one.
   */
  eager?: EagerStarts;
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
  private readonly loop: WokenLoop;
  private readonly taskQueue: string;
  private readonly timing: DeliveryTiming;
  private readonly eager?: EagerStarts;

  constructor(private readonly s: RelayServices, options: RelayOptions = {}) {
    this.taskQueue = options.taskQueue ?? s.config.temporal.taskQueue;
    this.eager = options.eager;
    const { relaySweepMs, relayBacklogTickMs, relayMinRunMs } = s.config.webhooks;
    this.timing = deliveryTimingOf(s.config.webhooks);
    this.loop = new WokenLoop({
      name: 'relay', redis: s.redis, channel: OUTBOX_CHANNEL, sweepMs: relaySweepMs, backlogTickMs: relayBacklogTickMs,
      minRunIntervalMs: relayMinRunMs, log: s.log,
      // The outbox lag is measured once per sweep interval, not on every run.
      run: async ({ sweep }) => (await this.runOnce({ measureLag: sweep })).waiting,
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /** Runs the relay now, or once more right after the run in progress. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
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
    const round = await this.startRound(this.eager?.client ?? await this.s.temporal.client());
    run.started = round.started;
    // The bound was reached: whatever is still unstarted waits for room.
    if (!round.roomLeft) run.waiting = await anyUnstarted(this.s.orm.em.fork(), DELIVERIES);
    if (options.measureLag !== false) await this.measureLag();
    return run;
  }

  /**
   * Relays up to BATCH committed events in one statement (atomic without a transaction around
   * it): one webhook_deliveries row per subscription the event goes to, and the events marked
   * relayed. Where an event goes (spec 01, Webhooks): the same tenant; never to a revoked
   * integration's subscriptions; an integration's event only to that integration's
   * subscriptions; a targeted event (webhook.test) only to its subscription, whatever its
   * patterns; an event about one subscription (webhook.paused) never to that one; any other
   * event to the subscriptions whose `events` hold its type or `<family>.*`. A paused subscription gets its deliveries too, marked queued_while_paused:
   * they wait for the resume. Each delivery carries its event's ordering key and sequence
   * number, by which the attempt keeps a key's events in order (planAttempt). Whether the
   * integration may receive the event now is the attempt's question (deliveryAccess).
   */
  private async relayBatch(): Promise<{ events: number; deliveries: number }> {
    const now = this.s.clock.now().toISOString();
    const [result] = await this.s.orm.em.fork().execute<{ events: number; deliveries: number }[]>(
      `with ev as (
         select id, tenant_id, integration_id, type, target_webhook_id, excluded_webhook_id, ordering_key, seq from outbox_events
          where relayed_at is null order by created_at limit ? for update skip locked
       ),
       matched as (
         select w.tenant_id, w.integration_id, w.id as webhook_id, ev.id as event_id, ev.type as event_type, w.status <> 'active' as queued_while_paused,
                ev.ordering_key, ev.seq as ordering_seq
           from ev
           join webhooks w on w.tenant_id = ev.tenant_id
           join integrations i on i.id = w.integration_id
          where i.status <> 'revoked'
            and (ev.integration_id is null or w.integration_id = ev.integration_id)
            and (ev.excluded_webhook_id is null or w.id <> ev.excluded_webhook_id)
            and case when ev.target_webhook_id is not null then w.id = ev.target_webhook_id
                     else ev.type = any(w.events) or split_part(ev.type, '.', 1) || '.*' = any(w.events) end
       ),
       inserted as (
         insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, queued_while_paused, ordering_key, ordering_seq, state, attempt, created_at, updated_at)
         select gen_random_uuid(), tenant_id, integration_id, webhook_id, event_id, event_type, queued_while_paused, ordering_key, ordering_seq, 'pending', 0, ?, ? from matched
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
    const { room, claimed } = await claimStarts<ClaimedDelivery>(em, DELIVERIES, this.s.config.webhooks.relayMaxInFlight, now);
    const started = await startClaimed(this.s, em, DELIVERIES, claimed, (d) => startDeliveryWorkflow(client, this.taskQueue, {
      id: d.id, tenantId: d.tenant_id, integrationId: d.integration_id, webhookId: d.webhook_id, eventType: d.event_type,
    }, this.timing, this.eager?.allowed ?? false));
    return { started, roomLeft: claimed.length < room };
  }

  private async measureLag(): Promise<void> {
    const [row] = await this.s.orm.em.fork().execute<{ lag: string | null }[]>(
      `select extract(epoch from (?::timestamptz - min(created_at))) as lag from outbox_events where relayed_at is null`,
      [this.s.clock.now().toISOString()],
    );
    this.s.metrics.outboxLag.set(row?.lag ? Math.max(0, Number(row.lag)) : 0);
  }
}
