import type { Config } from '../../config.js';
import type { AuthContext } from '../../http/authenticate.js';
import type { WalletView } from '../../domain/wallet/wallet-reader.js';
import { presentWallet } from '../../presenters/wallet.js';
import { usableScopes } from '../../domain/access/personal-data.js';
import { effectiveAllowlist } from '../../domain/access/ip-rules.js';

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
