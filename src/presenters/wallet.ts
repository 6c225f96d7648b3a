import type { Config } from '../config.js';
import type { WalletView } from '../domain/wallet/wallet-reader.js';
import { rub, type Money } from '../domain/wallet/money.js';
import { spendLimitsInForce } from '../domain/wallet/spend-limits.js';

const rubOrNull = (amount: string | null): Money | null => (amount === null ? null : rub(amount));

/**
 * GET /wallet body (spec 01 Wallet), all in roubles. daily_spend is the calling
 * integration's (its limit, and what it was charged today, UTC), with the account's (the
 * tenant's daily limit and today's charges of all its integrations and its website chat);
 * operation_cost_cap is the most one paid operation of the account may cost (null = none).
 * bin/ctl wallet shows the same, less the integration's part.
 */
export function presentWallet(wallet: WalletView, dailySpendLimitRub: string | null, config: Config, now: Date) {
  const limits = spendLimitsInForce(wallet.spendLimits, config);
  return {
    balance: wallet.balance,
    state: wallet.state,
    exchange: wallet.exchange,
    topup_url: config.topupUrl,
    daily_spend: {
      limit: rubOrNull(dailySpendLimitRub),
      used: rub(wallet.dailySpendUsedRub),
      resets_at: nextUtcMidnight(now).toISOString(),
      account: { limit: rubOrNull(limits.daily_spend_limit_rub), used: rub(wallet.tenantDailySpendUsedRub) },
    },
    operation_cost_cap: rubOrNull(limits.operation_cost_cap_rub),
  };
}

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
