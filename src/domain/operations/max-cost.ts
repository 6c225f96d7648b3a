import { Decimal } from 'decimal.js';
import type { Em } from '../../db/em.js';
import type { Config } from '../../config.js';
import { Tenant } from '../../entities/tenant.js';
import { invalidField } from '../../errors/domain-error.js';
import { fromRub, toRub, type Money } from '../wallet/money.js';
import { cellRate } from '../wallet/fx.js';
import { spendLimitsInForce } from '../wallet/spend-limits.js';

/**
 * The one rule for a paid operation's max_cost (spec 02: a Money object, not above the
 * tenant's single-operation cost limit), before anything is admitted, created or charged:
 * - in the cell currency (RUB on ru, GBP on en, IDR on id): another is 422 validation_failed
 *   at /max_cost/currency;
 * - not above the tenant's per-operation cost cap in force (read now, not from a cache), as
 *   that cap reads in the cell currency: above it is 422 validation_failed at /max_cost,
 *   naming the cap (never lowered to it in silence).
 * Answers the ceiling max_cost sets, in the wallet's roubles (converted with the rate table).
 * The admission still caps the operation's ceiling itself (paid-admission.ts).
 */
export async function maxCostRub(em: Em, tenantId: string, maxCost: Money, config: Config): Promise<Decimal> {
  const { currency, perRub } = await cellRate(em, config.cell);
  if (maxCost.currency !== currency) {
    throw invalidField('/max_cost/currency', 'not_supported', `max_cost is taken in the cell currency, ${currency}.`);
  }
  const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
  const capRub = spendLimitsInForce(tenant.spendLimits, config).operation_cost_cap_rub;
  const cap = capRub === null ? null : fromRub(capRub, currency, perRub);
  if (cap !== null && new Decimal(maxCost.amount).greaterThan(cap.amount)) {
    throw invalidField('/max_cost', 'out_of_range',
      `max_cost ${new Decimal(maxCost.amount).toFixed(2)} ${currency} is above the account's cost cap for one operation, ${cap.amount} ${currency}.`);
  }
  return toRub(maxCost.amount, perRub);
}
