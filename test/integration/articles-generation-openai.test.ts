import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { call } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { getArticle } from './articles-fixtures.js';
import { seedTopic } from './strategist-fixtures.js';

/** Article generation with AI_PROVIDER=openai against a local Chat Completions server. */

let h: OperationsHarness;
let chat: ChatCompletionsServer;
beforeAll(async () => {
  chat = await ChatCompletionsServer.start('not used');
  h = await OperationsHarness.start({ env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key' } });
}, 120_000);
afterAll(async () => {
  chat?.release();
  await h?.stop();
  await chat?.close();
}, 60_000);

const ARTICLE = {
  title: 'The reading lamp', meta_title: 'Reading lamps', meta_description: 'How to choose a reading lamp.',
  html: '<h2>Light</h2><p>Warm light is kinder to the eyes.<script>alert(1)</script></p><p onclick="x()">Choose 2700 K.</p>',
};

async function withProfile(): Promise<Caller> {
  const caller = await h.caller();
  await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: { niche: 'Lamps', audience: 'readers', locale: 'en' } });
  return caller;
}
const generate = (who: Caller, body: unknown) => call(h.api.base, 'POST', '/articles/generation-jobs?wait=20', {
  key: who.apiKey, body, headers: { 'idempotency-key': randomUUID() },
});

