import { describe, expect, it } from '@jest/globals';
import { apiKeyMatches, generateApiKey, hashApiKey, parseApiKey } from '../../src/domain/access/api-key-format.js';
import { CELLS } from '../../src/config.js';

const PEPPER = 'a-test-pepper-of-at-least-32-characters';
const BODY = 'A'.repeat(20);
const SECRET = 'z'.repeat(40);

describe('API key format', () => {
  it.each(CELLS.flatMap((cell) => (['live', 'test'] as const).map((mode) => [cell, mode] as const)))(
    'a %s key in mode %s parses with its cell, mode and key_id', (cell, mode) => {
      const { apiKey, keyId } = generateApiKey(mode, cell);
      expect(apiKey).toMatch(new RegExp(`^sk_${mode}_${cell}_[0-9A-Za-z]{20}_[0-9A-Za-z]{40}$`));
      expect(keyId).toBe(`key_${apiKey.split('_')[3]}`);
      expect(parseApiKey(apiKey)).toEqual({ mode, cell, keyId });
    },
  );

  it('gives a new key id and secret every time', () => {
    const keys = Array.from({ length: 50 }, () => generateApiKey('live', 'ru'));
    expect(new Set(keys.map((k) => k.keyId)).size).toBe(50);
    expect(new Set(keys.map((k) => k.apiKey.split('_')[4])).size).toBe(50);
  });

  it('refuses to make a key for an unknown cell', () => {
    expect(() => generateApiKey('live', 'xx' as never)).toThrow(/unknown cell/);
  });

  it.each([
    ['empty', ''],
    ['another prefix', `pk_live_ru_${BODY}_${SECRET}`],
    ['an unknown mode', `sk_prod_ru_${BODY}_${SECRET}`],
    ['an unknown cell', `sk_live_us_${BODY}_${SECRET}`],
    ['a short key id', `sk_live_ru_${BODY.slice(1)}_${SECRET}`],
    ['a short secret', `sk_live_ru_${BODY}_${SECRET.slice(1)}`],
    ['a long secret', `sk_live_ru_${BODY}_${SECRET}z`],
    ['a character outside base62', `sk_live_ru_${BODY.slice(1)}-_${SECRET}`],
    ['surrounding space', ` sk_live_ru_${BODY}_${SECRET}`],
    ['a trailing newline', `sk_live_ru_${BODY}_${SECRET}\n`],
    ['upper-case parts', `SK_LIVE_RU_${BODY}_${SECRET}`],
  ])('a malformed key (%s) parses to null', (_why, text) => {
    expect(parseApiKey(text)).toBeNull();
  });

  it('hashes to hex HMAC-SHA256 that depends on the pepper', () => {
    const { apiKey } = generateApiKey('live', 'ru');
    expect(hashApiKey(apiKey, PEPPER)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(apiKey, PEPPER)).toBe(hashApiKey(apiKey, PEPPER));
    expect(hashApiKey(apiKey, `${PEPPER}!`)).not.toBe(hashApiKey(apiKey, PEPPER));
    expect(hashApiKey(apiKey, PEPPER)).not.toContain(apiKey.split('_')[4]);
  });

  it('matches only the key whose hash is stored, under the same pepper', () => {
    const { apiKey } = generateApiKey('live', 'ru');
    const stored = hashApiKey(apiKey, PEPPER);
    expect(apiKeyMatches(apiKey, stored, PEPPER)).toBe(true);
    expect(apiKeyMatches(generateApiKey('live', 'ru').apiKey, stored, PEPPER)).toBe(false);
    expect(apiKeyMatches(apiKey, stored, `${PEPPER}!`)).toBe(false);
    expect(apiKeyMatches(apiKey, '', PEPPER)).toBe(false);
    expect(apiKeyMatches(apiKey, stored.slice(2), PEPPER)).toBe(false);
  });
});
