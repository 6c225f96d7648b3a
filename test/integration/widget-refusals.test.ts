import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { ownShare } from '../harness/isolation.js';
import { startApi, type TestApi } from '../harness/app.js';
import { sqlClient } from '../harness/database.js';
import { newCaller, type Caller, type CallerOptions } from '../harness/fixtures.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { PinnedClock } from '../../src/clock.js';
import { atTime } from '../harness/pinned-time.js';
import { createRedis } from '../../src/redis.js';
import { conversationOf, expectWidgetProblem, history, init, poll, send, websiteChannel, widgetMessage } from './widget-fixtures.js';
import { SseClient, eventsUrl } from './widget-stream-support.js';

/**
 * What POST /api/widget/messages refuses, and what it hands to an operator instead (no worker:
 * AI replies stay queued): the visitor's and the channel's rate limits, the tenant's paid
 * concurrency and paid rate (429, nothing written, the widget retries), a suspended wallet
 * and a limits store that is down (503), and a tenant that cannot pay or has no AI (the
 * message is kept and the conversation waits for an operator).
 */

// The clock stands still: a sliding minute's Retry-After is 60 seconds (the first counted
// message leaves the minute 60 s after it came).
const clock = new PinnedClock(new Date('2026-11-21T12:00:30.000Z'));
let api: TestApi;
let db: pg.Client;

beforeAll(async () => {
  api = await startApi({
    WIDGET_RATE_VISITOR_PER_MIN: '3', WIDGET_RATE_IP_PER_MIN: '5', WIDGET_RATE_SESSIONS_PER_IP_PER_MIN: '2', WIDGET_RATE_CHANNEL_PER_MIN: '6',
    PAID_CONCURRENCY: '1', RATE_LIMIT_PAID_PER_MIN: '2', WIDGET_REPLY_HOLD_MS: '0',
    // Tests of the per-address limits call from their own addresses.
    TRUSTED_PROXIES: '127.0.0.1', ...ownShare('widget-refusals').env,
  }, { clock });
  db = await sqlClient(api.services.config.databaseUrl);
});
afterAll(async () => {
  await db?.end();
  await api?.close();
});

/** A tenant whose plan has no AI seller: every message goes to an operator, no paid work. */
const withoutAi = (o: CallerOptions = {}) => newCaller(api.services, { ...o, features: PLAN_FEATURES.filter((f) => f !== 'ai_seller') });

const messagesOf = async (channelId: string): Promise<number> =>
  (await db.query('select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where c.channel_id = $1', [channelId])).rows[0].n;
const conversationsOf = async (channelId: string): Promise<number> =>
  (await db.query('select count(*)::int as n from conversations where channel_id = $1', [channelId])).rows[0].n;
