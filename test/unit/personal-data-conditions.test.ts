import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../src/errors/domain-error.js';
import { SCOPES } from '../../src/domain/access/scopes.js';
import { assertPiiTransferAllowed, missingTransferConditions, usableScopes } from '../../src/domain/access/personal-data.js';

/**
 * Personal data leaves the ru cell only to integrations with an IP allowlist, hosting country
 * RU and a declared transfer basis (spec 01, Authentication 7); other cells have no such rule.
 */
const complete = { ipAllowlist: ['10.0.0.0/8'], hostingCountry: 'RU', transferBasis: 'DPA' };
const lacking = { ipAllowlist: null, hostingCountry: null, transferBasis: null };
const PII = ['conversations:read', 'conversations:write', 'ai_seller:invoke', 'leads:read'];

describe('the personal-data transfer conditions (src/domain/access/personal-data.ts)', () => {
  it('names each missing condition, an undeclared basis included', () => {
    expect(missingTransferConditions(lacking)).toEqual(['an IP allowlist', 'hosting country RU', 'a declared transfer basis']);
    expect(missingTransferConditions({ ...complete, transferBasis: null })).toEqual(['a declared transfer basis']);
    expect(missingTransferConditions({ ...complete, hostingCountry: 'ru' })).toEqual(['hosting country RU']);
  });

  it('assertPiiTransferAllowed refuses on the ru cell naming what is missing, and passes when nothing is', () => {
    expect(() => assertPiiTransferAllowed('ru', complete)).not.toThrow();
    let thrown: unknown;
    try {
      assertPiiTransferAllowed('ru', { ...complete, ipAllowlist: [], transferBasis: ' ' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'pii_transfer_not_allowed', detail: 'Personal data leaves the ru cell only to integrations with an IP allowlist, a declared transfer basis.' });
  });

  it('assertPiiTransferAllowed has no rule on the other cells', () => {
    expect(() => assertPiiTransferAllowed('en', lacking)).not.toThrow();
    expect(() => assertPiiTransferAllowed('id', lacking)).not.toThrow();
  });

  it('usableScopes drops the personal-data scopes on the ru cell while a condition is missing, keeps them otherwise', () => {
    const all = [...SCOPES];
    const usable = usableScopes('ru', lacking, all);
    expect(usable).toEqual(all.filter((s) => !PII.includes(s)));
    expect(usable).toContain('leads:write');
    expect(usableScopes('ru', complete, all)).toEqual(all);
    expect(usableScopes('en', lacking, all)).toEqual(all);
  });
});
