import { describe, expect, it } from '@jest/globals';
import { contentWords, sameStem, words } from '../../src/domain/ai-seller/words.js';
import { asksForHuman, isGreeting } from '../../src/domain/ai-seller/intents.js';

describe('builtin seller words', () => {
  it('splits unicode words, lowercased, ё as е, without single characters', () => {
    expect(words('Тёплые НОСКИ, size-42 & a Sneaker!')).toEqual(['теплые', 'носки', 'size', '42', 'sneaker']);
    expect(contentWords('Есть ли у вас носки и носки?')).toEqual(['носки']);
  });

  it.each([
    ['кроссовки', 'кроссовок'], ['кроссовки', 'кроссовками'], ['платье', 'платьев'], ['куртка', 'курток'],
    ['sneaker', 'sneakers'], ['dress', 'dresses'], ['shoe', 'shoes'], ['battery', 'batteries'], ['42', '42'],
  ])('takes %s and %s for one word', (a, b) => {
    expect(sameStem(a, b)).toBe(true);
    expect(sameStem(b, a)).toBe(true);
  });

  it.each([['card', 'cardigan'], ['phone', 'photo'], ['кофе', 'кофемашина'], ['run', 'runs'], ['42', '43']])('tells %s from %s', (a, b) => {
    expect(sameStem(a, b)).toBe(false);
  });

  it('recognises greetings and requests for a human', () => {
    expect(isGreeting(words('Добрый день!'))).toBe(true);
    expect(isGreeting(words('good evening'))).toBe(true);
    expect(isGreeting(words('a good day for shoes'))).toBe(true);
    expect(isGreeting(words('what is good'))).toBe(false);
    expect(asksForHuman(words('соедините с менеджером'))).toBe(true);
    expect(asksForHuman(words('нужен живой консультант'))).toBe(true);
    expect(asksForHuman(words('operators?'))).toBe(true);
    expect(asksForHuman(words('personal shoes'))).toBe(false);
    expect(asksForHuman(words('живот болит'))).toBe(false);
  });
});
