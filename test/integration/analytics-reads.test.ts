import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { InProcessWorker } from '../harness/in-process-worker.js';
import { ownShare } from '../harness/isolation.js';
import { runCtl } from '../../src/cli/ctl.js';
import { addDays } from '../../src/domain/analytics/time-zone.js';
import { generateTraffic, perDay, ZONE, type Traffic } from './analytics-traffic.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s), ownShare('analytics-reads').env);

const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });

let caller: Caller;
let traffic: Traffic;
let worker: InProcessWorker;

beforeAll(async () => {
  worker = new InProcessWorker(api.services);
  await worker.start();
  caller = await newCaller(api.services);
  traffic = await generateTraffic(api.base, sql, caller, 90, 11);
  await runCtl(['analytics', 'snapshot', '--tenant', caller.tenantId, '--json'], api.services);
}, 480_000); // generateTraffic may first wait up to 5 minutes for Moscow's midnight to pass
afterAll(async () => worker?.stop());

/**
 * The independent count: SQL over the raw rows, grouped by the local day (or the Monday of
 * its week, or the first of its month), for every day of [from, to], zero-filled.
 */
async function rawCounts(rowsSql: string, params: unknown[], from: string, to: string, bucket: 'day' | 'week' | 'month' = 'day'): Promise<[string, number][]> {
  const trunc = bucket === 'day' ? 'd' : `greatest(date_trunc('${bucket}', d)::date, $2::date)`;
  const { rows } = await sql.query<{ b: string; n: string }>(
    `with days as (select d::date from generate_series($2::date, $3::date, interval '1 day') d),
          raw as (${rowsSql}),
          counted as (select days.d, coalesce(sum(raw.v), 0) as n from days left join raw on raw.d = days.d group by days.d)
     select to_char(${trunc}, 'YYYY-MM-DD') as b, sum(n) as n from counted group by 1 order by 1`,
    [caller.tenantId, from, to, ...params],
  );
  return rows.map((r) => [r.b, Number(r.n)]);
}

const local = (column: string) => `(${column} at time zone '${ZONE}')::date`;
const pointsOf = (body: { data: { points: { date: string; value: unknown }[] } }) => body.data.points.map((p) => [p.date, p.value]);

