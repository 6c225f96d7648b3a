import { beforeAll, describe, expect, it } from '@jest/globals';
import { triggerSchedule } from '../harness/workflow-runs.js';
import type { OperationsHarness } from '../harness/operations-harness.js';
import { insertConversation, insertMessage, useStrategistSuite } from './strategist-fixtures.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import type { Caller } from '../harness/fixtures.js';
import { runCtl } from '../../src/cli/ctl.js';
import { runStrategistReport } from '../../src/temporal/strategist.js';
import { taskQueueFor } from '../../src/temporal/task-queues.js';
import { lastWholeDay, writeReport } from '../../src/domain/strategist/report-run.js';
import { platformRowsReader } from '../../src/domain/strategist/snapshot.js';
import { builtinAnalyst, type Analyst } from '../../src/domain/strategist/analyst.js';
import { newEventId } from '../../src/ids.js';
import { strategistReportWorkflowId } from '../../workflows/strategist-contract.js';
import { activitySchedules } from '../harness/workflow-history.js';

/**
 * Strategist reports (issue 14): the report workflow started by bin/ctl and by the cell's
 * Schedules, the builtin analyst over the platform's own rows, and evidence that is checked
 * against the tenant's rows rather than asserted.
 */

// A database of its own: the Schedule's sweep walks every tenant of its database, here over a window of a second.
const suite = useStrategistSuite({ worker: true, freshDatabase: 'strategist_reports', env: { TENANT_SWEEP_SPREAD: '1s' } });
let h: OperationsHarness;
beforeAll(() => {
  h = suite.h();
});

const DATE = '2026-11-20';
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
const get = (who: Caller, path: string) => call(h.api.base, 'GET', path, { key: who.apiKey });
const cardCopy = (code: string, name: string) => ({ code, name, description: null, image_url: null, page_url: null, badge: null, price_text: null, buttons: [] });

const conversation = (caller: Caller, when: Date) => insertConversation(h.db, caller, when);
const message = (caller: Caller, conversationId: string, sender: string, content: string, when: Date, cards: unknown[] = []) =>
  insertMessage(h.db, caller, conversationId, sender, content, when, cards);

async function handoff(caller: Caller, conversationId: string, when: Date): Promise<void> {
  await h.db.query(`insert into outbox_events (id, tenant_id, type, api_version, data, created_at, relayed_at) values ($1, $2, 'conversation.handoff_requested', '2026-10-01', $3, $4, $4)`,
    [newEventId(), caller.tenantId, JSON.stringify({ conversation_id: conversationId }), when]);
}

/**
 * A shop whose report day (2026-11-20) has half the conversations of the day before, one
 * handoff (none before), two customer questions, and one AI card never offered.
 */
async function shopWithHistory() {
  const caller = await h.caller({ name: 'Sneaker shop' });
  await h.card(caller, { code: 'runner', name: 'Runner sneakers', ai_enabled: true });
  await h.card(caller, { code: 'boots', name: 'Winter boots', ai_enabled: true });
  await h.card(caller, { code: 'hidden', name: 'Not in the AI catalogue', ai_enabled: false });
  for (let i = 0; i < 4; i++) {
    const c = await conversation(caller, at('2026-11-19', 10 + i));
    await message(caller, c, 'customer', 'Hello', at('2026-11-19', 10 + i));
    await message(caller, c, 'ai', 'Hi! Here is the runner', at('2026-11-19', 10 + i), [cardCopy('runner', 'Runner sneakers')]);
  }
  const first = await conversation(caller, at(DATE, 9));
  const shipping = await message(caller, first, 'customer', 'Do you ship to Kazan?', at(DATE, 9));
  await message(caller, first, 'ai', 'We do. Look at these', at(DATE, 9), [cardCopy('runner', 'Runner sneakers'), cardCopy('runner', 'Runner sneakers')]);
  const second = await conversation(caller, at(DATE, 15));
  const sizes = await message(caller, second, 'customer', 'What sizes do the runners come in?', at(DATE, 15));
  await message(caller, second, 'ai', 'Let me call a colleague', at(DATE, 15));
  await handoff(caller, second, at(DATE, 15));
  // The next day is outside the report.
  const later = await conversation(caller, at('2026-11-21', 1));
  await message(caller, later, 'customer', 'Is it too late?', at('2026-11-21', 1));
  return { caller, shipping, sizes, handedOff: second };
}

