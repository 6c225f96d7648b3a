import type pg from 'pg';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { ownShare } from '../harness/isolation.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import { rebuildDays } from '../../src/domain/analytics/snapshot.js';
import { rub } from './analytics-fixtures.js';

/**
 * Live rollups (decisions: "Analytics: live rollups of recent days"): the event rollups of
 * today and the last LIVE_DAYS days are added to by ingestion, and must equal a rebuild of
 * those days from the raw rows whatever the order, retries and duplicates of the batches.
 */

let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s), ownShare('analytics-live-rollups').env);

const ZONE = 'Europe/Moscow';
/** The days before today kept live (src/domain/analytics/live-rollups.ts LIVE_DAYS; spelled here so the file also runs against the code before it). */
const LIVE_DAYS = 7;
const post = (who: Caller, events: object[]) => call(api.base, 'POST', '/events', { key: who.apiKey, body: { events } });
const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });

/** An instant on a Moscow day, `minute` minutes after 09:00 (or now, for today, less `minute` seconds: never in the future). */
const at = (day: string, minute: number) => (day === dayIn(new Date(), ZONE)
  ? new Date(Date.now() - (minute + 1) * 1000).toISOString()
  : new Date(Date.parse(`${day}T09:00:00+03:00`) + minute * 60_000).toISOString());

const view = (id: string, day: string, visitor: string | null, page: string, source: Record<string, string> = {}, minute = 0) => ({
  id, type: 'page_view', occurred_at: at(day, minute), ...(visitor ? { visitor_id: visitor } : {}),
  properties: { url: `https://shop.example.com/${page}?q=1`, ...source },
});

/** Every event type on a day: searches (one with an e-mail, redacted before it is counted), carts, sales, sign-ups, custom, ads and search data. */
function mixed(prefix: string, day: string): object[] {
  return [
    view(`${prefix}-v1`, day, 'a', 'shoes', { utm_source: 'Google', utm_medium: 'CPC' }, 1),
    view(`${prefix}-v2`, day, 'b', 'shoes', { referrer: 'https://www.habr.com/x' }, 2),
    view(`${prefix}-v3`, day, 'a', 'boots', {}, 3),
    view(`${prefix}-v4`, day, null, 'boots', {}, 4),
    { id: `${prefix}-s1`, type: 'site_search', occurred_at: at(day, 5), visitor_id: 'a', properties: { query: 'Red Shoes', results: 3 } },
    { id: `${prefix}-s2`, type: 'site_search', occurred_at: at(day, 6), visitor_id: 'b', properties: { query: 'write to anna@example.com', results: 0 } },
    { id: `${prefix}-c1`, type: 'add_to_cart', occurred_at: at(day, 7), visitor_id: 'a', properties: { product_id: 'p1', quantity: 1 } },
    { id: `${prefix}-b1`, type: 'purchase', occurred_at: at(day, 8), visitor_id: 'a', properties: { order_id: `${prefix}-o1`, value: rub('1990.50') } },
    { id: `${prefix}-u1`, type: 'signup', occurred_at: at(day, 9), properties: { method: 'email' } },
    { id: `${prefix}-x1`, type: 'custom', occurred_at: at(day, 10), properties: { name: 'video.played' } },
    { id: `${prefix}-ad`, type: 'ad_spend', properties: { source: 'Yandex_Direct', campaign: 'c', cost: rub('100.25'), date: day, clicks: 7 } },
    { id: `${prefix}-seo`, type: 'search_performance', properties: { keyword: 'shoes', page: 'https://shop.example.com/shoes', impressions: 50, clicks: 5, position: 3.5, date: day } },
  ];
}

/** The tenant's rollups of these days, as sorted "day metric dimension value" lines. */
async function rollups(who: Caller, days: string[]): Promise<string[]> {
  const { rows } = await sql.query<{ line: string }>(
    `select to_char(day, 'YYYY-MM-DD') || ' ' || metric || ' ' || dimension || ' ' || (value::numeric(24, 4))::text as line
       from analytics_daily where tenant_id = $1 and day = any($2::date[]) order by 1`, [who.tenantId, days]);
  return rows.map((r) => r.line);
}

async function rebuild(who: Caller, days: string[]): Promise<void> {
  const today = dayIn(new Date(), ZONE);
  const plan = { tenantId: who.tenantId, zone: ZONE, completeThrough: addDays(today, -1) };
  await rebuildDays(api.services.orm.em.fork(), api.services.config.cell, plan, days);
}

