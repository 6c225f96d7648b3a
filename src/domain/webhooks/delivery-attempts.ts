/**
 * Whether a delivery may be attempted now: the verdict rules (verdictOf), read for one attempt
 * (planAttempt), for a page of the delivery log (deliveryHolds) and for an integration's
 * backlog (waitingCounts). The orders a delivery waits in are delivery-order.ts; what an
 * attempt writes of a hold is delivery-holds.ts, of its outcome delivery-record.ts.
 */
import type { Em } from '../../db/em.js';
import type { Cell } from '../../config.js';
import type { DeliveryState } from '../../entities/webhook.js';
import type { IntegrationStatus } from '../../entities/integration.js';
import { ACCESS_HOLD_REASONS, deliveryAccess } from './delivery-access.js';
import { walletState } from '../wallet/wallet-state.js';
import type { StoredEvent } from './envelope.js';
import { EARLIER_OF_KEY, holdsItsKeyBack, inPauseQueue, olderQueuedDelivery, type DeliveryOrder } from './delivery-order.js';

/** Why a delivery waits without spending an attempt (GET …/deliveries shows it as hold_reason). */
export const HOLD_REASONS = ['subscription_paused', 'wallet_suspended', 'earlier_delivery_first', ...ACCESS_HOLD_REASONS] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/**
 * send: go ahead; hold: wait without spending an attempt; stop: the delivery or its
 * subscription is gone; end: never to be sent (the integration was revoked), the delivery is
 * closed as dead without an attempt; finished: already delivered or dead (an attempt whose
 * completion was lost and is asked again).
 */
export type HoldVerdict =
  | { verdict: 'send' }
  | { verdict: 'hold'; reason: HoldReason; behindKey?: true }
  | { verdict: 'stop' }
  | { verdict: 'end'; reason: 'integration_revoked' }
  | { verdict: 'finished'; state: 'delivered' | 'dead' };

/** A delivery with everything its attempt needs: subscription, sealed secrets and the event. */
export interface DeliveryToSend {
  id: string;
  tenantId: string;
  integrationId: string;
  webhookId: string;
  queuedWhilePaused: boolean;
  /** The event's ordering key and sequence number (null for events without a key, and replays). */
  order: DeliveryOrder | null;
  url: string;
  includePii: boolean;
  secretSealed: string;
  /** Only while the rotation window is open at `now`. */
  previousSecretSealed: string | null;
  recipientCountry: string | null;
  event: StoredEvent;
  /** The subscription's max_per_second: starts no faster (delivery-rate.ts); null = no limit. */
  maxPerSecond: number | null;
  /** The subscription's run of failed attempts is open (failing-pause.ts): a delivered attempt ends it. */
  failing: boolean;
}

/** What an attempt reads first: the verdict, and with `send` the delivery to send. */
export type AttemptPlan = Exclude<HoldVerdict, { verdict: 'send' }> | { verdict: 'send'; delivery: DeliveryToSend };

interface AttemptRow {
  id: string; state: DeliveryState; attempt: number; queued_while_paused: boolean; ordering_key: string | null; ordering_seq: string | null;
  earlier_of_key: boolean; tenant_id: string; integration_id: string; webhook_id: string;
  status: string; url: string; include_pii: boolean; secret_sealed: string; previous_secret_sealed: string | null;
  event_id: string; event_type: string; api_version: string; event_created_at: string; livemode: boolean;
  data: Record<string, unknown>; pii_data: Record<string, unknown> | null;
  integration_status: IntegrationStatus; owner_active: boolean; scopes: string[]; owner_permissions: string[];
  ip_allowlist: string[] | null; hosting_country: string | null; transfer_basis: string | null;
  tenant_status: string; features: string[];
  balance_rub: string | null; blocked: boolean | null; low_threshold_rub: string | null;
  max_per_second: number | null;
  failing: boolean;
}

/**
 * Whether a delivery may be attempted now, and what to send, in one read (docs/adr/0007-webhook-delivery.md,
 * "Round trips"). Read fresh from the database (never the api's caches): a
 * paused subscription or a suspended exchange holds it (spec 01: "outgoing webhooks are
 * postponed"; a tenant without a wallet row reads as unknown, which does not hold); so does
 * access that has ended for now (deliveryAccess), a delivery queued while paused waits for
 * the older ones queued with it to be tried first, and a keyed delivery for the earlier
 * unfinished ones of its key (EARLIER_OF_KEY; both orders: delivery-order.ts). A revoked
 * integration ends it.
 */
