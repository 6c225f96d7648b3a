import { beforeAll, describe, expect, it } from '@jest/globals';
import { ISO_TIME, type OperationsHarness } from '../harness/operations-harness.js';
import { call, expectProblem } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { DAY, seedAction, seedReport, seedSession, seedTopic, useStrategistSuite } from './strategist-fixtures.js';

/** The six strategist reads of spec 02: reports, the topic queue and this integration's actions. */

const suite = useStrategistSuite();
const { clock } = suite;
let h: OperationsHarness;
beforeAll(() => {
  h = suite.h();
});

const get = (who: Caller, path: string) => call(h.api.base, 'GET', path, { key: who.apiKey });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);

async function walk(who: Caller, path: string): Promise<{ pages: number[]; ids: string[] }> {
  const pages: number[] = [];
  const all: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(who, `${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body.data.length);
    all.push(...ids(res));
    cursor = res.body.next_cursor;
  } while (cursor && pages.length < 20);
  return { pages, ids: all };
}

describe('GET /strategist/reports', () => {
  it('answers an empty page for an account without reports', async () => {
    const caller = await h.caller();
    expect((await get(caller, '/strategist/reports')).body).toEqual({ data: [], next_cursor: null });
  });

  it('lists report summaries newest first, pages them, filters by report_type and never returns creative runs', async () => {
    const caller = await h.caller();
    const made: { id: string; type: string }[] = [];
    for (const [i, type] of (['daily', 'weekly', 'daily', 'daily', 'weekly'] as const).entries()) {
      clock.advance(1000);
      made.push({ id: await seedReport(h.api.services, caller, { type, date: `2026-11-${10 + i}` }), type });
    }
    clock.advance(1000);
    await seedReport(h.api.services, caller, { creative: true });
    const newest = made.map((r) => r.id).reverse();
    expect(await walk(caller, '/strategist/reports?limit=2')).toEqual({ pages: [2, 2, 1], ids: newest });
    expect(ids(await get(caller, '/strategist/reports?report_type=weekly'))).toEqual(made.filter((r) => r.type === 'weekly').map((r) => r.id).reverse());
    expect((await walk(caller, '/strategist/reports?report_type=daily&limit=2')).ids).toEqual(made.filter((r) => r.type === 'daily').map((r) => r.id).reverse());
    const first = (await get(caller, '/strategist/reports?limit=1')).body.data[0];
    expect(first).toEqual({
      id: newest[0], report_date: '2026-11-14', report_type: 'weekly', summary_text: 'Conversations rose.', actions_count: 1, data_as_of: {}, delivered_at: null, livemode: true,
    });
  });

  it('orders by report_date, not by when a report was written: a report rerun for an earlier day sorts under that day', async () => {
    const caller = await h.caller();
    const written: Record<string, string> = {};
    for (const [date, type] of [['2026-11-20', 'daily'], ['2026-11-22', 'daily'], ['2026-11-18', 'daily'], ['2026-11-22', 'weekly']] as const) {
      clock.advance(1000);
      written[`${date} ${type}`] = await seedReport(h.api.services, caller, { type, date });
    }
    const expected = [written['2026-11-22 weekly'], written['2026-11-22 daily'], written['2026-11-20 daily'], written['2026-11-18 daily']];
    expect(ids(await get(caller, '/strategist/reports'))).toEqual(expected);
    expect(await walk(caller, '/strategist/reports?limit=1')).toEqual({ pages: [1, 1, 1, 1], ids: expected });
    expect((await get(caller, '/strategist/reports')).body.data.map((r: { report_date: string }) => r.report_date)).toEqual(['2026-11-22', '2026-11-22', '2026-11-20', '2026-11-18']);
  });

  it('refuses an unknown report_type and a cursor of other filters', async () => {
    const caller = await h.caller();
    expectProblem(await get(caller, '/strategist/reports?report_type=monthly'), 'validation_failed', { errors: [expect.objectContaining({ field: '/report_type' })] });
    await seedReport(h.api.services, caller, { date: '2026-11-01' });
    await seedReport(h.api.services, caller, { date: '2026-11-02' });
    const page = await get(caller, '/strategist/reports?limit=1');
    const res = await get(caller, `/strategist/reports?limit=1&report_type=daily&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    expectProblem(res, 'validation_failed', { errors: [expect.objectContaining({ field: '/cursor' })] });
  });
});

