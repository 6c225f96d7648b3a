import { beforeAll, describe, expect, it } from '@jest/globals';
import { ISO_TIME, type OperationsHarness } from '../harness/operations-harness.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { DAY, seedAction, seedSession, seedTopic, useStrategistSuite } from './strategist-fixtures.js';

/** Decisions on topics (approve, reject) and on actions (confirm, cancel): spec 02, Topic and Action states. */

const suite = useStrategistSuite();
const { clock } = suite;
let h: OperationsHarness;
beforeAll(() => {
  h = suite.h();
});

const post = (who: Caller, path: string, body?: unknown, headers: Record<string, string> = {}) => call(h.api.base, 'POST', path, { key: who.apiKey, body, headers });
const approve = (who: Caller, id: string, body: unknown = {}, headers: Record<string, string> = {}) => post(who, `/strategist/topics/${id}/approve`, body, headers);
const reject = (who: Caller, id: string) => post(who, `/strategist/topics/${id}/reject`);
const topic = async (who: Caller, id: string) => (await call(h.api.base, 'GET', `/strategist/topics/${id}`, { key: who.apiKey })).body;

function expectInvalidState(res: Answer, state: string): void {
  expectProblem(res, 'invalid_state');
  expect(res.body.detail).toContain(state);
}

/** The two answers of a race, the winner's first. */
const winnerFirst = (answers: Answer[]) => [...answers].sort((a, b) => a.status - b.status);

