import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';
import { call } from '../harness/http.js';
import { runCtl } from '../../src/cli/ctl.js';
import { PinnedClock } from '../../src/clock.js';
import { DEMO_TENANT_ID } from '../../src/domain/provisioning/demo.js';
import { planDay, seededRandom } from '../../src/domain/provisioning/demo-history-plan.js';
import { zonedInstant } from '../../src/domain/provisioning/demo-history.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';

/**
 * The demo tenant has 90 days of history after `demo seed` (issue 31 item 1): the overview,
 * funnel, pulse and a strategist report show non-zero figures that agree with each other, and
 * a second seed doubles nothing. A database of its own: the demo tenant's rows are counted.
 */

let url: string;
let api: TestApi;
let db: pg.Client;
const clock = new PinnedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
const ctl = (...argv: string[]) => runCtl([...argv, '--json'], api.services);
let seed: Record<string, any>;
const get = (path: string) => call(api.base, 'GET', path, { key: seed.api_key });

beforeAll(async () => {
  url = await freshDatabase('demo_history');
  api = await startApi({ DATABASE_URL: url }, { clock });
  db = await sqlClient(url);
  seed = await ctl('demo', 'seed');
}, 180_000);
afterAll(async () => {
  await db?.end();
  await api?.close();
  if (url) await dropDatabase(url);
}, 60_000);

const count = async (from: string, ...params: unknown[]) => Number((await db.query(`select count(*)::int as n from ${from}`, params)).rows[0].n);