describe('GET /strategist/reports/{id}', () => {
  it('answers the full report without the analyst, model, cost or snapshot id', async () => {
    const caller = await h.caller();
    const id = await seedReport(h.api.services, caller, { type: 'weekly', date: '2026-11-22' });
    const res = await get(caller, `/strategist/reports/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['actions', 'concerns', 'data_as_of', 'delivered_at', 'evidence', 'highlights', 'id', 'livemode', 'report_date', 'report_type', 'summary_text']);
    expect(res.body).toMatchObject({ id, report_date: '2026-11-22', report_type: 'weekly', actions: [expect.objectContaining({ basis: 'concern:0' })] });
    expect(res.text).not.toMatch(/builtin|analyst-v1|1\.50|snapshot_id|cost/);
  });

  it("answers 404 not_found for another account's, a creative, a missing and a non-uuid id", async () => {
    const caller = await h.caller();
    const other = await h.caller();
    const foreign = await seedReport(h.api.services, other);
    const creative = await seedReport(h.api.services, caller, { creative: true });
    for (const id of [foreign, creative, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) expectProblem(await get(caller, `/strategist/reports/${id}`), 'not_found');
  });
});

describe('GET /strategist/topics', () => {
  it('orders the queue by trend_score descending, unscored last, across pages', async () => {
    const caller = await h.caller();
    const scores = [12.5, null, 99, 0, null, 55.25, 99];
    const made: { id: string; score: number | null }[] = [];
    for (const score of scores) made.push({ id: await seedTopic(h.api.services, caller, { trendScore: score }), score });
    const { pages, ids: listed } = await walk(caller, '/strategist/topics?limit=3');
    expect(pages).toEqual([3, 3, 1]);
    const rank = (s: number | null) => (s === null ? -1 : s);
    const expected = [...made].sort((a, b) => rank(b.score) - rank(a.score) || b.id.localeCompare(a.id)).map((t) => t.id);
    expect(listed).toEqual(expected);
    const all = (await get(caller, '/strategist/topics?limit=100')).body.data;
    expect(all.map((t: { trend_score: number | null }) => t.trend_score)).toEqual([99, 99, 55.25, 12.5, 0, null, null]);
  });

  it('answers whole topics, the queue shared by every integration of the tenant', async () => {
    const caller = await h.caller();
    const second = await h.anotherIntegration(caller);
    const id = await seedTopic(h.api.services, caller, { trendScore: 40, title: 'Trail shoes', rationale: 'Rising searches', source: 'planner' });
    const proposedAt = clock.now();
    const expected = {
      id, title: 'Trail shoes', rationale: 'Rising searches', trend_score: 40, source: 'planner', status: 'proposed', cluster_id: id, generated_article_id: null,
      proposed_at: proposedAt.toISOString(), decided_at: null, expires_at: new Date(proposedAt.getTime() + 30 * DAY).toISOString(), livemode: true,
    };
    expect((await get(second, '/strategist/topics')).body).toEqual({ data: [expected], next_cursor: null });
    expect((await get(caller, `/strategist/topics/${id}`)).body).toEqual(expected);
  });

  it('a proposed topic reads as expired once expires_at (proposed_at + 30 days) is reached, and status=expired finds it', async () => {
    const caller = await h.caller();
    const old = await seedTopic(h.api.services, caller, { trendScore: 10 });
    clock.advance(DAY);
    const young = await seedTopic(h.api.services, caller, { trendScore: 20 });
    clock.advance(30 * DAY - DAY - 1);
    expect(ids(await get(caller, '/strategist/topics?status=expired'))).toEqual([]);
    expect(ids(await get(caller, '/strategist/topics?status=proposed'))).toEqual([young, old]);
    clock.advance(1);
    expect((await get(caller, `/strategist/topics/${old}`)).body.status).toBe('expired');
    expect(ids(await get(caller, '/strategist/topics?status=expired'))).toEqual([old]);
    expect(ids(await get(caller, '/strategist/topics?status=proposed'))).toEqual([young]);
    expect((await get(caller, '/strategist/topics')).body.data.map((t: { status: string }) => t.status)).toEqual(['proposed', 'expired']);
  });

  it('filters by a stored state', async () => {
    const caller = await h.caller();
    const approved = await seedTopic(h.api.services, caller);
    const proposed = await seedTopic(h.api.services, caller);
    expect((await call(h.api.base, 'POST', `/strategist/topics/${approved}/approve`, { key: caller.apiKey, body: {} })).status).toBe(200);
    expect(ids(await get(caller, '/strategist/topics?status=approved'))).toEqual([approved]);
    expect(ids(await get(caller, '/strategist/topics?status=proposed'))).toEqual([proposed]);
    expect(ids(await get(caller, '/strategist/topics?status=generated'))).toEqual([]);
  });

  it('include_deleted=true is 422 not_supported; false is accepted; an unknown status is 422', async () => {
    const caller = await h.caller();
    expectProblem(await get(caller, '/strategist/topics?include_deleted=true'), 'validation_failed', {
      errors: [{ field: '/include_deleted', code: 'not_supported', message: expect.any(String) }],
    });
    expect((await get(caller, '/strategist/topics?include_deleted=false')).status).toBe(200);
    expectProblem(await get(caller, '/strategist/topics?status=deleted'), 'validation_failed', { errors: [expect.objectContaining({ field: '/status' })] });
  });
});

describe('GET /strategist/topics/{id}', () => {
  it("answers 404 not_found for another account's, a missing and a non-uuid id", async () => {
    const caller = await h.caller();
    const foreign = await seedTopic(h.api.services, await h.caller());
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000', 'x']) expectProblem(await get(caller, `/strategist/topics/${id}`), 'not_found');
  });
});

describe('GET /strategist/actions', () => {
  it("lists only this integration's actions, newest first, by session and by state", async () => {
    const caller = await h.caller();
    const second = await h.anotherIntegration(caller);
    const session = await seedSession(h.api.services, caller);
    const otherSession = await seedSession(h.api.services, caller);
    const a1 = await seedAction(h.api.services, caller, session);
    clock.advance(1000);
    const a2 = await seedAction(h.api.services, caller, otherSession);
    clock.advance(1000);
    const a3 = await seedAction(h.api.services, caller, session);
    await seedAction(h.api.services, second, null);
    expect(await walk(caller, '/strategist/actions?limit=2')).toEqual({ pages: [2, 1], ids: [a3, a2, a1] });
    expect(ids(await get(caller, `/strategist/actions?session_id=${session}`))).toEqual([a3, a1]);
    expect((await call(h.api.base, 'POST', `/strategist/actions/${a2}/cancel`, { key: caller.apiKey })).status).toBe(200);
    expect(ids(await get(caller, '/strategist/actions?status=cancelled'))).toEqual([a2]);
    expect(ids(await get(caller, '/strategist/actions?status=proposed'))).toEqual([a3, a1]);
    expect((await get(second, '/strategist/actions')).body.data).toHaveLength(1);
    expect((await get(caller, `/strategist/actions/${a1}`)).body).toEqual({
      id: a1, session_id: session, type: 'propose_topic', title: 'Write about trail shoes', status: 'proposed', result: null, error: null,
      created_at: ISO_TIME, decided_at: null, expires_at: ISO_TIME, livemode: true,
    });
  });

  it('a proposed action reads as expired 7 days after it was created, and status=expired finds it', async () => {
    const caller = await h.caller();
    const id = await seedAction(h.api.services, caller, null);
    const created = (await get(caller, `/strategist/actions/${id}`)).body;
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(7 * DAY);
    clock.advance(7 * DAY - 1);
    expect(ids(await get(caller, '/strategist/actions?status=expired'))).toEqual([]);
    clock.advance(1);
    expect((await get(caller, `/strategist/actions/${id}`)).body.status).toBe('expired');
    expect(ids(await get(caller, '/strategist/actions?status=expired'))).toEqual([id]);
    expect(ids(await get(caller, '/strategist/actions?status=proposed'))).toEqual([]);
  });

  it('refuses an unknown status and a session_id that is no uuid', async () => {
    const caller = await h.caller();
    expectProblem(await get(caller, '/strategist/actions?status=done'), 'validation_failed', { errors: [expect.objectContaining({ field: '/status' })] });
    expectProblem(await get(caller, '/strategist/actions?session_id=abc'), 'validation_failed', { errors: [expect.objectContaining({ field: '/session_id' })] });
  });
});

describe('GET /strategist/actions/{id}', () => {
  it("answers 404 not_found for another integration's action of the same account, a missing and a non-uuid id", async () => {
    const caller = await h.caller();
    const second = await h.anotherIntegration(caller);
    const theirs = await seedAction(h.api.services, second, null);
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'x']) expectProblem(await get(caller, `/strategist/actions/${id}`), 'not_found');
    expect((await get(second, `/strategist/actions/${theirs}`)).status).toBe(200);
  });
});

describe('scope strategist:read', () => {
  it('every read answers 403 scope_missing without it', async () => {
    const caller = await h.caller({ scopes: ['cards:read', 'strategist:write'] });
    for (const path of ['/strategist/reports', `/strategist/reports/${crypto.randomUUID()}`, '/strategist/topics', `/strategist/topics/${crypto.randomUUID()}`,
      '/strategist/actions', `/strategist/actions/${crypto.randomUUID()}`]) expectProblem(await get(caller, path), 'scope_missing');
  });
});
