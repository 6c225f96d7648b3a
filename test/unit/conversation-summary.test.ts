import { describe, expect, it } from '@jest/globals';
import { summarise, type SummaryInput } from '../../src/domain/conversations/summary.js';

const input = (o: Partial<SummaryInput> = {}): SummaryInput => ({
  customer: { name: 'Anna Petrova', email: 'anna@example.com', phone: '+7 900 000-00-00' },
  externalCustomerId: 'crm-42',
  firstRequest: 'Do you have winter tyres for a Lada Vesta?',
  cards: ['Nordic 15"', 'Nordic 16"'],
  counts: { customer: 3, ai: 2, operator: 1 },
  mode: 'operator',
  operatorName: 'Boris',
  statusBefore: 'open',
  ...o,
});

describe('summarise', () => {
  it('names the customer, the first request, the cards, the counts and the outcome', () => {
    expect(summarise(input())).toBe(
      'Customer: Anna Petrova (anna@example.com, +7 900 000-00-00). First request: "Do you have winter tyres for a Lada Vesta?". '
      + 'Cards offered: Nordic 15", Nordic 16". Messages: 3 customer messages, 2 AI replies, 1 operator message. Outcome: closed by operator Boris.',
    );
  });

  it('is deterministic: the same input gives the same text', () => {
    expect(summarise(input())).toBe(summarise(input()));
  });

  it('falls back to the e-mail, then the external id, then an anonymous customer', () => {
    expect(summarise(input({ customer: { name: null, email: 'a@example.com', phone: '+7900' } }))).toMatch(/^Customer: a@example\.com \(\+7900\)\./);
    expect(summarise(input({ customer: { name: null, email: null, phone: null } }))).toMatch(/^Customer: customer crm-42\./);
    expect(summarise(input({ customer: null, externalCustomerId: null }))).toMatch(/^Customer: an anonymous customer\./);
  });

  it('clips a long first request to 160 characters on one line', () => {
    const text = summarise(input({ firstRequest: `line one\n\n${'x'.repeat(300)}` }));
    const quoted = /First request: "([^"]*)"/.exec(text)![1]!;
    expect(quoted).toHaveLength(160);
    expect(quoted.startsWith('line one x')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it('says none for no request and no cards, and shows at most five cards', () => {
    expect(summarise(input({ firstRequest: null, cards: [] }))).toContain('First request: none. Cards offered: none.');
    expect(summarise(input({ cards: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }))).toContain('Cards offered: a, b, c, d, e and 2 more.');
  });

  it('uses singular and plural counts', () => {
    expect(summarise(input({ counts: { customer: 1, ai: 0, operator: 2 } }))).toContain('Messages: 1 customer message, 0 AI replies, 2 operator messages.');
  });

  it.each<[string, Partial<SummaryInput>, string]>([
    ['an unnamed operator', { mode: 'operator', operatorName: null }, 'Outcome: closed by an operator.'],
    ['the AI', { mode: 'ai', operatorName: null }, 'Outcome: closed while the AI handled it.'],
    ['a pending handoff', { mode: 'ai', operatorName: null, statusBefore: 'handoff_pending' }, 'Outcome: closed while waiting for an operator (handoff requested, nobody took over).'],
  ])('the outcome with %s', (_, o, outcome) => {
    expect(summarise(input(o)).endsWith(outcome)).toBe(true);
  });
});
