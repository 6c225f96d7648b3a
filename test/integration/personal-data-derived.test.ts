import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { InProcessWorker } from '../harness/in-process-worker.js';
import { ownShare } from '../harness/isolation.js';
import { runCtl } from '../../src/cli/ctl.js';
import { scrubDerivedText } from '../../src/domain/privacy/scrub-derived.js';
import { seedAction, seedReport, seedTopic } from './strategist-fixtures.js';

/**
 * Customer text on its way into derived rows (decisions: "Personal data behind its scopes"):
 * the snapshot redacts what customers asked and visitors searched before it rolls them up, so
 * pulse keywords carry the question and not the person; rows derived before the rule existed
 * are scrubbed once (the migration's step).
 */

let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s), ownShare('personal-data-derived').env);
let worker: InProcessWorker;
beforeAll(async () => {
  worker = new InProcessWorker(api.services);
  await worker.start();
});
afterAll(async () => worker?.stop());

const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const PERSONAL = /anna|анн|smirnov|смирнов|example\.com|7700|900456|4111/i;

async function withContact(who: Caller, name: string): Promise<void> {
  await sql.query('insert into contacts (id, tenant_id, name, created_at, updated_at) values ($1, $2, $3, now(), now())', [randomUUID(), who.tenantId, name]);
}

async function customerSaid(who: Caller, texts: string[], daysAgo: number): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const conversation = randomUUID();
  await sql.query(`insert into conversations (id, tenant_id, channel_id, channel_type, status, mode, created_at, updated_at) values ($1, $2, $3, 'api', 'open', 'ai', $4, $4)`,
    [conversation, who.tenantId, who.channelId, at]);
  for (const text of texts) {
    await sql.query(`insert into messages (id, tenant_id, conversation_id, sender, content, created_at) values ($1, $2, $3, 'customer', $4, $5)`, [randomUUID(), who.tenantId, conversation, text, at]);
  }
}

describe('the snapshot redacts customer text before it rolls it up', () => {
  it("pulse keywords hold the customers' questions without their e-mails, phones, cards or names, and one question asked by two people counts twice", async () => {
    const who = await newCaller(api.services);
    await withContact(who, 'Анна Смирнова');
    await customerSaid(who, [
      'My email is anna@example.com, do you ship to Berlin?',
      'Anna Smirnova here: do you ship to Berlin?',
      'Call me on +44 7700 900456, can I pay with 4111-1111-1111-1111?',
    ], 2);
    await customerSaid(who, ['My email is bob@example.com, do you ship to Berlin?'], 2);
    await call(api.base, 'POST', '/events', { key: who.apiKey, body: { events: [
      { id: 's1', type: 'site_search', occurred_at: new Date(Date.now() - 2 * 86_400_000).toISOString(), properties: { query: 'return policy anna@example.com' } },
    ] } });
    await runCtl(['analytics', 'snapshot', '--tenant', who.tenantId, '--json'], api.services);
    const { rows } = await sql.query<{ dimension: string; value: string }>(
      `select dimension, sum(value)::int as value from analytics_daily where tenant_id = $1 and metric in ('customer_questions', 'site_searches') and dimension <> '' group by 1 order by 1`, [who.tenantId]);
    expect(rows).toEqual([
      { dimension: 'query:return policy [email]', value: 1 },
      { dimension: 'question:[name] [name] here: do you ship to berlin', value: 1 },
      { dimension: 'question:call me on [phone], can i pay with [card]', value: 1 },
      { dimension: 'question:my email is [email], do you ship to berlin', value: 2 },
    ]);
    const pulse = await get(who, '/dashboards/pulse');
    expect(pulse.status).toBe(200);
    const keywords = (pulse.body.data.alerts as { keyword: string }[]).map((a) => a.keyword);
    expect(keywords).toEqual(expect.arrayContaining(['my email is [email], do you ship to berlin', 'return policy [email]']));
    expect(pulse.text).not.toMatch(PERSONAL);
    expect(pulse.text).not.toContain('bob@');
  });
});

describe('rows derived before the redaction existed', () => {
  it('are scrubbed once: topics, chat actions, reports and the rollups answer without the person, the questions kept', async () => {
    const who = await newCaller(api.services);
    await withContact(who, 'Anna Smirnova');
    const topic = await seedTopic(api.services, who, { title: 'Анна Смирнова: do you ship to Berlin? anna@example.com' });
    const action = await seedAction(api.services, who, null, 'Answer "Call me on +44 7700 900456, ship to Berlin?"');
    const report = await seedReport(api.services, who, { date: '2026-10-01' });
    await sql.query(`update strategist_reports set summary_text = 'Anna asked to call +44 7700 900456.',
      evidence = jsonb_build_object('actions', jsonb_build_array(jsonb_build_object('index', 0, 'status', 'valid', 'basis', 'concern:0', 'items',
        jsonb_build_array(jsonb_build_object('kind', 'message', 'ref', $2::text, 'excerpt', 'ship to Berlin? anna@example.com')))),
        'validation', evidence->'validation') where id = $1`, [report, randomUUID()]);
    await sql.query(`insert into analytics_daily (tenant_id, day, metric, dimension, value) values ($1, current_date - 2, 'customer_questions', 'question:anna@example.com do you ship to berlin', 2),
      ($1, current_date - 2, 'customer_questions', 'question:bob@example.com do you ship to berlin', 3)`, [who.tenantId]);
    const before = await get(who, `/strategist/topics/${topic}`);
    expect(before.text).toMatch(PERSONAL);

    const changed = await api.services.orm.em.fork().transactional((em) => scrubDerivedText(em, who.tenantId));
    expect(changed).toBeGreaterThanOrEqual(4);
    const answers = await Promise.all([
      get(who, `/strategist/topics/${topic}`), get(who, `/strategist/actions/${action}`), get(who, `/strategist/reports/${report}`), get(who, '/dashboards/pulse'),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).not.toMatch(PERSONAL);
      expect(a.text).not.toContain('bob@');
    }
    expect(answers[0]!.body.title).toBe('[name] [name]: do you ship to Berlin? [email]');
    expect(answers[1]!.body.title).toBe('Answer "Call me on [phone], ship to Berlin?"');
    expect(answers[2]!.body.evidence.actions[0].items[0].excerpt).toBe('ship to Berlin? [email]');
    const merged = (answers[3]!.body.data.alerts as { keyword: string; volume: number }[]).find((a) => a.keyword === '[email] do you ship to berlin');
    expect(merged?.volume).toBe(5);
    // A second run finds nothing left to change.
    expect(await api.services.orm.em.fork().transactional((em) => scrubDerivedText(em, who.tenantId))).toBe(0);
  });
});
