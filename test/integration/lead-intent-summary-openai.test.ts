import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import type { Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { leadScoringWorkflowId, scoringRuns } from '../../workflows/lead-scoring-contract.js';

/**
 * Issue 37 item 3 with a remote model (AI_PROVIDER=openai) against a local server speaking the
 * Chat Completions protocol: one request per change of the customer's messages, asked for a
 * JSON answer; what the model writes is redacted of e-mail and phone before it is stored; a
 * failed call leaves the builtin model's description and the next change asks again; nothing
 * is charged.
 */

let h: OperationsHarness;
let chat: ChatCompletionsServer;
let caller: Caller;

beforeAll(async () => {
  chat = await ChatCompletionsServer.start('{"intent": "other", "summary": "Default answer of the test model."}');
  h = await OperationsHarness.start({
    env: {
      AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key-0123456789', OPENAI_MODEL: 'gpt-4o-mini', AI_TIMEOUT_MS: '5000',
      LEAD_SCORE_DEBOUNCE: '1s', LEAD_SCORE_MAX_DELAY: '60s',
    },
  });
  // No ai_seller:invoke: the AI seller stays silent, so every model request here is a lead's description.
  caller = await h.caller({ scopes: ['conversations:read', 'conversations:write', 'leads:read', 'leads:write'] });
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await chat?.close();
}, 60_000);

const open = async (body: Record<string, unknown>) => (await call(h.api.base, 'POST', '/conversations', { key: caller.apiKey, body })).body;
const say = async (conversationId: string, content: string) => {
  const res = await call(h.api.base, 'POST', `/conversations/${conversationId}/messages`, { key: caller.apiKey, body: { content }, headers: { 'idempotency-key': randomUUID() } });
  expect(res.status).toBe(200);
};
const lead = async (id: string) => (await call(h.api.base, 'GET', `/leads/${id}`, { key: caller.apiKey })).body;
const summarised = (id: string, summary: string) => eventually(`lead ${id} summarised "${summary}"`, async () => {
  const body = await lead(id);
  return body.ai_summary === summary ? body : undefined;
}, 60_000);
const answer = (intent: string, summary: string) => ({ reply: JSON.stringify({ intent, summary }) });
/** The customer messages a description request sent the model. */
const sent = (i: number) => JSON.parse(chat.requests[i]!.body.messages[1].content).customer_messages as string[];

describe('a lead\'s intent and ai_summary by a remote model', () => {
  it('one JSON request of the redacted messages; the answer stored redacted; a later message asks again; nothing charged', async () => {
    const conversation = await open({ external_customer_id: `remote-${randomUUID()}`, name: 'Anna', email: 'anna@example.com' });
    const before = chat.requests.length;
    chat.script(answer('delivery', 'Wants the Runner X delivered to Kazan; reach her at anna@example.com or +7 912 111-00-00.'));
    await say(conversation.id, 'Can you deliver the Runner X to Kazan? Mail me at anna@example.com');
    const first = await summarised(conversation.lead_id, 'Wants the Runner X delivered to Kazan; reach her at [email] or [phone].');
    expect(first.intent).toBe('delivery');
    expect(chat.requests.length).toBe(before + 1);
    const request = chat.requests[before]!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { model: 'gpt-4o-mini', temperature: 0 } });
    expect(request.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Answer one JSON object only') });
    expect(sent(before)).toEqual(['Can you deliver the Runner X to Kazan? Mail me at [email]']);

    chat.script(answer('buy', 'Ready to order the Runner X in size 42.'));
    await say(conversation.id, 'OK, I take size 42');
    const later = await summarised(conversation.lead_id, 'Ready to order the Runner X in size 42.');
    expect(later.intent).toBe('buy');
    expect(chat.requests.length).toBe(before + 2);
    expect(sent(before + 1)).toEqual(['Can you deliver the Runner X to Kazan? Mail me at [email]', 'OK, I take size 42']);

    const { rows } = await h.db.query("select kind, amount_rub from wallet_ledger where tenant_id = $1 and kind <> 'topup'", [caller.tenantId]);
    expect(rows).toEqual([]);
  });

  it('a failed call leaves the builtin model\'s description, and the next change asks the remote model again', async () => {
    const conversation = await open({ external_customer_id: `down-${randomUUID()}`, phone: '+7 912 000 00 00' });
    const before = chat.requests.length;
    chat.script({ status: 500 });
    await say(conversation.id, 'How much are the Runner X?');
    const builtin = await summarised(conversation.lead_id, 'Asks about the price. In their words: "How much are the Runner X?"');
    expect(builtin.intent).toBe('price');
    expect(chat.requests.length).toBe(before + 1);

    chat.script(answer('availability', 'Asks whether the Runner X come in size 42.'));
    await say(conversation.id, 'In size 42?');
    expect((await summarised(conversation.lead_id, 'Asks whether the Runner X come in size 42.')).intent).toBe('availability');
  });

  it('moved to qualified, a lead without a description (one from before this release) is described; an unchanged one is not asked again', async () => {
    const externalId = `qualified-${randomUUID()}`;
    const conversation = await open({ external_customer_id: externalId, email: 'q@example.com' });
    chat.script(answer('price', 'Asks the price of the Runner X.'));
    await say(conversation.id, 'Price of the Runner X?');
    await summarised(conversation.lead_id, 'Asks the price of the Runner X.');
    // As a lead of the release before: no intent, no summary, no basis.
    await h.db.query('update leads set intent = null, ai_summary = null, ai_summary_basis = null where id = $1', [conversation.lead_id]);
    const before = chat.requests.length;
    chat.script(answer('buy', 'Qualified: wants the Runner X.'));
    const current = await lead(conversation.lead_id);
    const moved = await call(h.api.base, 'PATCH', `/leads/${conversation.lead_id}`, { key: caller.apiKey, body: { status: 'qualified' }, headers: { 'if-match': current.etag } });
    expect(moved.status).toBe(200);
    expect(await summarised(conversation.lead_id, 'Qualified: wants the Runner X.')).toMatchObject({ intent: 'buy', status: 'qualified' });
    expect(chat.requests.length).toBe(before + 1);

    // Another change of the conversation with the same customer messages (it is opened again): the scorer runs, the model is not asked.
    const runs = () => h.client.workflow.getHandle(leadScoringWorkflowId(conversation.lead_id)).query(scoringRuns);
    const ran = await runs();
    expect((await call(h.api.base, 'POST', '/conversations', { key: caller.apiKey, body: { external_customer_id: externalId, email: 'q@example.com' } })).body.id).toBe(conversation.id);
    await eventually('another scoring run', async () => ((await runs()) > ran ? true : undefined), 30_000);
    expect(chat.requests.length).toBe(before + 1);
  });
});
