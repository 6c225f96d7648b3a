import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { OperationsHarness, withoutLivemode } from '../harness/operations-harness.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { servedRoutes } from '../harness/live-routes.js';
import { eventually } from '../harness/eventually.js';
import { call, expectProblem } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { bindSite } from '../../src/domain/articles/sites.js';
import { RESULT_REFUSED, moduleResultUpdate, publicationWorkflowId } from '../../workflows/publication-contract.js';
import { handModuleResult } from '../../src/temporal/publications.js';
import { ReferenceModule } from '../../src/site-module/reference-module.js';
import { BlogStore } from '../../src/site-module/blog-store.js';
import { startDemoSite } from '../../src/widget/demo-site.js';
import { DEMO_WEBSITE_CHANNEL_ID } from '../../src/domain/provisioning/demo.js';
import { bindSiteOf, getArticle, patchArticle, seedArticle, siteModuleCall, storeRawHtml } from './articles-fixtures.js';

/** POST /articles/{id}/publish, the site module's routes and the publication workflow, on a real worker. */

let h: OperationsHarness;
beforeAll(async () => {
  h = await OperationsHarness.start();
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

const CONTENT = '<h2>Oak</h2><p>Oak is hard.</p>';
const publish = (who: Caller, id: string, body: unknown) => call(h.api.base, 'POST', `/articles/${id}/publish`, { key: who.apiKey, body });
const siteCall = (token: string, method: string, path: string, body?: unknown) => siteModuleCall(h.api, token, method, path, body);
const publicationOf = async (who: Caller, id: string) => (await getArticle(h.api, who, id)).body.publication;
const articlePublished = async (who: Caller) => (await h.db.query(
  "select data from outbox_events where tenant_id = $1 and type = 'article.published'", [who.tenantId])).rows.map((r) => r.data);
const boundSite = (who: Caller, o: { draftsOnly?: boolean; beat?: boolean } = {}) => bindSiteOf(h.api, who, o);

describe('POST /articles/{id}/publish with target none', () => {
  it('hands the article off; PATCH published_url then publishes it and sends article.published', async () => {
    const caller = await h.caller();
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const res = await publish(caller, id, { target: 'none' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, target: 'none', site_id: null, publish_mode: null, state: 'queued', published_url: null, error: null });
    expect((await getArticle(h.api, caller, id)).body).toMatchObject({ status: 'handed_off', publication: withoutLivemode(res.body) });
    expect((await publish(caller, id, { target: 'none' })).body.id).toBe(res.body.id);
    const confirmed = await patchArticle(h.api, caller, id, { published_url: 'https://shop.example.com/blog/oak' });
    expect(confirmed.body).toMatchObject({ status: 'published', publication: { state: 'applied', published_url: 'https://shop.example.com/blog/oak' } });
    expect(await articlePublished(caller)).toEqual([{ article_id: id, published_url: 'https://shop.example.com/blog/oak' }]);
  });

  it('an article that is not approved is 409 invalid_state naming its status', async () => {
    const caller = await h.caller();
    const id = await seedArticle(h.api, caller, { status: 'draft', content: CONTENT });
    const res = await publish(caller, id, { target: 'none' });
    expectProblem(res, 'invalid_state');
    expect(res.body.detail).toContain('draft');
  });

  it('site_id or publish_mode with target none is 422', async () => {
    const caller = await h.caller();
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expect((await publish(caller, id, { target: 'none', publish_mode: 'draft' })).status).toBe(422);
  });
});

describe('POST /articles/{id}/publish with target connector', () => {
  it('queues a job the module fetches; its applied result publishes the article and sends article.published', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', slug: 'oak-legs', content: CONTENT });
    const res = await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, target: 'connector', site_id: site.site_id, publish_mode: 'publish', state: 'queued' });
    expect((await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body.id).toBe(res.body.id);

    const beat = await siteCall(site.site_token, 'POST', '/heartbeat');
    expect(beat.body).toMatchObject({ site_id: site.site_id, pending_jobs: 1 });
    const jobs = await siteCall(site.site_token, 'GET', '/jobs');
    expect(jobs.body.data).toEqual([expect.objectContaining({ id: res.body.id, article_id: id, version: 1, slug: 'oak-legs', html: CONTENT, publish_mode: 'publish' })]);

    // The answer comes once the job's workflow has applied the result: the article reads published right after it.
    const reported = await siteCall(site.site_token, 'POST', `/jobs/${res.body.id}/result`, { result: 'applied', published_url: 'https://shop.example.com/blog/oak-legs' });
    expect({ status: reported.status, body: reported.body }).toEqual({ status: 200, body: {
      job_id: res.body.id, article_id: id, accepted: true, state: 'applied', published_url: 'https://shop.example.com/blog/oak-legs',
    } });
    expect((await getArticle(h.api, caller, id)).body).toMatchObject({
      status: 'published', published_at: expect.any(String), publication: { state: 'applied', published_url: 'https://shop.example.com/blog/oak-legs', error: null },
    });
    expect(await articlePublished(caller)).toEqual([{ article_id: id, published_url: 'https://shop.example.com/blog/oak-legs' }]);
    expect((await siteCall(site.site_token, 'GET', '/jobs')).body.data).toEqual([]);
    expectProblem(await siteCall(site.site_token, 'POST', `/jobs/${res.body.id}/result`, { result: 'skipped' }), 'invalid_state');
  });

  it('changed content queues a new version; the older waiting one is skipped and its workflow canceled', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const first = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    expect((await patchArticle(h.api, caller, id, { content: '<p>Oak is harder than beech.</p>' })).status).toBe(200);
    const second = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    expect(second).toMatchObject({ version: 2, state: 'queued' });
    expect(second.id).not.toBe(first.id);
    const older = await h.db.query('select state, error from publications where id = $1', [first.id]);
    expect(older.rows[0]).toEqual({ state: 'skipped', error: 'Superseded by a newer version.' });
    await eventually('the older wait to end', async () => {
      const { status } = await h.client.workflow.getHandle(publicationWorkflowId(first.id)).describe();
      return status.name === 'CANCELLED' ? true : undefined;
    });
    expect((await siteCall(site.site_token, 'GET', '/jobs')).body.data.map((j: { id: string }) => j.id)).toEqual([second.id]);
    expectProblem(await siteCall(site.site_token, 'POST', `/jobs/${first.id}/result`, { result: 'applied', published_url: 'https://x.example.com/a' }), 'invalid_state');
  });

  it('a failed result keeps the article approved and stores the reason, at most 200 characters', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const job = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'draft' })).body;
    const reported = await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'failed', reason: 'x'.repeat(500) });
    expect({ status: reported.status, state: reported.body.state }).toEqual({ status: 200, state: 'failed' });
    expect(await publicationOf(caller, id)).toMatchObject({ state: 'failed', error: 'x'.repeat(200) });
    expect((await getArticle(h.api, caller, id)).body.status).toBe('approved');
  });

  it('a drafts-only site makes every job a draft', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller, { draftsOnly: true });
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expect((await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body.publish_mode).toBe('draft');
  });

  it('a site without a heartbeat within 2 hours, an article not approved or an empty one is 409 invalid_state', async () => {
    const caller = await h.caller();
    const silent = await boundSite(caller, { beat: false });
    const working = await boundSite(caller);
    const approved = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const draft = await seedArticle(h.api, caller, { status: 'draft', content: CONTENT });
    const empty = await seedArticle(h.api, caller, { status: 'approved', content: null });
    expectProblem(await publish(caller, approved, { target: 'connector', site_id: silent.site_id, publish_mode: 'publish' }), 'invalid_state');
    expectProblem(await publish(caller, draft, { target: 'connector', site_id: working.site_id, publish_mode: 'publish' }), 'invalid_state');
    expectProblem(await publish(caller, empty, { target: 'connector', site_id: working.site_id, publish_mode: 'publish' }), 'invalid_state');
  });

  it("another account's site is 404; site_id and publish_mode are required with connector", async () => {
    const caller = await h.caller();
    const other = await h.caller();
    const foreign = await boundSite(other);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expectProblem(await publish(caller, id, { target: 'connector', site_id: foreign.site_id, publish_mode: 'publish' }), 'not_found');
    const missing = await publish(caller, id, { target: 'connector' });
    expectProblem(missing, 'validation_failed', { errors: [
      { field: '/site_id', code: 'required', message: expect.any(String) }, { field: '/publish_mode', code: 'required', message: expect.any(String) },
    ] });
    expectProblem(await publish(caller, id, { target: 'elsewhere' }), 'validation_failed', { errors: [{ field: '/target', code: 'not_supported', message: expect.any(String) }] });
  });
});

