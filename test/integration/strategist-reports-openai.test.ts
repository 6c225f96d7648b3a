import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { call } from '../harness/http.js';
import { runStrategistReport } from '../../src/temporal/strategist.js';
import { randomUUID } from 'node:crypto';
import { sandboxCaller } from '../harness/fixtures.js';
import { insertConversation, insertMessage, seedTopic, useStrategistSuite } from './strategist-fixtures.js';

/**
 * The openai analyst (AI_PROVIDER=openai) against a deliberately wrong local Chat Completions
 * server: refs to pages that do not exist and a made-up quote are dropped and listed in the
 * limitations; the model, its cost and the analyst never reach the caller.
 */

let chat: ChatCompletionsServer;
beforeAll(async () => {
  chat = await ChatCompletionsServer.start('{}');
}, 60_000);
const suite = useStrategistSuite({
  worker: true,
  get env() {
    return { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-test-strategist', OPENAI_MODEL: 'gpt-4o-mini', AI_MAX_ATTEMPTS: '1' };
  },
});
let h: OperationsHarness;
beforeAll(() => {
  h = suite.h();
});
afterAll(async () => {
  await chat?.close();
});

const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);

describe('a report from the openai analyst', () => {
  it('keeps the grounded action, drops the ones whose refs do not resolve, whose quote is invented or personal, or whose evidence is about something else, and lists them', async () => {
    const caller = await h.caller();
    const conversation = await insertConversation(h.db, caller, at('2026-11-20', 9));
    const question = await insertMessage(h.db, caller, conversation, 'customer', 'Do you ship to Kazan? Write to anna@example.com', at('2026-11-20', 9));
    const evidence = (ref: string, excerpt?: string) => [{ kind: 'message', ref, ...(excerpt ? { excerpt } : {}) }];
    const action = (title: string, target: string | null, items: unknown[]) => ({
      title, priority: 'high', rationale: 'r', target_ref: target, expected_effect: 'e', check_after_days: 5, basis: 'concern:0', evidence: items,
    });
    chat.script({
      reply: JSON.stringify({
        summary_text: 'One question about shipping.',
        highlights: [],
        concerns: [{ title: 'Shipping questions', detail: '1 question', refs: [`message:${question}`, 'page:/delivery'] }],
        actions: [
          action('Write a shipping article', `message:${question}`, evidence(question, 'ship to Kazan? Write to [email]')),
          action('Fix the delivery page', 'page:/delivery', [{ kind: 'page', ref: '/delivery' }]),
          action('Quote the customer', `message:${question}`, evidence(question, 'Do you ship for free?')),
          action('Write back', `message:${question}`, evidence(question, 'anna@example.com')),
          action('Watch the conversations', null, [{ kind: 'metric', ref: 'conversations' }]),
          action('Answer "Do you take returns?"', `message:${question}`, evidence(question, 'Do you ship to Kazan?')),
        ],
      }),
    });
    const { id } = await runStrategistReport(h.client, h.taskQueue, caller.tenantId, 'daily', '2026-11-20');
    const res = await call(h.api.base, 'GET', `/strategist/reports/${id}`, { key: caller.apiKey });
    expect(res.body.summary_text).toBe('One question about shipping.');
    expect(res.body.actions).toEqual([{
      title: 'Write a shipping article', priority: 'high', rationale: 'r', target_ref: `message:${question}`, expected_effect: 'e', check_after_days: 5, basis: 'concern:0',
    }]);
    expect(res.body.evidence.actions[0].items).toEqual([{ kind: 'message', ref: question, excerpt: 'ship to Kazan? Write to [email]' }]);
    expect(res.body.evidence.validation).toMatchObject({ refs_valid: false, excerpts_valid: false, relevance_checked: false });
    expect(res.body.evidence.validation.limitations).toEqual(expect.arrayContaining([
      'action "Fix the delivery page" dropped: page /delivery does not exist in this account',
      `action "Quote the customer" dropped: the excerpt is not in message ${question}`,
      // The message is compared as every excerpt is made: redacted. A model cannot quote the person.
      `action "Write back" dropped: the excerpt is not in message ${question}`,
      'action "Watch the conversations" dropped: none of its evidence is about concern:0 ("Shipping questions")',
      'action "Answer "Do you take returns?"" dropped: it quotes "Do you take returns?", which none of its evidence holds',
      'ref page:/delivery of a finding does not exist in this account',
    ]));
    expect(res.text).not.toMatch(/gpt-4o-mini|openai|cost/i);
    expect(res.text).not.toContain('anna@example.com');
    // The model itself is sent the question, not the customer.
    const sent = chat.requests.at(-1)!.body;
    expect(JSON.parse(sent.messages[1].content)).toMatchObject({ current: { conversations: 1, customer_messages: 1 }, questions: [{ message_id: question, text: 'Do you ship to Kazan? Write to [email]' }] });
    expect(sent.messages[1].content).not.toContain('anna@example.com');
    const stored = (await h.db.query('select analyst, model, cost_rub from strategist_reports where id = $1', [id])).rows[0];
    expect(stored).toEqual({ analyst: 'openai', model: 'openai/gpt-4o-mini', cost_rub: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('each check is false alone when only it fails, and all are true for a grounded report', async () => {
    const caller = await h.caller();
    const conversation = await insertConversation(h.db, caller, at('2026-11-20', 9));
    const question = await insertMessage(h.db, caller, conversation, 'customer', 'Do you ship to Omsk?', at('2026-11-20', 9));
    const report = async (day: string, extra: unknown[]) => {
      chat.script({
        reply: JSON.stringify({
          summary_text: 's', highlights: [],
          concerns: [{ title: 'Shipping questions', detail: '1 question', refs: [`message:${question}`] }],
          actions: [
            { title: 'Write a shipping article', priority: 'high', rationale: 'r', target_ref: `message:${question}`, expected_effect: 'e', check_after_days: 5, basis: 'concern:0', evidence: [{ kind: 'message', ref: question, excerpt: 'ship to Omsk' }] },
            ...extra,
          ],
        }),
      });
      const { id } = await runStrategistReport(h.client, h.taskQueue, caller.tenantId, 'daily', day);
      return (await call(h.api.base, 'GET', `/strategist/reports/${id}`, { key: caller.apiKey })).body.evidence.validation;
    };
    const extra = (title: string, items: unknown[]) => ({ title, priority: 'low', rationale: 'r', target_ref: null, expected_effect: 'e', check_after_days: 5, basis: 'concern:0', evidence: items });
    expect(await report('2026-11-20', [])).toMatchObject({ refs_valid: true, excerpts_valid: true, relevance_checked: true });
    expect(await report('2026-11-21', [extra('Misquote', [{ kind: 'message', ref: question, excerpt: 'ship to Tomsk' }])]))
      .toMatchObject({ refs_valid: true, excerpts_valid: false, relevance_checked: true });
    expect(await report('2026-11-22', [extra('Off topic', [{ kind: 'metric', ref: 'ai_replies' }])]))
      .toMatchObject({ refs_valid: true, excerpts_valid: true, relevance_checked: false });
  });

  it('an answer that is no report gives the figures only, and says so', async () => {
    const caller = await h.caller();
    chat.script({ reply: 'I am not JSON' });
    const { id } = await runStrategistReport(h.client, h.taskQueue, caller.tenantId, 'daily', '2026-11-21');
    const body = (await call(h.api.base, 'GET', `/strategist/reports/${id}`, { key: caller.apiKey })).body;
    expect(body.actions).toEqual([]);
    expect(body.summary_text).toMatch(/^Daily report up to 2026-11-21: conversations 0/);
    expect(body.evidence.validation.limitations).toContain('the model answered no usable report; only the figures are given');
  });
});

describe('approve with generate when the generation fails', () => {
  it('the topic goes back to approved, without an article or a charge', async () => {
    const caller = await h.caller();
    expect((await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: { niche: 'Shoes', locale: 'en' } })).status).toBe(200);
    const id = await seedTopic(h.api.services, caller, { title: 'Shipping shoes to Kazan' });
    chat.script({ reply: 'Sorry, I cannot write that.' });
    const res = await call(h.api.base, 'POST', `/strategist/topics/${id}/approve?wait=20`, {
      key: caller.apiKey, body: { generate: true }, headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(200);
    expect(res.body.operation).toMatchObject({ type: 'article.generation', status: 'failed', error: { code: 'upstream_unavailable' } });
    const topic = (await call(h.api.base, 'GET', `/strategist/topics/${id}`, { key: caller.apiKey })).body;
    expect(topic).toMatchObject({ status: 'approved', generated_article_id: null, decided_at: expect.any(String) });
    expect(await h.charges(res.body.operation.id)).toEqual([]);
  });
});

describe("a sandbox's reports", () => {
  it("a sandbox's report is the builtin analyst's, whatever AI_PROVIDER says: test data spends no provider tokens", async () => {
    const live = await h.caller();
    const test = await sandboxCaller(h.api.services, live);
    const asked = chat.requests.length;
    const { id } = await runStrategistReport(h.client, h.taskQueue, test.tenantId, 'daily', '2026-11-20');
    expect(chat.requests.length).toBe(asked);
    const stored = (await h.db.query('select analyst, model, tenant_id from strategist_reports where id = $1', [id])).rows[0];
    expect(stored).toMatchObject({ analyst: 'builtin', tenant_id: test.tenantId });
    const res = await call(h.api.base, 'GET', `/strategist/reports/${id}`, { key: test.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.livemode).toBe(false);
  });
});
