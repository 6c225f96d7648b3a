import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { OperationsHarness } from '../harness/operations-harness.js';
import { call } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { runCtl } from '../../src/cli/ctl.js';
import { insertConversation, insertMessage, seedTopic, useStrategistSuite } from './strategist-fixtures.js';

/**
 * The builtin strategist answers what it was asked (issue 37 item 4): each kind of question
 * from the figures of the analytics snapshot over seeded rows, with the period it names (days
 * of the tenant's zone, Europe/Moscow here) against the one before, each section citing its
 * source and period; a source the tenant never connected is said to be missing; a question it
 * does not recognise gets what it can answer, uncharged.
 *
 * The clock stands at Tuesday 2026-11-24 13:00 in Moscow: the default period is 2026-11-17..23,
 * the one before 2026-11-10..16; "last week" is Monday 2026-11-16..22.
 */

// The snapshot runs as its workflow: a worker in this process.
const suite = useStrategistSuite({ worker: true });
let h: OperationsHarness;
beforeAll(() => {
  h = suite.h();
});

const post = (who: Caller, path: string, body?: unknown, headers: Record<string, string> = {}) => call(h.api.base, 'POST', path, { key: who.apiKey, body, headers });
const get = (who: Caller, path: string) => call(h.api.base, 'GET', path, { key: who.apiKey });
/** Moscow local time of a day (UTC+3 all year). */
const msk = (day: string, time = '12:00') => new Date(`${day}T${time}:00+03:00`);

async function ask(who: Caller, question: string): Promise<{ answer: string; cost: string; operation: string; actions: string[] }> {
  const session = (await post(who, '/strategist/sessions', {})).body.id as string;
  const res = await post(who, `/strategist/sessions/${session}/turns?wait=20`, { content: question }, { 'idempotency-key': randomUUID() });
  expect(res.status).toBe(200);
  expect(res.body.turn.status).toBe('answered');
  return { answer: res.body.turn.answer, cost: res.body.operation.usage.cost.amount, operation: res.body.operation.id, actions: res.body.turn.action_ids };
}

const snapshot = (who: Caller) => runCtl(['analytics', 'snapshot', '--tenant', who.tenantId, '--json'], h.api.services);

async function events(who: Caller, list: Record<string, unknown>[]): Promise<void> {
  const res = await post(who, '/events', { events: list }, { 'idempotency-key': randomUUID() });
  expect(res.body).toMatchObject({ accepted: list.length });
}

const pageView = (id: string, at: Date, visitor: string, utm: { utm_source: string; utm_medium: string }) => ({
  id, type: 'page_view', occurred_at: at.toISOString(), visitor_id: visitor, properties: { url: 'https://shop.example.com/boots', ...utm },
});
const organic = { utm_source: 'google', utm_medium: 'organic' };
const cpc = { utm_source: 'yandex', utm_medium: 'cpc' };
const adSpend = (id: string, date: string, source: string, amount: string, clicks: number) => ({
  id, type: 'ad_spend', properties: { source, campaign: 'autumn', cost: { amount, currency: 'RUB' }, date, clicks },
});

async function insertLead(who: Caller, o: { created: Date; qualified?: Date; won?: Date; value?: string; attribution?: Record<string, string> }): Promise<void> {
  await h.db.query(
    `insert into leads (id, tenant_id, status, source, value_amount, value_currency, qualified_at, won_at, attribution, created_at, updated_at)
     values ($1, $2, $3, 'api', $4, 'RUB', $5, $6, $7, $8, $8)`,
    [randomUUID(), who.tenantId, o.won ? 'won' : o.qualified ? 'qualified' : 'new', o.value ?? null, o.qualified ?? null, o.won ?? null, o.attribution ?? null, o.created]);
}

/**
 * A shop with every source. This period (11-17..23): visitors v1, v2, v3 from google / organic
 * (4 page views) on 11-20 and v4 from yandex / cpc on 11-21; 2 conversations, 3 customer
 * questions (one asked twice); 2 leads, one from yandex / cpc qualified and won (5000 RUB);
 * ad spend 1200.50 (yandex_direct, 40 clicks) + 300.00 (google_ads, 10 clicks). The period
 * before (11-10..16): 1 visitor, 1 conversation and question, no lead, 500.00 of ads (20 clicks).
 */