describe('POST /articles/{id}/publish refusals', () => {
  it('a missing, foreign or non-uuid article is 404', async () => {
    const caller = await h.caller();
    const other = await h.caller();
    const foreign = await seedArticle(h.api, other, { status: 'approved', content: CONTENT });
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) expectProblem(await publish(caller, id, { target: 'none' }), 'not_found');
    expect((await getArticle(h.api, other, foreign)).body.status).toBe('approved');
  });

  it('stored HTML over 2,000,000 bytes is 422 at /content, and no job is queued', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    await storeRawHtml(h.api, id, `<p>${'я'.repeat(1_000_000)}</p>`);
    expectProblem(await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' }), 'validation_failed', {
      errors: [{ field: '/content', code: 'out_of_range', message: expect.any(String) }],
    });
    expect((await siteCall(site.site_token, 'GET', '/jobs')).body.data).toEqual([]);
  });

  it('a job over 3,000,000 bytes is 422 at /content though its HTML is under 2,000,000, and nothing is queued or started', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    // A backslash is one byte of HTML and two of the job's JSON: 1,600,000 of them make a job of over 3,200,000 bytes.
    const id = await seedArticle(h.api, caller, { status: 'approved', content: `<p>${'\\'.repeat(1_600_000)}</p>` });
    expect(Buffer.byteLength((await getArticle(h.api, caller, id)).body.content)).toBeLessThan(2_000_000);
    const res = await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' });
    expectProblem(res, 'validation_failed', { errors: [{ field: '/content', code: 'out_of_range', message: expect.stringContaining('3000000') }] });
    expect((await h.db.query('select count(*)::int as n from publications where article_id = $1', [id])).rows[0].n).toBe(0);
    expect((await siteCall(site.site_token, 'GET', '/jobs')).body.data).toEqual([]);
    expect((await getArticle(h.api, caller, id)).body).toMatchObject({ status: 'approved', publication: null });
  });

  it('the limit is the job the module fetches, as JSON: exactly 3,000,000 bytes is queued, one byte more is 422', async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const connector = { target: 'connector', site_id: site.site_id, publish_mode: 'publish' };
    const jobs = async () => (await siteCall(site.site_token, 'GET', '/jobs')).body.data as { article_id: string; html: string }[];
    const small = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expect((await publish(caller, small, connector)).status).toBe(200);
    // Every field but the HTML has the same length in every job of these articles (uuids, version 1, the time's ISO text).
    const around = Buffer.byteLength(JSON.stringify({ ...(await jobs())[0]!, html: '' }));
    const html = (extra: number) => { const backslashes = 1_400_000; return `<p>${'\\'.repeat(backslashes)}${'a'.repeat(3_000_000 - around - 7 - 2 * backslashes + extra)}</p>`; };
    const atLimit = await seedArticle(h.api, caller, { status: 'approved', content: html(0) });
    const over = await seedArticle(h.api, caller, { status: 'approved', content: html(1) });
    expect((await publish(caller, atLimit, connector)).status).toBe(200);
    expect(Buffer.byteLength(JSON.stringify((await jobs()).find((j) => j.article_id === atLimit)))).toBe(3_000_000);
    expectProblem(await publish(caller, over, connector), 'validation_failed', { errors: [{ field: '/content', code: 'out_of_range', message: expect.any(String) }] });
    expect((await jobs()).map((j) => j.article_id).sort()).toEqual([small, atLimit].sort());
  });

  it('publish and approve need the articles:write scope', async () => {
    const caller = await h.caller({ scopes: ['articles:read'] });
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    expectProblem(await publish(caller, id, { target: 'none' }), 'scope_missing');
    expectProblem(await call(h.api.base, 'POST', `/articles/${id}/approve`, { key: caller.apiKey }), 'scope_missing');
    expect((await getArticle(h.api, caller, id)).body.status).toBe('approved');
  });
});

