import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { OperationsHarness } from '../harness/operations-harness.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import type { InProcessWorker } from '../harness/in-process-worker.js';
import { runCtl } from '../../src/cli/ctl.js';
import { addDays } from '../../src/domain/analytics/time-zone.js';
import { generateTraffic, perDay, type Traffic } from './analytics-traffic.js';
import { pageView } from './analytics-fixtures.js';
import { eventually } from '../harness/eventually.js';
import { TENANT_ID } from '../../workflows/search-attributes.js';
import { randomUUID } from 'node:crypto';

// A database of its own: the nightly scan walks every tenant of its database, and the shared
// one holds every other file's tenants by the time this file runs.
// And a task queue of its own: its worker must not take other files' workflows onto this database.
let h: OperationsHarness;
let api: TestApi;
let sql: pg.Client;
let worker: InProcessWorker;
beforeAll(async () => {
  h = await OperationsHarness.start({ freshDatabase: 'analytics_snapshot', env: { TENANT_SWEEP_SPREAD: '1s' } });
  ({ api, db: sql } = h);
  worker = h.worker!;
}, 120_000);
afterAll(() => h?.stop(), 60_000);

const snapshot = (tenantId: string, ...more: string[]) => runCtl(['analytics', 'snapshot', '--tenant', tenantId, ...more, '--json'], api.services);

/** Totals (dimension '') of one metric, by day, as the rollups hold them. */
async function rollup(who: Caller, metric: string, dimension = ''): Promise<Map<string, number>> {
  const { rows } = await sql.query<{ day: string; value: string }>(
    `select to_char(day, 'YYYY-MM-DD') as day, value from analytics_daily where tenant_id = $1 and metric = $2 and dimension = $3`, [who.tenantId, metric, dimension]);
  return new Map(rows.map((r) => [r.day, Number(r.value)]));
}

const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([d, v]) => [d, Math.round(v * 100) / 100]);

describe('the analytics snapshot', () => {
  let caller: Caller;
  let traffic: Traffic;

  beforeAll(async () => {
    caller = await newCaller(api.services);
    traffic = await generateTraffic(api.base, sql, caller, 30);
  }, 420_000); // generateTraffic may first wait up to 5 minutes for Moscow's midnight to pass

  it('bin/ctl analytics snapshot builds the daily rollups of every day with data, each equal to a count over the raw rows', async () => {
    const result = await snapshot(caller.tenantId);
    expect(result).toMatchObject({ tenant: caller.tenantId, workflow_id: `analytics-snapshot:${caller.tenantId}`, complete_through: traffic.to });
    const { from, to } = traffic;
    const visitors = new Map<string, Set<string>>();
    for (const v of traffic.pageViews) {
      const [day] = [...perDay([v], (x) => x.at, from, to).keys()];
      if (day) visitors.set(day, (visitors.get(day) ?? new Set()).add(v.visitor));
    }
    expect(sorted(await rollup(caller, 'page_views'))).toEqual(sorted(perDay(traffic.pageViews, (v) => v.at, from, to)));
    expect(sorted(await rollup(caller, 'visitors'))).toEqual(sorted(new Map([...visitors].map(([d, s]) => [d, s.size]))));
    expect(sorted(await rollup(caller, 'conversations'))).toEqual(sorted(perDay(traffic.conversations, (c) => c, from, to)));
    expect(sorted(await rollup(caller, 'messages', 'sender:customer'))).toEqual(sorted(perDay(traffic.customerMessages, (c) => c, from, to)));
    expect(sorted(await rollup(caller, 'ai_replies'))).toEqual(sorted(perDay(traffic.aiReplies, (r) => r.at, from, to)));
    expect(sorted(await rollup(caller, 'ai_cost_rub'))).toEqual(sorted(perDay(traffic.aiReplies, (r) => r.at, from, to, (r) => r.costRub)));
    expect(sorted(await rollup(caller, 'handoffs'))).toEqual(sorted(perDay(traffic.handoffs, (h) => h, from, to)));
    expect(sorted(await rollup(caller, 'leads'))).toEqual(sorted(perDay(traffic.leads, (l) => l.created, from, to)));
    expect(sorted(await rollup(caller, 'qualified_leads'))).toEqual(sorted(perDay(traffic.leads, (l) => l.qualified, from, to)));
    expect(sorted(await rollup(caller, 'won_leads'))).toEqual(sorted(perDay(traffic.leads, (l) => l.won, from, to)));
    expect(sorted(await rollup(caller, 'won_value'))).toEqual(sorted(perDay(traffic.leads, (l) => l.won, from, to, (l) => l.value)));
    expect(traffic.pageViews.length).toBeGreaterThan(50);
  });

  it('a late event re-opens its day: the next run rebuilds it, and only the changed and last days', async () => {
    const old = addDays(traffic.to, -20);
    const before = (await rollup(caller, 'page_views')).get(old) ?? 0;
    // The generated events arrived long before the last run (not within its look-back hour).
    await sql.query(`update analytics_event_keys set received_at = received_at - interval '3 hours' where tenant_id = $1`, [caller.tenantId]);
    const res = await call(api.base, 'POST', '/events', { key: caller.apiKey, body: { events: [pageView('late-1', { occurred_at: `${old}T12:00:00+03:00` })] } });
    expect(res.body).toEqual({ accepted: 1, duplicates: 0 });
    const result = await snapshot(caller.tenantId);
    expect((await rollup(caller, 'page_views')).get(old)).toBe(before + 1);
    // The late event's day and the last seven days, which every run rebuilds.
    expect(result.days).toBe(8);
  });

  it('--from rebuilds every day from that date to the last full day', async () => {
    const result = await snapshot(caller.tenantId, '--from', addDays(traffic.to, -9));
    expect(result.days).toBe(10);
    expect(sorted(await rollup(caller, 'conversations'))).toEqual(sorted(perDay(traffic.conversations, (c) => c, traffic.from, traffic.to)));
  });

  it('records data_as_of per source: the last full day for the sources the tenant has', async () => {
    const { rows } = await sql.query('select to_char(complete_through, \'YYYY-MM-DD\') as through, sources from analytics_snapshots where tenant_id = $1', [caller.tenantId]);
    expect(rows[0]).toEqual({ through: traffic.to, sources: { web: traffic.to, conversations: traffic.to, leads: traffic.to } });
  });

  it('the nightly Schedule of the cell exists and starts the analytics sweep', async () => {
    const client = await api.services.temporal.client();
    const described = await client.schedule.getHandle(worker.scheduleIds.analytics).describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'tenantSweep', args: [{ kind: 'analytics', pageSize: 200, spreadMs: 1000 }] });
    expect(described.spec.calendars?.[0]).toMatchObject({ hour: [{ start: 0, end: 0, step: 1 }], minute: [{ start: 30, end: 30, step: 1 }] });
  });

  it('the nightly Schedule, triggered, snapshots each active tenant in a child tagged with its TenantId', async () => {
    const fresh = await newCaller(api.services);
    await call(api.base, 'POST', '/events', { key: fresh.apiKey, body: { events: [pageView('n1', { occurred_at: `${addDays(traffic.to, -1)}T12:00:00+03:00` })] } });
    const client = await api.services.temporal.client();
    await client.schedule.getHandle(worker.scheduleIds.analytics).trigger();
    const described = await eventually('the nightly child of the fresh tenant', async () => {
      const d = await client.workflow.getHandle(`analytics-snapshot:${fresh.tenantId}`).describe().catch(() => undefined);
      return d?.status.name === 'COMPLETED' ? d : undefined;
    }, 60_000);
    expect(described.typedSearchAttributes.get(TENANT_ID)).toBe(fresh.tenantId);
    expect((await rollup(fresh, 'page_views')).get(addDays(traffic.to, -1))).toBe(1);
  });

  it('a tenant that does not exist is refused', async () => {
    await expect(snapshot('00000000-0000-4000-8000-000000000000')).rejects.toThrow(/no tenant/);
  });
});

