import { describe, expect, it } from '@jest/globals';
import { chatMessages, systemPrompt } from '../../src/domain/ai-seller/openai-prompt.js';
import { tokensCostRub } from '../../src/domain/ai-seller/pricing.js';
import { cardCodes, keepKnownCards, takeHandoff, tidy } from '../../src/domain/ai-seller/markers.js';
import type { SellerContext, SellerTurn } from '../../src/domain/ai-seller/seller-model.js';

const PRICE = { inputPer1kRub: '0.02', outputPer1kRub: '0.06' };

const context = (history: SellerTurn[], extra: Partial<SellerContext> = {}): SellerContext => ({
  tenantName: 'Acme Shoes',
  language: 'ru',
  greeting: 'Добро пожаловать!',
  catalogue: [
    { code: 'air-runner', name: 'Кроссовки Air Runner', price_text: '5 990 ₽', description: 'Лёгкие\nбеговые' },
    { code: 'gift-card', name: 'Gift card', price_text: null, description: null },
  ],
  history,
  ...extra,
});

describe('openai seller: cost', () => {
  it('prices tokens per 1k, rounded up to kopecks, at least one kopeck', () => {
    expect(tokensCostRub(PRICE, 1000, 500)).toBe('0.05');
    expect(tokensCostRub(PRICE, 1001, 500)).toBe('0.06');
    expect(tokensCostRub(PRICE, 10, 1)).toBe('0.01');
    expect(tokensCostRub(PRICE, 0, 0)).toBe('0.01');
    expect(tokensCostRub({ inputPer1kRub: '1.5', outputPer1kRub: '4.5' }, 123_456, 7_890)).toBe('220.69');
  });
});

describe('openai seller: prompt', () => {
  it('gives the tenant, language, greeting, catalogue and the marker rules', () => {
    const prompt = systemPrompt(context([{ sender: 'customer', content: 'hi' }]));
    expect(prompt).toContain('"Acme Shoes"');
    expect(prompt).toContain('Reply in Russian');
    expect(prompt).toContain('Добро пожаловать!');
    expect(prompt).toContain('- air-runner | Кроссовки Air Runner | 5 990 ₽ | Лёгкие беговые');
    expect(prompt).toContain('- gift-card | Gift card | no price');
    expect(prompt).toContain('[CARD:<code>]');
    expect(prompt).toContain('[HANDOFF]');
  });

  it('lists only what fits the catalogue cap', () => {
    const catalogue = Array.from({ length: 100 }, (_, i) => ({ code: `item-${i}`, name: `Item ${i}`, price_text: '1 ₽', description: 'x'.repeat(200) }));
    const prompt = systemPrompt(context([], { catalogue }));
    expect(prompt).toContain('- item-0 |');
    expect(prompt).not.toContain('- item-99 |');
    expect(prompt).toMatch(/\(\d+ more products are not listed/);
    expect(prompt.length).toBeLessThan(8000);
  });

  it('maps the history to roles', () => {
    const messages = chatMessages(context([
      { sender: 'system', content: 'Conversation started' },
      { sender: 'customer', content: 'Есть кроссовки?' },
      { sender: 'ai', content: 'Да [CARD:air-runner]' },
      { sender: 'operator', content: 'Я Анна, помогу' },
      { sender: 'customer', content: 'Спасибо' },
    ], { language: null }));
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain('language the customer writes in');
    expect(messages.slice(1)).toEqual([
      { role: 'system', content: 'Conversation started' },
      { role: 'user', content: 'Есть кроссовки?' },
      { role: 'assistant', content: 'Да [CARD:air-runner]' },
      { role: 'assistant', content: 'Operator: Я Анна, помогу' },
      { role: 'user', content: 'Спасибо' },
    ]);
  });

  it('keeps the last turns within the caps, and always the message to answer', () => {
    const many = Array.from({ length: 50 }, (_, i): SellerTurn => ({ sender: i % 2 ? 'ai' : 'customer', content: `turn ${i}` }));
    const kept = chatMessages(context(many)).slice(1);
    expect(kept).toHaveLength(20);
    expect(kept.at(-1)!.content).toBe('turn 49');
    const long = chatMessages(context([{ sender: 'customer', content: 'a'.repeat(3000) }, { sender: 'customer', content: 'b'.repeat(3000) }])).slice(1);
    expect(long).toEqual([{ role: 'user', content: 'b'.repeat(3000) }]);
    const huge = chatMessages(context([{ sender: 'customer', content: 'c'.repeat(20_000) }])).slice(1);
    expect(huge[0]!.content.length).toBe(5000);
  });
});

describe('openai seller: markers', () => {
  it('keeps markers of catalogue codes in canonical form and drops the others', () => {
    const known = new Set(['air-runner']);
    expect(keepKnownCards('A [CARD:air-runner], B [card: AIR-RUNNER ] and C [CARD:made-up].', known))
      .toBe('A [CARD:air-runner], B [CARD:air-runner] and C .');
    expect(cardCodes('x [CARD:a] y [CARD:b] [CARD:a]')).toEqual(['a', 'b']);
  });

  it('takes [HANDOFF] out of the text', () => {
    expect(takeHandoff('[HANDOFF]')).toEqual({ content: '', handoff: true });
    expect(takeHandoff('Передаю коллеге [handoff]')).toEqual({ content: 'Передаю коллеге ', handoff: true });
    expect(takeHandoff('Nothing to hand off')).toEqual({ content: 'Nothing to hand off', handoff: false });
    expect(tidy(' C .  \n\n\n\nD ')).toBe('C.\n\nD');
  });
});
