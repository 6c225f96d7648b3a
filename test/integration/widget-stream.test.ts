import type pg from 'pg';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { call, expectProblem } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import { postJson, seedMessage } from './conversations-fixtures.js';
import { SseClient, cursorOfMessage, eventsUrl, newVisitor, type Visitor } from './widget-stream-support.js';
import { announceConversationChanges, takeConversationChanges } from '../../src/domain/conversations/live.js';
import { requestHandoff } from '../../src/domain/conversations/state-moves.js';
import { findVisibleConversation } from '../../src/domain/conversations/conversations.js';
import { WidgetSession } from '../../src/entities/widget-session.js';
import { rotateSession } from '../../src/widget/sessions.js';
import { runCtl } from '../../src/cli/ctl.js';
import { newCard } from './cards-fixtures.js';

let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s));

const open: SseClient[] = [];
async function stream(token: string, o: { query?: string; headers?: Record<string, string> } = {}): Promise<SseClient> {
  const c = await SseClient.open(eventsUrl(api, token, o.query), o.headers);
  open.push(c);
  return c;
}
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const operatorMessage = (v: Visitor, content: string, name = 'Anna') => postJson(api, v.caller, `/conversations/${v.conversationId}/operator-messages`, { content, operator: { name } });
const parsed = (e: { data: string }) => JSON.parse(e.data);
const at = (iso: string) => new Date(iso);

