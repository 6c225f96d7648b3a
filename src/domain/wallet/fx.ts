import { Decimal } from 'decimal.js';
import type { Em } from '../../db/orm.js';
import { FxRate } from '../../entities/wallet.js';
import type { Cell } from '../../config.js';
import { CELL_CURRENCY, fromRub, type Money } from './money.js';

/** Turns roubles into Money of one currency. */
export type ToCellMoney = (amountRub: Decimal.Value) => Money;

/**
 * Money in answers is in the cell currency (RUB on ru, GBP on en, IDR on id), converted from
 * the wallet's roubles with the rate table (ARCHITECTURE flow 6).
 */
export async function cellMoney(em: Em, cell: Cell): Promise<ToCellMoney> {
  const currency = CELL_CURRENCY[cell];
  if (currency === 'RUB') return (amount) => fromRub(amount, 'RUB', 1);
  const rate = await em.findOneOrFail(FxRate, { currency });
  const perRub = new Decimal(rate.perRub);
  return (amount) => fromRub(amount, currency, perRub);
}