describe('GET /analytics/timeseries', () => {
  it('page_views per day over 90 days: every day a point, each equal to a count over the raw events', async () => {
    const res = await get(caller, `/analytics/timeseries?metric=page_views&from=${traffic.from}&to=${traffic.to}`);
    expect(res.status).toBe(200);
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Timeseries' }, doc)).toEqual([]);
    const expected = await rawCounts(`select ${local('occurred_at')} as d, 1 as v from analytics_events where tenant_id = $1 and type = 'page_view'`, [], traffic.from, traffic.to);
    expect(expected).toHaveLength(90);
    expect(pointsOf(res.body)).toEqual(expected);
    expect(res.body.data).toMatchObject({ metric: 'page_views', interval: 'day', from: traffic.from, to: traffic.to, time_zone: ZONE, unit: 'count',
      total: traffic.pageViews.length, data_as_of: { web: traffic.to } });
  });

  it('visitors per week: the distinct visitors of each day, added up per week', async () => {
    const res = await get(caller, `/analytics/timeseries?metric=visitors&interval=week&from=${traffic.from}&to=${traffic.to}`);
    const expected = await rawCounts(`select d, count(distinct visitor_id) as v from (select ${local('occurred_at')} as d, visitor_id from analytics_events
        where tenant_id = $1 and type = 'page_view') x group by d`, [], traffic.from, traffic.to, 'week');
    expect(pointsOf(res.body)).toEqual(expected);
    expect(res.body.data.points[0].date).toBe(traffic.from);
  });

  it.each([
    ['conversations', `select ${local('created_at')} as d, 1 as v from conversations where tenant_id = $1`],
    ['leads', `select ${local('created_at')} as d, 1 as v from leads where tenant_id = $1`],
    ['qualified_leads', `select ${local('qualified_at')} as d, 1 as v from leads where tenant_id = $1 and qualified_at is not null`],
    ['won_leads', `select ${local('won_at')} as d, 1 as v from leads where tenant_id = $1 and status = 'won'`],
    ['ai_replies', `select ${local('completed_at')} as d, 1 as v from operations where tenant_id = $1 and type = 'conversation.ai_reply' and status = 'succeeded'`],
    ['handoffs', `select ${local('created_at')} as d, 1 as v from outbox_events where tenant_id = $1 and type = 'conversation.handoff_requested'`],
  ])('%s per month equal a count over the raw rows', async (metric, rowsSql) => {
    const res = await get(caller, `/analytics/timeseries?metric=${metric}&interval=month&from=${traffic.from}&to=${traffic.to}`);
    expect(res.status).toBe(200);
    expect(pointsOf(res.body)).toEqual(await rawCounts(rowsSql, [], traffic.from, traffic.to, 'month'));
  });

  it('revenue and ai_cost are Money in the cell currency, equal to the sums over the raw rows', async () => {
    const revenue = await get(caller, `/analytics/timeseries?metric=revenue&interval=month&from=${traffic.from}&to=${traffic.to}`);
    const won = await rawCounts(`select ${local('won_at')} as d, value_amount as v from leads where tenant_id = $1 and status = 'won'`, [], traffic.from, traffic.to, 'month');
    expect(pointsOf(revenue.body)).toEqual(won.map(([d, v]) => [d, { amount: v.toFixed(2), currency: 'RUB' }]));
    const cost = await get(caller, `/analytics/timeseries?metric=ai_cost&interval=month&from=${traffic.from}&to=${traffic.to}`);
    const charged = await rawCounts(`select ${local('l.created_at')} as d, -l.amount_rub as v from wallet_ledger l join operations o on o.id::text = l.operation_id
        where l.tenant_id = $1 and o.type = 'conversation.ai_reply'`, [], traffic.from, traffic.to, 'month');
    expect(pointsOf(cost.body)).toEqual(charged.map(([d, v]) => [d, { amount: v.toFixed(2), currency: 'RUB' }]));
  });

  it('conversion_rate is leads over visitors of each interval', async () => {
    const res = await get(caller, `/analytics/timeseries?metric=conversion_rate&interval=month&from=${traffic.from}&to=${traffic.to}`);
    const leads = await rawCounts(`select ${local('created_at')} as d, 1 as v from leads where tenant_id = $1`, [], traffic.from, traffic.to, 'month');
    const visitors = await rawCounts(`select d, count(distinct visitor_id) as v from (select ${local('occurred_at')} as d, visitor_id from analytics_events
        where tenant_id = $1 and type = 'page_view') x group by d`, [], traffic.from, traffic.to, 'month');
    expect(pointsOf(res.body)).toEqual(leads.map(([d, n], i) => [d, visitors[i]![1] ? Math.round((n / visitors[i]![1]) * 10_000) / 10_000 : null]));
    expect(res.body.data.unit).toBe('ratio');
  });

  it('filters by source and by channel', async () => {
    const google = await get(caller, `/analytics/timeseries?metric=page_views&source=${encodeURIComponent('google / cpc')}&from=${traffic.from}&to=${traffic.to}`);
    expect(google.body.data.total).toBe(traffic.pageViews.filter((v) => v.source === 'google / cpc').length);
    const api_ = await get(caller, `/analytics/timeseries?metric=conversations&channel=api&from=${traffic.from}&to=${traffic.to}`);
    expect(api_.body.data.total).toBe(traffic.conversations.length);
    const telegram = await get(caller, `/analytics/timeseries?metric=conversations&channel=telegram&from=${traffic.from}&to=${traffic.to}`);
    expect(telegram.body.data.total).toBe(0);
    expect(telegram.body.data.points.every((p: { value: number }) => p.value === 0)).toBe(true);
  });

  it('with include_today a to after today is clamped to today, a partial day named in data_as_of', async () => {
    const today = addDays(traffic.to, 1);
    const res = await get(caller, `/analytics/timeseries?metric=leads&include_today=true&to=${addDays(traffic.to, 10)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: addDays(today, -29), to: today, data_as_of: { leads: traffic.to, partial_day: today } });
    expect((await get(caller, '/analytics/funnel?include_today=true')).body.data).toMatchObject({ to: today, data_as_of: { partial_day: today } });
    expect((await get(caller, '/analytics/funnel')).body.data.data_as_of).not.toHaveProperty('partial_day');
    expect((await get(caller, '/analytics/funnel?include_today=maybe')).status).toBe(422);
  });

  it('a to after the last full day is clamped and echoed; from defaults to 30 days ending at to', async () => {
    const res = await get(caller, `/analytics/timeseries?metric=leads&to=${addDays(traffic.to, 10)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: addDays(traffic.to, -29), to: traffic.to });
    expect(res.body.data.points).toHaveLength(30);
  });

  it.each<[string, string, string, string]>([
    ['from after to', `metric=leads&from=${'2026-03-02'}&to=2026-03-01`, '/from', 'out_of_range'],
    ['a range over 400 days', 'metric=leads&from=2025-01-01&to=2026-03-01', '/to', 'out_of_range'],
    ['an unknown metric', 'metric=bounces', '/metric', 'not_supported'],
    ['no metric', 'interval=day', '/metric', 'required'],
    ['an unknown interval', 'metric=leads&interval=hour', '/interval', 'not_supported'],
    ['a date that is not a calendar date', 'metric=leads&from=2026-02-30', '/from', 'invalid_value'],
    ['a date in another form', 'metric=leads&to=01.03.2026', '/to', 'invalid_format'],
    ['a filter the metric cannot take', 'metric=visitors&channel=website', '/channel', 'not_supported'],
  ])('%s is 422 at the field', async (_, query, field, code) => {
    expectProblem(await get(caller, `/analytics/timeseries?${query}`), 'validation_failed', fieldError(field, code));
  });

  it('a tenant with no data gets zeros and no data_as_of; another tenant\'s data never shows', async () => {
    const empty = await newCaller(api.services);
    const res = await get(empty, `/analytics/timeseries?metric=page_views&from=${traffic.from}&to=${traffic.to}`);
    expect(res.body.data.total).toBe(0);
    expect(res.body.data.data_as_of).toEqual({});
  });

  it('needs the analytics:read scope', async () => {
    const other = await newCaller(api.services, { scopes: ['analytics:write'] });
    expectProblem(await get(other, '/analytics/timeseries?metric=leads'), 'scope_missing');
  });
});

