import { describe, expect, it } from '@jest/globals';
import { detectLanguage } from '../../src/domain/conversations/language.js';

/** Conversation.language from a customer's message: short shop questions in the cells' languages. */
describe('detectLanguage', () => {
  it.each([
    ['Do you ship to Berlin next week?', 'en'],
    ['What sizes do you have?', 'en'],
    ['Do you have running shoes in size 42?', 'en'],
    ['My email is anna@example.com, do you ship to Berlin?', 'en'],
    ['Здравствуйте, есть ли у вас кроссовки?', 'ru'],
    ['Сколько стоит доставка в Казань?', 'ru'],
    ['Скільки коштує доставка до Києва?', 'uk'],
    ['Apakah ada sepatu lari ukuran 42?', 'id'],
    ['Berapa harga sepatu ini?', 'id'],
    ['Tolong kirim ke Jakarta secepatnya', 'id'],
  ])('%s -> %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('answers null when the text says too little: a greeting, digits, nothing', () => {
    for (const text of ['Hi', 'Привет', '+44 7700 900456', '', null]) expect(detectLanguage(text)).toBeNull();
  });
});
