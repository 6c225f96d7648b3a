import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { call, expectProblem } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { insertConversation, insertMessage, seedTopic } from './strategist-fixtures.js';
import { runCtl } from '../../src/cli/ctl.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import { clearOfMidnight } from '../harness/day-boundary.js';

/**
 * The strategist chat with AI_PROVIDER=openai against a local Chat Completions server: what
 * the model is sent, how its answer becomes the turn and its actions (never a confirmation),
 * billing by token usage, a provider that is down (503, nothing charged) and cancellation.
 */

let h: OperationsHarness;
let chat: ChatCompletionsServer;
beforeAll(async () => {
  chat = await ChatCompletionsServer.start('{"answer": "Default answer.", "proposed_topics": []}');
  // A generous model timeout: no test here is about it (ai-reply-openai's are), and a held
  // answer must still be held when the cancel test cancels it on a loaded machine.
  h = await OperationsHarness.start({
    env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-strategist-0123456789', OPENAI_MODEL: 'gpt-4o-mini', AI_TIMEOUT_MS: '30000', AI_MAX_ATTEMPTS: '2' },
  });
}, 120_000);
afterAll(async () => {
  await h?.stop();
  await chat?.close();
}, 60_000);

const get = (who: Caller, path: string) => call(h.api.base, 'GET', path, { key: who.apiKey });
const post = (who: Caller, path: string, body?: unknown, headers: Record<string, string> = {}) => call(h.api.base, 'POST', path, { key: who.apiKey, body, headers });
async function session(who: Caller): Promise<string> {
  return (await post(who, '/strategist/sessions', {})).body.id;
}
const ask = (who: Caller, id: string, content: string, wait = 15) =>
  post(who, `/strategist/sessions/${id}/turns?wait=${wait}`, { content }, { 'idempotency-key': randomUUID() });

