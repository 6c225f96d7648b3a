import type { Em } from '../../db/em.js';
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

/** The wallet's columns of a row that walletColumns() selected. */
export interface WalletRow {
  balance_rub: string | null;
  blocked: boolean | null;
  low_threshold_rub: string | null;
  used_today: string | null;
  tenant_used_today: string | null;
  spend_limits: StoredSpendLimits | null;
}

/**
 * The select list of a wallet reading (WalletRow), given the SQL of the tenant id, of the
 * integration id (null: the tenant's own spend) and of now (today is its UTC day; used twice),
 * for a query that joins `wallets w` and `tenants t`. The api's wallet read and the caller
 * lookup (src/domain/access/caller-lookup.ts) select the same columns. spend_limits comes
 * through to_jsonb: null (the cell's defaults) on a database without the column yet, so the
 * wallet gate of every route works before migration 20261123000100 (rolling deploys).
 */
export function walletColumns(tenantId: string, integrationId: string, now: string): string {
  const today = `date_trunc('day', ${now} at time zone 'UTC') at time zone 'UTC'`;
  return `w.balance_rub, w.blocked, w.low_threshold_rub,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l
              where l.tenant_id = ${tenantId} and l.kind = 'charge' and (${integrationId} is null or l.integration_id = ${integrationId})
                and l.created_at >= ${today}) as used_today,
            (select coalesce(sum(-l.amount_rub), 0) from wallet_ledger l
              where l.tenant_id = ${tenantId} and l.kind = 'charge' and l.created_at >= ${today}) as tenant_used_today,
            to_jsonb(t) -> 'spend_limits' as spend_limits`;
}

/** The view of a wallet row; without one (not read in time, no wallet) the state is `unknown`. */
export function walletViewOf(row: WalletRow | undefined): WalletView {
  const read = row && row.balance_rub !== null ? row : undefined;
  const facts: WalletFacts | null = read ? { balanceRub: read.balance_rub!, blocked: read.blocked!, lowThresholdRub: read.low_threshold_rub! } : null;
  const { state, exchange } = walletState(facts);
  return {
    balance: read ? rub(read.balance_rub!) : null,
    state,
    exchange,
    dailySpendUsedRub: read?.used_today ?? '0',
    tenantDailySpendUsedRub: read?.tenant_used_today ?? '0',
    spendLimits: read?.spend_limits ?? {},
  };
}

/**
 * `query`'s answer, or undefined when it does not come within `timeoutMs` (the query goes on; the
 * pool's statement_timeout ends it). The deadline gives way to input already waiting: when the
 * event loop was held up past it (a busy CPU, another process starting), Node runs timers before
 * it reads sockets, so an answer that arrived in time would otherwise lose to the timer.
 */
export async function withinWalletDeadline<T>(query: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => { immediate = setImmediate(() => resolve(undefined)); }, timeoutMs);
  });
  return Promise.race([query, late]).catch(() => undefined).finally(() => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  });
}

/**
 * Reads the wallet and today's spend (of one integration, or with null of the tenant) in one query. A wallet
 * whose state cannot be obtained in `timeoutMs` (locked, database slow) is `unknown`: the
 * exchange stays active, free reads go on, paid work is refused.
 */
export async function readWallet(em: Em, tenantId: string, integrationId: string | null, timeoutMs: number, now: Date): Promise<WalletView> {
  const query = em.execute<WalletRow[]>(
    `select ${walletColumns('w.tenant_id', '?::uuid', '?::timestamptz')}
       from wallets w join tenants t on t.id = w.tenant_id where w.tenant_id = ?`,
    [integrationId, integrationId, now.toISOString(), now.toISOString(), tenantId],
  );
  // Cancelling a late query from here costs a new connection per cancel: it is left to statement_timeout.
  return walletViewOf(await withinWalletDeadline(query.then((rows) => rows[0]), timeoutMs));
}
