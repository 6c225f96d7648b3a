import { describe, expect, it } from '@jest/globals';
import { NameMatcher } from '../../src/domain/privacy/names.js';
import { PLACEHOLDER, redactCustomerText } from '../../src/domain/privacy/redaction.js';

/**
 * The redaction step, one example per kind of personal data and per rule of order
 * (decisions: "Personal data: one redaction step where customer text leaves the
 * conversations"); the corpus tests hold it against many real-looking messages.
 */
const none = { contactNames: [] as string[] };

describe('redactCustomerText, kind by kind', () => {
  it('names each kind by its placeholder', () => {
    expect(PLACEHOLDER).toEqual({ email: '[email]', phone: '[phone]', card: '[card]', account: '[account]', number: '[number]', address: '[address]', name: '[name]' });
  });

  it.each<[string, string, string, object]>([
    ['an e-mail', 'mail anna@example.com please', 'mail [email] please', none],
    ['an obfuscated e-mail', 'anna [at] example dot com?', '[email]?', none],
    ['an IBAN', 'IBAN GB82WEST12345698765432 ok', 'IBAN [account] ok', none],
    ['an account after its word', 'account 12345678 ok', 'account [account] ok', none],
    ['a card number (Luhn holds)', 'card 4111 1111 1111 1111 ok', 'card [card] ok', none],
    ['a card-like number (Luhn fails)', 'card 4111 1111 1111 1112 ok', 'card [number] ok', none],
    ['a phone of the cell', 'call +7 916 123-45-67 now', 'call [phone] now', { ...none, cell: 'ru' }],
    ['a phone of another cell', 'call 020 7946 0958 now', 'call [phone] now', { ...none, cell: 'ru' }],
    ['two phones of two countries, from the end', 'call +44 20 7946 0958 and +7 916 123 45 67', 'call [phone] and [phone]', { ...none, cell: 'en' }],
    ['a nine-digit phone (the shortest read as one)', 'ring 123456789 x', 'ring [phone] x', { ...none, cell: 'en' }],
    ['a short local number after a phone word', 'тел. 123-45-67', 'тел. [phone]', { ...none, cell: 'ru' }],
    ['a long run of digits', 'number 123456789012', 'number [number]', none],
    ['a street address', 'ул. Ленина, д. 5, кв. 12', '[address]', none],
    ['an English address', '221B Baker Street', '[address]', none],
    ['an introduced name', 'my name is Anna and', 'my name is [name] and', none],
    ['a contact\'s name', 'Ivan Petrov asks', '[name] [name] asks', { contactNames: ['Ivan Petrov'] }],
    ['a contact\'s name given as a matcher', 'Ivan Petrov asks', '[name] [name] asks', { contactNames: new NameMatcher(['Ivan Petrov']) }],
  ])('%s', (_kind, text, redacted, context) => {
    expect(redactCustomerText(text, context as never)).toBe(redacted);
  });

  it('reads local phone numbers of every cell\'s country, whatever the cell, with the cell\'s own first', () => {
    for (const cell of ['ru', 'en', 'id', undefined] as const) {
      for (const local of ['8 916 123 45 67', '020 7946 0958', '(212) 555-0123', '0812 3456 789']) {
        expect([cell, redactCustomerText(`ring ${local} now`, { ...none, cell })]).toEqual([cell, 'ring [phone] now']);
      }
    }
  });

  it('replaces every phone of a message that one country finds', () => {
    for (const cell of ['id', undefined] as const) {
      expect(redactCustomerText('ring 0812 3456 789 or 0813 9876 543, thanks', { ...none, cell })).toBe('ring [phone] or [phone], thanks');
    }
  });

  it('replaces three phones of one message whole: each replacement leaves the others\' offsets right', () => {
    // Replaced from the start, the second number's offsets would point past its own digits
    // ("+7 916 76[phone] 111 22 33"): the order is what keeps a message's later phones whole.
    for (const cell of ['ru', 'en', undefined] as const) {
      expect(redactCustomerText('a +7 916 123 45 67 b +7 916 765 43 21 c +7 916 111 22 33 d', { ...none, cell })).toBe('a [phone] b [phone] c [phone] d');
    }
  });

  it('keeps prices, quantities and short numbers without a phone word', () => {
    for (const cell of ['ru', 'en', 'id', undefined] as const) {
      expect(redactCustomerText('price 1 500 000 rub for 12345678 pcs, size 42?', { ...none, cell })).toBe('price 1 500 000 rub for 12345678 pcs, size 42?');
    }
  });

  it('reads text in NFC, so a decomposed letter next to personal data stays one letter', () => {
    expect(redactCustomerText('Cafe\u0301 anna@example.com', none)).toBe('Caf\u00e9 [email]');
  });
});
