import { Decimal } from 'decimal.js';
import type { Em } from '../../db/em.js';
import type { Services } from '../../services.js';
import type { RateLimits } from '../access/rate-limits.js';
import type { WalletView } from '../wallet/wallet-reader.js';
import { domainError, type DomainError } from '../../errors/domain-error.js';
import { spendLimitsInForce, type StoredSpendLimits } from '../wallet/spend-limits.js';

/**
 * Who pays for paid work and within which limits: an integration through the API, or the
 * tenant itself for a visitor of a website channel (no integration; the channel is recorded).
 */
export interface Payer {
  tenantId: string;
  /** The integration calling the API; null for a website visitor. */
  integrationId: string | null;
  /** The website channel whose visitor starts the work; null through the API. */
  channelId: string | null;
  /** The website visitor's client address (per-address limits of paid visitor turns); null through the API. */
  visitorAddress: string | null;
  /** paid_per_min and paid_concurrency are read. */
  limits: RateLimits;
  /** Whether the AI seller may answer (API: the ai_seller:invoke scope; website: the plan's ai_seller feature). */
  aiAllowed: boolean;
  /** false in a test key's sandbox: its paid work uses the sandbox's model (SANDBOX_AI_PROVIDER). */
  livemode: boolean;
}

/**
 * Where paid work is counted against the rate limits (Redis, beside the other rate classes).
 * The caller supplies it: the api counts it as part of the request it answers.
 */
export interface PaidRateCounter {
  /** One paid request of the payer: rate_limited beyond paid_per_min, service_unavailable when it cannot be counted. */
  countPaidRequest(payer: Payer): Promise<void>;
  /** One hit under `key` in a sliding window of `windowMs` (logged only when admitted): true beyond `limit`. */
  exceedsWindow(key: string, limit: number, windowMs: number): Promise<boolean>;
}

export interface PaidRequest {
  payer: Payer;
  wallet: WalletView;
  services: Services;
  rates: PaidRateCounter;
  /** Least and most the operation can cost (the model's bounds), in roubles. */
  costBounds: { minRub: string; maxRub: string };
}

/** Why paid work is refused after the paid rate class let it through. */
export type PaidRefusalReason =
  | 'wallet_unknown' | 'cost_cap' | 'concurrency' | 'daily_limit' | 'tenant_daily_limit' | 'widget_daily_cap' | 'visitor_paid_limit' | 'insufficient_funds';

export type Admission =
  | { admitted: true; costCeilingRub: string }
  /** `error` is the API's refusal; the visitor chat hands off instead (concurrency: rate_limited). */
  | { admitted: false; reason: PaidRefusalReason; error: DomainError };

const refused = (reason: PaidRefusalReason, error: DomainError): Admission => ({ admitted: false, reason, error });

interface Reserved {
  active: string;
  reserved_rub: string;
  integration_reserved_rub: string;
  widget_reserved_rub: string;
  balance_rub: string;
  blocked: boolean;
  used_today_rub: string;
  tenant_used_today_rub: string;
  widget_used_today_rub: string;
  integration_limit_rub: string | null;
  spend_limits: StoredSpendLimits;
}

const fixed = (d: Decimal.Value) => new Decimal(d).toFixed(2);

/** A daily limit that today's charges, what running operations reserved and this ceiling would pass. */
function wouldExceed(limit: string | null, usedRub: string, reservedRub: string, ceiling: Decimal): boolean {
  return limit !== null && new Decimal(usedRub).plus(reservedRub).plus(ceiling).greaterThan(limit);
}

/**
 * The checks before any paid work (spec 01 Limits and Errors), inside the request's
 * transaction. Admitted: the operation's cost ceiling, its most possible cost capped by the
 * tenant's per-operation cost cap; admission reserves it against the wallet and the limits
 * until the operation ends. Paid admissions of one tenant take turns (an advisory lock), so
 * five concurrent operations means five, not six. The limits are read under the lock, from
 * the database (a limit just set applies to the next admission, whatever a cache holds).
 *
 * Thrown (whoever pays): rate_limited beyond the paid rate class (per integration, or per
 * website channel), service_unavailable when the limits store is down. Refused, with the API's error:
 * - wallet_unknown: service_unavailable while the wallet state is unknown;
 * - cost_cap: spend_limit_reached when even the cheapest outcome exceeds the tenant's
 *   cost cap (default OPERATION_COST_CAP_RUB);
 * - concurrency: spend_limit_reached (retry after 5 s) when the tenant already runs its
 *   concurrent paid operations;
 * - daily_limit: spend_limit_reached when the integration's daily limit cannot take the ceiling;
 * - tenant_daily_limit: spend_limit_reached when the tenant's daily limit cannot;
 * - widget_daily_cap (website visitors only): the tenant's daily cap of widget AI spend cannot;
 * - insufficient_funds: when the balance, less what running operations reserved, cannot
 *   cover the ceiling;
 * - visitor_paid_limit (website visitors only): the client address started its paid turns
 *   of the hour on this tenant's chats (counted in Redis, last, so only admissions count).
 */