describe('article generation with the openai generator', () => {
  it('writes the sanitized draft the model answered, priced by its token usage', async () => {
    const caller = await withProfile();
    const before = chat.requests.length;
    chat.script({ reply: JSON.stringify(ARTICLE), usage: { prompt_tokens: 1000, completion_tokens: 2000 } });
    const res = await generate(caller, { keyword: 'reading lamp' });
    expect(res.status).toBe(200);
    expect(res.body.operation).toMatchObject({ status: 'succeeded', usage: { cost: { amount: '0.14', currency: 'RUB' }, model: 'openai/gpt-4o-mini' } });
    const sent = JSON.stringify(chat.requests[before]!.body.messages);
    expect(sent).toContain('reading lamp');
    expect(sent).toContain('Lamps');
    const job = (await call(h.api.base, 'GET', `/articles/generation-jobs/${res.body.operation.id}`, { key: caller.apiKey })).body;
    const article = (await getArticle(h.api, caller, job.article_id)).body;
    expect(article).toMatchObject({
      status: 'draft', title: 'The reading lamp', slug: 'the-reading-lamp', meta_title: 'Reading lamps', meta_description: 'How to choose a reading lamp.',
      content: '<h2>Light</h2><p>Warm light is kinder to the eyes.</p><p>Choose 2700 K.</p>',
    });
    expect(await h.charges(res.body.operation.id)).toEqual([{ amount_rub: '-0.14', integration_id: caller.integrationId }]);
  });

  it('a provider that stays down fails the job with upstream_unavailable: article.generation.failed, no charge, no article', async () => {
    const caller = await withProfile();
    chat.script({ status: 503 }, { status: 503 }, { status: 503 });
    const res = await generate(caller, { keyword: 'desk lamp', topic_id: 'topic-7' });
    expect(res.body.operation).toMatchObject({ status: 'failed', error: { code: 'upstream_unavailable', message: expect.any(String) } });
    expect(res.body.operation.usage).toBeUndefined();
    expect(await h.charges(res.body.operation.id)).toEqual([]);
    expect((await h.events(caller.tenantId, 'article.generation.failed')).map((e) => e.data)).toEqual([{
      operation_id: res.body.operation.id, topic_id: 'topic-7', error: { code: 'upstream_unavailable', message: expect.any(String) },
    }]);
    // Like article.ready, for every integration of the tenant that reads articles (no integration of its own).
    expect((await h.events(caller.tenantId, 'article.generation.failed')).map((e) => e.integration_id)).toEqual([null]);
    expect((await h.db.query('select count(*)::int as n from articles where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
    const job = (await call(h.api.base, 'GET', `/articles/generation-jobs/${res.body.operation.id}`, { key: caller.apiKey })).body;
    expect(job).toMatchObject({ status: 'failed', article_id: null, usage: null, error: { code: 'upstream_unavailable' } });
  });

  it('an answer that is no article fails at once, without a retry or a charge', async () => {
    const caller = await withProfile();
    const before = chat.requests.length;
    chat.script({ reply: 'Sorry, I cannot help with that.' });
    const res = await generate(caller, { keyword: 'floor lamp' });
    expect(res.body.operation).toMatchObject({ status: 'failed', error: { code: 'upstream_unavailable' } });
    expect(chat.requests.length).toBe(before + 1);
    expect(await h.charges(res.body.operation.id)).toEqual([]);
  });
});

describe('POST /operations/{id}/cancel of a generation', () => {
  it('cancels a running generation with no charge and no article', async () => {
    const caller = await withProfile();
    const before = chat.requests.length;
    chat.script({ hold: true });
    const res = await call(h.api.base, 'POST', '/articles/generation-jobs?wait=0', {
      key: caller.apiKey, body: { keyword: 'pendant lamp' }, headers: { 'idempotency-key': randomUUID() },
    });
    const id = res.body.operation.id;
    await chat.arrived(before + 1);
    const canceled = await call(h.api.base, 'POST', `/operations/${id}/cancel`, { key: caller.apiKey });
    expect(canceled.body).toMatchObject({ id, type: 'article.generation', status: 'canceled' });
    chat.release();
    expect(await h.workflowClosed(id)).toBe('CANCELLED');
    expect(await h.charges(id)).toEqual([]);
    expect((await h.db.query('select count(*)::int as n from articles where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
    expect((await call(h.api.base, 'GET', `/articles/generation-jobs/${id}`, { key: caller.apiKey })).body).toMatchObject({ status: 'canceled', article_id: null });
  });
});

describe('a strategist topic whose generation ends without an article is approved again (spec 02, Topic states)', () => {
  const approve = (who: Caller, id: string, wait: number) => call(h.api.base, 'POST', `/strategist/topics/${id}/approve?wait=${wait}`, {
    key: who.apiKey, body: { generate: true }, headers: { 'idempotency-key': randomUUID() },
  });
  const topic = async (who: Caller, id: string) => (await call(h.api.base, 'GET', `/strategist/topics/${id}`, { key: who.apiKey })).body;

  it('a failed generation: the topic goes back from generating to approved, with no article, and article.generation.failed names it', async () => {
    const caller = await withProfile();
    const id = await seedTopic(h.api.services, caller, { title: 'Brass desk lamps' });
    chat.script({ status: 503 }, { status: 503 }, { status: 503 });
    const res = await approve(caller, id, 20);
    expect(res.body.operation).toMatchObject({ type: 'article.generation', status: 'failed', error: { code: 'upstream_unavailable' } });
    expect(await topic(caller, id)).toMatchObject({ id, status: 'approved', generated_article_id: null });
    expect((await h.events(caller.tenantId, 'article.generation.failed')).map((e) => e.data)).toEqual([{
      operation_id: res.body.operation.id, topic_id: id, error: { code: 'upstream_unavailable', message: expect.any(String) },
    }]);
    expect(await h.charges(res.body.operation.id)).toEqual([]);
  });

  it('a canceled generation: generating while the model works, approved once canceled, and the late answer writes nothing', async () => {
    const caller = await withProfile();
    const id = await seedTopic(h.api.services, caller, { title: 'Lamps for small rooms' });
    const before = chat.requests.length;
    chat.script({ hold: true, reply: JSON.stringify(ARTICLE), usage: { prompt_tokens: 10, completion_tokens: 10 } });
    const res = await approve(caller, id, 0);
    expect(res.status).toBe(202);
    const op = res.body.operation.id;
    await chat.arrived(before + 1);
    expect((await topic(caller, id)).status).toBe('generating');
    expect((await call(h.api.base, 'POST', `/operations/${op}/cancel`, { key: caller.apiKey })).body).toMatchObject({ status: 'canceled' });
    chat.release();
    expect(await h.workflowClosed(op)).toBe('CANCELLED');
    expect(await topic(caller, id)).toMatchObject({ id, status: 'approved', generated_article_id: null });
    expect((await h.db.query('select count(*)::int as n from articles where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
    expect(await h.charges(op)).toEqual([]);
    // A canceled job is no failure: nothing tells the integrations it failed.
    expect(await h.events(caller.tenantId, 'article.generation.failed')).toEqual([]);
  });
});
