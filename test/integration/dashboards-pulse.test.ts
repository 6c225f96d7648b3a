import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { InProcessWorker } from '../harness/in-process-worker.js';
import { ownShare } from '../harness/isolation.js';
import { runCtl } from '../../src/cli/ctl.js';
import { addDays, dayIn, daysBetween } from '../../src/domain/analytics/time-zone.js';
import { pageView } from './analytics-fixtures.js';

/**
 * GET /dashboards/pulse over the period asked for (decisions: "Pulse over the period asked
 * for"): alerts count [from, to] against the same number of days just before it, which the
 * answer names (previous_period), and data_as_of names every source the alerts are read from.
 * Every row is sent or written as a tenant's would be, and rolled up by the snapshot.
 */

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s), ownShare('dashboards-pulse').env);
let worker: InProcessWorker;
beforeAll(async () => {
  worker = new InProcessWorker(api.services);
  await worker.start();
});
afterAll(async () => worker?.stop());

/** New callers count days in the ru cell's zone; the rows are written at noon there (UTC+3 all year). */
const ZONE = 'Europe/Moscow';
/** The last day read: two days back, so a row the day after it is a full day the snapshot rolls up too. */
const TO = addDays(dayIn(new Date(), ZONE), -2);
const day = (n: number) => addDays(TO, -n);
const noon = (n: number) => `${day(n)}T12:00:00+03:00`;

interface Searched { n: number; query: string }

async function searched(who: Caller, searches: Searched[]): Promise<void> {
  const events = searches.map((s, i) => ({ id: `s${i}`, type: 'site_search', occurred_at: noon(s.n), properties: { query: s.query } }));
  const res = await call(api.base, 'POST', '/events', { key: who.apiKey, body: { events } });
  expect(res.status).toBe(200);
}