export async function planAttempt(em: Em, deliveryId: string, cell: Cell, now: Date): Promise<AttemptPlan> {
  const [row] = await em.execute<AttemptRow[]>(`${ATTEMPT_ROWS} where d.id = ?`, [now.toISOString(), deliveryId]);
  if (!row) return { verdict: 'stop' };
  const verdict = await verdictOf(row, cell, () => olderQueuedDelivery(em, row.id, row));
  if (verdict.verdict !== 'send') return verdict;
  return {
    verdict: 'send',
    delivery: {
      id: row.id, tenantId: row.tenant_id, integrationId: row.integration_id, webhookId: row.webhook_id,
      queuedWhilePaused: row.queued_while_paused, order: row.ordering_key && row.ordering_seq ? { key: row.ordering_key, seq: row.ordering_seq } : null, url: row.url, includePii: row.include_pii,
      secretSealed: row.secret_sealed, previousSecretSealed: row.previous_secret_sealed, recipientCountry: row.hosting_country,
      event: {
        id: row.event_id, type: row.event_type, apiVersion: row.api_version, createdAt: new Date(row.event_created_at),
        livemode: row.livemode, data: row.data, piiData: row.pii_data,
      },
      maxPerSecond: row.max_per_second,
      failing: row.failing,
    },
  };
}

/**
 * The holds of unfinished deliveries (pending or failed) as their next attempt would find them
 * now: the same reading and rules as planAttempt, for a page of the delivery log. Deliveries
 * that are finished, gone or free to go are not in the map.
 */
export async function deliveryHolds(em: Em, deliveryIds: readonly string[], cell: Cell, now: Date): Promise<Map<string, HoldReason>> {
  const holds = new Map<string, HoldReason>();
  if (!deliveryIds.length) return holds;
  const rows = await em.execute<AttemptRow[]>(
    `${ATTEMPT_ROWS} where d.id = any(?::uuid[]) and d.state in ('pending', 'failed')`,
    [now.toISOString(), `{${deliveryIds.join(',')}}`],
  );
  for (const row of rows) {
    const verdict = await verdictOf(row, cell, () => olderQueuedDelivery(em, row.id, row));
    if (verdict.verdict === 'hold') holds.set(row.id, verdict.reason);
  }
  return holds;
}

/** What waits on each subscription of an integration, counted by what the next attempt would find now. */
export type WaitingCounts = Map<string, { pending: number; held: number; failed: number }>;

/**
 * The unfinished deliveries of an integration's subscriptions counted as deliveryHolds would
 * judge them one by one (held by verdictOf's rules, else pending or failed), in one grouped
 * read: deliveries alike in every input of the rules are one group, judged once, so a backlog
 * of 100,000 costs the database one scan and the api a few rows (docs/benchmarks.md, "GET
 * /me/status at a backlog"). Two inputs become columns: the event's personal data only as
 * present or not (all bodyCarriesPii reads); the attempt only as 0 or more (all the rules
 * read of it); and the two rules that read other rows as running counts over the same rows, in
 * the order the per-row reads compare: the key's deliveries before it that hold it back
 * (EARLIER_OF_KEY), the pause queue's members before it (olderQueuedDelivery; both in
 * delivery-order.ts). One test holds
 * the counts to the delivery log's `held` in every case (webhooks-deliveries.test.ts).
 */
export async function waitingCounts(em: Em, integrationId: string, cell: Cell): Promise<WaitingCounts> {
  const groups = await em.execute<(VerdictInputs & { webhook_id: string; older_queued: boolean; n: number })[]>(
    `with waiting as (
       select d.webhook_id, d.state, least(d.attempt, 1) as attempt, d.queued_while_paused,
              d.replay_of is null and d.ordering_key is not null and d.ordering_seq is not null and coalesce(count(*) filter (where ${holdsItsKeyBack('d')})
                over (partition by d.webhook_id, d.ordering_key order by d.ordering_seq rows between unbounded preceding and 1 preceding), 0) > 0 as earlier_of_key,
              d.queued_while_paused and d.attempt = 0 and coalesce(count(*) filter (where ${inPauseQueue('d')})
                over (partition by d.webhook_id order by e.created_at, e.id rows between unbounded preceding and 1 preceding), 0) > 0 as older_queued,
              e.type as event_type, e.pii_data is not null and e.pii_data <> '{}'::jsonb as pii_present
         from webhook_deliveries d join webhooks w on w.id = d.webhook_id join outbox_events e on e.id = d.event_id
        where w.integration_id = ? and d.state in ('pending', 'failed')),
     alike as (
       select webhook_id, state, attempt, queued_while_paused, earlier_of_key, older_queued, event_type, pii_present, count(*)::int as n
         from waiting group by webhook_id, state, attempt, queued_while_paused, earlier_of_key, older_queued, event_type, pii_present)
     select g.*, case when g.pii_present then '{"present": true}'::jsonb end as pii_data, w.status, w.include_pii, ${RECIPIENT_COLUMNS}
       from alike g join webhooks w on w.id = g.webhook_id ${recipientOf('w')}`,
    [integrationId],
  );
  const counts: WaitingCounts = new Map();
  for (const group of groups) {
    const verdict = await verdictOf(group, cell, async () => group.older_queued);
    const c = counts.get(group.webhook_id) ?? { pending: 0, held: 0, failed: 0 };
    c[verdict.verdict === 'hold' ? 'held' : group.state as 'pending' | 'failed'] += group.n;
    counts.set(group.webhook_id, c);
  }
  return counts;
}

