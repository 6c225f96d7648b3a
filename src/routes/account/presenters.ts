import type { Config } from '../../config.js';
import type { AuthContext } from '../../http/authenticate.js';
import type { WalletView } from '../../domain/wallet/wallet-reader.js';
import { rub, type Money } from '../../domain/wallet/money.js';
import { spendLimitsInForce } from '../../domain/wallet/spend-limits.js';
import { usableScopes } from '../../domain/access/personal-data.js';
import { effectiveAllowlist } from '../../domain/access/ip-rules.js';

const rubOrNull = (amount: string | null): Money | null => (amount === null ? null : rub(amount));

/**
 * GET /wallet body (spec 01 Wallet), all in roubles. daily_spend is the calling
 * integration's (its limit, and what it was charged today, UTC), with the account's (the
 * tenant's daily limit and today's charges of all its integrations and its website chat);
 * operation_cost_cap is the most one paid operation of the account may cost (null = none).
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

/** GET /me body (spec 01 Me). */
export function presentMe(auth: AuthContext, wallet: WalletView, config: Config, now: Date) {
  const { owners } = auth;
  const w = presentWallet(wallet, auth.integration.dailySpendLimitRub, config, now);
  return {
    tenant: { id: owners.tenantId, name: auth.tenant.name },
    cell: config.cell,
    base_url: config.baseUrl,
    integration: { id: owners.integrationId, name: auth.integration.name },
    channel_id: auth.channelId,
    key: {
      key_id: auth.key.keyId,
      mode: auth.key.mode,
      scopes: usableScopes(config.cell, auth.integration, auth.scopes),
      expires_at: auth.key.expiresAt.toISOString(),
      // The rule the authenticator applies (both lists), and the two lists it comes from.
      ip_allowlist: effectiveAllowlist(auth.key.ipAllowlist, auth.integration.ipAllowlist),
      ip_allowlist_sources: { key: auth.key.ipAllowlist, integration: auth.integration.ipAllowlist },
    },
    limits: auth.limits,
    wallet: {
      balance: w.balance,
      state: w.state,
      exchange: w.exchange,
      topup_url: w.topup_url,
      daily_spend: { limit: w.daily_spend.limit, used: w.daily_spend.used },
    },
    crm_mode: auth.tenant.crmMode,
  };
}
