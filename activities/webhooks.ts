import type { Services } from '../src/services.js';
import type { Em } from '../src/db/em.js';
import type { DeliveryState } from '../src/entities/webhook.js';
import type { DeliveryTiming } from '../workflows/delivery-contract.js';
import { planAttempt, type HoldReason } from '../src/domain/webhooks/delivery-attempts.js';
import { keyOrderOf, leaveQueue, nextOfKey, nextQueuedDelivery, releasesItsKey, type DeliveryOrder } from '../src/domain/webhooks/delivery-order.js';
import { markHeld, markThrottled } from '../src/domain/webhooks/delivery-holds.js';
import { logPiiDelivery, recordAttempt } from '../src/domain/webhooks/delivery-record.js';
import { deliveryTimingOf, noticeDeliveries } from '../src/temporal/deliveries.js';
import { closeDelivery } from '../src/domain/webhooks/delivery-end.js';
import { deliveryBody } from '../src/domain/webhooks/envelope.js';
import { retryPauseMs } from '../src/domain/webhooks/retry-pause.js';
import { SecretBox } from '../src/domain/webhooks/secret-box.js';
import { attemptDelivered, sendDelivery } from '../src/domain/webhooks/sender.js';
import { deleteExpiredDeliveries } from '../src/domain/webhooks/retention.js';
import { followFailingRun } from '../src/domain/webhooks/failing-pause.js';
import { DeliveryRate, type RateAsk } from '../src/domain/webhooks/delivery-rate.js';

export interface AttemptInput {
  deliveryId: string;
  /** 1..9 */
  attempt: number;
  /** The schedule's pause before the next attempt; null when this is the last attempt. */
  retryBaseMs: number | null;
  /** -0.1..0.1, drawn by the workflow. */
  jitter: number;
  retryAfterMaxMs: number;
  timeoutMs: number;
  /**
   * The workflow slept until the start slot this attempt took at its subscription's
   * max_per_second (a `throttled` outcome): it asks at the gate, not for a new slot.
   */
  slotTaken?: boolean;
}

export interface AttemptOutcome {
  /**
   * held: not attempted (subscription paused, wallet suspended, access ended for now, an older
   * queued delivery or an earlier delivery of the event's key first); gone: deleted with its subscription; ended: closed as dead without
   * an attempt (the integration was revoked); throttled: not attempted yet, its start slot at the
   * subscription's max_per_second is pauseMs away (the attempt is asked again then, slotTaken).
   */
  state: DeliveryState | 'held' | 'gone' | 'ended' | 'throttled';
  holdReason?: HoldReason;
  /** How long the workflow waits before the next attempt (null: no next attempt). */
  pauseMs: number | null;
  statusCode: number | null;
  error: string | null;
  /** throttled: the start slot pauseMs away is this delivery's (the next attempt asks with slotTaken). */
  slotTaken?: boolean;
}

/** A start at the subscription's max_per_second is waitMs away; slotTaken: the slot then is this delivery's. */
interface RateWait { waitMs: number; slotTaken: boolean }

/** A start slot at most this far away is waited for inside the attempt; a later one on the workflow's durable timer. */
const RATE_WAIT_HERE_MS = 2_000;
/** Looks at the gate inside one attempt before the delivery takes a new slot (several deliveries woke for one start). */
const RATE_LOOKS_HERE = 5;
/** The shared schedule (Redis) could not answer: the delivery looks again after this long. */
const RATE_UNAVAILABLE_WAIT_MS = 5_000;

/**
 * Delivery activities. A subscriber's failure is a result, never an exception: Temporal only
 * retries infrastructure errors (database), and the workflow owns the attempts.
 */
