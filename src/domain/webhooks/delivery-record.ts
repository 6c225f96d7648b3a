/**
 * What a delivery's attempts write: the disclosure before personal data goes out, each attempt
 * and the state it moves the delivery to, and the end of a delivery that must never go out.
 */
import type { Em } from '../../db/em.js';
import type { DeliveryState } from '../../entities/webhook.js';
import { logDisclosures } from '../disclosures/disclosure-log.js';
import type { DeliveryToSend } from './delivery-attempts.js';
import type { DeliveryOrder } from './delivery-order.js';
import { disclosedResources } from './envelope.js';
import { attemptDelivered, type SendResult } from './sender.js';

/**
 * Closes a delivery that must never go out (its integration was revoked) as dead, without an
 * attempt and without a disclosure. Answers null when it was deleted meanwhile.
 */
export async function endDelivery(em: Em, deliveryId: string, reason: string, now: Date): Promise<{ webhookId: string; order: DeliveryOrder | null } | null> {
  const [row] = await em.execute<{ webhook_id: string; ordering_key: string | null; ordering_seq: string | null; replay_of: string | null }[]>(
    `update webhook_deliveries set state = 'dead', error = ?, next_attempt_at = null, updated_at = ?
      where id = ? and state in ('pending', 'failed') returning webhook_id, ordering_key, ordering_seq, replay_of`,
    [reason, now.toISOString(), deliveryId],
  );
  if (!row) return null;
  const ordered = row.ordering_key && row.ordering_seq && !row.replay_of;
  return { webhookId: row.webhook_id, order: ordered ? { key: row.ordering_key!, seq: row.ordering_seq! } : null };
}

/**
 * Spec 01 Authentication 7: every disclosure is logged, and without the log row no data goes
 * out. One row per delivery (request_id = the delivery id, route = the event type), written
 * before its first attempt that carries personal data.
 */
export async function logPiiDelivery(em: Em, d: DeliveryToSend, now: Date): Promise<void> {
  await em.transactional(async (tx) => {
    const logged = await tx.execute(
      `select 1 from disclosure_log where integration_id = ? and channel = 'webhook' and request_id = ? limit 1`,
      [d.integrationId, d.id],
    );
    if (logged.length) return;
    await logDisclosures(tx, {
      tenantId: d.tenantId, integrationId: d.integrationId, keyId: null, channel: 'webhook',
      requestId: d.id, route: d.event.type, recipientCountry: d.recipientCountry,
    }, [disclosedResources(d.event)], now);
  });
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  result: SendResult;
  /** Pause before the next attempt; null when this was the last one. */
  pauseMs: number | null;
}

/**
 * Writes one attempt and moves the delivery, in one transaction: 2xx -> delivered; otherwise
 * failed with next_attempt_at, or dead after the last attempt. Recording the same attempt
 * twice (an activity retried after a lost completion) overwrites it. Returns null when the
 * delivery was deleted meanwhile.
 */
export async function recordAttempt(em: Em, a: AttemptRecord, now: Date): Promise<DeliveryState | null> {
  const ok = attemptDelivered(a.result);
  const state: DeliveryState = ok ? 'delivered' : a.pauseMs === null ? 'dead' : 'failed';
  const nextAttemptAt = ok || a.pauseMs === null ? null : new Date(now.getTime() + a.pauseMs).toISOString();
  const { statusCode, durationMs, error, answerExcerpt } = a.result;
  // One statement, so one round trip and atomic without a transaction around it.
  const rows = await em.execute<{ delivery_id: string }[]>(
    `with moved as (
       update webhook_deliveries
          set attempt = ?, state = ?, status_code = ?, duration_ms = ?, error = ?, next_attempt_at = ?,
              delivered_at = ?, updated_at = ?, held_for = null
        where id = ? returning id)
     insert into webhook_delivery_attempts (delivery_id, attempt, started_at, status_code, duration_ms, error, answer_excerpt)
     select id, ?, ?, ?, ?, ?, ? from moved
     on conflict (delivery_id, attempt) do update
       set started_at = excluded.started_at, status_code = excluded.status_code,
           duration_ms = excluded.duration_ms, error = excluded.error, answer_excerpt = excluded.answer_excerpt
     returning delivery_id`,
    [a.attempt, state, statusCode, durationMs, error, nextAttemptAt, ok ? now.toISOString() : null, now.toISOString(), a.deliveryId,
      a.attempt, a.startedAt.toISOString(), statusCode, durationMs, error, answerExcerpt ?? null],
  );
  return rows.length ? state : null;
}