async function fullShop(): Promise<Caller> {
  const who = await h.caller();
  await events(who, [
    pageView('pv1', msk('2026-11-20'), 'v1', organic), pageView('pv2', msk('2026-11-20', '12:05'), 'v1', organic),
    pageView('pv3', msk('2026-11-20', '13:00'), 'v2', organic), pageView('pv4', msk('2026-11-20', '14:00'), 'v3', organic),
    pageView('pv5', msk('2026-11-21'), 'v4', cpc), pageView('pv0', msk('2026-11-12'), 'v1', organic),
    adSpend('ad1', '2026-11-20', 'yandex_direct', '1200.50', 40), adSpend('ad2', '2026-11-21', 'google_ads', '300.00', 10),
    adSpend('ad0', '2026-11-12', 'yandex_direct', '500.00', 20),
  ]);
  const first = await insertConversation(h.db, who, msk('2026-11-22', '10:00'));
  await insertMessage(h.db, who, first, 'customer', 'Do you deliver to Kazan?', msk('2026-11-22', '10:00'));
  await insertMessage(h.db, who, first, 'customer', 'Which size fits a 30 cm foot?', msk('2026-11-22', '10:01'));
  const second = await insertConversation(h.db, who, msk('2026-11-22', '11:00'));
  await insertMessage(h.db, who, second, 'customer', 'do you deliver to kazan?', msk('2026-11-22', '11:00'));
  const before = await insertConversation(h.db, who, msk('2026-11-12'));
  await insertMessage(h.db, who, before, 'customer', 'Is it waterproof?', msk('2026-11-12'));
  await insertLead(who, { created: msk('2026-11-22', '10:05'), qualified: msk('2026-11-22', '15:00'), won: msk('2026-11-23'), value: '5000.00', attribution: cpc });
  await insertLead(who, { created: msk('2026-11-22', '11:05') });
  await snapshot(who);
  return who;
}

/** A shop with chats only: no page view, no ad spend ever sent. */
async function chatsOnly(): Promise<Caller> {
  const who = await h.caller();
  const c = await insertConversation(h.db, who, msk('2026-11-22'));
  await insertMessage(h.db, who, c, 'customer', 'Is the sofa washable?', msk('2026-11-22'));
  await snapshot(who);
  return who;
}

let shop: Caller;
/** The last day the snapshot holds (the workflow's own clock, not the pinned one, says which: every citation names it). */
let through: string;
let DEFAULT_PERIOD_EN: string;
beforeAll(async () => {
  shop = await fullShop();
  through = (await h.db.query(`select to_char(complete_through, 'YYYY-MM-DD') as d from analytics_snapshots where tenant_id = $1`, [shop.tenantId])).rows[0].d;
  DEFAULT_PERIOD_EN = `2026-11-17..2026-11-23 against 2026-11-10..2026-11-16; data through ${through}]`;
}, 120_000);