describe('live rollups of today and the last days', () => {
  it('a read of today answers the events stored just before it, without waiting for the 30-second refresh', async () => {
    const caller = await newCaller(api.services);
    const today = dayIn(new Date(), ZONE);
    const todayPoint = async (metric: string) => {
      const res = await get(caller, `/analytics/timeseries?metric=${metric}&include_today=true`);
      expect(res.status).toBe(200);
      return res.body.data.points.find((p: { date: string }) => p.date === today)?.value;
    };
    expect(await todayPoint('page_views')).toBe(0);
    expect((await post(caller, [view('t1', today, 'a', 'x'), view('t2', today, 'b', 'x')])).body).toEqual({ accepted: 2, duplicates: 0 });
    expect(await todayPoint('page_views')).toBe(2);
    expect(await todayPoint('visitors')).toBe(2);
    expect((await post(caller, [view('t3', today, 'a', 'y'), view('t4', today, 'c', 'y'), view('t1', today, 'a', 'x')])).body).toEqual({ accepted: 2, duplicates: 1 });
    expect(await todayPoint('page_views')).toBe(4);
    expect(await todayPoint('visitors')).toBe(3);
    const overview = await get(caller, '/dashboards/overview?blocks=kpi&include_today=true');
    expect(overview.body.data.blocks.kpi.visitors.value).toBe(3);
    expect((await post(caller, [view('t5', today, 'd', 'y')])).status).toBe(200);
    // The cached overview of a period ending today moves with today's events.
    expect((await get(caller, '/dashboards/overview?blocks=kpi&include_today=true')).body.data.blocks.kpi.visitors.value).toBe(4);
  });

  it('after concurrent batches, retries, duplicates and late events, the live days equal a rebuild from the raw rows', async () => {
    const caller = await newCaller(api.services);
    const today = dayIn(new Date(), ZONE);
    const live = Array.from({ length: LIVE_DAYS + 1 }, (_, i) => addDays(today, -i));
    // First wave: every live day, in concurrent batches (the first event of a day makes it live).
    const first = live.flatMap((d, i) => mixed(`w1-${i}`, d));
    const batches = Array.from({ length: 6 }, (_, i) => first.filter((_e, j) => j % 6 === i));
    const answers = await Promise.all(batches.map((b) => post(caller, b)));
    expect(answers.map((a) => a.status)).toEqual(batches.map(() => 200));
    // The days before today are rebuilt (as the nightly snapshot does): they stay live.
    await rebuild(caller, live.slice(1));
    // Second wave: late events for those days and more of today, each batch sent twice (a retry), with repeats inside.
    const second = live.flatMap((d, i) => [...mixed(`w2-${i}`, d), view(`w1-${i}-v1`, d, 'a', 'shoes'), view(`w2-${i}-v9`, d, `late-${i}`, 'late', { utm_source: 'vk' })]);
    const retried = Array.from({ length: 4 }, (_, i) => second.filter((_e, j) => j % 4 === i));
    const results = await Promise.all([...retried, ...retried].map((b) => post(caller, [...b, b[0]!])));
    expect(results.map((r) => r.status)).toEqual([...retried, ...retried].map(() => 200));
    const accepted = results.reduce((n, r) => n + (r.body as { accepted: number }).accepted, 0);
    expect(accepted).toBe(second.length - live.length); // each day's repeat of w1-…-v1 was stored before

    const incremental = await rollups(caller, live);
    expect(incremental.length).toBeGreaterThan(live.length * 20);
    expect(incremental).toContain(`${today} visitors  3.0000`);
    expect(incremental).toContain(`${today} site_searches query:red shoes 2.0000`);
    expect(incremental.some((l) => l.includes('anna@example.com'))).toBe(false);
    await rebuild(caller, live);
    expect(await rollups(caller, live)).toEqual(incremental);
  });

  it('a day before the live window is left to the nightly snapshot: its events do not move its rollups', async () => {
    const caller = await newCaller(api.services);
    const today = dayIn(new Date(), ZONE);
    const old = addDays(today, -(LIVE_DAYS + 5));
    expect((await post(caller, [view('o1', old, 'a', 'x')])).status).toBe(200);
    await rebuild(caller, [old]);
    expect(await rollups(caller, [old])).toContain(`${old} page_views  1.0000`);
    expect((await post(caller, [view('o2', old, 'b', 'x')])).status).toBe(200);
    expect(await rollups(caller, [old])).toContain(`${old} page_views  1.0000`);
    await rebuild(caller, [old]);
    expect(await rollups(caller, [old])).toContain(`${old} page_views  2.0000`);
  });
});
