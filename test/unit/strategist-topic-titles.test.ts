import { describe, expect, it } from '@jest/globals';
import { redactCustomerText } from '../../src/domain/privacy/redaction.js';
import { topicTitle } from '../../src/domain/strategist/topic-titles.js';

/**
 * Strategist topics are titles, not customers' raw questions (issue 31), and a customer's text is
 * personal data: the title is made from the redacted question, so nothing personal reaches it.
 */
const contactNames = ['Анна Смирнова', 'Will Turner'];
const titleOf = (question: string) => topicTitle(redactCustomerText(question, { cell: 'ru', contactNames }));

describe('a question becomes a topic title', () => {
  it.each([
    ['Do you ship to Kazan?', 'Delivery to Kazan'],
    ['Do you have sneakers in size 42?', 'Sneakers in size 42'],
    ['Hi! Do you sell any waterproof boots?', 'Waterproof boots'],
    ['Can I return sneakers after a week?', 'How to return sneakers after a week'],
    ['How do I clean a wool sofa?', 'How to clean a wool sofa'],
    ['What sizes do the runners come in?', 'What sizes the runners come in'],
    ['Is there a sofa for a small room?', 'A sofa for a small room'],
    ["I'm looking for a lamp for reading", 'A lamp for reading'],
    ['Здравствуйте, есть ли у вас диваны для маленькой комнаты?', 'Диваны для маленькой комнаты'],
    ['Доставляете в Казань?', 'Доставка в Казань'],
    ['Можно ли вернуть кроссовки?', 'Как вернуть кроссовки'],
    ['Apakah ada sepatu lari ukuran 42?', 'Sepatu lari ukuran 42'],
  ])('%s → %s', (question, title) => {
    expect(titleOf(question)).toBe(title);
  });

  it('is no question: no question mark, starts with a capital, at most 80 characters cut at a word', () => {
    const long = `Do you have ${'very '.repeat(30)}soft sofas?`;
    const title = titleOf(long)!;
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/^Very( very)+$/);
    for (const q of ['Is it too late?', 'What is the warranty on the Oslo sofa?']) expect(titleOf(q)).not.toMatch(/\?$/);
  });
});

describe('a title never carries personal data from the question', () => {
  it.each([
    ["Hi, I'm Will Turner, do you ship to Oslo? Write to will.turner@example.com", 'Delivery to Oslo'],
    ['Do you have sneakers in size 42? Call me at +7 916 123-45-67', 'Sneakers in size 42'],
    ['Меня зовут Анна, есть ли у вас диван Осло? Мой телефон 8 916 123 45 67', 'Диван Осло'],
    ['Анна Смирнова спрашивает: доставляете в Казань?', 'Доставка в Казань'],
    ['My card 4111 1111 1111 1111 was refused, can I pay by invoice?', 'How to pay by invoice'],
  ])('%s', (question, title) => {
    const made = titleOf(question);
    expect(made).toBe(title);
    expect(made).not.toMatch(/@|\d{3}|Will|Turner|Анна|Смирнова|\[/);
  });

  it('an introduced name goes even when the customer is no contact of the tenant', () => {
    expect(topicTitle(redactCustomerText("Hi, I'm Will Turner, do you ship to Kazan? Write to will.turner@example.com", { cell: 'ru', contactNames: [] }))).toBe('Delivery to Kazan');
  });

  it('a question whose every clause held personal data keeps its words without the pieces and the word that tied them in', () => {
    expect(titleOf('Is there a showroom near 221B Baker Street where I can try the sofa?')).toBe('A showroom where I can try the sofa');
    expect(titleOf('Когда придёт заказ на Анну Смирнову?')).toBe('Когда придёт заказ');
    expect(titleOf('Could you call +44 20 7946 0958 about my order? Do you deliver on Sundays?')).toBe('Delivery on Sundays');
  });

  it('a question about nothing but the customer leaves no title', () => {
    expect(titleOf('Can you send it to anna@example.com?')).toBeNull();
    expect(titleOf('+7 916 123-45-67?')).toBeNull();
  });
});