describe('the demo history plan', () => {
  it('is the same for a day whenever it is drawn, and differs between days', () => {
    expect(planDay('2026-10-01', 5, 'localhost:3001')).toEqual(planDay('2026-10-01', 5, 'localhost:3001'));
    expect(planDay('2026-10-02', 5, 'localhost:3001').visits.length).toBeGreaterThan(0);
    const [a, b] = [seededRandom('x'), seededRandom('x')];
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('places a local minute in the zone (Moscow is UTC+3)', () => {
    expect(zonedInstant('2026-10-01', 9 * 60, 'Europe/Moscow').toISOString()).toBe('2026-10-01T06:00:00.000Z');
    expect(zonedInstant('2026-07-01', 0, 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });
});

describe('demo seed', () => {
  // First in the file: the first read that ends today rebuilds today (later ones within 30 seconds reuse that build).
  it('leaves today to the tour: its own page view shows on the day with include_today, today marked partial in data_as_of', async () => {
    const today = dayIn(clock.now(), 'Europe/Moscow');
    const before = await count(`analytics_events where tenant_id = $1 and occurred_at >= $2`, DEMO_TENANT_ID, zonedInstant(today, 0, 'Europe/Moscow'));
    expect(before).toBe(0);
    const sent = await call(api.base, 'POST', '/events', { key: seed.api_key, body: { events: [
      { id: 'tour-view-1', type: 'page_view', occurred_at: clock.now().toISOString(), visitor_id: 'tour-visitor', properties: { url: 'http://localhost:3001/products/runner-x' } },
    ] } });
    expect(sent.status).toBe(200);
    const res = await get('/analytics/timeseries?metric=page_views&include_today=true');
    expect(res.status).toBe(200);
    expect(res.body.data.to).toBe(today);
    expect(res.body.data.points.at(-1)).toEqual({ date: today, value: 1 });
    expect(res.body.data.points.slice(0, -1).every((p: any) => p.value > 0)).toBe(true);
    expect(res.body.data.data_as_of).toEqual({ web: addDays(today, -1), partial_day: today });
    const whole = await get(`/analytics/funnel?to=${addDays(today, -1)}`);
    expect(whole.body.data.data_as_of).toEqual({ web: addDays(today, -1), conversations: addDays(today, -1), leads: addDays(today, -1) });
    const overview = await get('/dashboards/overview?blocks=kpi,funnel&include_today=true');
    expect(overview.body.data.to).toBe(today);
    expect(overview.body.data.blocks.kpi.data_as_of).toMatchObject({ partial_day: today });
  }, 60_000);

  it('gives the overview non-zero, consistent figures: visitors, conversations, leads, won deals with revenue, ad spend', async () => {
    const res = await get('/dashboards/overview?blocks=kpi,funnel,ads,ai_assistants,strategist,data_trust');
    expect(res.status).toBe(200);
    const { kpi, funnel, ads, ai_assistants: ai, strategist } = res.body.data.blocks;
    expect(kpi.availability).toBe('ok');
    for (const k of ['visitors', 'conversations', 'leads', 'won']) expect(kpi[k].value).toBeGreaterThan(0);
    expect(Number(kpi.revenue.value.amount)).toBeGreaterThan(0);
    // Leads come from conversations, won deals from leads; each is a share of the one before.
    expect(kpi.leads.value).toBeLessThanOrEqual(kpi.conversations.value);
    expect(kpi.conversations.value).toBeLessThan(kpi.visitors.value);
    const steps = Object.fromEntries(funnel.steps.map((s: any) => [s.step, s.count]));
    expect(steps).toMatchObject({ visitors: kpi.visitors.value, conversations: kpi.conversations.value, leads: kpi.leads.value, won_leads: kpi.won.value });
    expect(steps.qualified_leads).toBeGreaterThanOrEqual(steps.won_leads);
    expect(ads.availability).toBe('ok');
    expect(Number(ads.spend.amount)).toBeGreaterThan(0);
    expect(ai.replies).toBeGreaterThanOrEqual(kpi.conversations.value);
    expect(strategist.availability).toBe('ok');
    // The revenue is the won leads' values, as the leads API lists them.
    const { rows: [won] } = await db.query(
      `select count(*)::int as n, sum(value_amount)::numeric as value from leads where tenant_id = $1 and status = 'won'
        and won_at >= (($2::date)::timestamp at time zone 'Europe/Moscow') and won_at < ((($3::date) + 1)::timestamp at time zone 'Europe/Moscow')`,
      [DEMO_TENANT_ID, res.body.data.from, res.body.data.to]);
    expect({ won: kpi.won.value, revenue: Number(kpi.revenue.value.amount) }).toEqual({ won: won.n, revenue: Number(won.value) });
  }, 60_000);

  it('gives pulse rising keywords and the strategist its daily and weekly reports', async () => {
    const pulse = await get('/dashboards/pulse');
    expect(pulse.status).toBe(200);
    expect(pulse.body.data.alerts.length).toBeGreaterThan(0);
    expect(pulse.body.data.alerts.map((a: any) => a.keyword)).toContain('running shoes');
    const reports = await get('/strategist/reports');
    expect(reports.status).toBe(200);
    expect(reports.body.data.map((r: any) => r.report_type).sort()).toEqual(['daily', 'weekly']);
    const weekly = await get(`/strategist/reports/${reports.body.data.find((r: any) => r.report_type === 'weekly').id}`);
    expect(weekly.body.data_as_of.snapshot).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(weekly.body.summary_text).toMatch(/conversations [1-9]/);
  }, 60_000);

  it('twice doubles nothing: no event, conversation, lead or duplicate dropped more', async () => {
    const tables = ['analytics_events', 'conversations', 'messages', 'leads', 'operations', 'strategist_reports'];
    const before = await Promise.all(tables.map((t) => count(`${t} where tenant_id = $1`, DEMO_TENANT_ID)));
    const again = await ctl('demo', 'seed');
    expect(again.history).toMatchObject({ days: 0, events: 0, conversations: 0 });
    expect(await Promise.all(tables.map((t) => count(`${t} where tenant_id = $1`, DEMO_TENANT_ID)))).toEqual(before);
    expect(await count('analytics_ingest_counts where tenant_id = $1 and duplicates > 0', DEMO_TENANT_ID)).toBe(0);
    expect(before[1]).toBeGreaterThan(100);
  }, 120_000);

  it('sends no webhook the backdated history: its outbox events are relayed already', async () => {
    const { rows } = await db.query(`select type, created_at from outbox_events where tenant_id = $1 and relayed_at is null and type <> 'strategist.report.ready'`, [DEMO_TENANT_ID]);
    expect(rows).toEqual([]);
  });
});
