import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import type { Caller } from '../harness/fixtures.js';
import { CORPUS_CONTACTS, PERSONAL_DATA_CORPUS as CORPUS, type CorpusMessage } from '../fixtures/personal-data-corpus.js';
import { keeps, piecesOf, survival, survivors } from '../harness/personal-data-oracle.js';
import { send, websiteChannel } from './widget-fixtures.js';
import { ZONE } from './analytics-traffic.js';
import { runCtl } from '../../src/cli/ctl.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import { clearOfMidnight } from '../harness/day-boundary.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { bindSite } from '../../src/domain/articles/sites.js';

/**
 * Issue 25, the whole path on the real stack: the corpus's customer questions arrive through
 * the visitor widget and the API, go through the analytics snapshot and the strategist's runs
 * (report and planner) into topics, report excerpts and pulse keywords, and a few of their
 * topics become generated, published articles. No answer of a scope without personal data
 * (strategist:read, articles:read, dashboards:read, and the site module's job) may carry a
 * piece of it; the questions themselves must still arrive.
 */

let h: OperationsHarness;
beforeAll(async () => {
  // All 43 widget visitors call from 127.0.0.1 within a minute or two: the per-visitor limit is raised for them.
  h = await OperationsHarness.start({ env: { WIDGET_RATE_VISITOR_PER_MIN: '1000' } });
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

/** The planner takes at most 10 chat questions a run: a batch of 10 a day, a run after each. */
const BATCH = 10;
const PROFILE = { niche: 'Home goods, clothes and gadgets', audience: 'online shoppers', tone: 'friendly', locale: 'en' };
/** Questions whose topics become articles: an e-mail with a phone, a name with a phone, a card with a name, an address. */
const ARTICLE_QUESTIONS = ['en-01', 'ru-14', 'id-27', 'en-08'];

const ctl = (...args: string[]) => runCtl([...args, '--json'], h.api.services) as Promise<Record<string, any>>;
const batches: CorpusMessage[][] = [];
for (let i = 0; i < CORPUS.length; i += BATCH) batches.push(CORPUS.slice(i, i + BATCH));

describe('customer personal data on its way to answers without personal data', () => {
  let caller: Caller;
  /** Every answer read, by the path that answered it. */
  const answers: { path: string; text: string }[] = [];
  const topicTitles: string[] = [];
  const reportExcerpts: string[][] = [];
  const articleIds: string[] = [];

  async function read(path: string, o: { base?: string; key?: string } = {}): Promise<any> {
    const res = await call(o.base ?? h.api.base, 'GET', path, { key: o.key ?? caller.apiKey });
    expect([path, res.status]).toEqual([path, 200]);
    answers.push({ path, text: typeof res.body === 'string' ? res.body : JSON.stringify(res.body) });
    return res.body;
  }
  async function readAll(path: string): Promise<any[]> {
    const rows: any[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = await read(`${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      rows.push(...page.data);
      cursor = page.next_cursor;
    }
    return rows;
  }

  /** Each message as it arrives: even ones from a widget visitor, odd ones through the API in a contact's conversation; then dated on `day` (noon in the tenant's zone). */
  async function arrive(batch: CorpusMessage[], day: string, channelId: string, conversations: string[]): Promise<void> {
    for (const [i, m] of batch.entries()) {
      const n = CORPUS.indexOf(m);
      let messageId: string;
      if (n % 2 === 0) {
        const res = await send(h.api, { channel_id: channelId, content: m.text });
        expect([m.id, res.status]).toEqual([m.id, 200]);
        messageId = res.body.message.id;
      } else {
        const res = await h.say(caller, conversations[n % conversations.length]!, m.text);
        expect([m.id, res.status, res.body.ai_reply?.status]).toEqual([m.id, 200, 'skipped']);
        messageId = res.body.message.id;
      }
      await h.db.query('update messages set created_at = $2 where id = $1', [messageId, new Date(Date.parse(`${day}T09:00:00Z`) + i * 60_000)]);
    }
  }

  beforeAll(async () => {
    // No AI seller: the messages wait for an operator, and no paid AI reply runs.
    caller = await h.caller({ features: PLAN_FEATURES.filter((f) => f !== 'ai_seller') });
    expect((await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: PROFILE })).status).toBe(200);
    const conversations: string[] = [];
    for (const [i, name] of CORPUS_CONTACTS.entries()) {
      const res = await call(h.api.base, 'POST', '/conversations', { key: caller.apiKey, body: { external_customer_id: `contact-${i}`, name } });
      expect(res.status).toBe(201);
      conversations.push(res.body.id);
    }
    const channelId = await websiteChannel(h.api, caller.tenantId);

    // The batches' days count back from today here, the snapshots' complete_through in workflow time.
    await clearOfMidnight(ZONE);
    const today = dayIn(new Date(), ZONE);
    for (const [k, batch] of batches.entries()) {
      const day = addDays(today, k - batches.length);
      await arrive(batch, day, channelId, conversations);
      await ctl('analytics', 'snapshot', '--tenant', caller.tenantId, '--from', day);
      await ctl('strategist', 'run', '--tenant', caller.tenantId, '--type', 'daily', '--date', day);
    }

    const queue = await readAll('/strategist/topics');
    topicTitles.push(...queue.map((t) => t.title));
    for (const report of await readAll('/strategist/reports')) {
      const full = await read(`/strategist/reports/${report.id}`);
      reportExcerpts.push(full.evidence.actions.flatMap((a: any) => a.items).filter((item: any) => item.kind === 'message').map((item: any) => item.excerpt));
    }

    // A few topics of questions with personal data: approved with generation, the article approved and published through the site module.
    const site = await h.api.services.orm.em.fork().transactional((em) =>
      bindSite(em, { tenantId: caller.tenantId, url: 'https://shop.example.com/', draftsOnly: false }, h.api.services.config.secrets.apiKeyPepper, h.api.services.clock.now()));
    const siteBase = h.api.base.replace(/\/api\/public\/v1$/, '');
    const siteCall = (method: string, path: string, body?: unknown) => call(siteBase, method, `/api/site-module${path}`, { key: site.site_token, body });
    expect((await siteCall('POST', '/heartbeat')).status).toBe(200);
    for (const id of ARTICLE_QUESTIONS) {
      const m = CORPUS.find((x) => x.id === id)!;
      const topic = queue.find((t) => t.status === 'proposed' && keeps(m, t.title));
      expect([id, topic?.status]).toEqual([id, 'proposed']);
      const approved = await call(h.api.base, 'POST', `/strategist/topics/${topic.id}/approve?wait=20`, { key: caller.apiKey, body: { generate: true }, headers: { 'idempotency-key': randomUUID() } });
      expect([id, [200, 202].includes(approved.status)]).toEqual([id, true]);
      const op = (await call(h.api.base, 'GET', `/operations/${approved.body.operation.id}?wait=20`, { key: caller.apiKey })).body;
      expect([id, op.status]).toEqual([id, 'succeeded']);
      const job = await read(`/articles/generation-jobs/${op.id}`);
      await read(`/strategist/topics/${topic.id}`);
      articleIds.push(job.article_id);
      expect((await call(h.api.base, 'POST', `/articles/${job.article_id}/approve`, { key: caller.apiKey })).status).toBe(200);
      const publication = await call(h.api.base, 'POST', `/articles/${job.article_id}/publish`, { key: caller.apiKey, body: { target: 'connector', site_id: site.site_id, publish_mode: 'publish' } });
      expect(publication.status).toBe(200);
      // What the site module receives and writes into the tenant's site: the public page comes from its slug.
      const jobs = (await read('/jobs', { base: `${siteBase}/api/site-module`, key: site.site_token })).data;
      const siteJob = jobs.find((j: any) => j.id === publication.body.id);
      expect((await siteCall('POST', `/jobs/${siteJob.id}/result`, { result: 'applied', published_url: `https://shop.example.com/blog/${siteJob.slug}` })).status).toBe(200);
      await eventually('the publication applied', async () => ((await call(h.api.base, 'GET', `/articles/${job.article_id}`, { key: caller.apiKey })).body.status === 'published' ? true : undefined));
    }

    for (const action of await readAll('/strategist/actions')) await read(`/strategist/actions/${action.id}`);
    await read('/dashboards/pulse');
    await read('/dashboards/overview');
    for (const article of await readAll('/articles')) {
      await read(`/articles/${article.id}`);
      await read(`/articles/${article.id}?format=markdown`);
    }
  }, 900_000); // clearOfMidnight may first wait up to 5 minutes

  it('every question reached a topic title, each run\'s report quoted its batch', () => {
    const lost = CORPUS.filter((m) => !keeps(m, [...topicTitles, ...reportExcerpts.flat()].join('\n')));
    console.log(`questions: ${CORPUS.length} asked, ${CORPUS.length - lost.length} arrived as topic titles or report excerpts`
      + lost.map((m) => `\n  ${m.id} lost "${m.keeps}"`).join(''));
    expect(lost.map((m) => m.id)).toEqual([]);
    expect(reportExcerpts.map((e) => e.length)).toEqual(batches.map((b) => Math.min(3, b.length)));
  });

  it('the approved topics became published articles', async () => {
    expect(articleIds).toHaveLength(ARTICLE_QUESTIONS.length);
    for (const id of articleIds) expect((await call(h.api.base, 'GET', `/articles/${id}`, { key: caller.apiKey })).body).toMatchObject({ status: 'published', publication: { state: 'applied' } });
  });

  it('no piece of personal data survives in any answer of a scope without personal data', () => {
    const text = answers.map((a) => a.text).join('\n');
    const left = survivors(CORPUS, () => text);
    const where = (s: { message: string; value: string }) => {
      const piece = CORPUS.find((m) => m.id === s.message)!.pieces.find((p) => p.value === s.value)!;
      return [...new Set(answers.filter((a) => survival(piece, a.text) !== null).map((a) => a.path.replace(/[0-9a-f-]{36}/g, '{id}').replace(/[?&](limit|cursor)=[^&]*/g, '')))].join(', ');
    };
    console.log(`personal data: ${piecesOf(CORPUS)} pieces tried, ${left.length} survived (in ${answers.length} answers)`
      + left.map((s) => `\n  ${s.message} ${s.kind} "${s.value}" found as "${s.found}" in ${where(s)}`).join(''));
    expect(left).toEqual([]);
  });
});
