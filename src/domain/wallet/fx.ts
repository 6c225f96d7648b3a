import { Decimal } from 'decimal.js';
import type { Em } from '../../db/em.js';
import { FxRate } from '../../entities/wallet.js';
import type { Cell } from '../../config.js';
import { CELL_CURRENCY, fromRub, type Money } from './money.js';

/** Turns roubles into Money of one currency. */
export type ToCellMoney = (amountRub: Decimal.Value) => Money;

/** The cell currency and its rate: units of it per rouble (1 for RUB), from the rate table. */
export async function cellRate(em: Em, cell: Cell): Promise<{ currency: string; perRub: Decimal }> {
  const currency = CELL_CURRENCY[cell];
  if (currency === 'RUB') return { currency, perRub: new Decimal(1) };
  const rate = await em.findOneOrFail(FxRate, { currency });
  return { currency, perRub: new Decimal(rate.perRub) };
}

/**
 * Money in answers is in the cell currency (RUB on ru, GBP on en, IDR on id), converted from
 * the wallet's roubles with the rate table (ARCHITECTURE flow 6).
 */
export async function cellMoney(em: Em, cell: Cell): Promise<ToCellMoney> {
  const { currency, perRub } = await cellRate(em, cell);
  return (amount) => fromRub(amount, currency, perRub);
}

/** cellMoney at a rate read already (fx_rates.per_rub of the cell currency; RUB needs none). */
export function toCellMoney(currency: string, perRub: string | null): ToCellMoney {
  if (currency !== 'RUB' && perRub === null) throw new Error(`no rate of ${currency} in fx_rates`);
  const rate = new Decimal(currency === 'RUB' ? 1 : perRub!);
  return (amount) => fromRub(amount, currency, rate);
}
