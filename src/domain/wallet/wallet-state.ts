import { Decimal } from 'decimal.js';

export const WALLET_STATES = ['ok', 'low', 'negative', 'blocked', 'unknown'] as const;
export type WalletState = (typeof WALLET_STATES)[number];
export type Exchange = 'active' | 'suspended';

export interface WalletFacts {
  balanceRub: string;
  blocked: boolean;
  lowThresholdRub: string;
}

/** spec 01 States: blocked and negative suspend the exchange; low and unknown keep it active. */
export function walletState(facts: WalletFacts | null): { state: WalletState; exchange: Exchange } {
  if (!facts) return { state: 'unknown', exchange: 'active' };
  const balance = new Decimal(facts.balanceRub);
  if (facts.blocked) return { state: 'blocked', exchange: 'suspended' };
  if (balance.isNegative() && !balance.isZero()) return { state: 'negative', exchange: 'suspended' };
  if (balance.lessThan(facts.lowThresholdRub)) return { state: 'low', exchange: 'active' };
  return { state: 'ok', exchange: 'active' };
}
