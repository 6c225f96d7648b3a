import { Decimal } from 'decimal.js';
import type { Config } from '../../config.js';
import type { Em } from '../../db/em.js';
import { Operation } from '../../entities/operation.js';
import { Wallet, WalletLedgerEntry } from '../../entities/wallet.js';
import { walletState, type Exchange, type WalletState } from '../wallet/wallet-state.js';
import { spendLimitsInForce, type SpendLimits, type StoredSpendLimits } from '../wallet/spend-limits.js';
import { UUID } from '../../ids.js';

/** Ledger rows a wallet page shows at once; older ones on the next page. */
export const LEDGER_PAGE_ROWS = 50;

/** Why a caller of this tenant gets 402 now, by the rules the api applies (src/http/pipeline.ts, paid admission). */
export type PaymentVerdict =
  /** Every route behind the wallet gate answers 402 wallet_suspended. */
  | { answer: 'wallet_suspended'; why: string }
  /** Free calls pass; a paid operation costing up to its ceiling answers 402 insufficient_funds. */
  | { answer: 'insufficient_funds'; why: string }
  | { answer: 'none'; why: string };

export interface WalletStory {
  tenantId: string;
  wallet: Wallet | null;
  state: WalletState;
  exchange: Exchange;
  /** The ledger row that took the balance below zero, for a negative wallet (its suspension began there). */
  negativeSince: WalletLedgerEntry | null;
  limits: SpendLimits;
  /** What queued and running paid operations reserved against the balance. */
  reservedRub: string;
  verdict: PaymentVerdict;
  /** Newest first. */
  ledger: WalletLedgerEntry[];
  /** The id to ask for older rows with (`before`), when there are more. */
  olderBefore: string | null;
}

const fixed = (d: Decimal.Value) => new Decimal(d).toFixed(2);

/**
 * A tenant's wallet as support needs it to answer "why 402": its state by walletState (the
 * api's gate), since when it is negative, the spend limits in force, what running operations
 * reserved, and its ledger newest first, LEDGER_PAGE_ROWS a page (older than the row `before`).
 */
export async function walletStory(em: Em, config: Config, tenantId: string, before: string | null): Promise<WalletStory> {
  const wallet = await em.findOne(Wallet, { tenantId });
  const [tenant] = await em.execute<{ spend_limits: StoredSpendLimits | null }[]>(`select to_jsonb(t) -> 'spend_limits' as spend_limits from tenants t where id = ?`, [tenantId]);
  const limits = spendLimitsInForce(tenant?.spend_limits ?? null, config);
  const { state, exchange } = walletState(wallet ? { balanceRub: wallet.balanceRub, blocked: wallet.blocked, lowThresholdRub: wallet.lowThresholdRub } : null);
  const [reserved] = await em.execute<{ rub: string }[]>(
    `select coalesce(sum(cost_ceiling_rub), 0) as rub from operations where tenant_id = ? and status in ('queued', 'running')`, [tenantId]);
  const reservedRub = fixed(reserved?.rub ?? 0);
  const [negative] = state === 'negative' ? await em.execute<{ id: string }[]>(
    `select l.id from wallet_ledger l
      where l.tenant_id = ? and l.balance_after_rub < 0
        and not exists (select 1 from wallet_ledger n where n.tenant_id = l.tenant_id and n.balance_after_rub >= 0
                          and (n.created_at, n.id) > (l.created_at, l.id))
      order by l.created_at, l.id limit 1`, [tenantId]) : [];
  const cursor = before && UUID.test(before) ? await em.findOne(WalletLedgerEntry, { id: before, tenantId }) : null;
  const rows = await em.find(WalletLedgerEntry, {
    tenantId,
    ...(cursor ? { $or: [{ createdAt: { $lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { $lt: cursor.id } }] } : {}),
  }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LEDGER_PAGE_ROWS + 1 });
  const ledger = rows.slice(0, LEDGER_PAGE_ROWS);
  return {
    tenantId, wallet, state, exchange, limits, reservedRub, ledger,
    negativeSince: negative ? await em.findOne(WalletLedgerEntry, { id: negative.id }) : null,
    verdict: verdictOf(wallet, state, limits, reservedRub),
    olderBefore: rows.length > LEDGER_PAGE_ROWS ? ledger[ledger.length - 1]!.id : null,
  };
}

function verdictOf(wallet: Wallet | null, state: WalletState, limits: SpendLimits, reservedRub: string): PaymentVerdict {
  if (!wallet) return { answer: 'insufficient_funds', why: 'The tenant has no wallet: every paid operation is refused.' };
  if (state === 'blocked') return { answer: 'wallet_suspended', why: 'The wallet is blocked (bin/ctl wallet block): every call behind the wallet gate answers 402 until it is unblocked.' };
  if (state === 'negative') return { answer: 'wallet_suspended', why: `The balance is negative (${fixed(wallet.balanceRub)} RUB): every call behind the wallet gate answers 402 until a top-up brings it to zero or above.` };
  const available = new Decimal(wallet.balanceRub).minus(reservedRub);
  const cap = limits.operation_cost_cap_rub;
  if (available.lessThanOrEqualTo(0)) {
    return { answer: 'insufficient_funds', why: `Nothing is available (balance ${fixed(wallet.balanceRub)} RUB, reserved by running operations ${reservedRub} RUB): every paid operation answers 402.` };
  }
  if (cap !== null && available.lessThan(cap)) {
    return { answer: 'insufficient_funds', why: `${fixed(available)} RUB is available (balance less reserved): a paid operation whose ceiling (up to the cost cap of ${fixed(cap)} RUB) is above it answers 402.` };
  }
  const beyond = cap === null ? ' (no cost cap: an operation whose most possible cost is above that would answer 402)' : '';
  return { answer: 'none', why: `${fixed(available)} RUB is available: no 402 from the wallet now${beyond}. Spend limits answer 429 spend_limit_reached, not 402.` };
}

export interface OperationStory {
  operation: Operation;
  /** Its ledger rows (one charge at most: a charge is keyed by the operation), oldest first. */
  ledger: WalletLedgerEntry[];
}

/** One operation with its ledger rows; null when there is none. */
export async function operationStory(em: Em, id: string): Promise<OperationStory | null> {
  const operation = UUID.test(id) ? await em.findOne(Operation, { id: id.toLowerCase() }) : null;
  if (!operation) return null;
  const ledger = await em.find(WalletLedgerEntry, { operationId: operation.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return { operation, ledger };
}

/** The live tenant of each sandbox among `tenantIds` (a sandbox is a shadow tenant: docs/decisions.md, "Test mode"). */
export async function liveTenantsOf(em: Em, tenantIds: string[]): Promise<Map<string, string>> {
  if (!tenantIds.length) return new Map();
  const rows = await em.execute<{ id: string; live: string | null }[]>(
    `select id, to_jsonb(t) ->> 'live_tenant_id' as live from tenants t where id in (${tenantIds.map(() => '?').join(', ')})`, tenantIds);
  return new Map(rows.filter((r) => r.live).map((r) => [r.id, r.live!]));
}
