import { Decimal } from 'decimal.js';
import type { Context } from 'koa';
import type { Em } from '../../db/orm.js';
import type { Services } from '../../services.js';
import type { AuthContext } from '../../http/authenticate.js';
import type { WalletView } from '../wallet/wallet-reader.js';
import { rateLimiterOf } from '../../http/rate-limit.js';
import { problem } from '../../http/problem.js';

export interface PaidRequest {
  auth: AuthContext;
  wallet: WalletView;
  services: Services;
  ctx: Context;
  /** Least and most the operation can cost (the model's bounds), in roubles. */
  costBounds: { minRub: string; maxRub: string };
}

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
 * transaction. Returns the operation's cost ceiling: its most possible cost, capped by the
 * per-operation cost cap; admission reserves it against the wallet and the limits until the
 * operation ends. Paid admissions of one tenant take turns (an advisory lock), so five
 * concurrent operations means five, not six.
 *
 * - 503 service_unavailable while the wallet state is unknown;
 * - 429 rate_limited beyond the paid rate class;
 * - 402 spend_limit_reached when even the cheapest outcome exceeds the cost cap, when the
 *   tenant already runs its concurrent paid operations, or when the integration's daily
 *   limit cannot take the ceiling;
 * - 402 insufficient_funds when the balance, less what running operations reserved, cannot
 *   cover the ceiling.
 */
export async function admitPaidOperation(em: Em, r: PaidRequest): Promise<string> {
  const { auth, services } = r;
  const { config } = services;
  if (r.wallet.state === 'unknown') {
    throw problem('service_unavailable', 'The wallet state cannot be obtained; paid operations are refused until it can.', {}, { 'Retry-After': '30' });
  }
  await rateLimiterOf(services).consume(r.ctx, auth.integration.id, 'paid', auth.limits);

  const cap = new Decimal(config.operationCostCapRub);
  if (new Decimal(r.costBounds.minRub).greaterThan(cap)) {
    throw problem('spend_limit_reached', `One operation may cost at most ${cap.toFixed(2)} RUB; this one costs at least ${new Decimal(r.costBounds.minRub).toFixed(2)} RUB.`);
  }
  const ceiling = Decimal.min(new Decimal(r.costBounds.maxRub), cap);

  await em.execute(`select pg_advisory_xact_lock(hashtext('paid-admission'), hashtext(?))`, [auth.tenant.id]);
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
    [auth.integration.id, auth.integration.id, now.toISOString(), auth.tenant.id],
  );
  if (!row) throw problem('insufficient_funds', 'The tenant has no wallet to pay for this operation.');

  const concurrency = auth.limits.paid_concurrency;
  if (Number(row.active) >= concurrency) {
    throw problem('spend_limit_reached', `The tenant already runs ${concurrency} paid operations at once; retry when one has finished.`, {}, { 'Retry-After': '5' });
  }
  const limit = auth.integration.dailySpendLimitRub;
  if (limit !== null) {
    const committed = new Decimal(row.used_today_rub).plus(row.integration_reserved_rub).plus(ceiling);
    if (committed.greaterThan(limit)) {
      throw problem('spend_limit_reached', `The integration's daily spend limit of ${new Decimal(limit).toFixed(2)} RUB would be exceeded (used today ${new Decimal(row.used_today_rub).toFixed(2)} RUB, reserved by running operations ${new Decimal(row.integration_reserved_rub).toFixed(2)} RUB).`);
    }
  }
  const available = new Decimal(row.balance_rub).minus(row.reserved_rub);
  if (row.blocked || available.lessThan(ceiling)) {
    throw problem('insufficient_funds', `This operation may cost up to ${ceiling.toFixed(2)} RUB; the wallet has ${Decimal.max(available, 0).toFixed(2)} RUB available.`, {
      topup_url: config.topupUrl,
    });
  }
  return ceiling.toFixed(2);
}