async function asked(who: Caller, said: { n: number; text: string; sender?: string }[]): Promise<void> {
  const conversation = randomUUID();
  await sql.query(`insert into conversations (id, tenant_id, channel_id, channel_type, status, mode, created_at, updated_at) values ($1, $2, $3, 'api', 'open', 'ai', $4, $4)`,
    [conversation, who.tenantId, who.channelId, new Date(noon(Math.max(...said.map((m) => m.n))))]);
  for (const m of said) {
    await sql.query(`insert into messages (id, tenant_id, conversation_id, sender, content, created_at) values ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), who.tenantId, conversation, m.sender ?? 'customer', m.text, new Date(noon(m.n))]);
  }
}

const snapshot = (who: Caller) => runCtl(['analytics', 'snapshot', '--tenant', who.tenantId, '--json'], api.services);

async function pulse(who: Caller, query: string): Promise<Answer> {
  const res = await call(api.base, 'GET', `/dashboards/pulse?${query}`, { key: who.apiKey });
  expect(res.status).toBe(200);
  expect(schemaErrors(res.body, { $ref: '#/components/schemas/Pulse' }, doc)).toEqual([]);
  return res;
}

interface Alert { keyword: string; horizon: string; status: string; volume: number; growth: number | null; episode_start: string; last_seen: string; sources: string[] }
const alertOf = (res: Answer, keyword: string) => (res.body.data.alerts as Alert[]).find((a) => a.keyword === keyword);

/** The independent count: the searches written, within [from, to] and within the same number of days before it. */
function expectedAlerts(written: Searched[], from: string, to: string) {
  const length = daysBetween(from, to) + 1;
  const [beforeFrom, beforeTo] = [addDays(from, -length), addDays(from, -1)];
  const count = (query: string, a: string, b: string) => written.filter((s) => s.query === query && day(s.n) >= a && day(s.n) <= b).length;
  return [...new Set(written.map((s) => s.query))].sort().flatMap((keyword) => {
    const [volume, previous] = [count(keyword, from, to), count(keyword, beforeFrom, beforeTo)];
    if (!volume && !previous) return [];
    const status = !previous ? 'new' : volume < previous ? 'fading' : 'active';
    return [{ keyword, horizon: `${length}d`, status, volume, growth: previous ? Math.round(((volume - previous) / previous) * 10_000) / 10_000 : null }];
  });
}

const shape = (res: Answer) => (res.body.data.alerts as Alert[])
  .map(({ keyword, horizon, status, volume, growth }) => ({ keyword, horizon, status, volume, growth }))
  .sort((a, b) => a.keyword.localeCompare(b.keyword));

describe('GET /dashboards/pulse: the period asked for', () => {
  it('counts [from, to] against the same number of days just before it (previous_period); rows outside both count nowhere', async () => {
    const who = await newCaller(api.services);
    const written: Searched[] = [
      // In [day 9, day 0] and once in the 10 days before it.
      { n: 0, query: 'trail shoes' }, { n: 1, query: 'trail shoes' }, { n: 2, query: 'trail shoes' }, { n: 12, query: 'trail shoes' },
      // Only in the 10 days before.
      { n: 15, query: 'sandals' }, { n: 16, query: 'sandals' },
      // Once in the period, once the day after it.
      { n: 3, query: 'boots' }, { n: -1, query: 'boots' },
      // Before the previous period.
      { n: 25, query: 'gaiters' },
    ];
    await searched(who, written);
    await snapshot(who);

    const ten = await pulse(who, `from=${day(9)}&to=${day(0)}`);
    expect(ten.body.data).toMatchObject({ period: { from: day(9), to: day(0), time_zone: ZONE }, previous_period: { from: day(19), to: day(10) } });
    expect(shape(ten)).toEqual(expectedAlerts(written, day(9), day(0)));
    expect(alertOf(ten, 'trail shoes')).toMatchObject({ horizon: '10d', status: 'active', volume: 3, growth: 2, episode_start: day(2), last_seen: day(0) });
    expect(alertOf(ten, 'sandals')).toMatchObject({ status: 'fading', volume: 0, growth: -1, episode_start: day(16), last_seen: day(15) });
    expect(alertOf(ten, 'boots')).toMatchObject({ status: 'new', volume: 1 });
    expect(alertOf(ten, 'gaiters')).toBeUndefined();

    // Another period, other rows: the day after `to` is in it now, the first 10 days are not.
    const other = await pulse(who, `from=${day(29)}&to=${day(-1)}`);
    expect(other.body.data).toMatchObject({ period: { from: day(29), to: day(-1) }, previous_period: { from: day(60), to: day(30) } });
    expect(shape(other)).toEqual(expectedAlerts(written, day(29), day(-1)));
    expect(alertOf(other, 'boots')).toMatchObject({ horizon: '31d', status: 'new', volume: 2 });
    expect(alertOf(other, 'gaiters')).toMatchObject({ status: 'new', volume: 1, episode_start: day(25) });
    expect(alertOf(other, 'sandals')).toMatchObject({ status: 'new', volume: 2 });
  });

  it('new_7d counts the new keywords first seen in the last 7 days of the period', async () => {
    const who = await newCaller(api.services);
    await searched(who, [
      { n: 2, query: 'rain jacket' }, // new, in the last 7 days
      { n: 20, query: 'fleece' }, { n: 4, query: 'fleece' }, // new, first seen before the last 7 days
      { n: 3, query: 'tent' }, { n: 40, query: 'tent' }, // seen in the period before: active
    ]);
    await snapshot(who);
    const res = await pulse(who, `from=${day(29)}&to=${day(0)}`);
    expect(shape(res).map((a) => [a.keyword, a.status])).toEqual([['fleece', 'new'], ['rain jacket', 'new'], ['tent', 'active']]);
    expect(res.body.data.new_7d).toBe(1);
  });

  it('30 days ending at the last full day when no period is asked for, as the overview', async () => {
    const who = await newCaller(api.services);
    const res = await pulse(who, '');
    const to = res.body.data.period.to as string;
    expect(res.body.data).toMatchObject({ period: { from: addDays(to, -29) }, previous_period: { from: addDays(to, -59), to: addDays(to, -30) }, alerts: [] });
  });
});

describe('GET /dashboards/pulse: the OpenAPI document', () => {
  it('states the comparison period as a field of the answer and in the route\'s description', () => {
    const data = doc.components.schemas.Pulse.properties.data;
    expect(data.required).toContain('previous_period');
    expect(data.properties.previous_period.description).toMatch(/same number of days just before/);
    expect(doc.paths['/dashboards/pulse'].get.description).toMatch(/\[from, to\] or in previous_period, the same number of days just before it/);
    expect(doc.paths['/dashboards/pulse'].get.description).toMatch(/conversations \(questions\)/);
  });
});

describe('GET /dashboards/pulse: data_as_of', () => {
  const completeThrough = async (who: Caller) =>
    (await sql.query<{ d: string }>(`select to_char(complete_through, 'YYYY-MM-DD') as d from analytics_snapshots where tenant_id = $1`, [who.tenantId])).rows[0]!.d;

  it('names conversations when customer questions feed the alerts, web for the site\'s events, search for impressions', async () => {
    const who = await newCaller(api.services);
    await searched(who, [{ n: 1, query: 'trail shoes' }]);
    await call(api.base, 'POST', '/events', { key: who.apiKey, body: { events: [
      pageView('v1', { occurred_at: noon(1) }),
      { id: 'p1', type: 'search_performance', properties: { keyword: 'Trail Shoes', page: 'https://shop.example.com/trail', impressions: 40, clicks: 2, position: 3, date: day(2) } },
    ] } });
    await asked(who, [{ n: 1, text: 'Do you ship to Kazan?' }, { n: 3, text: 'do you ship to kazan' }, { n: 1, text: 'Thanks' }]);
    await snapshot(who);
    const res = await pulse(who, `from=${day(6)}&to=${day(0)}`);
    const through = await completeThrough(who);
    expect(res.body.data.data_as_of).toEqual({ web: through, search: day(2), conversations: through });
    expect(alertOf(res, 'do you ship to kazan')).toMatchObject({ volume: 2, sources: ['chat_question'] });
    expect(alertOf(res, 'trail shoes')).toMatchObject({ volume: 41, sources: ['search_performance', 'site_search'] });
  });

  it('leaves out a source the account has no data from: questions alone name conversations only', async () => {
    const who = await newCaller(api.services);
    await asked(who, [{ n: 2, text: 'How much is shipping?' }]);
    await snapshot(who);
    const res = await pulse(who, `from=${day(6)}&to=${day(0)}`);
    expect(res.body.data.data_as_of).toEqual({ conversations: await completeThrough(who) });
    expect(alertOf(res, 'how much is shipping')).toMatchObject({ volume: 1, sources: ['chat_question'] });
  });
});

describe('GET /dashboards/pulse: the sources', () => {
  it('rising keywords from site searches and search impressions, over a 7-day and a 28-day period', async () => {
    const who = await newCaller(api.services);
    await searched(who, [
      { n: 1, query: 'Trail shoes' }, { n: 2, query: 'trail shoes' }, { n: 3, query: 'trail shoes' },
      { n: 10, query: 'sandals' }, { n: 11, query: 'sandals' }, { n: 2, query: 'sandals' },
    ]);
    await call(api.base, 'POST', '/events', { key: who.apiKey, body: { events: [
      { id: 'p1', type: 'search_performance', properties: { keyword: 'Trail Shoes', page: 'https://shop.example.com/trail', impressions: 40, clicks: 2, position: 3, date: day(1) } },
    ] } });
    await snapshot(who);
    const week = await pulse(who, `from=${day(6)}&to=${day(0)}`);
    expect(alertOf(week, 'trail shoes')).toMatchObject({
      horizon: '7d', status: 'new', volume: 43, growth: null, episode_start: day(3), last_seen: day(1), sources: ['search_performance', 'site_search'], topic_id: null, strategist_topic: null,
    });
    expect(alertOf(week, 'sandals')).toMatchObject({ horizon: '7d', status: 'fading', volume: 1, growth: -0.5, episode_start: day(2), last_seen: day(2) });
    expect(week.body.data).toMatchObject({ new_7d: 1, truncated: false, data_as_of: { search: day(1) } });
    const month = await pulse(who, `from=${day(27)}&to=${day(0)}`);
    expect(alertOf(month, 'sandals')).toMatchObject({ horizon: '28d', status: 'new', volume: 3, episode_start: day(11) });
    expect(month.body.data.new_7d).toBe(1);
  });

  it('counts customer questions in chats (ending with ? or starting with a question word, ru and en), equal to a count over the messages', async () => {
    const who = await newCaller(api.services);
    const said: { text: string; sender: string; n: number }[] = [
      { text: 'Есть ли доставка в Казань?', sender: 'customer', n: 1 }, { text: 'есть ли доставка в казань', sender: 'customer', n: 2 },
      { text: '  Есть ли   доставка в Казань??', sender: 'customer', n: 3 }, { text: 'How much is shipping', sender: 'customer', n: 1 },
      { text: 'how much is shipping?', sender: 'customer', n: 12 }, { text: 'Сколько стоит доставка.', sender: 'customer', n: 2 },
      { text: 'Thanks, bye', sender: 'customer', n: 1 }, { text: 'Somehow it works', sender: 'customer', n: 1 },
      { text: 'Есть ли доставка в Казань?', sender: 'ai', n: 1 }, { text: 'Can I pay by card?', sender: 'operator', n: 1 },
    ];
    await asked(who, said);
    await snapshot(who);
    // The independent count, in JavaScript: the rule of decisions.md over the messages written above.
    const words = /^(what|how|why|when|where|which|who|whose|can|could|do|does|did|is|are|will|would|should|что|как|какой|какая|какое|какие|каких|почему|зачем|когда|где|куда|откуда|сколько|кто|чей|можно|есть ли)(\s|[,.!:;]|$)/;
    const questions = said.filter((m) => m.sender === 'customer' && (m.text.trimEnd().endsWith('?') || words.test(m.text.trim().toLowerCase())));
    const keyOf = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase().replace(/[.!,;: ?]+$/, '');
    const volume = (keyword: string, from: number, to: number) => questions.filter((m) => keyOf(m.text) === keyword && m.n >= from && m.n <= to).length;
    const keywords = [...new Set(questions.map((m) => keyOf(m.text)))].sort();
    expect(keywords).toEqual(['how much is shipping', 'есть ли доставка в казань', 'сколько стоит доставка']);
    for (const days of [7, 28]) {
      const res = await pulse(who, `from=${day(days - 1)}&to=${day(0)}`);
      const alerts = res.body.data.alerts as Alert[];
      for (const keyword of keywords) expect(alertOf(res, keyword)).toMatchObject({ volume: volume(keyword, 0, days - 1), sources: ['chat_question'] });
      expect(alerts.filter((a) => !keywords.includes(a.keyword))).toEqual([]);
    }
    expect(alertOf(await pulse(who, `from=${day(6)}&to=${day(0)}`), 'how much is shipping')).toMatchObject({ volume: 1, status: 'active', growth: 0 });
  });
});
