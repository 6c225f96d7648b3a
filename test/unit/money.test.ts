import { describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { CELL_CURRENCY, fromRub, isDecimalText, money, rub, toRub } from '../../src/domain/wallet/money.js';

/** The FX table the foundation migration seeds: units of currency per rouble. */
const PER_RUB = { RUB: '1', GBP: '0.0095', IDR: '190' };

describe('Money', () => {
  it('is decimal text with two places, never a float', () => {
    expect(money('1500', 'RUB')).toEqual({ amount: '1500.00', currency: 'RUB' });
    expect(money(new Decimal('0.1').plus('0.2'), 'RUB').amount).toBe('0.30');
    expect(typeof rub(7).amount).toBe('string');
    expect(rub(7)).toEqual({ amount: '7.00', currency: 'RUB' });
  });

  it('keeps every digit of amounts a float would round', () => {
    expect(rub('9999999999999999.99').amount).toBe('9999999999999999.99');
    expect(rub('12345678901234567.01').amount).toBe('12345678901234567.01');
  });

  it('rounds half to even at the third place', () => {
    expect(rub('2.345').amount).toBe('2.34');
    expect(rub('2.355').amount).toBe('2.36');
    expect(rub('2.3451').amount).toBe('2.35');
    expect(rub('-2.345').amount).toBe('-2.34');
    expect(rub('-2.355').amount).toBe('-2.36');
  });

  it('shows a negative amount that rounds to nothing as 0.00', () => {
    expect(rub('-0.004').amount).toBe('0.00');
  });

  it('names the cell currency: RUB on ru, GBP on en, IDR on id', () => {
    expect(CELL_CURRENCY).toEqual({ ru: 'RUB', en: 'GBP', id: 'IDR' });
  });
});

describe('fromRub and toRub with the FX rates', () => {
  it('converts roubles into the cell currency', () => {
    expect(fromRub('100', 'GBP', PER_RUB.GBP)).toEqual({ amount: '0.95', currency: 'GBP' });
    expect(fromRub('100', 'IDR', PER_RUB.IDR)).toEqual({ amount: '19000.00', currency: 'IDR' });
    expect(fromRub('100', 'RUB', PER_RUB.RUB)).toEqual({ amount: '100.00', currency: 'RUB' });
  });

  it('rounds the converted amount half to even', () => {
    // 50 * 0.0095 = 0.475 -> 0.48 (7 is odd, so up); 150 * 0.0095 = 1.425 -> 1.42 (2 is even)
    expect(fromRub('50', 'GBP', PER_RUB.GBP).amount).toBe('0.48');
    expect(fromRub('150', 'GBP', PER_RUB.GBP).amount).toBe('1.42');
  });

  it('converts a cap in the cell currency back to roubles', () => {
    expect(toRub('0.95', PER_RUB.GBP).toFixed(2)).toBe('100.00');
    expect(toRub('19000', PER_RUB.IDR).toFixed(2)).toBe('100.00');
    expect(toRub('1', PER_RUB.GBP).toFixed(2)).toBe('105.26');
  });
});

describe('isDecimalText', () => {
  it('accepts whole and two-place decimals, signed', () => {
    for (const text of ['0', '100', '99.5', '99.50', '-5', '9999999999999999.99']) expect(isDecimalText(text)).toBe(true);
  });

  it('refuses floats, exponents, three places, blanks and words', () => {
    for (const text of ['', ' 1', '1.', '.5', '1.234', '1e3', '0x10', 'NaN', '12345678901234567', '1,5']) expect(isDecimalText(text)).toBe(false);
  });
});
