import { Decimal } from 'decimal.js';
import type { Context } from 'koa';
import type { Em } from '../../db/orm.js';
import type { Services } from '../../services.js';
import type { AuthContext, RateLimits } from '../../http/authenticate.js';
import type { WalletView } from '../wallet/wallet-reader.js';
import { rateLimiterOf } from '../../http/rate-limit.js';
import { problem, type Problem } from '../../http/problem.js';

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
  /** The integration's daily spend limit, if any (a website visitor has none: the tenant's limits apply). */
  dailySpendLimitRub: string | null;
  /** paid_per_min and paid_concurrency are read. */
  limits: RateLimits;
  /** Whether the AI seller may answer (API: the ai_seller:invoke scope; website: the plan's ai_seller feature). */
  aiAllowed: boolean;
}

/** The payer of an API caller's paid work: its integration. */
export function payerOfApiCaller(auth: AuthContext): Payer {
  return {
    tenantId: auth.tenant.id,
    integrationId: auth.integration.id,
    channelId: null,
    dailySpendLimitRub: auth.integration.dailySpendLimitRub,
    limits: auth.limits,
    aiAllowed: auth.scopes.includes('ai_seller:invoke'),
  };
}

export interface PaidRequest {
  payer: Payer;
  wallet: WalletView;
  services: Services;
  ctx: Context;
  /** Least and most the operation can cost (the model's bounds), in roubles. */
  costBounds: { minRub: string; maxRub: string };
}

/** Why paid work is refused after the paid rate class let it through. */
export type PaidRefusalReason = 'wallet_unknown' | 'cost_cap' | 'concurrency' | 'daily_limit' | 'insufficient_funds';

export type Admission =
  | { admitted: true; costCeilingRub: string }
  /** `problem` is the API's answer to the refusal; the visitor chat hands off instead (concurrency: 429). */
  | { admitted: false; reason: PaidRefusalReason; problem: Problem };

const refused = (reason: PaidRefusalReason, p: Problem): Admission => ({ admitted: false, reason, problem: p });

interface Reserved {
  active: string;
  reserved_rub: string;
  integration_reserved_rub: string;
  balance_rub: string;
  blocked: boolean;
  used_today_rub: string;
}

/**
 * The checks before any paid work (spec 01 Limits and Errors), inside the request's
 * transaction. Admitted: the operation's cost ceiling, its most possible cost capped by the
 * per-operation cost cap; admission reserves it against the wallet and the limits until the
 * operation ends. Paid admissions of one tenant take turns (an advisory lock), so five
 * concurrent operations means five, not six.
 *
 * Thrown (whoever pays): 429 rate_limited beyond the paid rate class (per integration, or per
 * website channel), 503 when the limits store is down. Refused, with the API's answer:
 * - wallet_unknown: 503 service_unavailable while the wallet state is unknown;
 * - cost_cap: 402 spend_limit_reached when even the cheapest outcome exceeds the cost cap;
 * - concurrency: 402 spend_limit_reached (Retry-After) when the tenant already runs its
 *   concurrent paid operations;
 * - daily_limit: 402 spend_limit_reached when the integration's daily limit cannot take the ceiling;
 * - insufficient_funds: 402 when the balance, less what running operations reserved, cannot
 *   cover the ceiling.
 */
export async function admitPaidOperation(em: Em, r: PaidRequest): Promise<Admission> {
  const { payer, services } = r;
  const { config } = services;
  if (r.wallet.state === 'unknown') {
    return refused('wallet_unknown', problem('service_unavailable', 'The wallet state cannot be obtained; paid operations are refused until it can.', {}, { 'Retry-After': '30' }));
  }
  await rateLimiterOf(services).consume(r.ctx, payer.integrationId ?? payer.channelId!, 'paid', payer.limits);

  const cap = new Decimal(config.operationCostCapRub);
  if (new Decimal(r.costBounds.minRub).greaterThan(cap)) {
    return refused('cost_cap', problem('spend_limit_reached', `One operation may cost at most ${cap.toFixed(2)} RUB; this one costs at least ${new Decimal(r.costBounds.minRub).toFixed(2)} RUB.`));
  }
  const ceiling = Decimal.min(new Decimal(r.costBounds.maxRub), cap);

  await em.execute(`select pg_advisory_xact_lock(hashtext('paid-admission'), hashtext(?))`, [payer.tenantId]);
  const now = services.clock.now();
  const [row] = await em.execute<Reserved[]>(
    `select (select count(*) from operations o where o.tenant_id = w.tenant_id and o.status in ('queued', 'running')) as active,
            (select coalesce(sum(o.cost_ceiling_rub), 0) from operations o where o.tenant_id = w.tenant_id and o.status in ('queued', 'running')) as reserved_rub,
            (select coalesce(sum(o.cost_ceiling_rub), 0) from operations o where o.integration_id = ?::uuid and o.status in ('queued', 'running')) as integration_reserved_rub,
            w.balance_rub, w.blocked,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l
              where l.integration_id = ?::uuid and l.kind = 'charge'
                and l.created_at >= date_trunc('day', ?::timestamptz at time zone 'UTC') at time zone 'UTC') as used_today_rub
       from wallets w where w.tenant_id = ?`,
    [payer.integrationId, payer.integrationId, now.toISOString(), payer.tenantId],
  );
  if (!row) return refused('insufficient_funds', problem('insufficient_funds', 'The tenant has no wallet to pay for this operation.'));

  const concurrency = payer.limits.paid_concurrency;
  if (Number(row.active) >= concurrency) {
    return refused('concurrency', problem('spend_limit_reached', `The tenant already runs ${concurrency} paid operations at once; retry when one has finished.`, {}, { 'Retry-After': '5' }));
  }
  const limit = payer.dailySpendLimitRub;
  if (limit !== null) {
    const committed = new Decimal(row.used_today_rub).plus(row.integration_reserved_rub).plus(ceiling);
    if (committed.greaterThan(limit)) {
      return refused('daily_limit', problem('spend_limit_reached', `The integration's daily spend limit of ${new Decimal(limit).toFixed(2)} RUB would be exceeded (used today ${new Decimal(row.used_today_rub).toFixed(2)} RUB, reserved by running operations ${new Decimal(row.integration_reserved_rub).toFixed(2)} RUB).`));
    }
  }
  const available = new Decimal(row.balance_rub).minus(row.reserved_rub);
  if (row.blocked || available.lessThan(ceiling)) {
    return refused('insufficient_funds', problem('insufficient_funds', `This operation may cost up to ${ceiling.toFixed(2)} RUB; the wallet has ${Decimal.max(available, 0).toFixed(2)} RUB available.`, {
      topup_url: config.topupUrl,
    }));
  }
  return { admitted: true, costCeilingRub: ceiling.toFixed(2) };
}
