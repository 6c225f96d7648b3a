import { Decimal } from 'decimal.js';
import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { Wallet, WalletLedgerEntry, type LedgerKind } from '../../entities/wallet.js';
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

/**
 * Posts one ledger entry and moves the balance with it, under a row lock on the wallet so
 * concurrent postings serialise. Must run inside a transaction (`em.transactional`).
 */
export async function postToLedger(em: Em, posting: Posting, now: Date): Promise<WalletLedgerEntry> {
  const wallet = await em.findOne(Wallet, { tenantId: posting.tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!wallet) throw new WalletNotFound(posting.tenantId);
  const amount = new Decimal(posting.amountRub).toDecimalPlaces(2);
  const balance = new Decimal(wallet.balanceRub).plus(amount);
  if (balance.abs().greaterThanOrEqualTo(BALANCE_LIMIT)) {
    throw new WalletError(`the balance would become ${balance.toFixed(2)} RUB, beyond what a wallet holds`);
  }
  if (posting.floorRub !== undefined && amount.isNegative() && balance.lessThan(posting.floorRub)) {
    throw new WalletFloorError(`the balance would become ${balance.toFixed(2)} RUB, below the floor of ${new Decimal(posting.floorRub).toFixed(2)} RUB`);
  }
  wallet.balanceRub = balance.toFixed(2);
  wallet.updatedAt = now;
  const entry = em.create(WalletLedgerEntry, {
    id: newId(),
    tenantId: posting.tenantId,
    kind: posting.kind,
    amountRub: amount.toFixed(2),
    balanceAfterRub: wallet.balanceRub,
    integrationId: posting.integrationId ?? null,
    operationId: posting.operationId ?? null,
    description: posting.description ?? '',
    createdAt: now,
  });
  await em.flush();
  return entry;
}

export async function setWalletBlocked(em: Em, tenantId: string, blocked: boolean, now: Date): Promise<void> {
  const wallet = await em.findOne(Wallet, { tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!wallet) throw new WalletNotFound(tenantId);
  wallet.blocked = blocked;
  wallet.updatedAt = now;
  await em.flush();
}
