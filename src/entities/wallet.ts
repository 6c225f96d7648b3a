import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The tenant wallet, kept in RUB. `balanceRub` always equals the sum of its ledger. */
export const Wallet = defineEntity({
  name: 'Wallet',
  tableName: 'wallets',
  properties: {
    tenantId: p.uuid().primary(),
    balanceRub: p.decimal('string'),
    blocked: p.boolean(),
    lowThresholdRub: p.decimal('string'),
    updatedAt: p.datetime(),
  },
});
export type Wallet = InferEntity<typeof Wallet>;

export const LEDGER_KINDS = ['topup', 'charge', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const WalletLedgerEntry = defineEntity({
  name: 'WalletLedgerEntry',
  tableName: 'wallet_ledger',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    kind: p.enum(LEDGER_KINDS),
    /** Signed: credits positive, charges negative. */
    amountRub: p.decimal('string'),
    balanceAfterRub: p.decimal('string'),
    integrationId: p.uuid().nullable(),
    /** A charge for an operation is keyed by it: unique, so an operation is charged once. */
    operationId: p.text().nullable(),
    description: p.text(),
    createdAt: p.datetime(),
  },
});
export type WalletLedgerEntry = InferEntity<typeof WalletLedgerEntry>;

export const FxRate = defineEntity({
  name: 'FxRate',
  tableName: 'fx_rates',
  properties: {
    currency: p.text().primary(),
    /** Units of `currency` for one rouble. */
    perRub: p.decimal('string'),
    updatedAt: p.datetime(),
  },
});
export type FxRate = InferEntity<typeof FxRate>;
