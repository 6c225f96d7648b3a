import { describe, expect, it } from '@jest/globals';
import { builtinIntent, LEAD_INTENTS } from '../../src/domain/leads/lead-intent.js';
import { builtinSummary, SUMMARY_MAX } from '../../src/domain/leads/lead-summary.js';
import { jsonObjectOf } from '../../src/domain/ai-seller/json-answer.js';
import { redactCustomerText } from '../../src/domain/privacy/redaction.js';

/** The builtin model of Lead.intent and Lead.ai_summary (decisions: "Lead intent and summary"). */

describe('the builtin intent', () => {
  it.each<[string, string]>([
    ['I want to buy the Runner X', 'buy'],
    ['Хочу купить кроссовки', 'buy'],
    ['Можно оформить заказ?', 'buy'],
    ['How much is it?', 'price'],
    ['Сколько стоит?', 'price'],
    ['Do you have a discount?', 'price'],
    ['Is it in stock in size 42?', 'availability'],
    ['Есть в наличии 42 размер?', 'availability'],
    ['How much is delivery to Kazan?', 'delivery'],
    ['Сколько стоит доставка в Казань?', 'delivery'],
    ['Where is my order? It has not come', 'support'],
    ['Кроссовки пришли со сломанной подошвой, хочу возврат', 'support'],
    ['Hello!', 'other'],
    ['Berapa harganya?', 'price'],
  ])('%j is %s', (text, intent) => {
    expect(builtinIntent([text])).toBe(intent);
  });

  it('the latest message that asks something recognised decides; greetings after it do not', () => {
    expect(builtinIntent(['How much is it?', 'And do you deliver to Kazan?'])).toBe('delivery');
    expect(builtinIntent(['How much is it?', 'Thanks!', 'ok'])).toBe('price');
    expect(builtinIntent(['How much is it?', 'OK, I will buy it'])).toBe('buy');
  });

  it('no customer text is no intent; text without a known ask is other', () => {
    expect(builtinIntent([])).toBeNull();
    expect(builtinIntent(['  '])).toBeNull();
    expect(builtinIntent(['hmm'])).toBe('other');
  });

  it('answers only the documented set', () => {
    expect(LEAD_INTENTS).toEqual(['buy', 'price', 'availability', 'delivery', 'support', 'other']);
  });
});

describe('the builtin summary', () => {
  it('says the intent and quotes the customer, oldest first', () => {
    expect(builtinSummary('delivery', ['Hi', 'How much is delivery to Kazan?']))
      .toBe('Asks about delivery. In their words: "Hi" "How much is delivery to Kazan?"');
  });

  it('quotes a repeated message once and flattens whitespace', () => {
    expect(builtinSummary('price', ['How\n much?', 'How much?'])).toBe('Asks about the price. In their words: "How much?"');
  });

  it('keeps the latest messages within SUMMARY_MAX and counts the earlier ones left out', () => {
    const texts = Array.from({ length: 12 }, (_, i) => `Message number ${i} about the red sneakers and their sole`);
    const summary = builtinSummary('availability', texts);
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(summary).toContain('"Message number 11 about the red sneakers and their sole"');
    expect(summary).not.toContain('Message number 0 ');
    expect(summary).toMatch(/ \(and \d+ earlier messages\)$/);
  });

  it('shortens one long message with an ellipsis', () => {
    const summary = builtinSummary('buy', ['x'.repeat(1000)]);
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(summary).toMatch(/x…"$/);
  });
});

describe('a JSON answer of a model', () => {
  it('reads an object, also inside a fence; anything else is null', () => {
    expect(jsonObjectOf('{"intent": "buy"}')).toEqual({ intent: 'buy' });
    expect(jsonObjectOf('```json\n{"intent": "buy"}\n```')).toEqual({ intent: 'buy' });
    expect(jsonObjectOf('[1]')).toBeNull();
    expect(jsonObjectOf('Sure! The customer wants to buy.')).toBeNull();
  });
});

describe('the redaction of a lead\'s summary (keepNames)', () => {
  it('keeps a product named like a person, and still replaces e-mails and phones', () => {
    const text = 'Asks the price of the Runner X. Reach them at anna@example.com or +7 912 111-00-00.';
    expect(redactCustomerText(text, { cell: 'ru', contactNames: [], keepNames: true })).toBe('Asks the price of the Runner X. Reach them at [email] or [phone].');
    // Without it, as for text that leaves the lead (strategist topics, rollups), names go too.
    expect(redactCustomerText(text, { cell: 'ru', contactNames: ['Anna'] })).not.toContain('Runner X.');
  });
});