describe('the site module routes', () => {
  it('answer 401 without the site token, and to an API key', async () => {
    const caller = await h.caller();
    expectProblem(await siteCall('', 'GET', '/jobs'), 'invalid_api_key');
    expectProblem(await siteCall(caller.apiKey, 'POST', '/heartbeat'), 'invalid_api_key');
  });

  it("a job of another site is 404; a failure without its reason and an address with skipped are 422", async () => {
    const caller = await h.caller();
    const site = await boundSite(caller);
    const otherSite = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', content: CONTENT });
    const job = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    expectProblem(await siteCall(otherSite.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'skipped' }), 'not_found');
    expect((await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'failed' })).status).toBe(422);
    expect((await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'skipped', published_url: 'https://x.example.com/a' })).status).toBe(422);
  });
});

describe("the module's result, answered by the job's workflow", () => {
  const rowOf = async (jobId: string) => (await h.db.query('select state, published_url, error from publications where id = $1', [jobId])).rows[0];
  const running = (jobId: string) => eventually(`the workflow of job ${jobId} to start`, async () => {
    const d = await h.client.workflow.getHandle(publicationWorkflowId(jobId)).describe().catch(() => undefined);
    return d?.status.name === 'RUNNING' ? d : undefined;
  });
  async function queuedJob(caller: Caller, slug: string) {
    const site = await boundSite(caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', slug, content: CONTENT });
    const job = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    await running(job.id);
    return { site, id, job };
  }

  it('a result to a job whose workflow an operator terminated is taken by a fresh run, never acknowledged and dropped', async () => {
    const caller = await h.caller();
    const { site, id, job } = await queuedJob(caller, 'terminated');
    // As an operator would in the Temporal UI: the workflow ends, the row still says queued.
    await promisify(execFile)(process.env.TEMPORAL_CLI!, ['workflow', 'terminate', '--workflow-id', publicationWorkflowId(job.id), '--reason', 'terminated by hand',
      '--address', h.api.services.config.temporal.address, '--namespace', h.api.services.config.temporal.namespace]);
    const url = 'https://shop.example.com/blog/terminated';
    const answer = await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'applied', published_url: url });
    expect({ status: answer.status, body: answer.body, row: await rowOf(job.id) }).toEqual({
      status: 200, body: { job_id: job.id, article_id: id, accepted: true, state: 'applied', published_url: url },
      row: { state: 'applied', published_url: url, error: null },
    });
    expect((await getArticle(h.api, caller, id)).body.status).toBe('published');
  });

  it('two results at once: the first is applied and answered so, the other is refused 409, never both accepted', async () => {
    const caller = await h.caller();
    const { site, job } = await queuedJob(caller, 'twice');
    const url = 'https://shop.example.com/blog/twice';
    const answers = await Promise.all([
      siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'applied', published_url: url }),
      siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'failed', reason: 'The page could not be written.' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [taken, refused] = answers[0]!.status === 200 ? answers : [answers[1]!, answers[0]!];
    expectProblem(refused!, 'invalid_state');
    expect(await rowOf(job.id)).toMatchObject({ state: taken!.body.state });
  });

  it('a result the workflow finds superseded (the route read it queued a moment before) answers stale, and the row stays as the newer publish left it', async () => {
    const caller = await h.caller();
    const { site, id, job } = await queuedJob(caller, 'superseded');
    // The route has read the job queued; a newer version supersedes it (its workflow canceled) before the result is handed over.
    expect((await patchArticle(h.api, caller, id, { content: '<p>Beech.</p>' })).status).toBe(200);
    expect((await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body.version).toBe(2);
    const answer = await handModuleResult(h.client, { taskQueue: h.api.services.temporal.taskQueue, waitMs: 60_000 }, { id: job.id, tenantId: caller.tenantId },
      { result: 'applied', published_url: 'https://shop.example.com/blog/superseded' }, { acceptBy: Date.now() + 20_000, answerBy: Date.now() + 20_000 });
    expect(answer).toEqual({ outcome: 'stale', state: 'skipped', published_url: null });
    expect(await rowOf(job.id)).toEqual({ state: 'skipped', published_url: null, error: 'Superseded by a newer version.' });
  });

  it('a malformed result sent straight to the workflow (as from the Temporal CLI) is refused by its validator and leaves the job waiting', async () => {
    const caller = await h.caller();
    const { site, job } = await queuedJob(caller, 'refused');
    const handle = h.client.workflow.getHandle(publicationWorkflowId(job.id));
    const refused = await handle.executeUpdate(moduleResultUpdate, { args: [{ result: 'conflict' }] }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((refused as WorkflowUpdateFailedError).cause).toMatchObject({ type: RESULT_REFUSED, message: expect.stringContaining('reason') });
    expect(await rowOf(job.id)).toMatchObject({ state: 'queued' });
    const answer = await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'skipped' });
    expect({ status: answer.status, state: answer.body.state, row: await rowOf(job.id) }).toEqual({ status: 200, state: 'skipped', row: { state: 'skipped', published_url: null, error: null } });
  });
});

