import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { seedLead } from './leads-fixtures.js';
import { seedTopic } from './strategist-fixtures.js';
import { queueTopic } from '../../src/domain/strategist/topics.js';

/**
 * The overview blocks read from rows as they are (issue 27, item 1): the strategist's latest
 * report, hot leads without an open task, and the bound sites' modules. Rows are written
 * straight into the database; the answer must follow them.
 */

let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s));

const overview = async (who: Caller, blocks: string) => {
  const res = await call(api.base, 'GET', `/dashboards/overview?blocks=${blocks}`, { key: who.apiKey });
  expect(res.status).toBe(200);
  return res.body.data.blocks;
};

async function insertReport(who: Caller, o: { reportDate: string; summary: string; actions: { title: string; priority: string }[]; createdAt: Date }): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `insert into strategist_reports (id, tenant_id, report_date, report_type, summary_text, highlights, concerns, actions, evidence, data_as_of, analyst, created_at)
     values ($1, $2, $3, 'daily', $4, '[]', '[]', $5, '{}', $6, 'rules', $7)`,
    [id, who.tenantId, o.reportDate, o.summary, JSON.stringify(o.actions), JSON.stringify({ snapshot: o.reportDate }), o.createdAt],
  );
  return id;
}

describe('the strategist block', () => {
  it('is no_data without a report, and counts the topics waiting for a decision', async () => {
    const caller = await newCaller(api.services);
    await seedTopic(api.services, caller, { title: 'Waiting one' });
    expect((await overview(caller, 'strategist')).strategist).toMatchObject({ availability: 'no_data', reason: expect.any(String), topics_proposed: 1 });
  });

  it('shows the latest report by report date (not by creation), its first three actions and how many it has', async () => {
    const caller = await newCaller(api.services);
    const actions = ['Answer shipping questions', 'Write about trail shoes', 'Fix the checkout page', 'Call back hot leads'].map((title) => ({ title, priority: 'high' }));
    const latest = await insertReport(caller, { reportDate: '2026-11-20', summary: 'Searches for trail shoes doubled.', actions, createdAt: new Date('2026-11-20T03:00:00Z') });
    // Written later, about an earlier day (a re-run of a missed night).
    await insertReport(caller, { reportDate: '2026-11-18', summary: 'Older day.', actions: [], createdAt: new Date('2026-11-21T03:00:00Z') });
    const block = (await overview(caller, 'strategist')).strategist;
    expect(block).toEqual({
      availability: 'ok', data_as_of: { snapshot: '2026-11-20' }, topics_proposed: 0,
      report: {
        id: latest, livemode: true, report_date: '2026-11-20', report_type: 'daily', summary_text: 'Searches for trail shoes doubled.', created_at: '2026-11-20T03:00:00.000Z',
        top_actions: actions.slice(0, 3), actions_total: 4,
      },
    });
  });
});

describe('attention: hot leads without a task', () => {
  it('counts hot open leads with no open task, whatever their next_action says', async () => {
    const caller = await newCaller(api.services);
    const [, tasked, alsoTasked, done, withNextAction] = await Promise.all([1, 2, 3, 4, 5].map(() => seedLead(sql, caller)));
    await sql.query(`update leads set level = 'hot' where tenant_id = $1`, [caller.tenantId]);
    await sql.query(`update leads set next_action = 'Call her' where id = $1`, [withNextAction!.id]);
    const task = (leadId: string, status: string) => sql.query(
      `insert into lead_tasks (id, tenant_id, lead_id, title, status, source, created_at, updated_at, completed_at) values ($1, $2, $3, 'Call', $4, 'api', now(), now(), $5)`,
      [randomUUID(), caller.tenantId, leadId, status, status === 'completed' ? new Date() : null],
    );
    await task(tasked!.id, 'open');
    await task(alsoTasked!.id, 'open');
    await task(done!.id, 'completed');
    // The first (no task), done (its only task is completed) and withNextAction (a next_action is
    // not a task); not the two with an open task and no next_action.
    expect((await overview(caller, 'attention')).attention).toMatchObject({ hot_leads_without_task: 3 });
  });
});

