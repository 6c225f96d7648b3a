import { describe, expect, it } from '@jest/globals';
import { cardCopy, cardLanguage, priceText } from '../../src/domain/cards/card-copy.js';
import type { Card } from '../../src/entities/card.js';

const NBSP = '\u00a0';

const card = (o: Partial<Card> = {}): Card => ({
  id: 'a5c0e4f2-0000-4000-8000-000000000001', tenantId: 'a5c0e4f2-0000-4000-8000-000000000002', code: 'sofa', name: 'Sofa',
  description: null, imageUrl: null, pageUrl: null, badge: null, priceText: null, priceAmount: null, priceCurrency: null,
  buttons: [], aiEnabled: true, sort: 0, active: true, createdAt: new Date(0), updatedAt: new Date(0), ...o,
} as Card);

describe('price text of a card', () => {
  it('is the text the tenant set, whatever the price', () => {
    expect(priceText(card({ priceText: 'from 990 ₽', priceAmount: '1990.00', priceCurrency: 'RUB' }), 'ru')).toBe('from 990 ₽');
  });

  it.each<[string, 'ru' | 'en' | 'id', string, string, string]>([
    ['ru: roubles, no kopecks shown when whole', 'ru', '1990.00', 'RUB', `1${NBSP}990${NBSP}₽`],
    ['ru: kopecks when there are some', 'ru', '1990.50', 'RUB', `1${NBSP}990,50${NBSP}₽`],
    ['en: pounds', 'en', '1234.50', 'GBP', '£1,234.50'],
    ['id: rupiah', 'id', '150000.00', 'IDR', `Rp${NBSP}150.000`],
    ['ru: a foreign currency in the cell locale', 'ru', '10.00', 'USD', `10${NBSP}$`],
  ])('is derived from the price for the cell (%s)', (_, cell, amount, currency, expected) => {
    expect(priceText(card({ priceAmount: amount, priceCurrency: currency }), cell)).toBe(expected);
  });

  it('without a cell, is written the way the home cell of the currency writes it', () => {
    expect(priceText(card({ priceAmount: '1234.50', priceCurrency: 'GBP' }))).toBe('£1,234.50');
    expect(priceText(card({ priceAmount: '1990.00', priceCurrency: 'RUB' }))).toBe(`1${NBSP}990${NBSP}₽`);
  });

  it('is null without text and price', () => {
    expect(priceText(card(), 'ru')).toBeNull();
  });
});

describe('the copy of a card a message keeps', () => {
  it('carries the shown fields and its own buttons', () => {
    const buttons = [{ label: 'Buy', url: 'https://shop.example.com/buy' }];
    expect(cardCopy(card({ description: 'Soft', imageUrl: 'https://cdn.example.com/s.jpg', pageUrl: '/sofa', badge: 'New', buttons, priceAmount: '1234.50', priceCurrency: 'GBP' }), 'en')).toEqual({
      code: 'sofa', name: 'Sofa', description: 'Soft', image_url: 'https://cdn.example.com/s.jpg', page_url: '/sofa', badge: 'New',
      price_text: '£1,234.50', buttons,
    });
  });

  it('a card without buttons gets the one default detail button to its page, in the cell language', () => {
    expect(cardCopy(card({ pageUrl: '/sofa' }), 'ru').buttons).toEqual([{ label: 'Подробнее', url: '/sofa' }]);
    expect(cardCopy(card({ pageUrl: '/sofa' }), 'en').buttons).toEqual([{ label: 'More details', url: '/sofa' }]);
    expect(cardCopy(card({ pageUrl: '/sofa' }), 'id').buttons).toEqual([{ label: 'Selengkapnya', url: '/sofa' }]);
  });

  it("the default button speaks the conversation's language, the price stays the cell's (issue 31: an English chat in the ru cell)", () => {
    const copy = cardCopy(card({ pageUrl: '/sofa', priceAmount: '1990.00', priceCurrency: 'RUB' }), 'ru', cardLanguage('en', 'ru'));
    expect(copy.buttons).toEqual([{ label: 'More details', url: '/sofa' }]);
    expect(copy.price_text).toBe(`1${NBSP}990${NBSP}₽`);
  });

  it("the conversation's language when the platform writes it, else the cell's", () => {
    expect(cardLanguage('en', 'ru')).toBe('en');
    expect(cardLanguage('id', 'en')).toBe('id');
    expect(cardLanguage('uk', 'ru')).toBe('ru');
    expect(cardLanguage(null, 'en')).toBe('en');
  });

  it("while the conversation's language is unknown, the language of the text the card comes with", () => {
    expect(cardLanguage(null, 'ru', 'Here is what I can offer:')).toBe('en');
    expect(cardLanguage(null, 'en', 'Вот что могу предложить:')).toBe('ru');
    expect(cardLanguage(null, 'id', 'Ini yang bisa saya tawarkan:')).toBe('id');
    expect(cardLanguage(null, 'ru', null)).toBe('ru');
    expect(cardLanguage(null, 'ru', '42?')).toBe('ru');
    // A known language wins over the text.
    expect(cardLanguage('ru', 'ru', 'Runner X')).toBe('ru');
  });

  it('a card without buttons and without a page has no button', () => {
    expect(cardCopy(card(), 'ru').buttons).toEqual([]);
  });
});