describe('the openai strategist', () => {
  it('is sent the figures, the questions and the queue; its proposals become actions, a repeated one is left out, and it confirms nothing', async () => {
    const caller = await h.caller();
    await clearOfMidnight('Europe/Moscow');
    const yesterday = new Date(`${addDays(dayIn(new Date(), 'Europe/Moscow'), -1)}T12:00:00+03:00`);
    const conversation = await insertConversation(h.db, caller, yesterday);
    await insertMessage(h.db, caller, conversation, 'customer', 'Is the sofa washable?', yesterday);
    await runCtl(['analytics', 'snapshot', '--tenant', caller.tenantId, '--json'], h.api.services);
    await seedTopic(h.api.services, caller, { title: 'Sofa care guide', trendScore: 40 });
    const id = await session(caller);
    const before = chat.requests.length;
    chat.script({
      reply: JSON.stringify({
        answer: 'Write about washable covers; I have confirmed it for you.',
        proposed_topics: [{ title: 'Washable sofa covers', rationale: 'Asked in chat' }, { title: 'sofa care GUIDE!', rationale: 'repeat' }],
        confirm: ['all'],
      }),
      usage: { prompt_tokens: 1000, completion_tokens: 100 },
    });
    const res = await ask(caller, id, 'What should we write next?');
    expect(res.status).toBe(200);
    const sent = chat.requests.slice(before)[0]!.body;
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'What should we write next?' });
    // The customer's question as the analytics count it: redacted, lower case, without its question mark.
    expect(sent.messages[0].content).toContain('"question":"is the sofa washable"');
    expect(sent.messages[0].content).toContain('Sofa care guide');
    expect(sent.messages[0].content).toContain('"customer_messages":{"current":1,"previous":0}');

    const { turn, operation } = res.body;
    expect(turn).toMatchObject({ status: 'answered', answer: 'Write about washable covers; I have confirmed it for you.', action_ids: [expect.any(String)] });
    expect((await get(caller, `/strategist/actions/${turn.action_ids[0]}`)).body).toMatchObject({ title: 'Washable sofa covers', status: 'proposed', result: null });
    expect(await h.db.query(`select id from strategist_topics where tenant_id = $1 and source = 'chat'`, [caller.tenantId])).toMatchObject({ rows: [] });
    expect(operation.usage).toEqual({ cost: { amount: expect.stringMatching(/^\d+\.\d\d$/), currency: 'RUB' }, model: 'openai/gpt-4o-mini' });
    expect(await h.charges(operation.id)).toEqual([{ amount_rub: `-${operation.usage.cost.amount}`, integration_id: caller.integrationId }]);

    // The next turn carries the conversation so far.
    chat.script({ reply: 'Plain text is an answer too.' });
    const next = await ask(caller, id, 'And then?');
    expect(next.body.turn).toMatchObject({ status: 'answered', answer: 'Plain text is an answer too.', action_ids: [] });
    expect(chat.requests.at(-1)!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'What should we write next?' },
      { role: 'assistant', content: 'Write about washable covers; I have confirmed it for you.' },
      { role: 'user', content: 'And then?' },
    ]);
  });

  it('is sent the question and the figures of the period it names, each section with its source and period, and a missing source said to be missing', async () => {
    const caller = await h.caller();
    await clearOfMidnight('Europe/Moscow');
    const yesterday = addDays(dayIn(new Date(), 'Europe/Moscow'), -1);
    const at = (time: string) => new Date(`${yesterday}T${time}:00+03:00`);
    const views = ['v1', 'v2'].map((v, i) => ({
      id: `pv-${v}`, type: 'page_view', occurred_at: at(`1${i}:00`).toISOString(), visitor_id: v, properties: { url: 'https://shop.example.com/', utm_source: 'google', utm_medium: 'organic' },
    }));
    expect((await post(caller, '/events', { events: views }, { 'idempotency-key': randomUUID() })).body).toMatchObject({ accepted: 2 });
    const conversation = await insertConversation(h.db, caller, at('12:00'));
    await insertMessage(h.db, caller, conversation, 'customer', 'Is the sofa washable?', at('12:00'));
    await runCtl(['analytics', 'snapshot', '--tenant', caller.tenantId, '--json'], h.api.services);
    const id = await session(caller);
    const before = chat.requests.length;
    chat.script({ reply: '{"answer": "Вчера было 2 посетителя (источник: web).", "proposed_topics": []}' });
    const question = 'Сколько посетителей было вчера и сколько мы потратили на рекламу?';
    const res = await ask(caller, id, question);
    expect(res.body.turn).toMatchObject({ status: 'answered', answer: 'Вчера было 2 посетителя (источник: web).' });
    const sent = chat.requests.slice(before)[0]!.body;
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: question });
    const context = sent.messages[0].content as string;
    const day = { from: yesterday, to: yesterday };
    const dayBefore = { from: addDays(yesterday, -1), to: addDays(yesterday, -1) };
    expect(context).toContain(`"period":${JSON.stringify({ ...day, label: 'вчера', time_zone: 'Europe/Moscow' }).slice(0, -1)}`);
    expect(context).toContain(`"traffic":${JSON.stringify({
      source: 'web', period: day, previous_period: dayBefore, data_as_of: { web: yesterday }, visitors: { current: 2, previous: 0 }, page_views: { current: 2, previous: 0 },
    }).slice(0, -1)}`);
    expect(context).toContain('"top":[{"question":"is the sofa washable","count":1,"covered":false}]');
    expect(context).toContain('"ads":{"missing":"no ad platform is connected: no ad_spend event was ever sent (POST /events), so ad spend is unknown","code":"no_ads"}');
  });

  it('a provider that stays down answers 503 upstream_unavailable: the turn failed, nothing charged, no strategist.turn.completed', async () => {
    const caller = await h.caller();
    const id = await session(caller);
    chat.script({ status: 500 }, { status: 500 });
    const res = await ask(caller, id, 'Hello?');
    expectProblem(res, 'upstream_unavailable', {
      turn: expect.objectContaining({ status: 'failed', question: 'Hello?', answer: null }),
      operation: expect.objectContaining({ type: 'strategist.turn', status: 'failed', error: expect.objectContaining({ code: 'upstream_unavailable' }) }),
    });
    const turns = (await get(caller, `/strategist/sessions/${id}/turns`)).body.data;
    expect(turns).toMatchObject([{ status: 'failed', answer: null, action_ids: [] }]);
    expect((await h.operation(caller, turns[0].operation_id)).body).toMatchObject({ status: 'failed', error: { code: 'upstream_unavailable' } });
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
    expect(await h.events(caller.tenantId, 'strategist.turn.completed')).toEqual([]);
  });

  it('POST /operations/{id}/cancel while the strategist thinks: canceled, nothing charged, no answer written when the model answers late', async () => {
    const caller = await h.caller();
    const id = await session(caller);
    const before = chat.requests.length;
    chat.script({ hold: true, reply: '{"answer": "Too late.", "proposed_topics": [{"title": "Late topic", "rationale": "r"}]}' });
    const res = await ask(caller, id, 'Think hard', 0);
    expect(res.status).toBe(202);
    await chat.arrived(before + 1);
    const canceled = await h.cancel(caller, res.body.operation.id);
    expect(canceled.body).toMatchObject({ status: 'canceled' });
    chat.release();
    expect(await h.workflowClosed(res.body.operation.id)).toMatch(/^(CANCELLED|COMPLETED)$/);
    expect((await get(caller, `/strategist/sessions/${id}/turns`)).body.data).toMatchObject([{ status: 'canceled', answer: null, action_ids: [] }]);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
    expect((await get(caller, '/strategist/actions')).body.data).toEqual([]);
    expectProblem(await h.cancel(caller, res.body.operation.id), 'invalid_state');
  });
});
