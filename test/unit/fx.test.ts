import { describe, expect, it } from '@jest/globals';
import type { Em } from '../../src/db/em.js';
import { FxRate } from '../../src/entities/wallet.js';
import { cellMoney } from '../../src/domain/wallet/fx.js';

/**
 * Money in answers is in the cell currency, converted from the wallet's roubles with the rate
 * table (ARCHITECTURE flow 6). The rate table is a row per currency; here it is a stand-in for
 * the one MikroORM call cellMoney makes (findOneOrFail on FxRate by currency), with the rates
 * the foundation migration seeds. The integration tests read the real table.
 */
const RATES: Record<string, string> = { GBP: '0.0095', IDR: '190' };
function rateTable(): { em: Em; asked: unknown[][] } {
  const asked: unknown[][] = [];
  const em = {
    findOneOrFail: async (entity: unknown, where: { currency: string }) => {
      asked.push([entity, where]);
      if (entity !== FxRate || !(where.currency in RATES)) throw new Error(`no row for ${JSON.stringify(where)}`);
      return { currency: where.currency, perRub: RATES[where.currency] };
    },
  } as unknown as Em;
  return { em, asked };
}

describe('cellMoney (src/domain/wallet/fx.ts)', () => {
  it('answers roubles on the ru cell, at par, without reading the rate table', async () => {
    const { em, asked } = rateTable();
    const toCell = await cellMoney(em, 'ru');
    expect(toCell('1500')).toEqual({ amount: '1500.00', currency: 'RUB' });
    expect(toCell('0.125')).toEqual({ amount: '0.12', currency: 'RUB' });
    expect(asked).toEqual([]);
  });

  it('converts roubles to GBP on the en cell with the GBP rate', async () => {
    const { em, asked } = rateTable();
    const toCell = await cellMoney(em, 'en');
    expect(toCell('1000')).toEqual({ amount: '9.50', currency: 'GBP' });
    expect(toCell('1')).toEqual({ amount: '0.01', currency: 'GBP' });
    expect(asked).toEqual([[FxRate, { currency: 'GBP' }]]);
  });

  it('converts roubles to IDR on the id cell with the IDR rate', async () => {
    const { em, asked } = rateTable();
    const toCell = await cellMoney(em, 'id');
    expect(toCell('2.5')).toEqual({ amount: '475.00', currency: 'IDR' });
    expect(asked).toEqual([[FxRate, { currency: 'IDR' }]]);
  });

  it('reads the rate once per cellMoney, not per amount', async () => {
    const { em, asked } = rateTable();
    const toCell = await cellMoney(em, 'en');
    toCell('1');
    toCell('2');
    expect(asked).toHaveLength(1);
  });
});