/** What the access and wallet rules read of the receiving integration, its tenant and wallet (recipientOf joins them). */
const RECIPIENT_COLUMNS = `i.status as integration_status, i.owner_active, i.scopes, i.owner_permissions, i.ip_allowlist, i.hosting_country, i.transfer_basis,
            t.status as tenant_status, t.features, wa.balance_rub, wa.blocked, wa.low_threshold_rub`;
/** The integration, tenant and wallet of the rows of `alias` (a delivery or a subscription). */
const recipientOf = (alias: string) => `join integrations i on i.id = ${alias}.integration_id
       join tenants t on t.id = ${alias}.tenant_id
       left join wallets wa on wa.tenant_id = ${alias}.tenant_id`;

const ATTEMPT_ROWS = `select d.id, d.state, d.attempt, d.queued_while_paused, d.tenant_id, d.integration_id, d.webhook_id,
            case when d.replay_of is null then d.ordering_key end as ordering_key, d.ordering_seq,
            ${EARLIER_OF_KEY} as earlier_of_key,
            w.status, w.url, w.include_pii, w.secret_sealed, w.max_per_second,
            case when w.previous_secret_expires_at > ? then w.previous_secret_sealed end as previous_secret_sealed,
            e.id as event_id, e.type as event_type, e.api_version, e.created_at as event_created_at, e.livemode, e.data, e.pii_data,
            ${RECIPIENT_COLUMNS}, w.failing_since is not null as failing
       from webhook_deliveries d
       join webhooks w on w.id = d.webhook_id
       join outbox_events e on e.id = d.event_id
       ${recipientOf('d')}`;

/** What the rules of verdictOf read of a delivery: its row, or a group of deliveries alike in all of it (waitingCounts). */
type VerdictInputs = Omit<AttemptRow, 'id' | 'tenant_id' | 'integration_id' | 'webhook_id' | 'ordering_key' | 'ordering_seq' | 'url' | 'secret_sealed'
  | 'previous_secret_sealed' | 'event_id' | 'api_version' | 'event_created_at' | 'livemode' | 'data' | 'max_per_second' | 'failing'>;

/**
 * The verdict of a delivery, by the rules planAttempt states, in their order. `olderQueued`
 * answers the one rule that reads other rows (an older delivery of its pause queue waits), and
 * is asked only when the rules before it let the delivery go.
 */
async function verdictOf(row: VerdictInputs, cell: Cell, olderQueued: () => Promise<boolean>): Promise<HoldVerdict> {
  if (row.state === 'delivered' || row.state === 'dead') return { verdict: 'finished', state: row.state };
  const access = deliveryAccess({
    integrationStatus: row.integration_status, ownerActive: row.owner_active, integrationScopes: row.scopes, ownerPermissions: row.owner_permissions,
    tenantStatus: row.tenant_status, features: row.features, includePii: row.include_pii, event: { type: row.event_type, piiData: row.pii_data },
    ipAllowlist: row.ip_allowlist, hostingCountry: row.hosting_country, transferBasis: row.transfer_basis,
  }, cell);
  if (access.verdict !== 'send') return access;
  if (row.status !== 'active') return { verdict: 'hold', reason: 'subscription_paused' };
  const wallet = row.balance_rub === null ? null : { balanceRub: row.balance_rub, blocked: row.blocked === true, lowThresholdRub: row.low_threshold_rub ?? '0' };
  if (walletState(wallet).exchange === 'suspended') return { verdict: 'hold', reason: 'wallet_suspended' };
  if (row.queued_while_paused && row.attempt === 0 && await olderQueued()) return { verdict: 'hold', reason: 'earlier_delivery_first' };
  if (row.earlier_of_key) return { verdict: 'hold', reason: 'earlier_delivery_first', behindKey: true };
  return { verdict: 'send' };
}