describe('GET /analytics/funnel', () => {
  it('visits -> chats -> leads -> qualified -> won: each count equal to a count over the raw rows, with step rates', async () => {
    const res = await get(caller, `/analytics/funnel?from=${traffic.from}&to=${traffic.to}`);
    expect(res.status).toBe(200);
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Funnel' }, doc)).toEqual([]);
    const total = async (rowsSql: string) => (await rawCounts(rowsSql, [], traffic.from, traffic.to)).reduce((sum, [, n]) => sum + n, 0);
    const counts = [
      await total(`select d, count(distinct visitor_id) as v from (select ${local('occurred_at')} as d, visitor_id from analytics_events
        where tenant_id = $1 and type = 'page_view') x group by d`),
      await total(`select ${local('created_at')} as d, 1 as v from conversations where tenant_id = $1`),
      await total(`select ${local('created_at')} as d, 1 as v from leads where tenant_id = $1`),
      await total(`select ${local('qualified_at')} as d, 1 as v from leads where tenant_id = $1 and qualified_at is not null`),
      await total(`select ${local('won_at')} as d, 1 as v from leads where tenant_id = $1 and status = 'won'`),
    ];
    const steps = ['visitors', 'conversations', 'leads', 'qualified_leads', 'won_leads'];
    expect(res.body.data.steps).toEqual(steps.map((step, i) => ({
      step, count: counts[i], conversion_from_previous: i === 0 || counts[i - 1] === 0 ? null : Math.round((counts[i]! / counts[i - 1]!) * 10_000) / 10_000,
    })));
    expect(counts[4]).toBeGreaterThan(0);
  });

  it('from after to is 422 at /from', async () => {
    expectProblem(await get(caller, '/analytics/funnel?from=2026-03-02&to=2026-03-01'), 'validation_failed', fieldError('/from', 'out_of_range'));
  });
});

