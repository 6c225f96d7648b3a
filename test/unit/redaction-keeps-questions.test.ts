import { describe, expect, it } from '@jest/globals';
import { NameMatcher } from '../../src/domain/privacy/names.js';
import { redactCustomerText } from '../../src/domain/privacy/redaction.js';

/**
 * The other side of the redaction (decisions: "Personal data behind its scopes"): what the
 * product needs stays. The corpus test (personal-data-redaction) shows what goes.
 */
const contactNames = ['Анна Смирнова', 'Will Turner', 'Вера Павлова', 'Dana White'];
const redact = (text: string) => redactCustomerText(text, { cell: 'ru', contactNames });

describe('the redaction keeps the question', () => {
  it.each([
    'Do you have sizes 38, 40, 42 and 44?',
    'Is the sofa under 1 500 000 rubles?',
    'Will you ship on 2026-12-01 or 25.12.2026?',
    'Сколько стоит доставка 5 кг в Казань?',
    'Apakah bisa kirim 3 pasang ke Bandung?',
    'Do you dance at the shop on Baker Street?',
    'Какая вера нужна, чтобы купить шубу?',
    'Can I pay by card at pick-up?',
    'What does model X-200 cost?',
    'Is there a store on the high street, or only at the mall?',
  ])('%s', (text) => {
    expect(redact(text)).toBe(text);
  });

  it("takes out a contact's name in an inflected Russian form, in the other script, and with a possessive, and nothing else", () => {
    expect(redact('Передайте Анне Смирновой: размер 42 есть?')).toBe('Передайте [name] [name]: размер 42 есть?');
    expect(redact("Is Anna's order ready? Smirnova asked too.")).toBe('Is [name] order ready? [name] asked too.');
    expect(redact('Спросите у Даны, есть ли скидка?')).toBe('Спросите у [name], есть ли скидка?');
    // The contacts' matcher alone: since issue 41 the redaction also takes "Павлу" as a given name (person-names.ts).
    expect(new NameMatcher(contactNames).redact('Кузнецову и Павлу: когда доставка?', '[name]')).toBe('Кузнецову и Павлу: когда доставка?');
  });

  it('a name word that is also a common word is a name beside another part of the name or after a title, else a word', () => {
    expect(redact('Will Turner asked: will you ship to Oslo?')).toBe('[name] [name] asked: will you ship to Oslo?');
    expect(redact('Will you ship to Oslo, Mr Will?')).toBe('Will you ship to Oslo, Mr [name]?');
  });

  it('says which kind each piece was', () => {
    expect(redact('Write to anna (at) example dot com or +7 916 123-45-67, card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00?'))
      .toBe('Write to [email] or [phone], card [card], IBAN [account]?');
    expect(redact('Kirim ke Jl. Sudirman No. 5 RT 02/RW 05, nama saya budi?')).toBe('Kirim ke [address], nama saya [name]?');
  });
});