describe('bin/ctl strategist run', () => {
  let shop: Awaited<ReturnType<typeof shopWithHistory>>;
  let run: Record<string, any>;
  let report: any;

  beforeAll(async () => {
    shop = await shopWithHistory();
    run = await runCtl(['strategist', 'run', '--tenant', shop.caller.tenantId, '--type', 'daily', '--date', DATE, '--json'], h.api.services) as Record<string, any>;
    report = (await get(shop.caller, `/strategist/reports/${run.report_id}`)).body;
  }, 120_000);

  it('runs the report workflow for the tenant and answers the report id', () => {
    expect(run).toEqual({ report_id: expect.any(String), created: true, tenant_id: shop.caller.tenantId, report_type: 'daily', report_date: DATE });
  });

  it('runs the planner with a heartbeat time-out: a lost worker is noticed within seconds, not after its 15 minutes', async () => {
    const planner = await activitySchedules(h.client, strategistReportWorkflowId(shop.caller.tenantId, 'daily', DATE), 'planStrategistTopics');
    expect(planner).toEqual([{ heartbeatTimeoutMs: 30_000 }]);
  });

  it('compares the day with the day before in figures of the platform\'s own rows', () => {
    expect(report.report_date).toBe(DATE);
    expect(report.data_as_of).toEqual({});
    expect(report.highlights).toEqual([]);
    expect(report.concerns).toEqual([
      { title: 'Fewer conversations', detail: 'Conversations: 2, -50% on 4.', figures: [{ metric: 'conversations', current: 2, previous: 4, change_pct: -50 }], refs: ['metric:conversations'] },
      {
        title: 'More conversations handed to a human', detail: 'Handoffs: 1 (none the period before).', figures: [{ metric: 'handoffs', current: 1, previous: 0, change_pct: null }],
        refs: ['metric:handoffs', `conversation:${shop.handedOff}`],
      },
      {
        title: 'Customers ask questions no article answers', detail: '2 customer question(s) in the period; none is answered by an article.',
        figures: [{ metric: 'customer_messages', current: 2, previous: 4, change_pct: -50 }], refs: [`message:${shop.sizes}`, `message:${shop.shipping}`],
      },
      {
        title: 'Cards in the AI catalogue never offered', detail: '1 of 2 active AI cards were not offered in 2 AI replies (2 cards offered in all).',
        figures: [{ metric: 'cards_offered', current: 2, previous: 4, change_pct: -50 }, { metric: 'ai_replies', current: 2, previous: 4, change_pct: -50 }], refs: ['card:boots'],
      },
    ]);
    expect(report.summary_text).toBe('Daily report up to 2026-11-20: conversations 2, -50% on 4; AI replies 2, -50% on 4; handoffs 1 (none the period before); '
      + 'cards offered 2, -50% on 4. 0 highlight(s), 4 concern(s), 5 action(s).');
  });

  it('grounds every action in refs that resolve to rows of the tenant and excerpts that occur in their messages', async () => {
    expect(report.actions.map((a: any) => [a.title, a.priority, a.target_ref, a.basis, a.check_after_days])).toEqual([
      ['Check where the chat is shown', 'high', 'metric:conversations', 'concern:0', 7],
      ['Review the handed-off conversations and teach the AI seller their answers', 'high', `conversation:${shop.handedOff}`, 'concern:1', 7],
      ['Answer in an article: "What sizes do the runners come in?"', 'medium', `message:${shop.sizes}`, 'concern:2', 7],
      ['Answer in an article: "Do you ship to Kazan?"', 'medium', `message:${shop.shipping}`, 'concern:2', 7],
      ['Check the card boots: the AI seller never offered it', 'low', 'card:boots', 'concern:3', 7],
    ]);
    expect(report.evidence.validation).toEqual({
      refs_valid: true, excerpts_valid: true, relevance_checked: true,
      limitations: expect.arrayContaining(['no ads data', expect.stringMatching(/^no analytics rollups yet/)]),
    });
    expect(report.evidence.actions.map((a: any) => a.index)).toEqual([0, 1, 2, 3, 4]);
    for (const item of report.evidence.actions.flatMap((a: any) => a.items)) {
      if (item.kind === 'metric') continue;
      const table = { message: 'messages', conversation: 'conversations', card: 'cards' }[item.kind as string]!;
      const rows = (await h.db.query(`select * from ${table} where tenant_id = $1 and ${item.kind === 'card' ? 'code' : 'id'} = $2`, [shop.caller.tenantId, item.ref])).rows;
      expect(rows).toHaveLength(1);
      if (item.excerpt) expect(rows[0].content).toContain(item.excerpt);
    }
  });

  it('raises strategist.report.ready and sets delivered_at; a second run of the period writes nothing new', async () => {
    const events = await h.db.query(`select data from outbox_events where tenant_id = $1 and type = 'strategist.report.ready'`, [shop.caller.tenantId]);
    expect(events.rows.map((r) => r.data)).toEqual([{ report_id: run.report_id, report_type: 'daily' }]);
    expect(typeof report.delivered_at).toBe('string');
    const again = await runCtl(['strategist', 'run', '--tenant', shop.caller.tenantId, '--type', 'daily', '--date', DATE, '--json'], h.api.services) as Record<string, any>;
    expect(again).toMatchObject({ report_id: run.report_id, created: false });
    expect((await get(shop.caller, '/strategist/reports')).body.data.map((r: any) => r.id)).toEqual([run.report_id]);
  });

  it('a weekly report covers the seven days up to the date', async () => {
    const weekly = await runStrategistReport(h.client, h.taskQueue, shop.caller.tenantId, 'weekly', DATE);
    const body = (await get(shop.caller, `/strategist/reports/${weekly.id}`)).body;
    expect(body.report_type).toBe('weekly');
    expect(body.summary_text).toMatch(/^Weekly report up to 2026-11-20: conversations 6 \(none the period before\);/);
    expect(body.actions.map((a: any) => a.check_after_days)).toEqual(body.actions.map(() => 14));
  });

  it('the questions of a report enter the topic queue (source strategist); the same questions again come in as duplicate', async () => {
    const topics = (await get(shop.caller, '/strategist/topics?limit=100')).body.data;
    const seen = topics.map((t: any) => [t.title, t.source, t.status, t.trend_score]).sort();
    // The planner follows each new report: questions of the last 28 days (the report's and a later one), once per planner.
    expect(seen).toEqual([
      ['Delivery to Kazan', 'planner', 'duplicate', null],
      ['Delivery to Kazan', 'strategist', 'duplicate', null],
      ['Delivery to Kazan', 'strategist', 'proposed', null],
      ['Is it too late', 'planner', 'proposed', null],
      ['What sizes the runners come in', 'planner', 'duplicate', null],
      ['What sizes the runners come in', 'strategist', 'duplicate', null],
      ['What sizes the runners come in', 'strategist', 'proposed', null],
    ]);
    const proposed = topics.find((t: any) => t.status === 'proposed');
    expect((await call(h.api.base, 'POST', `/strategist/topics/${proposed.id}/reject`, { key: shop.caller.apiKey })).status).toBe(200);
  });
});