describe('GET /analytics/traffic-sources', () => {
  /** The independent count, in JavaScript over the generated rows. */
  function expectedSources() {
    const inRange = (at: Date | null) => at !== null && [...perDay([at], (x) => x, traffic.from, traffic.to).keys()].length === 1;
    const rows = new Map<string, { visitors: Set<string>; page_views: number; leads: number; won: number; revenue: number }>();
    const row = (key: string) => rows.get(key) ?? rows.set(key, { visitors: new Set(), page_views: 0, leads: 0, won: 0, revenue: 0 }).get(key)!;
    for (const v of traffic.pageViews) {
      if (!inRange(v.at)) continue;
      row(v.source).page_views += 1;
      row(v.source).visitors.add(`${[...perDay([v.at], (x) => x, traffic.from, traffic.to).keys()][0]}|${v.visitor}`);
    }
    for (const l of traffic.leads) {
      if (inRange(l.created)) row(l.source).leads += 1;
      if (inRange(l.won)) {
        row(l.source).won += 1;
        row(l.source).revenue += l.value;
      }
    }
    return [...rows.entries()].map(([key, r]) => {
      const [source, medium] = key.split(' / ');
      return { source, medium, visitors: r.visitors.size, page_views: r.page_views, conversations: null, leads: r.leads, won: r.won,
        revenue: { amount: r.revenue.toFixed(2), currency: 'RUB' } };
    });
  }

  it('answers every source with figures equal to an independent count, sorted by visitors, paged', async () => {
    const pages: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    do {
      const res: Answer = await get(caller, `/analytics/traffic-sources?from=${traffic.from}&to=${traffic.to}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(schemaErrors(res.body, { $ref: '#/components/schemas/TrafficSourcePage' }, doc)).toEqual([]);
      pages.push(...res.body.data);
      cursor = res.body.next_cursor;
    } while (cursor);
    const expected = expectedSources().sort((a, b) => b.visitors - a.visitors || `${a.source} / ${a.medium}`.localeCompare(`${b.source} / ${b.medium}`));
    expect(pages).toEqual(expected);
    expect(pages.map((p) => `${p.source} / ${p.medium}`)).toEqual(expect.arrayContaining(['google / cpc', 'yandex.ru / referral', '(direct) / (none)', 'newsletter / email']));
  });

  it('says why conversations per source are null', async () => {
    const res = await get(caller, `/analytics/traffic-sources?from=${traffic.from}&to=${traffic.to}`);
    expect(res.body.conversations_reason).toMatch(/^not_connected: /);
    expect(res.body.data.every((r: { conversations: unknown }) => r.conversations === null)).toBe(true);
  });

  it('sort=revenue orders by revenue', async () => {
    const res = await get(caller, `/analytics/traffic-sources?from=${traffic.from}&to=${traffic.to}&sort=revenue`);
    const amounts = res.body.data.map((r: { revenue: { amount: string } }) => Number(r.revenue.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('a cursor of other filters is 422 at /cursor', async () => {
    const first = await get(caller, `/analytics/traffic-sources?from=${traffic.from}&to=${traffic.to}&limit=1`);
    const other = await get(caller, `/analytics/traffic-sources?from=${traffic.from}&to=${traffic.to}&limit=1&sort=leads&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expectProblem(other, 'validation_failed', fieldError('/cursor', 'invalid_format'));
  });
});

describe('GET /analytics/visibility', () => {
  it('answers no_source when no search_performance was ever sent', async () => {
    const res = await get(caller, '/analytics/visibility');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], next_cursor: null, availability: 'no_source', reason: expect.any(String), data_as_of: {} });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/VisibilityPage' }, doc)).toEqual([]);
  });

  it('per keyword and page: impressions, clicks, CTR and average position, and their change against the previous period', async () => {
    const day = (n: number) => addDays(traffic.to, -n);
    const seo = (id: string, date: string, keyword: string, impressions: number, clicks: number, position: number) => ({
      id, type: 'search_performance', properties: { keyword, page: 'https://shop.example.com/runner-x', impressions, clicks, position, date },
    });
    const sent = await call(api.base, 'POST', '/events', { key: caller.apiKey, body: { events: [
      seo('s1', day(1), 'running shoes', 100, 10, 3), seo('s2', day(2), 'running shoes', 300, 20, 5),
      seo('s3', day(8), 'running shoes', 200, 4, 9), seo('s4', day(3), 'trail shoes', 50, 0, 12),
    ] } });
    expect(sent.body).toEqual({ accepted: 4, duplicates: 0 });
    await runCtl(['analytics', 'snapshot', '--tenant', caller.tenantId, '--json'], api.services);
    const res = await get(caller, `/analytics/visibility?from=${day(6)}&to=${traffic.to}`);
    expect(res.body.availability).toBe('ok');
    expect(res.body.data).toEqual([
      { keyword: 'running shoes', page: 'https://shop.example.com/runner-x',
        current: { impressions: 400, clicks: 30, ctr: 0.075, position: 4.5 }, previous: { impressions: 200, clicks: 4, ctr: 0.02, position: 9 },
        change: { impressions: 200, clicks: 26, ctr: 0.055, position: -4.5 } },
      { keyword: 'trail shoes', page: 'https://shop.example.com/runner-x',
        current: { impressions: 50, clicks: 0, ctr: 0, position: 12 }, previous: { impressions: 0, clicks: 0, ctr: null, position: null },
        change: { impressions: 50, clicks: 0, ctr: null, position: null } },
    ]);
    // Dated sources are complete up to the last day sent.
    expect(res.body.data_as_of).toEqual({ search: day(1) });
    const older = await get(caller, `/analytics/visibility?from=${addDays(traffic.from, -30)}&to=${addDays(traffic.from, -1)}`);
    expect(older.body).toMatchObject({ data: [], availability: 'no_data' });
  });
});