describe('status: the site module', () => {
  it('is not_connected without a site, working with a recent heartbeat, silent without one, with each site\'s latest job', async () => {
    const caller = await newCaller(api.services);
    expect((await overview(caller, 'status')).status).toMatchObject({ site_module: 'not_connected', sites: [] });

    const site = randomUUID();
    await sql.query(`insert into sites (id, tenant_id, url, token_hash, last_heartbeat_at, created_at) values ($1, $2, 'https://shop.example.com', $3, null, now())`,
      [site, caller.tenantId, `hash-${site}`]);
    expect((await overview(caller, 'status')).status).toMatchObject({
      site_module: 'silent', sites: [{ id: site, url: 'https://shop.example.com', state: 'silent', last_heartbeat_at: null, last_job: null }],
    });

    const beat = new Date(Date.now() - 60_000);
    const article = randomUUID();
    await sql.query(`insert into articles (id, tenant_id, title, status, created_at, updated_at) values ($1, $2, 'Trail shoes', 'approved', now(), now())`, [article, caller.tenantId]);
    const jobAt = new Date('2026-11-24T10:00:00.000Z');
    await sql.query(
      `insert into publications (id, tenant_id, article_id, version, content_hash, target, site_id, publish_mode, state, created_at, updated_at)
       values ($1, $2, $3, 1, 'h', 'connector', $4, 'publish', 'applied', $5, $5)`,
      [randomUUID(), caller.tenantId, article, site, jobAt],
    );
    await sql.query('update sites set last_heartbeat_at = $1 where id = $2', [beat, site]);
    expect((await overview(caller, 'status')).status).toMatchObject({
      site_module: 'working', sites: [{ id: site, state: 'working', last_heartbeat_at: beat.toISOString(), last_job: { state: 'applied', at: jobAt.toISOString() } }],
    });

    await sql.query('update sites set last_heartbeat_at = $1 where id = $2', [new Date(Date.now() - 3 * 3_600_000), site]);
    expect((await overview(caller, 'status')).status).toMatchObject({ site_module: 'silent', sites: [{ state: 'silent' }] });
  });
});

describe('clusters: topics grouped by subject', () => {
  it('a topic joins the cluster of the oldest related topic (half the words, or all of one\'s words in the other), else starts its own', async () => {
    const caller = await newCaller(api.services);
    const queue = (title: string, at: string) => api.services.orm.em.fork().transactional((em) =>
      queueTopic(em, { tenantId: caller.tenantId, title, rationale: null, trendScore: null, source: 'planner' }, new Date(at)));
    expect((await overview(caller, 'clusters')).clusters).toMatchObject({ availability: 'no_data', reason: expect.any(String) });

    const shoes = await queue('trail running shoes', '2026-11-01T00:00:00Z');
    const boots = await queue('waterproof boots', '2026-11-02T00:00:00Z');
    const winterShoes = await queue('best trail running shoes for winter', '2026-11-03T00:00:00Z');
    const hikingBoots = await queue('waterproof boots for hiking', '2026-11-04T00:00:00Z');
    const gifts = await queue('gift cards', '2026-11-05T00:00:00Z');
    const rejected = await queue('gift cards for the holidays', '2026-11-06T00:00:00Z');
    await sql.query(`update strategist_topics set status = 'rejected' where id = $1`, [rejected.id]);

    expect([shoes, boots, winterShoes, hikingBoots, gifts, rejected].map((t) => t.clusterId)).toEqual([shoes.id, boots.id, shoes.id, boots.id, gifts.id, gifts.id]);
    const listed = (await call(api.base, 'GET', '/strategist/topics?limit=100', { key: caller.apiKey })).body.data;
    expect(listed.find((t: { id: string }) => t.id === winterShoes.id).cluster_id).toBe(shoes.id);

    expect((await overview(caller, 'clusters')).clusters).toEqual({
      availability: 'ok', data_as_of: {}, clusters_total: 3,
      clusters: [
        { id: shoes.id, livemode: true, title: 'trail running shoes', topics: 2, proposed: 2, approved: 0, generated: 0 },
        { id: boots.id, livemode: true, title: 'waterproof boots', topics: 2, proposed: 2, approved: 0, generated: 0 },
        { id: gifts.id, livemode: true, title: 'gift cards', topics: 1, proposed: 1, approved: 0, generated: 0 },
      ],
    });
  });
});
