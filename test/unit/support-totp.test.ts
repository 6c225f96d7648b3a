import { describe, expect, it } from '@jest/globals';
import { base32, fromBase32, totpCode, totpMatch, totpStep } from '../../src/console/operators/totp.js';
import { hashPassword, passwordMatches } from '../../src/console/operators/passwords.js';

/** RFC 6238 appendix B's SHA-1 vectors (their last six digits: the codes authenticator apps show). */
const RFC_SECRET = base32(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('reads and writes base32 (RFC 4648)', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(fromBase32(RFC_SECRET).toString()).toBe('12345678901234567890');
  });

  it.each([[59, '287082'], [1111111109, '081804'], [1111111111, '050471'], [1234567890, '005924'], [2000000000, '279037'], [20000000000, '353130']])(
    'at %i s the code is %s', (seconds, code) => {
      expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code);
    },
  );

  it('accepts a step either side of now, after the last step used only', () => {
    const at = new Date(1111111109 * 1000);
    const step = totpStep(at);
    expect(totpMatch(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at, null)).toBe(step - 1);
    expect(totpMatch(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at, null)).toBe(step + 1);
    expect(totpMatch(RFC_SECRET, totpCode(RFC_SECRET, step - 2), at, null)).toBeNull();
    expect(totpMatch(RFC_SECRET, totpCode(RFC_SECRET, step), at, step)).toBeNull();
    expect(totpMatch(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at, step)).toBe(step + 1);
    expect(totpMatch(RFC_SECRET, '08180', at, null)).toBeNull();
  });
});

describe('passwords', () => {
  it('are hashed with scrypt, a salt of their own and the parameters stored with the hash', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse battery staple'), hashPassword('correct horse battery staple')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await passwordMatches('correct horse battery staple', a)).toBe(true);
    expect(await passwordMatches('correct horse battery stapler', a)).toBe(false);
    expect(await passwordMatches('correct horse battery staple', 'md5$abc')).toBe(false);
  });
});