describe('GET /dashboards/overview', () => {
  const sumOf = async (rowsSql: string, from: string, to: string) => (await rawCounts(rowsSql, [], from, to)).reduce((n, [, v]) => n + v, 0);
  const VISITORS = `select d, count(distinct visitor_id) as v from (select ${local('occurred_at')} as d, visitor_id from analytics_events
        where tenant_id = $1 and type = 'page_view') x group by d`;
  const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

  it('answers every block in screen order, each with availability and data_as_of, the kpi equal to independent counts', async () => {
    const to = traffic.to;
    const from = addDays(to, -29);
    const [pFrom, pTo] = [addDays(from, -30), addDays(from, -1)];
    const res = await get(caller, `/dashboards/overview?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Overview' }, doc)).toEqual([]);
    const blocks = res.body.data.blocks;
    expect(Object.keys(blocks)).toEqual(['strategist', 'kpi', 'funnel', 'attention', 'ads', 'ai_assistants', 'popular_pages', 'clusters', 'data_trust', 'sitemap_health', 'status']);
    const figure = async (rowsSql: string) => {
      const [value, previous] = [await sumOf(rowsSql, from, to), await sumOf(rowsSql, pFrom, pTo)];
      return { value, previous, change: previous === 0 ? null : round4((value - previous) / previous) };
    };
    const won = `select ${local('won_at')} as d, value_amount as v from leads where tenant_id = $1 and status = 'won'`;
    const [revenue, revenueBefore] = [await sumOf(won, from, to), await sumOf(won, pFrom, pTo)];
    expect(blocks.kpi).toEqual({
      availability: 'ok', data_as_of: { web: to, conversations: to, leads: to },
      visitors: await figure(VISITORS),
      conversations: await figure(`select ${local('created_at')} as d, 1 as v from conversations where tenant_id = $1`),
      leads: await figure(`select ${local('created_at')} as d, 1 as v from leads where tenant_id = $1`),
      won: await figure(`select ${local('won_at')} as d, 1 as v from leads where tenant_id = $1 and status = 'won'`),
      revenue: { value: { amount: revenue.toFixed(2), currency: 'RUB' }, previous: { amount: revenueBefore.toFixed(2), currency: 'RUB' },
        change: revenueBefore === 0 ? null : round4((revenue - revenueBefore) / revenueBefore) },
    });
    expect(blocks.funnel.steps.map((s: { count: number }) => s.count)).toEqual([
      await sumOf(VISITORS, from, to), blocks.kpi.conversations.value, blocks.kpi.leads.value,
      await sumOf(`select ${local('qualified_at')} as d, 1 as v from leads where tenant_id = $1 and qualified_at is not null`, from, to), blocks.kpi.won.value,
    ]);
    expect(blocks.ai_assistants).toMatchObject({
      availability: 'ok',
      replies: await sumOf(`select ${local('completed_at')} as d, 1 as v from operations where tenant_id = $1 and type = 'conversation.ai_reply' and status = 'succeeded'`, from, to),
      handoffs: await sumOf(`select ${local('created_at')} as d, 1 as v from outbox_events where tenant_id = $1 and type = 'conversation.handoff_requested'`, from, to),
      reply_time_p50_ms: 5000,
    });
    const views = new Map<string, number>();
    for (const v of traffic.pageViews) if ([...perDay([v.at], (x) => x, from, to).keys()].length) views.set(v.page, (views.get(v.page) ?? 0) + 1);
    expect(blocks.popular_pages.pages).toEqual([...views.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([page, n]) => ({ page, views: n, chats_started: 0 })));
    expect(blocks.attention).toMatchObject({ availability: 'ok', handoffs_waiting: 0, hot_leads_without_task: 0, dead_deliveries_30d: 0, wallet_low: false });
    expect(blocks.ads).toMatchObject({ availability: 'not_connected', reason: expect.any(String), data_as_of: {} });
    expect(blocks.strategist).toMatchObject({ availability: 'no_data', reason: expect.any(String) });
    expect(blocks.clusters).toMatchObject({ availability: 'no_data', reason: expect.any(String) });
    expect(blocks.sitemap_health).toMatchObject({ availability: 'not_connected', reason: expect.any(String) });
    expect(blocks.status).toMatchObject({ availability: 'ok', wallet: { state: 'ok', balance: { amount: '1000.00', currency: 'RUB' } } });
    expect(blocks.data_trust.sources.map((s: { source: string }) => s.source)).toEqual(['web', 'conversations', 'leads', 'search']);
  });

  it('the status block shows the wallet in roubles on every cell (spec 01: the wallet is kept in RUB)', async () => {
    const en = await startApi({ CELL: 'en' });
    try {
      const caller = await newCaller(en.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
      const res = await call(en.base, 'GET', '/dashboards/overview?blocks=status', { key: caller.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.data.blocks.status.wallet).toEqual({ state: 'ok', balance: { amount: '1000.00', currency: 'RUB' } });
    } finally {
      await en.close();
    }
  });

  it('blocks picks a subset, still in screen order', async () => {
    const res = await get(caller, '/dashboards/overview?blocks=funnel,kpi');
    expect(Object.keys(res.body.data.blocks)).toEqual(['kpi', 'funnel']);
  });

  it('the ads block counts spend from ad_spend once it is sent', async () => {
    const other = await newCaller(api.services);
    const day = addDays(traffic.to, -2);
    await call(api.base, 'POST', '/events', { key: other.apiKey, body: { events: [
      { id: 'a1', type: 'ad_spend', properties: { source: 'yandex_direct', cost: { amount: '100.50', currency: 'RUB' }, date: day, clicks: 7 } },
      { id: 'a2', type: 'ad_spend', properties: { source: 'google_ads', cost: { amount: '50.00', currency: 'RUB' }, date: day } },
    ] } });
    await runCtl(['analytics', 'snapshot', '--tenant', other.tenantId, '--json'], api.services);
    const res = await get(other, '/dashboards/overview?blocks=ads');
    expect(res.body.data.blocks.ads).toEqual({
      availability: 'ok', data_as_of: { ads: day }, spend: { amount: '150.50', currency: 'RUB' }, clicks: 7, conversions: 0, cost_per_lead: null,
    });
  });

  it('the rollup figures are cached under the rollup version, which a late event of a live day moves as a snapshot run does (never stale)', async () => {
    const other = await newCaller(api.services);
    const day = addDays(traffic.to, -2);
    const view = (id: string, visitor: string, page: string) => ({ id, type: 'page_view', occurred_at: `${day}T10:00:00+03:00`, visitor_id: visitor, properties: { url: `https://shop.example.com/${page}` } });
    const send = async (events: object[]) => expect((await call(api.base, 'POST', '/events', { key: other.apiKey, body: { events } })).status).toBe(200);
    const snapshot = () => runCtl(['analytics', 'snapshot', '--tenant', other.tenantId, '--json'], api.services);
    const overview = async () => (await get(other, `/dashboards/overview?blocks=kpi,funnel,popular_pages&from=${day}&to=${day}`)).body.data.blocks;
    const cached = async () => {
      const { rows: [v] } = await sql.query<{ version: string }>('select version from analytics_rollup_versions where tenant_id = $1', [other.tenantId]);
      return { version: Number(v!.version), popularPages: await api.services.redis.exists(`analytics:rollups:${other.tenantId}:${v!.version}:popular-pages:${day}:${day}`) };
    };
    await send([view('p1', 'a', 'a'), view('p2', 'b', 'a')]);
    await snapshot();
    const first = await overview();
    expect(first.kpi.visitors.value).toBe(2);
    expect(first.popular_pages.pages).toEqual([{ page: '/a', views: 2, chats_started: 0 }]);
    const before = await cached();
    expect(before.popularPages).toBe(1);
    // A late event of a live day (the last 7): ingestion adds it to the rollups and moves the version, so the overview shows it at once.
    await send([view('p3', 'c', 'b')]);
    const after = await cached();
    expect(after.version).toBeGreaterThan(before.version);
    const second = await overview();
    await snapshot();
    expect(await overview()).toEqual(second);
    expect(second.kpi.visitors.value).toBe(3);
    expect(second.funnel.steps[0].count).toBe(3);
    expect(second.popular_pages.pages).toEqual([
      { page: '/a', views: 2, chats_started: 0 }, { page: '/b', views: 1, chats_started: 0 },
    ]);
    expect((await cached()).popularPages).toBe(1);
  });

  it('attention counts the articles whose latest publication failed or met a conflict, equal to a count over the rows', async () => {
    const other = await newCaller(api.services);
    const now = new Date();
    const versions: Record<string, string[]> = {
      failed: ['failed'], conflict: ['applied', 'conflict'], retried: ['failed', 'applied'], queued: ['failed', 'queued'], fine: ['applied'],
    };
    for (const [name, states] of Object.entries(versions)) {
      const article = randomUUID();
      await sql.query(`insert into articles (id, tenant_id, title, status, created_at, updated_at) values ($1, $2, $3, 'approved', $4, $4)`, [article, other.tenantId, name, now]);
      for (const [i, state] of states.entries()) {
        await sql.query(`insert into publications (id, tenant_id, article_id, version, content_hash, target, state, error, created_at, updated_at)
                         values ($1, $2, $3, $4, 'h', 'none', $5, $6, $7, $7)`,
          [randomUUID(), other.tenantId, article, i + 1, state, ['failed', 'conflict'].includes(state) ? 'boom' : null, now]);
      }
    }
    // Another tenant's failed publication never counts here.
    const foreign = randomUUID();
    await sql.query(`insert into articles (id, tenant_id, title, status, created_at, updated_at) values ($1, $2, 'x', 'approved', $3, $3)`, [foreign, caller.tenantId, now]);
    await sql.query(`insert into publications (id, tenant_id, article_id, version, content_hash, target, state, error, created_at, updated_at)
                     values ($1, $2, $3, 1, 'h', 'none', 'failed', 'boom', $4, $4)`, [randomUUID(), caller.tenantId, foreign, now]);
    const expected = Object.values(versions).filter((states) => ['failed', 'conflict'].includes(states[states.length - 1]!)).length;
    const res = await get(other, '/dashboards/overview?blocks=attention');
    expect(expected).toBe(2);
    expect(res.body.data.blocks.attention).toMatchObject({ availability: 'ok', failed_publications: expected });
    expect(res.body.data.blocks.attention).not.toHaveProperty('failed_publications_reason');
  });

  it('data_trust counts the re-sent events POST /events dropped, per source and per day of the events', async () => {
    const other = await newCaller(api.services);
    const [d1, d2] = [addDays(traffic.to, -3), addDays(traffic.to, -1)];
    const view = (id: string, day: string) => ({ id, type: 'page_view', occurred_at: `${day}T10:00:00+03:00`, visitor_id: 'v', properties: { url: 'https://shop.example.com/' } });
    const spend = (id: string, day: string) => ({ id, type: 'ad_spend', properties: { source: 'google_ads', cost: { amount: '10.00', currency: 'RUB' }, date: day } });
    const batches = [
      [view('v1', d1), view('v2', d1), view('v3', d2), spend('s1', d2)],
      [view('v1', d1), view('v2', d1), view('v3', d2), view('v3', d2), view('v4', d2), spend('s1', d2)],
      [view('v4', d2), spend('s1', d2), spend('s2', d1)],
    ];
    // The independent count: every item of every batch whose id was sent before (in an earlier batch or earlier in its own).
    const seen = new Set<string>();
    const expected = new Map<string, number>();
    let answered = 0;
    for (const events of batches) {
      const res = await call(api.base, 'POST', '/events', { key: other.apiKey, body: { events } });
      expect(res.status).toBe(200);
      answered += res.body.duplicates;
      for (const e of events) {
        const day = 'occurred_at' in e ? e.occurred_at.slice(0, 10) : e.properties.date;
        const key = `${e.type === 'ad_spend' ? 'ads' : 'web'}|${day}`;
        if (seen.has(e.id)) expected.set(key, (expected.get(key) ?? 0) + 1);
        seen.add(e.id);
      }
    }
    const total = [...expected.values()].reduce((n, v) => n + v, 0);
    expect(answered).toBe(total);
    await runCtl(['analytics', 'snapshot', '--tenant', other.tenantId, '--json'], api.services);
    const res = await get(other, `/dashboards/overview?blocks=data_trust&from=${d1}&to=${d2}`);
    const block = res.body.data.blocks.data_trust;
    const of = (source: string) => block.sources.find((x: { source: string }) => x.source === source);
    const sum = (source: string) => [...expected].filter(([k]) => k.startsWith(`${source}|`)).reduce((n, [, v]) => n + v, 0);
    expect(of('web').duplicates_dropped).toBe(sum('web'));
    expect(of('ads').duplicates_dropped).toBe(sum('ads'));
    expect(block.duplicates_dropped).toBe(total);
    const byDay = new Map<string, number>();
    for (const [k, v] of expected) byDay.set(k.split('|')[1]!, (byDay.get(k.split('|')[1]!) ?? 0) + v);
    expect(block.duplicates_by_day).toEqual([...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, duplicates]) => ({ day, duplicates })));
    // A period without those days drops none.
    const before = await get(other, `/dashboards/overview?blocks=data_trust&from=${addDays(d1, -5)}&to=${addDays(d1, -1)}`);
    expect(before.body.data.blocks.data_trust).toMatchObject({ duplicates_dropped: 0, duplicates_by_day: [] });
  });

  it.each([['an unknown block', 'blocks=kpi,weather'], ['an empty name', 'blocks=kpi,']])('%s is 422 at /blocks', async (_, q) => {
    expectProblem(await get(caller, `/dashboards/overview?${q}`), 'validation_failed', fieldError('/blocks', 'not_supported'));
  });

  it('needs the dashboards:read scope', async () => {
    const other = await newCaller(api.services, { scopes: ['analytics:read'] });
    expectProblem(await get(other, '/dashboards/overview'), 'scope_missing');
  });
});