describe('GET /api/widget/events: the stream', () => {
  it('answers an event stream: headers, retry first, then the current state, and no history without a cursor', async () => {
    const v = await newVisitor(api, sql);
    await seedMessage(sql, v.caller, v.conversationId, { content: 'Earlier', createdAt: at('2026-01-01T00:01:00Z') });
    const c = await stream(v.token);
    expect(c.status).toBe(200);
    expect(c.header('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(c.header('cache-control')).toBe('no-cache, no-transform');
    expect(c.header('x-accel-buffering')).toBe('no');
    expect(c.header('connection')).toBe('keep-alive');
    expect(c.header('content-length')).toBeUndefined();
    expect(c.header('content-encoding')).toBeUndefined();
    expect(c.header('x-request-id')).toMatch(/^req_/);
    const update = await c.nth('conversation:update', 1);
    expect(c.raw.startsWith('retry: 2500\n\n')).toBe(true);
    expect(c.retry).toBe(2500);
    expect(parsed(update)).toEqual({ state: 'ai', operator: null });
    expect(update.id).toBeUndefined();
    expect(c.named('message')).toEqual([]);
  });

  it('sends an operator message posted through the server API as `message`, then the new state', async () => {
    const v = await newVisitor(api, sql);
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    const posted = await operatorMessage(v, 'Hello, I am Anna');
    expect(posted.status).toBe(201);
    const message = await c.nth('message', 1);
    expect(parsed(message)).toEqual({
      id: posted.body.id, sender: 'operator', content: 'Hello, I am Anna', created_at: posted.body.created_at,
      operator: { name: 'Anna' }, attachments: [], cards: [],
    });
    expect(message.id).toBe(cursorOfMessage(posted.body));
    const update = await c.nth('conversation:update', 2);
    expect(parsed(update)).toEqual({ state: 'operator', operator: { name: 'Anna' } });
    expect(c.events.map((e) => e.event)).toEqual(['conversation:update', 'message', 'conversation:update']);
    // A second message of the same operator changes no state: no second update.
    const second = await operatorMessage(v, 'Still here');
    expect(parsed(await c.nth('message', 2)).id).toBe(second.body.id);
    // A marker sent after it: anything the second message caused comes before the marker.
    await operatorMessage(v, 'marker');
    await c.nth('message', 3);
    expect(c.events.map((e) => e.event)).toEqual(['conversation:update', 'message', 'conversation:update', 'message', 'message']);
  });

  it('signs attachment addresses', async () => {
    const v = await newVisitor(api, sql);
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    const posted = await postJson(api, v.caller, `/conversations/${v.conversationId}/operator-messages`, {
      attachments: [{ url: 'https://files.example.com/price-list.pdf', name: 'price-list.pdf', content_type: 'application/pdf' }],
    });
    expect(posted.status).toBe(201);
    const body = parsed(await c.nth('message', 1));
    expect(body.attachments).toEqual([{ url: expect.stringMatching(new RegExp(`^${api.origin}/api/widget/attachments/${posted.body.id}/0\\?exp=\\d+&sig=[0-9a-f]{64}$`)), name: 'price-list.pdf' }]);
    expect(body.content).toBeNull();
  });

  it('sends `closed` when the conversation is closed, and keeps the stream open (a visitor writing again reopens it)', async () => {
    const v = await newVisitor(api, sql, { mode: 'operator', operatorName: 'Ivan' });
    const c = await stream(v.token);
    expect(parsed(await c.nth('conversation:update', 1))).toEqual({ state: 'operator', operator: { name: 'Ivan' } });
    expect((await postJson(api, v.caller, `/conversations/${v.conversationId}/close`)).status).toBe(200);
    const closed = await c.nth('closed', 1);
    expect(closed.data).toBe('{}');
    expect(c.named('conversation:update')).toHaveLength(1);
    expect(c.ended).toBe(false);
  });

  it('gives a stream opened on a closed conversation its state only (`closed` is the news of a close)', async () => {
    const v = await newVisitor(api, sql, { status: 'closed' });
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    // A marker after the opening: a message stored and announced; a `closed` would come before it.
    await seedMessage(sql, v.caller, v.conversationId, { content: 'marker', createdAt: new Date() });
    await announceConversationChanges(api.services.redis, [v.conversationId]);
    expect(parsed(await c.nth('message', 1)).content).toBe('marker');
    expect(c.events.map((e) => e.event)).toEqual(['conversation:update', 'message']);
  });

  it('sends conversation:update {state: queued} when the AI hands the conversation off', async () => {
    const v = await newVisitor(api, sql);
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    let changed: string[] = [];
    await api.services.orm.em.fork().transactional(async (tx) => {
      const conversation = await findVisibleConversation(tx, v.caller.tenantId, v.conversationId, { lock: true });
      await requestHandoff(tx, conversation, 'The customer asked for a person', new Date());
      changed = takeConversationChanges(tx);
    });
    expect(changed).toEqual([v.conversationId]);
    await announceConversationChanges(api.services.redis, changed);
    expect(parsed(await c.nth('conversation:update', 2))).toEqual({ state: 'queued', operator: null });
  });

  it('resumes after Last-Event-ID with exactly the messages after it (deleted ones never), then the state', async () => {
    const v = await newVisitor(api, sql);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push(await seedMessage(sql, v.caller, v.conversationId, {
        content: `m${i}`, sender: i % 2 ? 'customer' : 'ai', createdAt: at(`2026-01-01T00:0${i}:00Z`), deletedAt: i === 4 ? new Date() : null,
      }));
    }
    const cursor = `${Date.parse('2026-01-01T00:02:00Z')}.${ids[1]}`;
    const c = await stream(v.token, { headers: { 'last-event-id': cursor } });
    await c.nth('conversation:update', 1);
    expect(c.events.map((e) => [e.event, e.event === 'message' ? parsed(e).content : null, e.id])).toEqual([
      ['message', 'm3', `${Date.parse('2026-01-01T00:03:00Z')}.${ids[2]}`],
      ['message', 'm5', `${Date.parse('2026-01-01T00:05:00Z')}.${ids[4]}`],
      ['conversation:update', null, undefined],
    ]);
    expect(parsed(c.named('message')[0]!)).toMatchObject({ sender: 'user' });
    expect(parsed(c.named('message')[1]!)).toMatchObject({ sender: 'user' });

    // The same through ?last_event_id= (an EventSource cannot set headers on its first request).
    const q = await stream(v.token, { query: `&last_event_id=${encodeURIComponent(cursor)}` });
    await q.nth('conversation:update', 1);
    expect(q.named('message').map((e) => parsed(e).content)).toEqual(['m3', 'm5']);

    // Resuming from the newest message: nothing to catch up.
    const last = await stream(v.token, { headers: { 'last-event-id': c.named('message')[1]!.id! } });
    await last.nth('conversation:update', 1);
    expect(last.named('message')).toEqual([]);

    // A cursor that does not parse means "from the start".
    const bad = await stream(v.token, { headers: { 'last-event-id': 'not-a-cursor' } });
    await bad.nth('conversation:update', 1);
    expect(bad.named('message').map((e) => parsed(e).content)).toEqual(['m1', 'm2', 'm3', 'm5']);
  });

  it('resumes a stream that was cut off: a reconnect with its last id gets what it missed, once', async () => {
    const v = await newVisitor(api, sql);
    const first = await stream(v.token);
    await first.nth('conversation:update', 1);
    await operatorMessage(v, 'one');
    const seen = await first.nth('message', 1);
    first.close();
    await operatorMessage(v, 'two');
    await operatorMessage(v, 'three');
    const again = await stream(v.token, { headers: { 'last-event-id': seen.id! } });
    await again.nth('conversation:update', 1);
    await operatorMessage(v, 'four');
    await again.nth('message', 3);
    // A marker after it: a repeat of any message would arrive before the marker.
    await operatorMessage(v, 'marker');
    await again.nth('message', 4);
    expect(again.named('message').map((e) => parsed(e).content)).toEqual(['two', 'three', 'four', 'marker']);
  });

  it('sends a message committed late with an earlier created_at, once, and keeps the highest cursor as its id', async () => {
    const v = await newVisitor(api, sql);
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    const newer = await operatorMessage(v, 'committed first');
    const first = await c.nth('message', 1);
    const lateId = await seedMessage(sql, v.caller, v.conversationId, { content: 'committed second', createdAt: new Date(Date.parse(newer.body.created_at) - 2000) });
    await announceConversationChanges(api.services.redis, [v.conversationId]);
    const late = await c.nth('message', 2);
    expect(parsed(late)).toMatchObject({ id: lateId, content: 'committed second' });
    expect(late.id).toBe(first.id);
    await announceConversationChanges(api.services.redis, [v.conversationId]);
    // A marker after the second announcement: a resend would arrive before it.
    await operatorMessage(v, 'marker');
    await c.nth('message', 3);
    expect(c.named('message').map((e) => parsed(e).content)).toEqual(['committed first', 'committed second', 'marker']);
  });

  it('never sends another conversation\'s messages', async () => {
    const a = await newVisitor(api, sql);
    const sameTenant = await newVisitor(api, sql, { caller: a.caller });
    const otherTenant = await newVisitor(api, sql);
    const streams = await Promise.all([a, sameTenant, otherTenant].map((v) => stream(v.token)));
    await Promise.all(streams.map((c) => c.nth('conversation:update', 1)));
    await operatorMessage(sameTenant, 'for the same tenant\'s other visitor');
    await operatorMessage(otherTenant, 'for another tenant\'s visitor');
    await operatorMessage(a, 'for a');
    await streams[1]!.nth('message', 1);
    await streams[2]!.nth('message', 1);
    await streams[0]!.nth('message', 1);
    // A marker to each after all three: a stray message would reach a stream before its marker.
    for (const v of [a, sameTenant, otherTenant]) await operatorMessage(v, 'marker');
    await Promise.all(streams.map((c) => c.nth('message', 2)));
    expect(streams.map((c) => c.named('message').map((e) => parsed(e).content))).toEqual([
      ['for a', 'marker'], ['for the same tenant\'s other visitor', 'marker'], ['for another tenant\'s visitor', 'marker'],
    ]);
  });

  it('many streams of one conversation each get the message once', async () => {
    const v = await newVisitor(api, sql);
    const streams = await Promise.all(Array.from({ length: 20 }, () => stream(v.token)));
    await Promise.all(streams.map((c) => c.nth('conversation:update', 1)));
    const posted = await operatorMessage(v, 'to all of you');
    await Promise.all(streams.map((c) => c.nth('message', 1)));
    // A marker after it: a second copy would reach a stream before the marker.
    const marker = await operatorMessage(v, 'marker');
    await Promise.all(streams.map((c) => c.nth('message', 2)));
    for (const c of streams) expect(c.named('message').map((e) => parsed(e).id)).toEqual([posted.body.id, marker.body.id]);
  });

  it('forgets a stream when its client goes away', async () => {
    const hub = api.services.liveHub;
    await eventually('no stream left from earlier tests', async () => (hub.size === 0 ? true : undefined), 10_000);
    const v = await newVisitor(api, sql);
    const streams = await Promise.all([stream(v.token), stream(v.token)]);
    await Promise.all(streams.map((c) => c.nth('conversation:update', 1)));
    expect(hub.size).toBe(2);
    expect(hub.conversations).toBe(1);
    streams[0]!.close();
    await eventually('one stream left', async () => (hub.size === 1 ? true : undefined), 5000);
    streams[1]!.close();
    await eventually('no stream left', async () => (hub.size === 0 && hub.conversations === 0 ? true : undefined), 5000);
  });

  it('logs and counts a stream once, when it ends', async () => {
    const v = await newVisitor(api, sql);
    const count = async () => {
      const text = (await call(api.metricsOrigin, 'GET', '/metrics')).text;
      const line = text.split('\n').find((l) => l.startsWith('http_requests_total{') && l.includes('route="GET /api/widget/events"') && l.includes('status="200"'));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = await count();
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    expect(await count()).toBe(before);
    expect(await call(api.metricsOrigin, 'GET', '/metrics').then((r) => r.text)).toMatch(/^widget_streams_open [1-9]/m);
    c.close();
    await eventually('the stream counted', async () => ((await count()) === before + 1 ? true : undefined), 5000);
  });
});

describe('GET /api/widget/events: tokens', () => {
  const refused = async (token: string) => {
    const c = await stream(token);
    expect(c.status).toBe(401);
    const body = await c.json();
    expectProblem({ status: c.status, headers: new Headers(c.res.headers as Record<string, string>), body, text: c.raw }, 'invalid_session', { error: 'invalid_session' });
  };

  it('answers 401 invalid_session without a token, for a malformed or unknown one, and for a wrong secret', async () => {
    const v = await newVisitor(api, sql);
    await refused('');
    await refused('garbage');
    await refused(`wst_${'0'.repeat(32)}_${'A'.repeat(32)}`);
    await refused(`${v.token.slice(0, -1)}${v.token.endsWith('A') ? 'B' : 'A'}`);
  });

  it('answers 401 for an expired session', async () => {
    const v = await newVisitor(api, sql);
    await sql.query(`update widget_sessions set expires_at = now() - interval '1 second' where id = $1`, [v.sessionId]);
    await refused(v.token);
  });

  it('keeps the previous token valid through its grace time, then answers 401', async () => {
    const v = await newVisitor(api, sql);
    const em = api.services.orm.em.fork();
    const session = await em.findOneOrFail(WidgetSession, { id: v.sessionId });
    const fresh = rotateSession(session, api.services.config.widget, new Date());
    await em.flush();
    for (const token of [fresh, v.token]) {
      const c = await stream(token);
      expect(c.status).toBe(200);
      await c.nth('conversation:update', 1);
    }
    await sql.query(`update widget_sessions set previous_valid_until = now() - interval '1 second' where id = $1`, [v.sessionId]);
    await refused(v.token);
    expect((await stream(fresh)).status).toBe(200);
  });
});

describe('card paths on the stream', () => {
  it("a card's page path reaches the stream as an address on the tenant's primary domain", async () => {
    const v = await newVisitor(api, sql);
    await runCtl(['tenant', 'set-domain', '--tenant', v.caller.tenantId, '--domain', 'shop.example.com', '--json'], api.services);
    await newCard(api, v.caller, { code: 'oslo', name: 'Sofa Oslo', page_url: '/products/oslo' });
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    expect((await postJson(api, v.caller, `/conversations/${v.conversationId}/cards`, { code: 'oslo' })).status).toBe(201);
    const message = parsed(await c.nth('message', 1));
    expect(message.cards).toEqual([expect.objectContaining({
      page_url: 'https://shop.example.com/products/oslo', buttons: [{ label: 'Подробнее', url: 'https://shop.example.com/products/oslo' }],
    })]);
  });
});