describe('evidence is checked, not asserted', () => {
  it('drops actions whose refs do not resolve, whose excerpt is not in its message, or whose target is not of its concern, and lists them', async () => {
    const { caller, shipping } = await shopWithHistory();
    const other = await h.caller();
    const foreignMessage = await message(other, await conversation(other, at(DATE, 9)), 'customer', 'Secret?', at(DATE, 9));
    const base = { priority: 'medium' as const, rationale: 'r', expected_effect: 'e', check_after_days: 7, basis: 'concern:0' };
    const wrong: Analyst = {
      name: 'test-wrong', model: 'test/wrong',
      draft: () => Promise.resolve({
        summaryText: 'A wrong analyst.', highlights: [],
        concerns: [{ title: 'Shipping', detail: 'd', figures: [], refs: [`message:${shipping}`, 'page:/no-such-page'] }],
        actions: [
          { ...base, title: 'Good', target_ref: `message:${shipping}` },
          { ...base, title: 'Made-up quote', target_ref: `message:${shipping}` },
          { ...base, title: 'Foreign message', target_ref: `message:${foreignMessage}` },
          { ...base, title: 'Page that does not exist', target_ref: 'page:/no-such-page' },
          { ...base, title: 'Off topic', target_ref: 'metric:conversations' },
        ],
        evidence: [
          [{ kind: 'message', ref: shipping, excerpt: 'ship to Kazan' }],
          [{ kind: 'message', ref: shipping, excerpt: 'free delivery everywhere' }],
          [{ kind: 'message', ref: foreignMessage }],
          [{ kind: 'page' as never, ref: '/no-such-page' }],
          [{ kind: 'metric', ref: 'conversations' }],
        ],
      }),
    };
    const { id } = await writeReport(h.api.services.orm.em.fork(), caller.tenantId, 'daily', DATE, new Date(), { reader: platformRowsReader, analyst: wrong });
    const body = (await get(caller, `/strategist/reports/${id}`)).body;
    expect(body.actions.map((a: any) => a.title)).toEqual(['Good']);
    expect(body.evidence.actions).toEqual([{ index: 0, status: 'valid', basis: 'concern:0', items: [{ kind: 'message', ref: shipping, excerpt: 'ship to Kazan' }] }]);
    expect(body.evidence.validation.refs_valid).toBe(false);
    expect(body.evidence.validation.limitations).toEqual(expect.arrayContaining([
      `action "Made-up quote" dropped: the excerpt is not in message ${shipping}`,
      `action "Foreign message" dropped: message ${foreignMessage} does not exist in this account`,
      'action "Page that does not exist" dropped: page /no-such-page does not exist in this account',
      'action "Off topic" dropped: its target metric:conversations does not belong to concern:0',
      'ref page:/no-such-page of a finding does not exist in this account',
    ]));
    expect(JSON.stringify(body)).not.toMatch(/test-wrong|test\/wrong/);
  });
});

