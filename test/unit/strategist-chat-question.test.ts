import { describe, expect, it } from '@jest/globals';
import { readQuestion } from '../../src/domain/strategist/chat-question.js';

/** What the strategist chat reads from a tenant's question without a model: its kinds, language and period (2026-11-24 is a Tuesday). */
const TODAY = '2026-11-24';

describe('readQuestion: kinds', () => {
  it.each([
    ['Where did our visitors come from last week?', ['traffic']],
    ['Откуда пришёл трафик вчера?', ['traffic']],
    ['What is our conversion rate and where does the funnel leak?', ['conversions']],
    ['Какая конверсия в заявки за месяц?', ['conversions']],
    ['What do customers ask about in chat?', ['customer_questions']],
    ['О чём спрашивают клиенты?', ['customer_questions']],
    ['Which articles should I write?', ['articles']],
    ['Какие статьи написать для блога?', ['articles']],
    ['How much did we spend on ads in 30 days?', ['ads']],
    ['Сколько ушло на рекламу в Директе?', ['ads']],
    ['How are we doing compared with last month?', ['comparison']],
    ['Как изменились продажи по сравнению с прошлой неделей?', ['conversions', 'comparison']],
    ['What is the weather in Paris?', []],
    ['Просто скажи что-нибудь про системы', []],
    ['У меня вопрос: какая погода?', []],
  ])('%s -> %j', (question, kinds) => {
    expect(readQuestion(question, TODAY).kinds).toEqual(kinds);
  });

  it('answers in Russian when the question holds Cyrillic letters, else in English', () => {
    expect(readQuestion('Как дела?', TODAY).language).toBe('ru');
    expect(readQuestion('How are we doing?', TODAY).language).toBe('en');
  });
});

describe('readQuestion: period, in days of the tenant\'s zone', () => {
  it.each([
    ['traffic today', { from: TODAY, to: TODAY, includesToday: true }],
    ['трафик сегодня', { from: TODAY, to: TODAY, includesToday: true }],
    ['traffic yesterday', { from: '2026-11-23', to: '2026-11-23', includesToday: false }],
    ['трафик вчера', { from: '2026-11-23', to: '2026-11-23', includesToday: false }],
    ['traffic this week', { from: '2026-11-23', to: TODAY, includesToday: true }],
    ['трафик на этой неделе', { from: '2026-11-23', to: TODAY, includesToday: true }],
    ['traffic last week', { from: '2026-11-16', to: '2026-11-22', includesToday: false }],
    ['трафик на прошлой неделе', { from: '2026-11-16', to: '2026-11-22', includesToday: false }],
    ['traffic this month', { from: '2026-11-01', to: TODAY, includesToday: true }],
    ['traffic last month', { from: '2026-10-01', to: '2026-10-31', includesToday: false }],
    ['трафик за прошлый месяц', { from: '2026-10-01', to: '2026-10-31', includesToday: false }],
    ['traffic over 30 days', { from: '2026-10-25', to: '2026-11-23', includesToday: false }],
    ['трафик за 30 дней', { from: '2026-10-25', to: '2026-11-23', includesToday: false }],
    ['трафик за 2 недели', { from: '2026-11-10', to: '2026-11-23', includesToday: false }],
    ['трафик за месяц', { from: '2026-10-25', to: '2026-11-23', includesToday: false }],
    ['traffic in the past week', { from: '2026-11-17', to: '2026-11-23', includesToday: false }],
    ['traffic over 5000 days', { from: '2025-10-20', to: '2026-11-23', includesToday: false }],
    ['how is traffic?', { from: '2026-11-17', to: '2026-11-23', includesToday: false }],
  ])('%s', (question, days) => {
    expect(readQuestion(question, TODAY).days).toMatchObject(days);
  });
});
