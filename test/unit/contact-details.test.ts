import { describe, expect, it } from '@jest/globals';
import { extractContactDetails, normaliseDetails, normaliseEmail, normalisePhone } from '../../src/domain/contacts/contact-details.js';

describe('contact details', () => {
  it('lower-cases and trims an e-mail address', () => {
    expect(normaliseEmail('  Anna.Petrova@Example.COM ')).toBe('anna.petrova@example.com');
  });

  it("writes a phone number in E.164, reading a national number with the cell's default country", () => {
    expect(normalisePhone('8 (912) 345-67-89', 'RU')).toBe('+79123456789');
    expect(normalisePhone('+7 912 345 67 89', 'GB')).toBe('+79123456789');
    expect(normalisePhone('07911 123456', 'GB')).toBe('+447911123456');
    expect(normalisePhone('0812-3456-7890', 'ID')).toBe('+6281234567890');
  });

  it('keeps the digits of what cannot be a phone number', () => {
    expect(normalisePhone('+1 555', 'RU')).toBe('+1555');
  });

  it('normalises only the fields that were sent', () => {
    expect(normaliseDetails({ email: 'A@B.CO' }, 'RU')).toEqual({ email: 'a@b.co' });
  });

  it('finds an e-mail and a phone in ru and en messages', () => {
    expect(extractContactDetails('Мой телефон 8 (912) 345-67-89, почта Anna@Mail.ru', 'RU')).toEqual({ email: 'anna@mail.ru', phone: '+79123456789' });
    expect(extractContactDetails('my email is john.smith@example.co.uk, call 07911 123456', 'GB')).toEqual({ email: 'john.smith@example.co.uk', phone: '+447911123456' });
    expect(extractContactDetails('пишите на почту:анна@почта.рф', 'RU')).toEqual({ email: 'анна@почта.рф' });
  });

  it('finds nothing in a message without details, an order number included', () => {
    expect(extractContactDetails('Where is order 12345? Size 42 please', 'RU')).toEqual({});
  });
});