describe('the builtin strategist answers the kind of question asked, from the snapshot\'s figures', () => {
  it('traffic and its sources: visitors and page views against the period before, the top sources, cited', async () => {
    const { answer, cost } = await ask(shop, 'Where did our visitors come from?');
    expect(answer).toContain('The last 7 days (2026-11-17..2026-11-23, Europe/Moscow), against the 2026-11-10..2026-11-16 before.');
    expect(answer).toContain('Traffic: visitors 4 (1 the period before, +300%), page views 5 (1 the period before, +400%).');
    expect(answer).toContain('Top sources by visitors: google / organic 3, yandex / cpc 1.');
    expect(answer).toContain(`[source: page views (widget beacon, POST /events); ${DEFAULT_PERIOD_EN}`);
    expect(answer).not.toMatch(/Ad spend|Conversions|Customer questions/);
    expect(cost).toBe('2.00');
  });

  it('conversions and the funnel, asked in Russian for 7 days: each step with its rate, this period and the one before, and revenue', async () => {
    const { answer } = await ask(shop, 'Какая конверсия в заявки за 7 дней?');
    expect(answer).toContain('Последние 7 дн. (2026-11-17..2026-11-23, Europe/Moscow), в сравнении с 2026-11-10..2026-11-16.');
    expect(answer).toContain('Конверсии: посетители 4 → диалоги 2 (50%) → лиды 2 (100%) → квалифицированы 1 (50%) → выиграны 1 (100%); '
      + 'за прошлый период: посетители 1 → диалоги 1 (100%) → лиды 0 (0%) → квалифицированы 0 → выиграны 0.');
    expect(answer).toContain('Выручка 5000.00 RUB (за прошлый период не было).');
    expect(answer).toContain(`[источник: просмотры страниц (маячок виджета, POST /events), диалоги и их сообщения, лиды; 2026-11-17..2026-11-23 против 2026-11-10..2026-11-16; данные по ${through}]`);
  });

  it('what customers ask about: the questions of the period, most asked first, counted once per message', async () => {
    const { answer } = await ask(shop, 'What do customers ask about in chat?');
    expect(answer).toContain('Customer questions: customers asked 3 (1 the period before, +200%) questions in chat. Most asked: "do you deliver to kazan" (2), "which size fits a 30 cm foot" (1).');
    expect(answer).toContain(`[source: chats and their messages; ${DEFAULT_PERIOD_EN}`);
  });

  it('which articles to write: the unanswered questions proposed as topics, and the head of the queue', async () => {
    // A shop of its own: the topics proposed here stay out of the other tests' tenant.
    const who = await fullShop();
    await seedTopic(h.api.services, who, { title: 'Winter boots guide', trendScore: 80 });
    const { answer, actions, cost } = await ask(who, 'Which articles should I write?');
    expect(answer).toContain('Articles: customers asked 2 question(s) no article answers; I propose them as topics (confirm an action to queue it): "Delivery to kazan", "Which size fits a 30 cm foot".');
    expect(answer).toContain('The topic queue holds 1 proposed topic(s); first: "Winter boots guide".');
    const titles = await Promise.all(actions.map(async (id) => (await get(who, `/strategist/actions/${id}`)).body.title));
    expect(titles).toEqual(['Delivery to kazan', 'Which size fits a 30 cm foot']);
    expect(cost).toBe('2.00');
  });

  it('ad spend last week (Monday to Sunday): spend and clicks against the week before, by platform, cost per paid lead', async () => {
    const { answer } = await ask(shop, 'How much did we spend on ads last week?');
    expect(answer).toContain('Last week (2026-11-16..2026-11-22, Europe/Moscow), against the 2026-11-09..2026-11-15 before.');
    expect(answer).toContain('Ad spend: spent 1500.50 RUB (500.00 RUB the period before, +200.1%), clicks 50 (20 the period before, +150%).');
    expect(answer).toContain('By platform: yandex_direct 1200.50 RUB, google_ads 300.00 RUB.');
    expect(answer).toContain('Leads from paid traffic: 1, 1500.50 RUB per lead.');
    expect(answer).toContain('[source: ad_spend events (POST /events), leads; 2026-11-16..2026-11-22 against 2026-11-09..2026-11-15; data through 2026-11-21]');
  });

  it('a period against the one before, asked alone: every section of the period, each against the one before', async () => {
    const { answer } = await ask(shop, 'How are we doing compared with the previous period?');
    expect(answer).toContain('Traffic: visitors 4 (1 the period before, +300%)');
    expect(answer).toContain('Chats: conversations 2 (1 the period before, +100%), customer messages 3 (1 the period before, +200%)');
    expect(answer).toContain('Conversions: visitors 4 → conversations 2 (50%)');
    expect(answer).toContain('Ad spend: spent 1500.50 RUB (500.00 RUB the period before, +200.1%)');
  });

  it('today: the figures of the day so far, said to be partial', async () => {
    const who = await h.caller();
    await events(who, [pageView('today', msk('2026-11-24', '09:00'), 'v9', organic), pageView('yday', msk('2026-11-23'), 'v8', organic)]);
    await snapshot(who);
    const { answer } = await ask(who, 'How many visitors today?');
    expect(answer).toContain('Today (2026-11-24..2026-11-24, Europe/Moscow), against the 2026-11-23..2026-11-23 before. 2026-11-24 is today: its figures are partial.');
    expect(answer).toContain('Traffic: visitors 1 (1 the period before, 0%), page views 1 (1 the period before, 0%).');
  });
});

describe('what the builtin cannot answer', () => {
  it('a question of no kind it knows: says what it cannot answer and what it can, and charges nothing', async () => {
    const { answer, cost, operation } = await ask(shop, 'What is the weather in Paris?');
    expect(answer).toContain('I cannot answer that from your figures');
    expect(answer).toContain('where your traffic comes from; conversions and the funnel; what customers ask in chat; which articles to write; ad spend; how a period compares with the one before');
    expect(cost).toBe('0.00');
    expect(await h.charges(operation)).toEqual([]);
    const ru = await ask(shop, 'Какая погода в Париже?');
    expect(ru.answer).toContain('На этот вопрос я не могу ответить по вашим данным');
  });

  it('a source never connected is said to be missing, not answered with zeros; an answer with nothing but missing sources is not charged', async () => {
    const who = await chatsOnly();
    const ads = await ask(who, 'Сколько мы потратили на рекламу?');
    expect(ads.answer).toContain('Реклама: не могу сказать: рекламный кабинет не подключён (в POST /events не пришло ни одного события ad_spend)');
    expect(ads.answer).not.toMatch(/потрачено 0/);
    expect(ads.cost).toBe('0.00');
    const traffic = await ask(who, 'Where does our traffic come from, and what do customers ask?');
    expect(traffic.answer).toContain('Traffic: I cannot say: no site traffic data');
    expect(traffic.answer).toContain('Customer questions: customers asked 1 (none the period before) questions in chat. Most asked: "is the sofa washable" (1).');
    expect(traffic.cost).toBe('2.00');
  });

  it('an account no analytics snapshot has run for says so', async () => {
    const who = await h.caller();
    const { answer, cost } = await ask(who, 'How is traffic this month?');
    expect(answer).toContain('This month (2026-11-01..2026-11-24, Europe/Moscow)');
    expect(answer).toContain('Traffic: I cannot say: no analytics snapshot has run for this account yet');
    expect(cost).toBe('0.00');
  });
});