export async function admitPaidOperation(em: Em, r: PaidRequest): Promise<Admission> {
  const { payer, services } = r;
  const { config } = services;
  if (r.wallet.state === 'unknown') {
    return refused('wallet_unknown', domainError('service_unavailable', 'The wallet state cannot be obtained; paid operations are refused until it can.', {}, { retryAfterSeconds: 30 }));
  }
  await r.rates.countPaidRequest(payer);

  await em.execute(`select pg_advisory_xact_lock(hashtext('paid-admission'), hashtext(?))`, [payer.tenantId]);
  const now = services.clock.now();
  const today = `date_trunc('day', ?::timestamptz at time zone 'UTC') at time zone 'UTC'`;
  const active = `o.tenant_id = w.tenant_id and o.status in ('queued', 'running')`;
  const [row] = await em.execute<Reserved[]>(
    `select (select count(*) from operations o where ${active}) as active,
            (select coalesce(sum(o.cost_ceiling_rub), 0) from operations o where ${active}) as reserved_rub,
            (select coalesce(sum(o.cost_ceiling_rub), 0) from operations o where ${active} and o.integration_id = ?::uuid) as integration_reserved_rub,
            (select coalesce(sum(o.cost_ceiling_rub), 0) from operations o where ${active} and o.integration_id is null) as widget_reserved_rub,
            w.balance_rub, w.blocked,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l
              where l.integration_id = ?::uuid and l.kind = 'charge' and l.created_at >= ${today}) as used_today_rub,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l
              where l.tenant_id = w.tenant_id and l.kind = 'charge' and l.created_at >= ${today}) as tenant_used_today_rub,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l join operations o on o.id = l.operation_id::uuid
              where l.tenant_id = w.tenant_id and l.kind = 'charge' and l.created_at >= ${today} and o.integration_id is null) as widget_used_today_rub,
            (select i.daily_spend_limit_rub from integrations i where i.id = ?::uuid) as integration_limit_rub,
            t.spend_limits
       from wallets w join tenants t on t.id = w.tenant_id where w.tenant_id = ?`,
    [payer.integrationId, payer.integrationId, now.toISOString(), now.toISOString(), now.toISOString(), payer.integrationId, payer.tenantId],
  );
  if (!row) return refused('insufficient_funds', domainError('insufficient_funds', 'The tenant has no wallet to pay for this operation.'));
  const limits = spendLimitsInForce(row.spend_limits, config);

  const cap = limits.operation_cost_cap_rub;
  if (cap !== null && new Decimal(r.costBounds.minRub).greaterThan(cap)) {
    return refused('cost_cap', domainError('spend_limit_reached', `One operation may cost at most ${fixed(cap)} RUB; this one costs at least ${fixed(r.costBounds.minRub)} RUB.`));
  }
  const ceiling = cap === null ? new Decimal(r.costBounds.maxRub) : Decimal.min(new Decimal(r.costBounds.maxRub), cap);

  const concurrency = payer.limits.paid_concurrency;
  if (Number(row.active) >= concurrency) {
    return refused('concurrency', domainError('spend_limit_reached', `The tenant already runs ${concurrency} paid operations at once; retry when one has finished.`, {}, { retryAfterSeconds: 5 }));
  }
  const integrationLimit = payer.integrationId === null ? null : row.integration_limit_rub;
  if (wouldExceed(integrationLimit, row.used_today_rub, row.integration_reserved_rub, ceiling)) {
    return refused('daily_limit', domainError('spend_limit_reached', `The integration's daily spend limit of ${fixed(integrationLimit!)} RUB would be exceeded (used today ${fixed(row.used_today_rub)} RUB, reserved by running operations ${fixed(row.integration_reserved_rub)} RUB).`));
  }
  const tenantLimit = limits.daily_spend_limit_rub;
  if (wouldExceed(tenantLimit, row.tenant_used_today_rub, row.reserved_rub, ceiling)) {
    return refused('tenant_daily_limit', domainError('spend_limit_reached', `The account's daily spend limit of ${fixed(tenantLimit!)} RUB would be exceeded (used today ${fixed(row.tenant_used_today_rub)} RUB, reserved by running operations ${fixed(row.reserved_rub)} RUB).`));
  }
  const widgetCap = payer.integrationId === null ? limits.widget_daily_ai_cap_rub : null;
  if (wouldExceed(widgetCap, row.widget_used_today_rub, row.widget_reserved_rub, ceiling)) {
    return refused('widget_daily_cap', domainError('spend_limit_reached', `The account's daily cap of website chat AI spend of ${fixed(widgetCap!)} RUB would be exceeded.`));
  }
  const available = new Decimal(row.balance_rub).minus(row.reserved_rub);
  if (row.blocked || available.lessThan(ceiling)) {
    // No topup_url: spec 01 gives it to wallet_suspended only; GET /wallet and GET /me say where (docs/adr/0089-issue-42-item-6-five-readings-of-the-spec.md, item a).
    return refused('insufficient_funds', domainError('insufficient_funds', `This operation may cost up to ${ceiling.toFixed(2)} RUB; the wallet has ${Decimal.max(available, 0).toFixed(2)} RUB available.`));
  }
  if (payer.visitorAddress !== null && await visitorPaidTurnsUsedUp(r, payer.tenantId, payer.visitorAddress)) {
    return refused('visitor_paid_limit', domainError('rate_limited', 'This address started too many paid chat replies in the last hour.'));
  }
  return { admitted: true, costCeilingRub: ceiling.toFixed(2) };
}

const HOUR_MS = 3_600_000;

/** Counts one paid turn of the address on the tenant's chats in the last hour (a sliding window); true beyond the limit. */
function visitorPaidTurnsUsedUp(r: PaidRequest, tenantId: string, address: string): Promise<boolean> {
  return r.rates.exceedsWindow(`widget:paid:${tenantId}:${address}`, r.services.config.widget.paidTurnsPerAddressPerHour, HOUR_MS);
}
