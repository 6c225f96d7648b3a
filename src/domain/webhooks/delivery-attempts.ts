import type { Em } from '../../db/orm.js';
import type { Cell } from '../../config.js';
import type { DeliveryState } from '../../entities/webhook.js';
import type { IntegrationStatus } from '../../entities/integration.js';
import { deliveryAccess, type AccessHoldReason } from './delivery-access.js';
import { readWallet } from '../wallet/wallet-reader.js';
import { logDisclosures } from '../disclosures/disclosure-log.js';
import { disclosedResources, type StoredEvent } from './envelope.js';
import type { SendResult } from './sender.js';

export type HoldReason = 'subscription_paused' | 'wallet_suspended' | 'earlier_delivery_first' | AccessHoldReason;

/**
 * send: go ahead; hold: wait without spending an attempt; stop: the delivery or its
 * subscription is gone; end: never to be sent (the integration was revoked), the delivery is
 * closed as dead without an attempt; finished: already delivered or dead (an attempt whose
 * completion was lost and is asked again).
 */
export type HoldVerdict =
  | { verdict: 'send' }
  | { verdict: 'hold'; reason: HoldReason }
  | { verdict: 'stop' }
  | { verdict: 'end'; reason: 'integration_revoked' }
  | { verdict: 'finished'; state: 'delivered' | 'dead' };

interface HoldRow {
  state: DeliveryState; attempt: number; queued_while_paused: boolean; webhook_id: string; event_created_at: string; event_id: string;
  status: string; include_pii: boolean; tenant_id: string; event_type: string; pii_data: Record<string, unknown> | null;
  integration_status: IntegrationStatus; owner_active: boolean; scopes: string[]; owner_permissions: string[];
  ip_allowlist: string[] | null; hosting_country: string | null; transfer_basis: string | null;
  tenant_status: string; features: string[];
}

/**
 * Whether a delivery may be attempted now. Read fresh from the database (never the api's
 * caches): a paused subscription or a suspended exchange holds it (spec 01: "outgoing webhooks
 * are postponed"; a wallet in state unknown does not hold); so does access that has ended for
 * now (deliveryAccess), and a delivery queued while paused waits for the older ones queued
 * with it to be tried first. A revoked integration ends it.
 */
export async function holdVerdict(em: Em, deliveryId: string, cell: Cell, walletReadTimeoutMs: number, now: Date): Promise<HoldVerdict> {
  const [row] = await em.execute<HoldRow[]>(
    `select d.state, d.attempt, d.queued_while_paused, d.webhook_id, e.created_at as event_created_at, e.id as event_id,
            w.status, w.include_pii, d.tenant_id, e.type as event_type, e.pii_data,
            i.status as integration_status, i.owner_active, i.scopes, i.owner_permissions, i.ip_allowlist, i.hosting_country, i.transfer_basis,
            t.status as tenant_status, t.features
       from webhook_deliveries d
       join webhooks w on w.id = d.webhook_id
       join outbox_events e on e.id = d.event_id
       join integrations i on i.id = d.integration_id
       join tenants t on t.id = d.tenant_id
      where d.id = ?`,
    [deliveryId],
  );
  if (!row) return { verdict: 'stop' };
  if (row.state === 'delivered' || row.state === 'dead') return { verdict: 'finished', state: row.state };
  const access = deliveryAccess({
    integrationStatus: row.integration_status, ownerActive: row.owner_active, integrationScopes: row.scopes, ownerPermissions: row.owner_permissions,
    tenantStatus: row.tenant_status, features: row.features, includePii: row.include_pii, event: { type: row.event_type, piiData: row.pii_data },
    ipAllowlist: row.ip_allowlist, hostingCountry: row.hosting_country, transferBasis: row.transfer_basis,
  }, cell);
  if (access.verdict !== 'send') return access;
  if (row.status !== 'active') return { verdict: 'hold', reason: 'subscription_paused' };
  const wallet = await readWallet(em, row.tenant_id, null, walletReadTimeoutMs, now);
  if (wallet.exchange === 'suspended') return { verdict: 'hold', reason: 'wallet_suspended' };
  if (row.queued_while_paused && row.attempt === 0 && await olderQueuedDelivery(em, deliveryId, row)) return { verdict: 'hold', reason: 'earlier_delivery_first' };
  return { verdict: 'send' };
}

/** Queued while paused, never tried, of the same subscription, for an older event (event time, then id). */
const OLDER_QUEUED = `from webhook_deliveries o join outbox_events oe on oe.id = o.event_id
  where o.webhook_id = ? and o.queued_while_paused and o.attempt = 0 and o.state = 'pending' and o.replay_of is null`;

async function olderQueuedDelivery(em: Em, deliveryId: string, row: Pick<HoldRow, 'webhook_id' | 'event_created_at' | 'event_id'>): Promise<boolean> {
  const older = await em.execute(
    `select 1 ${OLDER_QUEUED} and o.id <> ? and (oe.created_at, oe.id) < (?::timestamptz, ?) limit 1`,
    [row.webhook_id, deliveryId, new Date(row.event_created_at).toISOString(), row.event_id],
  );
  return older.length > 0;
}

/** The oldest delivery of a subscription still queued from its pause: the next one whose turn it is. */
export async function nextQueuedDelivery(em: Em, webhookId: string): Promise<string | null> {
  const [next] = await em.execute<{ id: string }[]>(
    `select o.id ${OLDER_QUEUED} order by oe.created_at, oe.id limit 1`,
    [webhookId],
  );
  return next?.id ?? null;
}

/**
 * Closes a delivery that must never go out (its integration was revoked) as dead, without an
 * attempt and without a disclosure. Answers null when it was deleted meanwhile.
 */
export async function endDelivery(em: Em, deliveryId: string, reason: string, now: Date): Promise<{ webhookId: string } | null> {
  const [row] = await em.execute<{ webhook_id: string }[]>(
    `update webhook_deliveries set state = 'dead', error = ?, next_attempt_at = null, updated_at = ?
      where id = ? and state in ('pending', 'failed') returning webhook_id`,
    [reason, now.toISOString(), deliveryId],
  );
  return row ? { webhookId: row.webhook_id } : null;
}

/** A delivery with everything its attempt needs: subscription, sealed secrets and the event. */
export interface DeliveryToSend {
  id: string;
  tenantId: string;
  integrationId: string;
  webhookId: string;
  queuedWhilePaused: boolean;
  url: string;
  includePii: boolean;
  secretSealed: string;
  /** Only while the rotation window is open at `now`. */
  previousSecretSealed: string | null;
  recipientCountry: string | null;
  event: StoredEvent;
}

interface Row {
  id: string; tenant_id: string; integration_id: string; webhook_id: string; queued_while_paused: boolean; url: string; include_pii: boolean;
  secret_sealed: string; previous_secret_sealed: string | null; hosting_country: string | null;
  event_id: string; type: string; api_version: string; event_created_at: string; livemode: boolean;
  data: Record<string, unknown>; pii_data: Record<string, unknown> | null;
}

/** null when the delivery (or its subscription) no longer exists. */
export async function loadDeliveryToSend(em: Em, deliveryId: string, now: Date): Promise<DeliveryToSend | null> {
  const [r] = await em.execute<Row[]>(
    `select d.id, d.tenant_id, d.integration_id, d.webhook_id, d.queued_while_paused, w.url, w.include_pii, w.secret_sealed,
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
    webhookId: r.webhook_id,
    queuedWhilePaused: r.queued_while_paused,
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
