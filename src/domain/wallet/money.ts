import { Decimal } from 'decimal.js';
import type { Cell } from '../../config.js';
/** An amount in answers and events: decimal text with two places, and its ISO currency. */
export interface Money {
  amount: string;
  currency: string;
}

/** Money is decimal text with two places, never a float. */
export function money(amount: Decimal.Value, currency: string): Money {
  return { amount: new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2), currency };
}

export const rub = (amount: Decimal.Value): Money => money(amount, 'RUB');

export const CELL_CURRENCY: Record<Cell, string> = { ru: 'RUB', en: 'GBP', id: 'IDR' };

/** Converts roubles to `currency` with a rate given as units of currency per rouble. */
export function fromRub(amountRub: Decimal.Value, currency: string, perRub: Decimal.Value): Money {
  return money(new Decimal(amountRub).times(perRub), currency);
}

/** Converts an amount in `currency` back to roubles (for caps given in the cell currency). */
export function toRub(amount: Decimal.Value, perRub: Decimal.Value): Decimal {
  return new Decimal(amount).dividedBy(perRub).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
}

export function isDecimalText(text: string): boolean {
  return /^-?\d{1,16}(\.\d{1,2})?$/.test(text);
}