describe('POST /strategist/topics/{id}/approve', () => {
  it('approves a proposed topic without generate: 200 {id, status: approved, decided_at}, free, no article', async () => {
    const caller = await h.caller();
    const id = await seedTopic(h.api.services, caller);
    clock.advance(5000);
    const res = await approve(caller, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, status: 'approved', decided_at: clock.now().toISOString(), livemode: true });
    expect(await topic(caller, id)).toMatchObject({ status: 'approved', decided_at: clock.now().toISOString(), generated_article_id: null });
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
  });

  it('only a proposed topic can be decided: 409 invalid_state naming the state, and the topic stays as it is', async () => {
    const caller = await h.caller();
    const approved = await seedTopic(h.api.services, caller);
    await approve(caller, approved);
    expectInvalidState(await approve(caller, approved), 'approved');
    expectInvalidState(await reject(caller, approved), 'approved');
    const rejected = await seedTopic(h.api.services, caller);
    expect((await reject(caller, rejected)).status).toBe(200);
    expectInvalidState(await approve(caller, rejected), 'rejected');
    expect((await topic(caller, rejected)).status).toBe('rejected');
  });

  it('an expired topic (proposed_at + 30 days reached) cannot be decided: 409 naming expired', async () => {
    const caller = await h.caller();
    const id = await seedTopic(h.api.services, caller);
    clock.advance(30 * DAY);
    expectInvalidState(await approve(caller, id), 'expired');
    expectInvalidState(await reject(caller, id), 'expired');
    expect((await topic(caller, id)).status).toBe('expired');
  });

  it('of two simultaneous decisions one executes and the other gets 409 invalid_state', async () => {
    const caller = await h.caller();
    for (let i = 0; i < 3; i++) {
      const id = await seedTopic(h.api.services, caller);
      const [won, lost] = winnerFirst(await Promise.all([approve(caller, id), reject(caller, id)]));
      expect(won!.status).toBe(200);
      expectInvalidState(lost!, won!.body.status);
      expect((await topic(caller, id)).status).toBe(won!.body.status);
    }
    const id = await seedTopic(h.api.services, caller);
    const answers = winnerFirst(await Promise.all([approve(caller, id), approve(caller, id)]));
    expect(answers.map((a) => a.status)).toEqual([200, 409]);
  });

  it('with generate true: Idempotency-Key required, then the articles:generate scope (nothing changed, nothing charged)', async () => {
    const caller = await h.caller();
    const id = await seedTopic(h.api.services, caller);
    expectProblem(await approve(caller, id, { generate: true }), 'idempotency_key_required');
    const noGenerate = await h.anotherIntegration(caller, { scopes: ['strategist:read', 'strategist:write'] });
    expectProblem(await approve(noGenerate, id, { generate: true }, { 'idempotency-key': crypto.randomUUID() }), 'scope_missing');
    expect(await topic(caller, id)).toMatchObject({ status: 'proposed', decided_at: null, generated_article_id: null });
    expect(await h.tenantCharges(caller.tenantId)).toEqual([]);
    expect((await h.db.query('select count(*)::int as n from operations where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
  });

  it('max_cost only with generate true; the body is checked', async () => {
    const caller = await h.caller();
    const id = await seedTopic(h.api.services, caller);
    expectProblem(await approve(caller, id, { max_cost: { amount: '5', currency: 'RUB' } }), 'validation_failed', { errors: [expect.objectContaining({ field: '/max_cost' })] });
    expectProblem(await approve(caller, id, { generate: 'yes' }), 'validation_failed', { errors: [expect.objectContaining({ field: '/generate' })] });
    expect((await topic(caller, id)).status).toBe('proposed');
  });

  it("answers 404 for another account's or a missing topic, and 403 scope_missing without strategist:write", async () => {
    const caller = await h.caller();
    const foreign = await seedTopic(h.api.services, await h.caller());
    expectProblem(await approve(caller, foreign), 'not_found');
    expectProblem(await reject(caller, crypto.randomUUID()), 'not_found');
    const reader = await h.anotherIntegration(caller, { scopes: ['strategist:read'] });
    const own = await seedTopic(h.api.services, caller);
    expectProblem(await approve(reader, own), 'scope_missing');
    expectProblem(await reject(reader, own), 'scope_missing');
  });
});

describe('POST /strategist/topics/{id}/reject', () => {
  it('rejects a proposed topic: 200 {id, status: rejected, decided_at}', async () => {
    const caller = await h.caller();
    const id = await seedTopic(h.api.services, caller);
    const res = await reject(caller, id);
    expect(res.body).toEqual({ id, status: 'rejected', decided_at: clock.now().toISOString(), livemode: true });
  });
});

describe('POST /strategist/actions/{id}/confirm', () => {
  it('executes a proposed action: its topic enters the queue (source chat, proposed), result {topic_id}, no article', async () => {
    const caller = await h.caller();
    const session = await seedSession(h.api.services, caller);
    const id = await seedAction(h.api.services, caller, session, 'Trail running for beginners');
    clock.advance(1000);
    const res = await post(caller, `/strategist/actions/${id}/confirm`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id, session_id: session, type: 'propose_topic', title: 'Trail running for beginners', status: 'executed', result: { topic_id: expect.any(String) }, error: null,
      created_at: ISO_TIME, decided_at: clock.now().toISOString(), expires_at: ISO_TIME, livemode: true,
    });
    expect(await topic(caller, res.body.result.topic_id)).toMatchObject({
      title: 'Trail running for beginners', source: 'chat', status: 'proposed', trend_score: null, generated_article_id: null,
    });
    expectInvalidState(await post(caller, `/strategist/actions/${id}/confirm`), 'executed');
    expectInvalidState(await post(caller, `/strategist/actions/${id}/cancel`), 'executed');
  });

  it('fails an action whose title near-duplicates a topic or an article of the tenant: status failed, error duplicate_topic, no topic', async () => {
    const caller = await h.caller();
    await seedTopic(h.api.services, caller, { title: 'Trail running shoes for beginners' });
    const id = await seedAction(h.api.services, caller, null, 'Beginners trail running shoes');
    clock.advance(1000);
    const res = await post(caller, `/strategist/actions/${id}/confirm`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id, status: 'failed', result: null, decided_at: clock.now().toISOString(),
      error: { code: 'duplicate_topic', message: 'The queue already holds this subject: "Trail running shoes for beginners".' },
    });
    const topics = await h.db.query(`select title from strategist_topics where tenant_id = $1`, [caller.tenantId]);
    expect(topics.rows.map((r) => r.title)).toEqual(['Trail running shoes for beginners']);
    expectInvalidState(await post(caller, `/strategist/actions/${id}/confirm`), 'failed');
    const listed = await call(h.api.base, 'GET', '/strategist/actions?status=failed', { key: caller.apiKey });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([id]);
  });

  it('an action confirmed twice at once executes once: one 200, one 409, one topic', async () => {
    const caller = await h.caller();
    const id = await seedAction(h.api.services, caller, null, 'Once only');
    const [won, lost] = winnerFirst(await Promise.all([post(caller, `/strategist/actions/${id}/confirm`), post(caller, `/strategist/actions/${id}/confirm`)]));
    expect(won!.status).toBe(200);
    expectInvalidState(lost!, 'executed');
    const topics = await h.db.query(`select id from strategist_topics where tenant_id = $1 and title = 'Once only'`, [caller.tenantId]);
    expect(topics.rows.map((r) => r.id)).toEqual([won!.body.result.topic_id]);
  });

  it('checks strategist:write at confirmation, refuses another integration\'s action (404) and an expired one (409 naming expired)', async () => {
    const caller = await h.caller();
    const reader = await h.anotherIntegration(caller, { scopes: ['strategist:read'] });
    const readersOwn = await seedAction(h.api.services, reader, null);
    expectProblem(await post(reader, `/strategist/actions/${readersOwn}/confirm`), 'scope_missing');
    expectProblem(await post(caller, `/strategist/actions/${readersOwn}/confirm`), 'not_found');
    const id = await seedAction(h.api.services, caller, null);
    clock.advance(7 * DAY);
    expectInvalidState(await post(caller, `/strategist/actions/${id}/confirm`), 'expired');
    expectInvalidState(await post(caller, `/strategist/actions/${id}/cancel`), 'expired');
  });
});

describe('POST /strategist/actions/{id}/cancel', () => {
  it('cancels a proposed action; a cancelled one cannot be confirmed (409 naming cancelled)', async () => {
    const caller = await h.caller();
    const id = await seedAction(h.api.services, caller, null);
    const res = await post(caller, `/strategist/actions/${id}/cancel`);
    expect(res.body).toMatchObject({ id, status: 'cancelled', result: null, decided_at: clock.now().toISOString() });
    expectInvalidState(await post(caller, `/strategist/actions/${id}/confirm`), 'cancelled');
    expectProblem(await post(caller, `/strategist/actions/${crypto.randomUUID()}/cancel`), 'not_found');
  });
});