export function createWebhookActivities({ orm, redis, config, clock, metrics, temporal, log }: Services) {
  const box = new SecretBox(config.webhooks.secretKey);
  const rate = new DeliveryRate(redis);
  /** A queued delivery was tried (or ended): the next one queued from the same pause may go. */
  const releaseNextQueued = async (webhookId: string) => {
    const next = await nextQueuedDelivery(orm.em.fork(), webhookId);
    if (next) await noticeDeliveries({ temporal, log, metrics }, [next], 'recheck');
  };
  /** A keyed delivery no longer holds its key back (delivered, dead, or failed often enough): the next one of the key may go. */
  const releaseNextOfKey = async (webhookId: string, order: DeliveryOrder | null) => {
    const next = order ? await nextOfKey(orm.em.fork(), webhookId, order) : null;
    if (next) await noticeDeliveries({ temporal, log, metrics }, [next], 'recheck');
  };
  /** One look at a delivery and, unless it is held or must wait for its start slot (`waitMs`), its attempt. */
  const attemptOnce = async (em: Em, input: AttemptInput, ask: RateAsk): Promise<AttemptOutcome | RateWait> => {
    const startedAt = clock.now();
    let plan = await planAttempt(em, input.deliveryId, config.cell, startedAt);
    let marked = false;
    if (plan.verdict === 'hold' && plan.reason === 'wallet_suspended') {
      // Marked, then looked at again: a top-up committed after the first look is seen by the
      // second, or its release (which reads the wallet after the top-up) finds the mark.
      await markHeld(em, input.deliveryId, plan.reason, startedAt);
      marked = true;
      plan = await planAttempt(em, input.deliveryId, config.cell, clock.now());
    }
    if (plan.verdict === 'stop') return { state: 'gone', pauseMs: null, statusCode: null, error: null };
    if (plan.verdict === 'hold') {
      if (!marked || plan.reason !== 'wallet_suspended') await markHeld(em, input.deliveryId, plan.reason, startedAt);
      if (plan.behindKey) {
        // Its turn in a paused subscription's queue came: it leaves the queue, which goes on behind it.
        const queue = await leaveQueue(em, input.deliveryId);
        if (queue) await releaseNextQueued(queue);
      }
      return { state: 'held', holdReason: plan.reason, pauseMs: null, statusCode: null, error: null };
    }
    if (plan.verdict === 'finished') {
      // An attempt asked again after its completion was lost with a worker: the release of the
      // key's next delivery may have been lost too (signalling it twice is harmless).
      const keyed = await keyOrderOf(em, input.deliveryId);
      if (keyed) await releaseNextOfKey(keyed.webhookId, keyed.order);
      return { state: plan.state, pauseMs: null, statusCode: null, error: null };
    }
    if (plan.verdict === 'end') {
      const ended = await closeDelivery({ orm, clock, metrics, temporal, log }, input.deliveryId, `${plan.reason.replace('_', ' ')}: not sent`);
      if (!ended) return { state: 'gone', pauseMs: null, statusCode: null, error: null };
      return { state: 'ended', pauseMs: null, statusCode: null, error: plan.reason };
    }
    const { delivery } = plan;
    if (delivery.maxPerSecond !== null) {
      let waitMs: number;
      try {
        waitMs = await rate.take(delivery.webhookId, delivery.maxPerSecond, ask);
      } catch (err) {
        // The shared schedule cannot be read: wait rather than flood the subscriber (docs/decisions.md).
        log.warn({ delivery_id: input.deliveryId, err: (err as Error).message }, 'delivery rate unavailable: the delivery waits');
        return { waitMs: RATE_UNAVAILABLE_WAIT_MS, slotTaken: false };
      }
      if (waitMs > 0) return { waitMs, slotTaken: ask === 'slot' };
    }
    const { body, carriesPii } = deliveryBody(delivery.event, delivery.includePii);
    if (carriesPii) await logPiiDelivery(em, delivery, startedAt);
    const secrets = [delivery.secretSealed, delivery.previousSecretSealed].filter((s): s is string => s !== null).map((s) => box.open(s));
    const result = await sendDelivery(
      { url: delivery.url, eventId: delivery.event.id, eventType: delivery.event.type, body, secrets },
      { ...config.webhooks, timeoutMs: input.timeoutMs },
      () => clock.now(),
    );
    const delivered = attemptDelivered(result);
    const pauseMs = delivered || input.retryBaseMs === null ? null
      : retryPauseMs({ baseMs: input.retryBaseMs, jitter: input.jitter, retryAfterMs: result.retryAfterMs, retryAfterMaxMs: input.retryAfterMaxMs });
    const state = await recordAttempt(em, { deliveryId: input.deliveryId, attempt: input.attempt, startedAt, result, pauseMs }, clock.now());
    metrics.attemptLatency.observe({ outcome: delivered ? 'delivered' : 'failed' }, result.durationMs / 1000);
    if (state) metrics.deliveryTransitions.inc({ state });
    if (state) await followFailingRun({ orm, redis, clock, config, log }, { webhookId: delivery.webhookId, failing: delivery.failing, delivered, startedAt });
    if (input.attempt === 1 && delivery.queuedWhilePaused) await releaseNextQueued(delivery.webhookId);
    if (state && releasesItsKey(state, input.attempt)) await releaseNextOfKey(delivery.webhookId, delivery.order);
    return { state: state ?? 'gone', pauseMs: state === 'failed' ? pauseMs : null, statusCode: result.statusCode, error: result.error };
  };
  return {
    /**
     * Unless the delivery is held or gone, signs and POSTs one attempt through the SSRF-safe
     * sender and records it. The holds and the receiver's access are read fresh from the
     * database before every attempt; a delivery that fails them is not sent and not disclosed.
     * A local activity of the delivery workflow: two round trips to PostgreSQL on the usual
     * path (the plan, the record), plus the disclosure log when the body carries personal data.
     */
    async attemptDelivery(input: AttemptInput): Promise<AttemptOutcome> {
      const em = orm.em.fork();
      let ask: RateAsk = input.slotTaken ? 'gate' : 'slot';
      for (let look = 1; ; look++) {
        const outcome = await attemptOnce(em, input, ask);
        if (!('waitMs' in outcome)) return outcome;
        // A start slot a moment away is waited for here, then everything is looked at again;
        // a later one the workflow sleeps for on a durable timer (docs/decisions.md, "Deliveries at a subscription's rate").
        if (outcome.waitMs > RATE_WAIT_HERE_MS || look >= RATE_LOOKS_HERE) {
          await markThrottled(em, input.deliveryId, clock.now());
          return { state: 'throttled', pauseMs: outcome.waitMs, slotTaken: outcome.slotTaken, statusCode: null, error: null };
        }
        await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
        ask = 'gate';
      }
    },

    /** For a workflow started without timing: the worker's configuration. */
    async workerDeliveryTiming(): Promise<DeliveryTiming> {
      return deliveryTimingOf(config.webhooks);
    },

    /**
     * The last step of a delivery whose database step failed: dead with `error`, unless it has
     * ended meanwhile (false). The deliveries it held back are told to look again.
     */
    async endFailedDelivery(deliveryId: string, error: string): Promise<boolean> {
      return closeDelivery({ orm, clock, metrics, temporal, log }, deliveryId, error);
    },

    /** Removes up to `limit` deliveries created before the cutoff (attempts go with them). */
    async deleteExpiredDeliveries(cutoffIso: string, limit: number): Promise<number> {
      return deleteExpiredDeliveries(orm.em.fork(), new Date(cutoffIso), limit);
    },
  };
}