describe('GET /api/site-module/openapi.json', () => {
  it('documents every route the site module is served, and real answers hold against it', async () => {
    const res = await call(h.api.origin, 'GET', '/api/site-module/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as Schema;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    expect(documented).toEqual(servedRoutes(h.api.app.koa, '/api/site-module/').filter((r) => !r.endsWith('/openapi.json')).sort());
    expect(documented).toHaveLength(3);
    const conforms = (answer: { status: number; body: unknown; headers: Headers }, path: string, method: string) => {
      const media = answer.headers.get('content-type')?.startsWith('application/problem+json') ? 'application/problem+json' : 'application/json';
      const schema = doc.paths[`/api/site-module${path}`]?.[method]?.responses?.[String(answer.status)]?.content?.[media]?.schema;
      expect({ path, status: answer.status, documented: !!schema }).toEqual({ path, status: answer.status, documented: true });
      expect(schemaErrors(answer.body, schema, doc)).toEqual([]);
    };

    const caller = await h.caller();
    const site = await boundSite(caller, { beat: false });
    const id = await seedArticle(h.api, caller, { status: 'approved', slug: 'documented', content: CONTENT });
    conforms(await siteCall(site.site_token, 'POST', '/heartbeat'), '/heartbeat', 'post');
    const job = (await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' })).body;
    const jobs = await siteCall(site.site_token, 'GET', '/jobs');
    expect(jobs.body.data).toHaveLength(1);
    conforms(jobs, '/jobs', 'get');
    conforms(await siteCall('', 'GET', '/jobs'), '/jobs', 'get');
    conforms(await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'failed' }), '/jobs/{id}/result', 'post');
    conforms(await siteCall(site.site_token, 'POST', '/jobs/00000000-0000-4000-8000-000000000000/result', { result: 'skipped' }), '/jobs/{id}/result', 'post');
    conforms(await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'applied', published_url: 'https://shop.example.com/blog/documented' }), '/jobs/{id}/result', 'post');
    await eventually('the job applied', async () => ((await publicationOf(caller, id)).state === 'applied' ? true : undefined));
    conforms(await siteCall(site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'skipped' }), '/jobs/{id}/result', 'post');
  });
});

