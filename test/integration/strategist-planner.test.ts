import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { Receiver } from '../harness/receiver.js';
import { call } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { runCtl } from '../../src/cli/ctl.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import { clearOfMidnight } from '../harness/day-boundary.js';
import { UsageError } from '../../src/cli/args.js';
import { generateTraffic, perDay, ZONE, type Traffic } from './analytics-traffic.js';
import { insertConversation, insertMessage, seedTopic } from './strategist-fixtures.js';

/**
 * Reports on the analytics snapshot, the planner (site searches, customer questions and rising
 * keywords without an article), competitor sites (a real HTTPS server plays the competitor)
 * and near-duplicate topics (issue 14).
 */

let h: OperationsHarness;
let site: Receiver;
beforeAll(async () => {
  site = await Receiver.start('strategist-planner');
  h = await OperationsHarness.start({ worker: true, env: { WEBHOOK_RESOLVE: site.resolveEntry } });
}, 120_000);
afterAll(async () => {
  await h?.stop();
  await site?.close();
}, 60_000);

const ctl = (...args: string[]) => runCtl([...args, '--json'], h.api.services) as Promise<Record<string, any>>;
const topics = async (who: Caller): Promise<any[]> => (await call(h.api.base, 'GET', '/strategist/topics?limit=100', { key: who.apiKey })).body.data;

describe('a report on the analytics snapshot', () => {
  let caller: Caller;
  let traffic: Traffic;
  let report: any;

  beforeAll(async () => {
    caller = await h.caller();
    traffic = await generateTraffic(h.api.base, h.db, caller, 14, 11);
    expect(await ctl('analytics', 'snapshot', '--tenant', caller.tenantId)).toMatchObject({ complete_through: traffic.to });
    const run = await ctl('strategist', 'run', '--tenant', caller.tenantId, '--type', 'daily', '--date', traffic.to);
    report = (await call(h.api.base, 'GET', `/strategist/reports/${run.report_id}`, { key: caller.apiKey })).body;
  }, 480_000); // generateTraffic may first wait up to 5 minutes for Moscow's midnight to pass

  it('maps each metric to its latest data date and snapshot to the snapshot date', () => {
    const to = traffic.to;
    expect(report.data_as_of).toEqual({ conversations: to, customer_messages: to, ai_replies: to, handoffs: to, cards_offered: to, snapshot: to });
  });

  it('gives the figures of the snapshot: the day against the day before, in the tenant\'s zone', () => {
    const { to } = traffic;
    const before = addDays(to, -1);
    const count = (rows: Date[], day: string) => perDay(rows, (r) => r, day, day).get(day) ?? 0;
    const expected: Record<string, [number, number]> = {
      conversations: [count(traffic.conversations, to), count(traffic.conversations, before)],
      customer_messages: [count(traffic.customerMessages, to), count(traffic.customerMessages, before)],
      ai_replies: [count(traffic.aiReplies.map((r) => r.at), to), count(traffic.aiReplies.map((r) => r.at), before)],
      handoffs: [count(traffic.handoffs, to), count(traffic.handoffs, before)],
      cards_offered: [0, 0],
    };
    for (const f of [...report.highlights, ...report.concerns].flatMap((x: any) => x.figures)) expect([f.current, f.previous]).toEqual(expected[f.metric]);
    expect(report.summary_text).toContain(`conversations ${expected.conversations![0]}`);
    expect(report.summary_text).toContain(`AI replies ${expected.ai_replies![0]}`);
    expect(report.summary_text).toContain(`handoffs ${expected.handoffs![0]}`);
  });

  it('every ref resolves: nothing dropped, refs valid', () => {
    expect(report.evidence.validation).toMatchObject({ refs_valid: true, excerpts_valid: true, relevance_checked: true });
    expect(report.evidence.validation.limitations.join('\n')).not.toMatch(/dropped|does not exist/);
    expect(report.evidence.validation.limitations).toContain('no ads data');
  });
});

