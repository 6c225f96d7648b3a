import { describe, expect, it } from '@jest/globals';
import { walletState } from '../../src/domain/wallet/wallet-state.js';

const facts = (balanceRub: string, blocked = false, lowThresholdRub = '1000') => ({ balanceRub, blocked, lowThresholdRub });

describe('wallet state and exchange (spec 01 States)', () => {
  it('ok at or above the low threshold, exchange active', () => {
    expect(walletState(facts('1000.00'))).toEqual({ state: 'ok', exchange: 'active' });
    expect(walletState(facts('5000.00'))).toEqual({ state: 'ok', exchange: 'active' });
  });

  it('low below the threshold: exchange continues', () => {
    expect(walletState(facts('999.99'))).toEqual({ state: 'low', exchange: 'active' });
    expect(walletState(facts('0.00'))).toEqual({ state: 'low', exchange: 'active' });
  });

  it('negative below zero: exchange suspended', () => {
    expect(walletState(facts('-0.01'))).toEqual({ state: 'negative', exchange: 'suspended' });
    expect(walletState(facts('-250.00'))).toEqual({ state: 'negative', exchange: 'suspended' });
  });

  it('a zero balance is not negative, however it is written', () => {
    expect(walletState(facts('-0.00', false, '0'))).toEqual({ state: 'ok', exchange: 'active' });
  });

  it('blocked whatever the balance: exchange suspended', () => {
    expect(walletState(facts('5000.00', true))).toEqual({ state: 'blocked', exchange: 'suspended' });
    expect(walletState(facts('-10.00', true))).toEqual({ state: 'blocked', exchange: 'suspended' });
  });

  it('unknown when the state cannot be obtained: exchange stays active', () => {
    expect(walletState(null)).toEqual({ state: 'unknown', exchange: 'active' });
  });
});
