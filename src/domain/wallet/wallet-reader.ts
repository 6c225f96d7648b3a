import type { Em } from '../../db/orm.js';
import { rub, type Money } from './money.js';
import type { StoredSpendLimits } from './spend-limits.js';
import { walletState, type Exchange, type WalletFacts, type WalletState } from './wallet-state.js';

export interface WalletView {
  balance: Money | null;
  state: WalletState;
  exchange: Exchange;
  /** Today's charges (UTC day) in roubles: of one integration, or of the whole tenant. */
  dailySpendUsedRub: string;
  /** Today's charges of the whole tenant. */
  tenantDailySpendUsedRub: string;
  /** The tenant's own spend limits (overrides of the cell's defaults). */
  spendLimits: StoredSpendLimits;
}

interface WalletRow {
  balance_rub: string;
  blocked: boolean;
  low_threshold_rub: string;
  used_today: string | null;
  tenant_used_today: string | null;
  spend_limits: StoredSpendLimits | null;
}

/**
 * Reads the wallet and today's spend (of one integration, or with null of the tenant) in one query. A wallet
 * whose state cannot be obtained in `timeoutMs` (locked, database slow) is `unknown`: the
 * exchange stays active, free reads go on, paid work is refused.
 */
export async function readWallet(em: Em, tenantId: string, integrationId: string | null, timeoutMs: number, now: Date): Promise<WalletView> {
  const query = em.execute<WalletRow[]>(
    `select w.balance_rub, w.blocked, w.low_threshold_rub,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l
              where l.tenant_id = w.tenant_id and l.kind = 'charge' and (?::uuid is null or l.integration_id = ?::uuid)
                and l.created_at >= date_trunc('day', ?::timestamptz at time zone 'UTC') at time zone 'UTC') as used_today,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l
              where l.tenant_id = w.tenant_id and l.kind = 'charge'
                and l.created_at >= date_trunc('day', ?::timestamptz at time zone 'UTC') at time zone 'UTC') as tenant_used_today,
            to_jsonb(t) -> 'spend_limits' as spend_limits
       from wallets w join tenants t on t.id = w.tenant_id where w.tenant_id = ?`,
    [integrationId, integrationId, now.toISOString(), now.toISOString(), tenantId],
  );
  // spend_limits through to_jsonb: null (the cell's defaults) on a database without the column
  // yet, so the wallet gate of every route works before migration 20261123000100 (rolling deploys).
  // A reading that does not come in time is `unknown`; the query itself ends by the pool's
  // statement_timeout (cancelling it from here costs a new connection per cancel).
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), timeoutMs); });
  const row = await Promise.race([query.then((rows) => rows[0]), late]).catch(() => undefined).finally(() => clearTimeout(timer));
  const facts: WalletFacts | null = row ? { balanceRub: row.balance_rub, blocked: row.blocked, lowThresholdRub: row.low_threshold_rub } : null;
  const { state, exchange } = walletState(facts);
  return {
    balance: row ? rub(row.balance_rub) : null,
    state,
    exchange,
    dailySpendUsedRub: row?.used_today ?? '0',
    tenantDailySpendUsedRub: row?.tenant_used_today ?? '0',
    spendLimits: row?.spend_limits ?? {},
  };
}