describe('a tenant in Europe/London (the en cell\'s zone) across its daylight-saving changes', () => {
  // London: GMT (UTC+0) until 01:00 UTC on the last Sunday of March (29 March 2026), BST
  // (UTC+1) until 01:00 UTC on the last Sunday of October (25 October 2026). Each instant's
  // local day is written out from that rule.
  const CONVERSATIONS: [string, string][] = [
    ['2026-03-28T23:30:00Z', '2026-03-28'], // 23:30 GMT
    ['2026-03-29T00:59:00Z', '2026-03-29'], // 00:59 GMT, just before the change
    ['2026-03-29T22:59:00Z', '2026-03-29'], // 23:59 BST
    ['2026-03-29T23:00:00Z', '2026-03-30'], // 00:00 BST: still the 29th in UTC
    ['2026-03-30T22:30:00Z', '2026-03-30'], // 23:30 BST
    ['2026-10-24T22:59:00Z', '2026-10-24'], // 23:59 BST
    ['2026-10-24T23:00:00Z', '2026-10-25'], // 00:00 BST
    ['2026-10-25T00:30:00Z', '2026-10-25'], // 01:30 BST
    ['2026-10-25T01:30:00Z', '2026-10-25'], // 01:30 GMT, the hour again
    ['2026-10-25T23:59:00Z', '2026-10-25'], // 23:59 GMT
    ['2026-10-26T00:00:00Z', '2026-10-26'],
  ];
  const EXPECTED: Record<string, number> = {
    '2026-03-27': 0, '2026-03-28': 1, '2026-03-29': 2, '2026-03-30': 2, '2026-03-31': 0,
    '2026-10-23': 0, '2026-10-24': 1, '2026-10-25': 4, '2026-10-26': 1, '2026-10-27': 0,
  };
  let london: Caller;

  beforeAll(async () => {
    london = await newCaller(api.services);
    await sql.query(`update tenants set time_zone = 'Europe/London' where id = $1`, [london.tenantId]);
    for (const [at] of CONVERSATIONS) {
      await sql.query(`insert into conversations (id, tenant_id, channel_id, channel_type, status, mode, created_at, updated_at) values ($1, $2, $3, 'api', 'open', 'ai', $4, $4)`,
        [randomUUID(), london.tenantId, london.channelId, at]);
    }
  });

  it('the snapshot counts each conversation on its London day', async () => {
    await snapshot(london.tenantId, '--from', '2026-03-27');
    const days = await rollup(london, 'conversations');
    for (const [day, n] of Object.entries(EXPECTED)) expect([day, days.get(day) ?? 0]).toEqual([day, n]);
  });

  it.each([['2026-03-27', '2026-03-31'], ['2026-10-23', '2026-10-27']])('GET /analytics/timeseries from %s to %s answers the London days', async (from, to) => {
    const res = await call(api.base, 'GET', `/analytics/timeseries?metric=conversations&from=${from}&to=${to}`, { key: london.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ time_zone: 'Europe/London', from, to });
    expect(res.body.data.points.map((p: { date: string; value: number }) => [p.date, p.value]))
      .toEqual(Object.entries(EXPECTED).filter(([d]) => d >= from && d <= to));
  });
});