const newAddress = () => `2001:db8::${[1, 2, 3].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

const at = <T>(when: string | number, fn: () => Promise<T>) => atTime(clock, when, fn);

const events = async (tenantId: string, type: string) =>
  (await db.query('select data from outbox_events where tenant_id = $1 and type = $2 order by created_at, id', [tenantId, type])).rows.map((r) => r.data);

describe('rate limits', () => {
  it('a visitor (by session) sending more than WIDGET_RATE_VISITOR_PER_MIN messages a minute gets 429 rate_limited with Retry-After', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    let token = (await send(api, { channel_id: channelId, content: 'Hello' })).body.session_token;
    for (let i = 0; i < 3; i++) {
      const res = await send(api, { channel_id: channelId, content: `Message ${i}`, session_token: token });
      expect(res.status).toBe(200);
      token = res.body.session_token;
    }
    const before = await messagesOf(channelId);
    const refused = await send(api, { channel_id: channelId, content: 'One too many', session_token: token });
    expectWidgetProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await messagesOf(channelId)).toBe(before);
  });

  it('a sliding minute: 3 messages of a visitor at 12:00:59 leave none for 12:01:00.5 (a new clock minute); the next passes when the first is a minute old', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    const address = from(newAddress());
    let token: string = (await at('2026-11-21T12:00:58.000Z', () => send(api, { channel_id: channelId, content: 'Hello' }, address))).body.session_token;
    for (const when of ['12:00:59.000', '12:00:59.100', '12:00:59.200']) {
      const res = await at(`2026-11-21T${when}Z`, () => send(api, { channel_id: channelId, content: `At ${when}`, session_token: token }, address));
      expect(res.status).toBe(200);
      token = res.body.session_token;
    }
    const refused = await at('2026-11-21T12:01:00.500Z', () => send(api, { channel_id: channelId, content: 'Across the minute', session_token: token }, address));
    expectWidgetProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('59');
    expectWidgetProblem(await at('2026-11-21T12:01:58.999Z', () => send(api, { channel_id: channelId, content: 'Still early', session_token: token }, address)), 'rate_limited');
    expect((await at('2026-11-21T12:01:59.000Z', () => send(api, { channel_id: channelId, content: 'A minute on', session_token: token }, address))).status).toBe(200);
  });

  it('new chats (messages without a session token) from one address on a channel: more than WIDGET_RATE_SESSIONS_PER_IP_PER_MIN a minute are 429 rate_limited with Retry-After', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    for (let i = 0; i < 2; i++) expect((await send(api, { channel_id: channelId, content: `New visitor ${i}` })).status).toBe(200);
    const refused = await send(api, { channel_id: channelId, content: 'A third new visitor' });
    expectWidgetProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body.detail).toMatch(/new chats from this address/);
    expect(await conversationsOf(channelId)).toBe(2);
    // Another channel, or another address, is counted on its own.
    const other = await websiteChannel(api, caller.tenantId);
    expect((await send(api, { channel_id: other, content: 'Hello' })).status).toBe(200);
    expect((await send(api, { channel_id: channelId, content: 'Hello' }, from(newAddress()))).status).toBe(200);
  });

  it('one address over all the sessions it opens: more than WIDGET_RATE_IP_PER_MIN messages a minute on a channel are 429, before the channel\'s budget is gone', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    const abuser = from(newAddress());
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) tokens.push((await send(api, { channel_id: channelId, content: `Session ${i}` }, abuser)).body.session_token);
    // Each session has sent 1 of its 3; the address 2 of its 5.
    for (const i of [0, 1, 0]) {
      const res = await send(api, { channel_id: channelId, content: `Again ${i}`, session_token: tokens[i] }, abuser);
      expect(res.status).toBe(200);
      tokens[i] = res.body.session_token;
    }
    const refused = await send(api, { channel_id: channelId, content: 'The sixth from this address', session_token: tokens[1] }, abuser);
    expectWidgetProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body.detail).toMatch(/messages from this address/);
    expect(await messagesOf(channelId)).toBe(5);
    // The channel (6 a minute) still takes a message from another visitor.
    expect((await send(api, { channel_id: channelId, content: 'A real visitor' }, from(newAddress()))).status).toBe(200);
  });

  it('a channel taking more than WIDGET_RATE_CHANNEL_PER_MIN messages a minute gets 429 rate_limited with Retry-After, whoever sends', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    // Three visitors, each from an address of its own.
    const visitors = [newAddress(), newAddress(), newAddress()].map((address) => ({ headers: from(address), token: '' }));
    for (const [i, v] of visitors.entries()) v.token = (await send(api, { channel_id: channelId, content: `Visitor ${i}` }, v.headers)).body.session_token;
    for (const [i, v] of visitors.entries()) {
      const res = await send(api, { channel_id: channelId, content: `Visitor ${i} again`, session_token: v.token }, v.headers);
      expect(res.status).toBe(200);
      v.token = res.body.session_token;
    }
    const before = await messagesOf(channelId);
    const refused = await send(api, { channel_id: channelId, content: 'The seventh message', session_token: visitors[0]!.token }, visitors[0]!.headers);
    expectWidgetProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body.detail).toMatch(/this chat/);
    expect(await messagesOf(channelId)).toBe(before);
  });

  it('init: more than WIDGET_RATE_VISITOR_PER_MIN chat starts a minute from one address on a channel are 429 rate_limited with Retry-After; another channel is not counted', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    for (let i = 0; i < 3; i++) expect((await init(api, { channel_id: channelId })).status).toBe(200);
    const refused = await init(api, { channel_id: channelId });
    expectWidgetProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body.detail).toMatch(/chat starts from this address/);
    const other = await websiteChannel(api, caller.tenantId);
    expect((await init(api, { channel_id: other })).status).toBe(200);
  });

  it('reads (history, poll and opening the stream) beyond 4 x WIDGET_RATE_VISITOR_PER_MIN a minute of a session are 429 rate_limited with Retry-After; its messages and other sessions go on', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    const first = await send(api, { channel_id: channelId, content: 'Hello' });
    const token: string = first.body.session_token;
    const after: string = first.body.message.created_at;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await history(api, token)).status, (await poll(api, token, after)).status);
    expect(statuses).toEqual(Array(12).fill(200));
    for (const refused of [await history(api, token), await poll(api, token, after)]) {
      expectWidgetProblem(refused, 'rate_limited');
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body.detail).toMatch(/reads of this conversation/);
    }
    const stream = await SseClient.open(eventsUrl(api, token));
    try {
      expect({ status: stream.status, code: (await stream.json()).code, retryAfter: stream.header('retry-after') }).toEqual({ status: 429, code: 'rate_limited', retryAfter: '60' });
    } finally {
      stream.close();
    }
    // Messages have their own budget; another visitor's session its own reads.
    expect((await send(api, { channel_id: channelId, content: 'Still here', session_token: token })).status).toBe(200);
    const other = await send(api, { channel_id: channelId, content: 'Another visitor' });
    expect((await history(api, other.body.session_token)).status).toBe(200);
  });

  it("the tenant's paid concurrency and the paid rate are 429 with Retry-After; nothing is written, the widget retries", async () => {
    const caller = await newCaller(api.services);
    const channelId = await websiteChannel(api, caller.tenantId);
    const first = await send(api, { channel_id: channelId, content: 'Hello!' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ queued: false, state: 'ai', response: null });
    const [op] = (await db.query(`select status, integration_id, channel_id from operations where tenant_id = $1`, [caller.tenantId])).rows;
    expect(op).toEqual({ status: 'queued', integration_id: null, channel_id: channelId });

    // PAID_CONCURRENCY=1 and the first reply is still queued.
    const busy = await send(api, { channel_id: channelId, content: 'Hello from a second visitor' }, from(newAddress()));
    expectWidgetProblem(busy, 'rate_limited');
    expect(busy.headers.get('retry-after')).toBe('5');
    // RATE_LIMIT_PAID_PER_MIN=2, counted per channel.
    const fast = await send(api, { channel_id: channelId, content: 'Hello from a third visitor' }, from(newAddress()));
    expectWidgetProblem(fast, 'rate_limited');
    expect(fast.headers.get('retry-after')).toBe('60');
    expect(await conversationsOf(channelId)).toBe(1);
    expect(await messagesOf(channelId)).toBe(1);
    expect(Number((await db.query('select count(*) from widget_sessions where channel_id = $1', [channelId])).rows[0].count)).toBe(1);
  });
});

describe('handed to an operator instead of refused', () => {
  it('a tenant without funds: the message is kept, the conversation waits for an operator (queued), nothing is charged', async () => {
    const caller = await newCaller(api.services, { balanceRub: '0' });
    const channelId = await websiteChannel(api, caller.tenantId);
    const res = await send(api, { channel_id: channelId, content: 'Do you have sneakers?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ queued: true, state: 'queued', operator: null, response: null, message: widgetMessage({ sender: 'user', content: 'Do you have sneakers?' }) });
    const conversation = await conversationOf(db, res.body.session_token);
    expect(conversation.status).toBe('handoff_pending');
    expect(await events(caller.tenantId, 'message.created')).toEqual([
      { message_id: res.body.message.id, conversation_id: conversation.id, sender: 'customer', ai_reply: { status: 'skipped', reason: 'insufficient_funds' } },
    ]);
    expect(await events(caller.tenantId, 'conversation.handoff_requested')).toEqual([{ conversation_id: conversation.id, reason: 'insufficient_funds' }]);
    expect((await db.query('select count(*)::int as n from operations where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
  });

  it('a plan without the AI seller: every message waits for an operator', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    const res = await send(api, { channel_id: channelId, content: 'Hello!' });
    expect(res.body).toMatchObject({ queued: true, state: 'queued', response: null });
    expect(await events(caller.tenantId, 'conversation.handoff_requested')).toEqual([{ conversation_id: expect.any(String), reason: 'ai_not_permitted' }]);
  });
});

describe('503 service_unavailable', () => {
  it('a suspended wallet (blocked or negative) refuses new messages: the chat is unavailable; reads go on', async () => {
    for (const suspend of ['update wallets set blocked = true where tenant_id = $1', 'update wallets set balance_rub = -1 where tenant_id = $1']) {
      const caller = await withoutAi();
      const channelId = await websiteChannel(api, caller.tenantId);
      const before = await send(api, { channel_id: channelId, content: 'Hello' });
      await db.query(suspend, [caller.tenantId]);
      const refused = await send(api, { channel_id: channelId, content: 'Anyone?', session_token: before.body.session_token });
      expectWidgetProblem(refused, 'service_unavailable');
      expect(refused.body.detail).toMatch(/chat is unavailable/);
      expect(refused.headers.get('retry-after')).toEqual(expect.stringMatching(/^\d+$/));
      expect(await messagesOf(channelId)).toBe(1);
      expect((await history(api, before.body.session_token)).status).toBe(200);
    }
  });

  it('the limits store (Redis) down: every visitor route answers 503 with Retry-After, never 200', async () => {
    const caller: Caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    const visitor = await send(api, { channel_id: channelId, content: 'Hello' });
    const down = await startApi({}, { redis: createRedis('redis://127.0.0.1:1/0', 'x:') });
    try {
      const token = visitor.body.session_token;
      for (const res of [
        await init(down, { channel_id: channelId }),
        await send(down, { channel_id: channelId, content: 'Hello' }),
        await send(down, { channel_id: channelId, content: 'Hello again', session_token: token }),
        await history(down, token),
        await poll(down, token, '2026-01-01T00:00:00Z'),
      ]) {
        expectWidgetProblem(res, 'service_unavailable');
        expect(res.headers.get('retry-after')).toBe('5');
      }
      expect(await messagesOf(channelId)).toBe(1);
    } finally {
      await down.close();
    }
  });
});