describe('the reference site module', () => {
  it('writes the article into the demo shop, which serves it, and reports the address; a draft stays unserved; a page another article holds is a conflict', async () => {
    const caller = await h.caller();
    const blogDir = await mkdtemp(join(tmpdir(), 'demo-blog-'));
    const shop = await startDemoSite({ cellOrigin: h.api.origin, channelId: DEMO_WEBSITE_CHANNEL_ID, blogDir });
    try {
      const site = await h.api.services.orm.em.fork().transactional((em) =>
        bindSite(em, { tenantId: caller.tenantId, url: shop.url, draftsOnly: false }, h.api.services.config.secrets.apiKeyPepper, h.api.services.clock.now()));
      const module = new ReferenceModule({ platformOrigin: h.api.origin, siteToken: site.site_token, blog: new BlogStore(blogDir), siteUrl: site.url });
      expect(await module.heartbeat()).toBe(0);
      const id = await seedArticle(h.api, caller, { status: 'approved', title: 'Oak & beech', slug: 'oak-and-beech', content: CONTENT });
      const draftId = await seedArticle(h.api, caller, { status: 'approved', title: 'Draft', slug: 'a-draft', content: CONTENT });
      await publish(caller, id, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' });
      await publish(caller, draftId, { target: 'connector', site_id: site.site_id, publish_mode: 'draft' });
      expect(await module.heartbeat()).toBe(2);
      expect(await module.pollOnce()).toBe(2);
      const url = `${site.url}/blog/oak-and-beech`;
      await eventually('the article published', async () => ((await getArticle(h.api, caller, id)).body.status === 'published' ? true : undefined));
      expect((await getArticle(h.api, caller, id)).body.publication).toMatchObject({ state: 'applied', published_url: url });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<h1>Oak &amp; beech</h1>');
      expect(html).toContain(CONTENT);
      await eventually('the draft applied', async () => ((await publicationOf(caller, draftId)).state === 'applied' ? true : undefined));
      expect((await getArticle(h.api, caller, draftId)).body).toMatchObject({ status: 'approved', publication: { published_url: null } });
      expect((await fetch(`${site.url}/blog/a-draft`)).status).toBe(404);
      expect(await articlePublished(caller)).toEqual([{ article_id: id, published_url: url }]);

      // The first article moves to another slug; a second one takes the old slug, whose page the first still holds.
      expect((await patchArticle(h.api, caller, id, { slug: 'oak-and-beech-old' })).status).toBe(200);
      const rival = await seedArticle(h.api, caller, { status: 'approved', title: 'Rival', slug: 'oak-and-beech', content: '<p>Beech.</p>' });
      await publish(caller, rival, { target: 'connector', site_id: site.site_id, publish_mode: 'publish' });
      expect(await module.pollOnce()).toBe(1);
      const conflict = await eventually('the conflict applied', async () => {
        const p = await publicationOf(caller, rival);
        return p.state === 'conflict' ? p : undefined;
      });
      expect(conflict).toMatchObject({ published_url: null, error: 'The page /blog/oak-and-beech belongs to another article.' });
      expect((await getArticle(h.api, caller, rival)).body.status).toBe('approved');
      expect(await (await fetch(url)).text()).toContain('<h1>Oak &amp; beech</h1>');
    } finally {
      await shop.close();
      await rm(blogDir, { recursive: true, force: true });
    }
  });
});
