import type { Em } from '../../db/orm.js';
import type { DeliveryState } from '../../entities/webhook.js';
import { readWallet } from '../wallet/wallet-reader.js';
import { logDisclosures } from '../disclosures/disclosure-log.js';
import { disclosedResources, type StoredEvent } from './envelope.js';
import type { SendResult } from './sender.js';

export type HoldReason = 'subscription_paused' | 'wallet_suspended';

/**
 * send: go ahead; hold: wait without spending an attempt; stop: the delivery or its
 * subscription is gone; finished: already delivered or dead (an attempt whose completion was
 * lost and is asked again).
 */
export type HoldVerdict =
  | { verdict: 'send' }
  | { verdict: 'hold'; reason: HoldReason }
  | { verdict: 'stop' }
  | { verdict: 'finished'; state: 'delivered' | 'dead' };

/**
 * Whether a delivery may be attempted now. Read fresh from the database (never the api's wallet
 * cache): a paused subscription or a suspended exchange holds it (spec 01: "outgoing webhooks
 * are postponed"); a wallet in state unknown does not (its exchange stays active).
 */
export async function holdVerdict(em: Em, deliveryId: string, walletReadTimeoutMs: number, now: Date): Promise<HoldVerdict> {
  const [row] = await em.execute<{ state: DeliveryState; status: string; tenant_id: string }[]>(
    `select d.state, w.status, d.tenant_id from webhook_deliveries d join webhooks w on w.id = d.webhook_id where d.id = ?`,
    [deliveryId],
  );
  if (!row) return { verdict: 'stop' };
  if (row.state === 'delivered' || row.state === 'dead') return { verdict: 'finished', state: row.state };
  if (row.status !== 'active') return { verdict: 'hold', reason: 'subscription_paused' };
  const wallet = await readWallet(em, row.tenant_id, null, walletReadTimeoutMs, now);
  if (wallet.exchange === 'suspended') return { verdict: 'hold', reason: 'wallet_suspended' };
  return { verdict: 'send' };
}

/** A delivery with everything its attempt needs: subscription, sealed secrets and the event. */
export interface DeliveryToSend {
  id: string;
  tenantId: string;
  integrationId: string;
  url: string;
  includePii: boolean;
  secretSealed: string;
  /** Only while the rotation window is open at `now`. */
  previousSecretSealed: string | null;
  recipientCountry: string | null;
  event: StoredEvent;
}

interface Row {
  id: string; tenant_id: string; integration_id: string; url: string; include_pii: boolean;
  secret_sealed: string; previous_secret_sealed: string | null; hosting_country: string | null;
  event_id: string; type: string; api_version: string; event_created_at: string; livemode: boolean;
  data: Record<string, unknown>; pii_data: Record<string, unknown> | null;
}

/** null when the delivery (or its subscription) no longer exists. */
export async function loadDeliveryToSend(em: Em, deliveryId: string, now: Date): Promise<DeliveryToSend | null> {
  const [r] = await em.execute<Row[]>(
    `select d.id, d.tenant_id, d.integration_id, w.url, w.include_pii, w.secret_sealed,
            case when w.previous_secret_expires_at > ? then w.previous_secret_sealed end as previous_secret_sealed,
            i.hosting_country, e.id as event_id, e.type, e.api_version, e.created_at as event_created_at,
            e.livemode, e.data, e.pii_data
       from webhook_deliveries d
       join webhooks w on w.id = d.webhook_id
       join outbox_events e on e.id = d.event_id
       join integrations i on i.id = d.integration_id
      where d.id = ?`,
    [now.toISOString(), deliveryId],
  );
  if (!r) return null;
  return {
    id: r.id,
    tenantId: r.tenant_id,
    integrationId: r.integration_id,
    url: r.url,
    includePii: r.include_pii,
    secretSealed: r.secret_sealed,
    previousSecretSealed: r.previous_secret_sealed,
    recipientCountry: r.hosting_country,
    event: {
      id: r.event_id, type: r.type, apiVersion: r.api_version, createdAt: new Date(r.event_created_at),
      livemode: r.livemode, data: r.data, piiData: r.pii_data,
    },
  };
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
  const ok = a.result.error === null;
  const state: DeliveryState = ok ? 'delivered' : a.pauseMs === null ? 'dead' : 'failed';
  const nextAttemptAt = ok || a.pauseMs === null ? null : new Date(now.getTime() + a.pauseMs).toISOString();
  const { statusCode, durationMs, error } = a.result;
  return em.transactional(async (tx) => {
    const moved = await tx.execute(
      `update webhook_deliveries
          set attempt = ?, state = ?, status_code = ?, duration_ms = ?, error = ?, next_attempt_at = ?,
              delivered_at = ?, updated_at = ?
        where id = ? returning id`,
      [a.attempt, state, statusCode, durationMs, error, nextAttemptAt, ok ? now.toISOString() : null, now.toISOString(), a.deliveryId],
    );
    if (!moved.length) return null;
    await tx.execute(
      `insert into webhook_delivery_attempts (delivery_id, attempt, started_at, status_code, duration_ms, error)
       values (?, ?, ?, ?, ?, ?)
       on conflict (delivery_id, attempt) do update
         set started_at = excluded.started_at, status_code = excluded.status_code,
             duration_ms = excluded.duration_ms, error = excluded.error`,
      [a.deliveryId, a.attempt, a.startedAt.toISOString(), statusCode, durationMs, error],
    );
    return state;
  });
}