describe('a report whose planner did not finish', () => {
  it('is planned by the next run of its period, once', async () => {
    const { caller } = await shopWithHistory();
    // What a run whose planner failed leaves behind: the report written, its planner never done.
    const { id } = await writeReport(h.api.services.orm.em.fork(), caller.tenantId, 'daily', DATE, h.api.services.clock.now(), { reader: platformRowsReader, analyst: builtinAnalyst });
    const planned = async () => (await get(caller, '/strategist/topics?limit=100')).body.data.filter((t: any) => t.source === 'planner').map((t: any) => t.title).sort();
    expect(await planned()).toEqual([]);
    const rerun = () => runCtl(['strategist', 'run', '--tenant', caller.tenantId, '--type', 'daily', '--date', DATE, '--json'], h.api.services) as Promise<Record<string, any>>;
    expect(await rerun()).toMatchObject({ report_id: id, created: false });
    expect(await planned()).toEqual(['Delivery to Kazan', 'Is it too late', 'What sizes the runners come in']);
    // Planned now: a further run of the period leaves the planner alone.
    expect(await rerun()).toMatchObject({ report_id: id, created: false });
    expect(await activitySchedules(h.client, strategistReportWorkflowId(caller.tenantId, 'daily', DATE), 'planStrategistTopics')).toEqual([]);
  }, 120_000);
});

describe('the Schedules', () => {
  const scheduleId = (type: 'daily' | 'weekly') => h.worker!.scheduleIds[type === 'daily' ? 'strategistDaily' : 'strategistWeekly'];

  it('a daily and a weekly Schedule start the strategist sweep of their type', async () => {
    for (const [type, cron] of [['daily', '0 3 * * *'], ['weekly', '0 4 * * 1']] as const) {
      const d = await h.client.schedule.getHandle(scheduleId(type)).describe();
      expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: 'tenantSweep', args: [{ kind: `strategist-${type}`, pageSize: 200, spreadMs: 1000 }] });
      expect(JSON.stringify(d.spec)).toContain(cron.split(' ')[1]!);
    }
  });

  it("the sweep writes each tenant's report up to yesterday, in a run tagged with the tenant; no Schedule of its own", async () => {
    const caller = await h.caller();
    // A tenant with something to report on: the sweep starts no report for an idle one (tenant-sweep.test.ts).
    const hourAgo = new Date(Date.now() - 3_600_000);
    await message(caller, await conversation(caller, hourAgo), 'customer', 'Do you deliver on Sundays?', hourAgo);
    await h.client.schedule.getHandle(scheduleId('daily')).trigger();
    const reportDate = lastWholeDay(new Date());
    const listed = await eventually('the daily report of the tenant', async () => {
      const page = (await get(caller, '/strategist/reports?report_type=daily')).body;
      return page.data.length ? page.data : undefined;
    }, 90_000);
    expect(listed.map((r: any) => r.report_date)).toEqual([reportDate]);
    const runs = await eventually("the tenant's report run in visibility", async () => {
      const found = [];
      for await (const w of h.client.workflow.list({ query: `TenantId = "${caller.tenantId}" AND WorkflowType = "strategistReport"` })) found.push(w);
      return found.length ? found : undefined;
    });
    expect(runs[0]!.workflowId).toBe(`strategist-report:daily:${caller.tenantId}:${reportDate}`);
    const schedules = [];
    for await (const s of h.client.schedule.list({ query: `TenantId = "${caller.tenantId}"` })) schedules.push(s.scheduleId);
    expect(schedules).toEqual([]);
    // A second night writes no second report of the day.
    await triggerSchedule(h.client.schedule.getHandle(scheduleId('daily')));
    await eventually('the second sweep ended', async () => {
      const sweeps = [];
      // This file's sweeps only (its own queue): other files' sweeps end in the same namespace.
      for await (const w of h.client.workflow.list({ query: `WorkflowType = "tenantSweep" AND ExecutionStatus = "Completed" AND TaskQueue = "${taskQueueFor(h.taskQueue, 'tenantSweep')}"` })) sweeps.push(w);
      return sweeps.length >= 2 ? sweeps : undefined;
    }, 60_000);
    expect((await get(caller, '/strategist/reports?report_type=daily')).body.data).toHaveLength(1);
  }, 180_000);
});
