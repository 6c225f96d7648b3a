import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ISO_TIME, OperationsHarness } from '../harness/operations-harness.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { PinnedClock } from '../../src/clock.js';
import { runCtl } from '../../src/cli/ctl.js';
import { DAY, insertConversation, insertMessage, seedTopic } from './strategist-fixtures.js';

/**
 * The strategist chat (issue 14) with the builtin strategist: sessions, paid turns answered by
 * the strategist.turn operation (wait 200 / 202, Idempotency-Key, 402, charge once), the
 * propose_topic actions a turn proposes and the rules of confirming them, on a clock the
 * tests move (expiry after 7 days is checked by moving it, never by waiting).
 */

const clock = new PinnedClock(new Date('2026-11-24T10:00:00.000Z'));
let h: OperationsHarness;
beforeAll(async () => {
  h = await OperationsHarness.start({ clock });
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

const get = (who: Caller, path: string) => call(h.api.base, 'GET', path, { key: who.apiKey });
const post = (who: Caller, path: string, body?: unknown, headers: Record<string, string> = {}) => call(h.api.base, 'POST', path, { key: who.apiKey, body, headers });
const openSession = async (who: Caller, title: string | null = 'Weekly check') => {
  const res = await post(who, '/strategist/sessions', title === null ? {} : { title });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const ask = (who: Caller, session: string, content: unknown, o: { wait?: number; key?: string | null } = {}) =>
  post(who, `/strategist/sessions/${session}/turns?wait=${o.wait ?? 20}`, { content }, o.key === null ? {} : { 'idempotency-key': o.key ?? randomUUID() });
const count = async (sql: string, params: unknown[]) => (await h.db.query(`select count(*)::int as n from ${sql}`, params)).rows[0].n as number;

/** A tenant whose customers asked two questions (one twice) yesterday, over its own api channel. */
async function tenantWithQuestions(o: { balanceRub?: string } = {}): Promise<Caller> {
  const caller = await h.caller(o);
  const yesterday = new Date(clock.now().getTime() - DAY);
  const conversation = await insertConversation(h.db, caller, yesterday);
  await insertMessage(h.db, caller, conversation, 'customer', 'Do you deliver to Kazan?', yesterday);
  await insertMessage(h.db, caller, conversation, 'ai', 'Yes, in three days.', yesterday);
  await insertMessage(h.db, caller, conversation, 'customer', 'Which size fits a 30 cm foot?', new Date(yesterday.getTime() + 1000));
  await insertMessage(h.db, caller, conversation, 'customer', 'do you deliver to kazan?', new Date(yesterday.getTime() + 2000));
  // The strategist answers from the analytics snapshot's figures.
  await runCtl(['analytics', 'snapshot', '--tenant', caller.tenantId, '--json'], h.api.services);
  return caller;
}

describe('strategist chat sessions', () => {
  it('POST /strategist/sessions answers 201 with the session; GET lists and reads only this integration\'s sessions', async () => {
    const caller = await h.caller();
    const res = await post(caller, '/strategist/sessions', { title: 'Autumn plan' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), title: 'Autumn plan', created_at: clock.now().toISOString(), updated_at: clock.now().toISOString(), livemode: true });
    clock.advance(1000);
    const second = await openSession(caller, null);
    expect((await get(caller, `/strategist/sessions/${second}`)).body).toMatchObject({ id: second, title: null });

    const page = await get(caller, '/strategist/sessions?limit=1');
    expect(page.body.data.map((s: { id: string }) => s.id)).toEqual([second]);
    const next = await get(caller, `/strategist/sessions?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    expect(next.body).toEqual({ data: [res.body], next_cursor: null });

    const sibling = await h.anotherIntegration(caller);
    expect((await get(sibling, '/strategist/sessions')).body).toEqual({ data: [], next_cursor: null });
    expectProblem(await get(sibling, `/strategist/sessions/${second}`), 'not_found');
    expectProblem(await get(sibling, `/strategist/sessions/${second}/turns`), 'not_found');
    expectProblem(await get(caller, `/strategist/sessions/${randomUUID()}`), 'not_found');
    expectProblem(await get(caller, '/strategist/sessions/not-a-uuid'), 'not_found');
  });

  it('needs strategist:chat (403 scope_missing) and a valid body and cursor (422)', async () => {
    const caller = await h.caller();
    const reader = await h.anotherIntegration(caller, { scopes: ['strategist:read', 'strategist:write'] });
    expectProblem(await post(reader, '/strategist/sessions', {}), 'scope_missing');
    expectProblem(await get(reader, '/strategist/sessions'), 'scope_missing');
    expectProblem(await post(caller, '/strategist/sessions', { title: 5 }), 'validation_failed', { errors: [expect.objectContaining({ field: '/title' })] });
    expectProblem(await post(caller, '/strategist/sessions', { title: 'x'.repeat(201) }), 'validation_failed', { errors: [expect.objectContaining({ field: '/title', code: 'out_of_range' })] });
    expectProblem(await get(caller, '/strategist/sessions?cursor=garbage'), 'validation_failed', { errors: [expect.objectContaining({ field: '/cursor' })] });
    expect(await count('strategist_sessions where tenant_id = $1', [caller.tenantId])).toBe(0);
  });
});

describe('POST /strategist/sessions/{id}/turns', () => {
  it('answers within wait: 200 with the answered turn and the succeeded operation, charged once, events raised', async () => {
    const caller = await tenantWithQuestions();
    await seedTopic(h.api.services, caller, { title: 'Winter boots guide', trendScore: 80 });
    const session = await openSession(caller);
    const res = await ask(caller, session, 'What should I write about this week?');
    expect(res.status).toBe(200);
    const { turn, operation } = res.body;
    expect(operation).toEqual({
      id: turn.operation_id, type: 'strategist.turn', status: 'succeeded', created_at: ISO_TIME, completed_at: ISO_TIME,
      resource: { type: 'strategist_turn', id: turn.id, livemode: true }, usage: { cost: { amount: '2.00', currency: 'RUB' }, model: 'builtin/strategist-chat-v1' }, livemode: true,
    });
    expect(turn).toEqual({
      id: expect.any(String), session_id: session, status: 'answered', question: 'What should I write about this week?', answer: expect.any(String),
      action_ids: [expect.any(String), expect.any(String)], operation_id: operation.id, created_at: clock.now().toISOString(), answered_at: clock.now().toISOString(), livemode: true,
    });
    // The answer rests on the tenant's rows: yesterday's questions, this week (Monday 2026-11-23 to today), and the head of its queue.
    expect(turn.answer).toContain('This week (2026-11-23..2026-11-24, Europe/Moscow)');
    expect(turn.answer).toContain('customers asked 2 question(s) no article answers');
    expect(turn.answer).toContain('first: "Winter boots guide"');

    // A question asked twice is proposed once, in its latest wording.
    const actions = await Promise.all(turn.action_ids.map(async (id: string) => (await get(caller, `/strategist/actions/${id}`)).body));
    expect(actions.map((a) => a.title).sort()).toEqual(['Delivery to kazan', 'Which size fits a 30 cm foot']);
    for (const action of actions) {
      expect(action).toMatchObject({ session_id: session, type: 'propose_topic', status: 'proposed', result: null, decided_at: null });
      expect(Date.parse(action.expires_at) - Date.parse(action.created_at)).toBe(7 * DAY);
    }
    // The strategist only proposes: nothing entered the queue from the chat.
    expect(await count(`strategist_topics where tenant_id = $1 and source = 'chat'`, [caller.tenantId])).toBe(0);

    expect(await h.charges(operation.id)).toEqual([{ amount_rub: '-2.00', integration_id: caller.integrationId }]);
    expect((await h.events(caller.tenantId, 'strategist.turn.completed')).map((e) => [e.integration_id, e.data])).toEqual([
      [caller.integrationId, { session_id: session, turn_id: turn.id }],
    ]);
    expect((await h.events(caller.tenantId, 'operation.completed')).map((e) => e.data.operation.id)).toEqual([operation.id]);
    // The turn nested in the POST answer says its mode as the list's object does (issue 31 item 6).
    expect((await get(caller, `/strategist/sessions/${session}/turns`)).body).toEqual({ data: [turn], next_cursor: null });
    expect((await get(caller, `/strategist/actions?session_id=${session}`)).body.data).toHaveLength(2);
  });

  it('a second turn does not propose again what is already proposed, and lists after the first', async () => {
    const caller = await tenantWithQuestions();
    const session = await openSession(caller);
    const first = await ask(caller, session, 'Ideas?');
    clock.advance(1000);
    const second = await ask(caller, session, 'More ideas?');
    expect(first.body.turn.action_ids).toHaveLength(2);
    expect(second.body.turn).toMatchObject({ status: 'answered', action_ids: [] });
    expect(second.body.turn.answer).toContain('nothing to propose');
    const turns = (await get(caller, `/strategist/sessions/${session}/turns?limit=1`)).body;
    expect(turns.data.map((t: { question: string }) => t.question)).toEqual(['Ideas?']);
    const rest = (await get(caller, `/strategist/sessions/${session}/turns?cursor=${encodeURIComponent(turns.next_cursor)}`)).body;
    expect(rest.data.map((t: { question: string }) => t.question)).toEqual(['More ideas?']);
    expect((await get(caller, `/strategist/sessions/${session}`)).body.updated_at).toBe(clock.now().toISOString());
  });

  it('wait=0 answers 202 with the pending turn; the operation then finishes (GET /operations/{id}?wait)', async () => {
    const caller = await h.caller();
    const session = await openSession(caller);
    const res = await ask(caller, session, 'How are we doing?', { wait: 0 });
    expect(res.status).toBe(202);
    expect(res.body.turn).toMatchObject({ status: 'pending', answer: null, action_ids: [], answered_at: null });
    expect(res.body.operation).toMatchObject({ type: 'strategist.turn', status: expect.stringMatching(/^(queued|running)$/), resource: { type: 'strategist_turn', id: res.body.turn.id } });
    expect((await h.operation(caller, res.body.operation.id, 20)).body.status).toBe('succeeded');
    expect((await get(caller, `/strategist/sessions/${session}/turns`)).body.data[0]).toMatchObject({ status: 'answered', answer: expect.stringContaining('no analytics snapshot has run') });
  });

  it('Idempotency-Key: required (400), a retry answers the same turn with one charge, another body is 409 idempotency_conflict', async () => {
    const caller = await tenantWithQuestions();
    const session = await openSession(caller);
    expectProblem(await ask(caller, session, 'Any ideas?', { key: null }), 'idempotency_key_required');
    const key = randomUUID();
    const first = await ask(caller, session, 'Any ideas?', { key });
    const again = await ask(caller, session, 'Any ideas?', { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expectProblem(await ask(caller, session, 'Other ideas?', { key }), 'idempotency_conflict');
    expect(await count('strategist_turns where session_id = $1', [session])).toBe(1);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: '-2.00', operation_id: first.body.operation.id }]);
  });

  it('402 insufficient_funds without funds, 404 for another integration\'s session, 422 for a bad question, 403 without strategist:chat: nothing written', async () => {
    const poor = await h.caller({ balanceRub: '0' });
    const poorSession = await openSession(poor);
    expectProblem(await ask(poor, poorSession, 'Ideas?'), 'insufficient_funds');
    // The integration's daily spend limit (1.00 RUB) cannot take a turn's ceiling (2.00 RUB).
    const limited = await h.caller({ dailySpendLimitRub: '1.00' });
    const limitedSession = await openSession(limited);
    expectProblem(await ask(limited, limitedSession, 'Ideas?'), 'spend_limit_reached');
    expect(await count('strategist_turns where session_id = $1', [limitedSession])).toBe(0);

    const caller = await h.caller();
    const session = await openSession(caller);
    const sibling = await h.anotherIntegration(caller);
    expectProblem(await ask(sibling, session, 'Ideas?'), 'not_found');
    expectProblem(await ask(caller, randomUUID(), 'Ideas?'), 'not_found');
    expectProblem(await ask(caller, session, '   '), 'validation_failed', { errors: [expect.objectContaining({ field: '/content' })] });
    expectProblem(await ask(caller, session, 'x'.repeat(4001)), 'validation_failed', { errors: [expect.objectContaining({ field: '/content' })] });
    expectProblem(await post(caller, `/strategist/sessions/${session}/turns`, {}, { 'idempotency-key': randomUUID() }), 'validation_failed', { errors: [expect.objectContaining({ field: '/content', code: 'required' })] });
    const writer = await h.anotherIntegration(caller, { scopes: ['strategist:read', 'strategist:write'] });
    expectProblem(await ask(writer, session, 'Ideas?'), 'scope_missing');

    for (const who of [poor, caller]) {
      expect(await count('strategist_turns where tenant_id = $1', [who.tenantId])).toBe(0);
      expect(await count('operations where tenant_id = $1', [who.tenantId])).toBe(0);
      expect(await h.tenantCharges(who.tenantId)).toEqual([]);
    }
  });
});

describe('confirming what a turn proposed', () => {
  async function proposed(): Promise<{ caller: Caller; session: string; actions: string[] }> {
    const caller = await tenantWithQuestions();
    const session = await openSession(caller);
    const res = await ask(caller, session, 'Ideas?');
    expect(res.body.turn.action_ids).toHaveLength(2);
    return { caller, session, actions: res.body.turn.action_ids };
  }

  it('permissions are checked at confirmation: strategist:chat alone cannot confirm (403), strategist:write can; the topic enters the queue', async () => {
    const { caller, actions } = await proposed();
    const chatOnly = await h.anotherIntegration(caller, { scopes: ['strategist:read', 'strategist:chat'] });
    expectProblem(await post(chatOnly, `/strategist/actions/${actions[0]}/confirm`), 'scope_missing');
    expect((await get(caller, `/strategist/actions/${actions[0]}`)).body.status).toBe('proposed');
    const res = await post(caller, `/strategist/actions/${actions[0]}/confirm`);
    expect(res.body).toMatchObject({ status: 'executed', result: { topic_id: expect.any(String) } });
    expect((await get(caller, `/strategist/topics/${res.body.result.topic_id}`)).body).toMatchObject({ source: 'chat', status: 'proposed', title: res.body.title });
  });

  it('an action confirmed twice at once executes once: one 200, one 409, one topic', async () => {
    const { caller, actions } = await proposed();
    const answers: Answer[] = await Promise.all([post(caller, `/strategist/actions/${actions[1]}/confirm`), post(caller, `/strategist/actions/${actions[1]}/confirm`)]);
    const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
    expect(won!.status).toBe(200);
    expectProblem(lost!, 'invalid_state');
    expect(lost!.body.detail).toContain('executed');
    expect(await count(`strategist_topics where tenant_id = $1 and source = 'chat'`, [caller.tenantId])).toBe(1);
  });

  it('7 days after the turn its actions read as expired and can no longer be confirmed (409 naming expired)', async () => {
    const { caller, session, actions } = await proposed();
    clock.advance(7 * DAY - 1);
    expect((await get(caller, `/strategist/actions/${actions[0]}`)).body.status).toBe('proposed');
    clock.advance(1);
    expect((await get(caller, `/strategist/actions/${actions[0]}`)).body.status).toBe('expired');
    expect((await get(caller, `/strategist/actions?session_id=${session}&status=expired`)).body.data).toHaveLength(2);
    const res = await post(caller, `/strategist/actions/${actions[0]}/confirm`);
    expectProblem(res, 'invalid_state');
    expect(res.body.detail).toContain('expired');
  });
});
