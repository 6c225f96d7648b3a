import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../support/app.js';
import { useApiSuite } from '../support/api-suite.js';
import { newCaller, type Caller } from '../support/fixtures.js';
import { call, expectProblem } from '../support/http.js';
import { schemaErrors, type Schema } from '../support/json-schema.js';
import { InProcessWorker } from '../support/in-process-worker.js';
import { uniq } from '../support/ctl.js';
import { runCtl } from '../../src/cli/ctl.js';
import { addDays } from '../../src/domain/analytics/time-zone.js';
import { generateTraffic, ZONE, type Traffic } from './analytics-traffic.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });

let caller: Caller;
let traffic: Traffic;
let worker: InProcessWorker;

beforeAll(async () => {
  worker = new InProcessWorker(api.services, uniq());
  await worker.start();
  caller = await newCaller(api.services);
  traffic = await generateTraffic(api.base, sql, caller, 90, 11);
  await runCtl(['analytics', 'snapshot', '--tenant', caller.tenantId, '--json'], api.services);
});
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
