import { Decimal } from 'decimal.js';
import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Wallet, type LedgerKind } from '../../entities/wallet.js';
import { newId } from '../../ids.js';

/** A wallet operation refused for a reason an operator can act on. */
export class WalletError extends Error {}

export class WalletNotFound extends WalletError {
  constructor(tenantId: string) {
    super(`tenant ${tenantId} has no wallet`);
  }
}

/** numeric(18, 2): sixteen digits before the point. */
const BALANCE_LIMIT = new Decimal('1e16');

export interface Posting {
  tenantId: string;
  kind: LedgerKind;
  /** Signed roubles: positive credits, negative debits. */
  amountRub: Decimal.Value;
  integrationId?: string | null;
  operationId?: string | null;
  description?: string;
  /** Refused (WalletFloorError) when the balance would end below this many roubles; none when absent. */
  floorRub?: Decimal.Value;
}

/** A debit that would take the balance below the floor its caller set. */
export class WalletFloorError extends WalletError {}

/** What a posting wrote. */
export interface Posted {
  id: string;
  balanceAfterRub: string;
}

/**
 * Posts one ledger entry and moves the balance with it, in one statement: the wallet's update
 * locks its row until the transaction ends, so concurrent postings serialise, and the entry
 * records the balance that update made. Must run inside a transaction (`em.transactional`).
 * Refused (nothing written) when the tenant has no wallet, when the balance would leave what a
 * wallet holds, or when a debit would take it below `floorRub`.
 */
export async function postToLedger(em: Em, posting: Posting, now: Date): Promise<Posted> {
  // Pending changes of this unit of work first (a wallet created in it, say: the statement below
  // is raw SQL); a caller that posts last so holds the wallet row only for the posting and the commit.
  await em.flush();
  const amount = new Decimal(posting.amountRub).toDecimalPlaces(2).toFixed(2);
  const floor = posting.floorRub === undefined || !new Decimal(amount).isNegative() ? null : new Decimal(posting.floorRub).toFixed(2);
  const id = newId();
  const at = now.toISOString();
  const [row] = await em.execute<{ balance_after_rub: string }[]>(
    `with w as (
       update wallets set balance_rub = balance_rub + ?::numeric, updated_at = ?::timestamptz
        where tenant_id = ? and abs(balance_rub + ?::numeric) < ?::numeric
          and (?::numeric is null or balance_rub + ?::numeric >= ?::numeric)
    returning balance_rub)
     insert into wallet_ledger (id, tenant_id, kind, amount_rub, balance_after_rub, integration_id, operation_id, description, created_at)
     select ?, ?, ?, ?::numeric, w.balance_rub, ?, ?, ?, ?::timestamptz from w
  returning balance_after_rub`,
    [amount, at, posting.tenantId, amount, BALANCE_LIMIT.toFixed(), floor, amount, floor,
      id, posting.tenantId, posting.kind, amount, posting.integrationId ?? null, posting.operationId ?? null, posting.description ?? '', at],
  );
  if (!row) throw await refusal(em, posting.tenantId, amount, floor);
  const balanceAfterRub = new Decimal(row.balance_after_rub).toFixed(2);
  // A wallet this unit of work holds follows the statement (read it and it shows the new balance).
  const held = em.getUnitOfWork().getById(Wallet, posting.tenantId);
  if (held) em.assign(held, { balanceRub: balanceAfterRub, updatedAt: now });
  return { id, balanceAfterRub };
}

/** Why postToLedger wrote nothing. */
async function refusal(em: Em, tenantId: string, amount: string, floor: string | null): Promise<WalletError> {
  const [wallet] = await em.execute<{ balance_rub: string }[]>('select balance_rub from wallets where tenant_id = ?', [tenantId]);
  if (!wallet) return new WalletNotFound(tenantId);
  const balance = new Decimal(wallet.balance_rub).plus(amount);
  if (balance.abs().greaterThanOrEqualTo(BALANCE_LIMIT)) {
    return new WalletError(`the balance would become ${balance.toFixed(2)} RUB, beyond what a wallet holds`);
  }
  return new WalletFloorError(`the balance would become ${balance.toFixed(2)} RUB, below the floor of ${new Decimal(floor ?? 0).toFixed(2)} RUB`);
}

export async function setWalletBlocked(em: Em, tenantId: string, blocked: boolean, now: Date): Promise<void> {
  const wallet = await em.findOne(Wallet, { tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!wallet) throw new WalletNotFound(tenantId);
  wallet.blocked = blocked;
  wallet.updatedAt = now;
  await em.flush();
}