describe('the planner', () => {
  let caller: Caller;
  let to: string;
  let queue: any[];

  beforeAll(async () => {
    caller = await h.caller();
    // `to` is yesterday here and again in the snapshot workflow: one calendar day for both.
    await clearOfMidnight(ZONE);
    to = addDays(dayIn(new Date(), ZONE), -1);
    await ctl('article', 'create', '--tenant', caller.tenantId, '--title', 'Gloves for cold mornings', '--keyword', 'winter gloves');
    await seedTopic(h.api.services, caller, { title: 'Waterproof boot', source: 'chat' });
    const searches = [['trail running shoes', 5], ['waterproof boots', 3], ['Winter gloves', 2]] as const;
    const events: Record<string, unknown>[] = searches.flatMap(([query, n]) => Array.from({ length: n }, (_, i) => ({
      id: `ss-${query}-${i}`, type: 'site_search', occurred_at: `${addDays(to, -i)}T12:00:00+03:00`, visitor_id: `v${i}`, properties: { query, results: 0 },
    })));
    // A keyword rising in search engines (new in the last 7 days), not searched on the site.
    events.push({ id: 'seo-gaiters', type: 'search_performance', properties: { keyword: 'Trail Gaiters', page: 'https://shop.example.com/g', impressions: 300, clicks: 3, position: 5, date: to } });
    expect((await call(h.api.base, 'POST', '/events', { key: caller.apiKey, body: { events } })).status).toBe(200);
    // Asked today in the tenant's zone, after `to`: the question is the planner's to find, never a
    // pulse keyword of the snapshot (an hour ago was yesterday when this ran just after midnight).
    const hourAgo = new Date(Date.now() - 3_600_000);
    const asked = dayIn(hourAgo, ZONE) === dayIn(new Date(), ZONE) ? hourAgo : new Date(Date.now() - 2_000);
    const chat = await insertConversation(h.db, caller, asked);
    // Customer text is personal data: the topic is titled from the question, never the customer.
    await insertMessage(h.db, caller, chat, 'customer', "Hi, I'm Will Turner, do you ship to Kazan? Write to will.turner@example.com", asked);
    await insertMessage(h.db, caller, chat, 'customer', 'Thanks', new Date(asked.getTime() + 1_000));
    await ctl('analytics', 'snapshot', '--tenant', caller.tenantId);
    await ctl('strategist', 'run', '--tenant', caller.tenantId, '--type', 'daily', '--date', to);
    queue = await topics(caller);
  }, 480_000); // clearOfMidnight may first wait up to 5 minutes

  it('proposes searched subjects no article covers, scored from pulse growth and volume, and customer questions unscored', () => {
    const planned = queue.filter((t) => t.source === 'planner').map((t) => [t.title, t.status, t.trend_score]);
    expect(planned).toEqual([
      // New in 7 days with 300 impressions: (log10(301)/3 + 1) / 2.
      ['trail gaiters', 'proposed', 91.31],
      // New in 7 days (no growth figure: full growth half) with 5 searches: (log10(6)/3 + 1) / 2.
      ['trail running shoes', 'proposed', 62.97],
      ['waterproof boots', 'duplicate', 60.03],
      ['Delivery to Kazan', 'proposed', null],
    ]);
    expect(queue.map((t) => t.title).join('\n')).not.toMatch(/Will|Turner|@|\[|\?/);
    expect(queue.find((t) => t.title === 'trail running shoes').rationale).toBe('Visitors searched the site for this 5 time(s) in 28 days and no article covers it.');
    expect(queue.find((t) => t.title === 'trail gaiters').rationale).toBe('A rising search keyword: 300 in the last 7d, none in the 7d before.');
  });

  it('an article covering a search keeps it out; a near-duplicate of a topic comes in as duplicate', () => {
    expect(queue.map((t) => t.title.toLowerCase())).not.toContain('winter gloves');
    expect(queue.find((t) => t.title === 'Waterproof boot')).toMatchObject({ source: 'chat', status: 'proposed' });
  });

  it('links each pulse alert to the topic proposed for its keyword (or a near-duplicate), else none', async () => {
    const { body } = await call(h.api.base, 'GET', `/dashboards/pulse?from=${addDays(to, -6)}&to=${to}`, { key: caller.apiKey });
    const alert = (keyword: string) => body.data.alerts.find((a: any) => a.horizon === '7d' && a.keyword === keyword);
    const topic = (title: string) => queue.find((t) => t.title === title);
    expect(alert('trail gaiters')).toMatchObject({
      topic_id: topic('trail gaiters').id, topic_name: 'trail gaiters',
      strategist_topic: { id: topic('trail gaiters').id, title: 'trail gaiters', status: 'proposed', source: 'planner' },
    });
    // The planner's own topic for it is a duplicate: the alert leads to the topic it duplicates.
    expect(alert('waterproof boots')).toMatchObject({ topic_id: topic('Waterproof boot').id, topic_name: 'Waterproof boot', strategist_topic: { status: 'proposed', source: 'chat' } });
    // Covered by an article: no topic.
    expect(alert('winter gloves')).toMatchObject({ topic_id: null, topic_name: 'winter gloves', strategist_topic: null });
  });

  it('a later run does not propose again what the planner proposed already', async () => {
    await ctl('strategist', 'run', '--tenant', caller.tenantId, '--type', 'weekly', '--date', to);
    expect((await topics(caller)).filter((t) => t.source === 'planner')).toHaveLength(4);
  }, 120_000);
});

describe('bin/ctl competitors', () => {
  const page = (body: string) => () => ({ status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body });

  it('adds, lists and removes a competitor site; only https sites by name', async () => {
    const caller = await h.caller();
    const url = site.url('/shop');
    expect(await ctl('competitors', 'add', '--tenant', caller.tenantId, '--url', url, '--name', 'Speedy Feet')).toMatchObject({ domain: site.host, name: 'Speedy Feet' });
    expect((await ctl('competitors', 'list', '--tenant', caller.tenantId)).competitors).toEqual([{ id: expect.any(String), url, domain: site.host, name: 'Speedy Feet' }]);
    await expect(ctl('competitors', 'add', '--tenant', caller.tenantId, '--url', 'http://example.com/')).rejects.toThrow(UsageError);
    await ctl('competitors', 'remove', '--tenant', caller.tenantId, '--url', site.host);
    expect((await ctl('competitors', 'list', '--tenant', caller.tenantId)).competitors).toEqual([]);
  });

  it('proposes the headings of its pages as topics with its domain and name cut out; they are never returned', async () => {
    const caller = await h.caller();
    site.route('/rival', page(`<html><head><title>Trail shoes guide | Speedy Feet</title><script>var t = "<h1>Not a heading</h1>";</script></head>
      <body><h1>Speedy Feet: the best trail shoes of 2026</h1><a href="/rival/socks">Socks</a><a href="https://other.example/x">elsewhere</a>
      <h2>Why ${site.host} sells <em>merino</em> socks</h2><h3>Shop</h3></body></html>`));
    site.route('/rival/socks', page('<html><head><title>How to choose running socks &amp; liners — Speedy Feet</title></head><body><h2>Trail shoes guide</h2></body></html>'));
    await ctl('competitors', 'add', '--tenant', caller.tenantId, '--url', site.url('/rival'), '--name', 'Speedy Feet');
    expect(await ctl('competitors', 'scan', '--tenant', caller.tenantId)).toMatchObject({ sites: 1, proposed: 4 });
    const queue = await topics(caller);
    expect(queue.map((t) => [t.title, t.source, t.status]).sort()).toEqual([
      ['How to choose running socks & liners', 'competitors', 'proposed'],
      ['Trail shoes guide', 'competitors', 'proposed'],
      ['Why sells merino socks', 'competitors', 'proposed'],
      ['the best trail shoes of 2026', 'competitors', 'proposed'],
    ]);
    const answered = JSON.stringify(queue) + JSON.stringify((await call(h.api.base, 'GET', `/strategist/topics/${queue[0].id}`, { key: caller.apiKey })).body);
    expect(answered).not.toMatch(/speedy|webhooks\.test/i);
    expect(site.received('/rival/socks')).toHaveLength(1);
  });
});
