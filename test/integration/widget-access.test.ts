import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { eventually } from '../harness/eventually.js';
import { call } from '../harness/http.js';
import { seedMessage } from './conversations-fixtures.js';
import { SseClient, eventsUrl, newVisitor, type Visitor } from './widget-stream-support.js';
import { expectWidgetProblem, history, init, poll, send } from './widget-fixtures.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { AttachmentSigner } from '../../src/widget/presenters.js';
import { StreamSlots } from '../../src/widget/stream-slots.js';

/**
 * Who may still use the visitor chat: every route refuses a chat whose tenant is no longer
 * active (404, what init answers), a stream ends when its chat closes or its token ends, a
 * session and an address hold a bounded number of streams, forged tokens spend no real
 * visitor's budget, and the attachment redirect never sends a visitor to a refused address.
 */

const GRACE_MS = 1500;
const HEARTBEAT_MS = 200;
let api: TestApi;
let sql: pg.Client;
const ENV = {
  WIDGET_HEARTBEAT_MS: String(HEARTBEAT_MS), WIDGET_TOKEN_GRACE: `${GRACE_MS}ms`,
  WIDGET_STREAMS_PER_SESSION: '2', WIDGET_STREAMS_PER_IP: '5',
  WIDGET_RATE_VISITOR_PER_MIN: '5', WIDGET_RATE_CHANNEL_PER_MIN: '5', WIDGET_RATE_REJECTED_PER_MIN: '5', WIDGET_REPLY_HOLD_MS: '0',
  // Each test calls from its own address (other test files of the run share 127.0.0.1 and Redis).
  TRUSTED_PROXIES: '127.0.0.1',
};
useApiSuite((s) => ({ api, sql } = s), ENV);

let address: string;
const newAddress = () => `2001:db8::${[1, 2, 3].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`;
beforeEach(() => {
  address = newAddress();
});
const from = () => ({ 'x-forwarded-for': address });

const open: SseClient[] = [];
async function stream(token: string): Promise<SseClient> {
  const c = await SseClient.open(eventsUrl(api, token), from());
  open.push(c);
  return c;
}
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await eventually('the streams gone', async () => (api.services.liveHub.size === 0 ? true : undefined), 10_000, 20);
});

const sendFrom = (body: Record<string, unknown>) => call(api.origin, 'POST', '/api/widget/messages', { body, headers: from() });

/** A tenant without the AI seller: visitor messages wait for an operator, no paid work. */
const withoutAi = () => newCaller(api.services, { features: PLAN_FEATURES.filter((f) => f !== 'ai_seller') });
const visitor = async (caller?: Caller): Promise<Visitor> => newVisitor(api, sql, { caller: caller ?? await withoutAi() });
const deactivate = (tenantId: string) => sql.query(`update tenants set status = 'inactive' where id = $1`, [tenantId]);
const streamProblem = async (c: SseClient) => ({ status: c.status, code: (await c.json()).code, retryAfter: c.header('retry-after') });

describe('a chat whose tenant is no longer active', () => {
  it('every visitor route answers 404 not_found, as init does', async () => {
    const v = await visitor();
    const attachment = await seedMessage(sql, v.caller, v.conversationId, { sender: 'operator', content: null, attachments: [{ url: 'https://files.example.com/a.pdf', name: 'a.pdf', content_type: null }], createdAt: new Date() });
    const { config } = api.services;
    const signed = new AttachmentSigner(config.publicOrigin, config.widget.secret, config.widget.attachmentUrlTtlMs).url(attachment, 0, new Date());
    expect((await history(api, v.token)).status).toBe(200);
    expect((await fetch(signed, { redirect: 'manual' })).status).toBe(302);

    await deactivate(v.caller.tenantId);
    expectWidgetProblem(await init(api, { channel_id: v.channelId }), 'not_found');
    expectWidgetProblem(await send(api, { channel_id: v.channelId, content: 'Hello?', session_token: v.token }), 'not_found');
    expectWidgetProblem(await history(api, v.token), 'not_found');
    expectWidgetProblem(await poll(api, v.token, new Date(0).toISOString()), 'not_found');
    expect(await streamProblem(await stream(v.token))).toMatchObject({ status: 404, code: 'not_found' });
    const redirect = await fetch(signed, { redirect: 'manual' });
    expect({ status: redirect.status, location: redirect.headers.get('location') }).toEqual({ status: 404, location: null });
  });

  it('ends an open stream at its next heartbeat', async () => {
    const v = await visitor();
    const c = await stream(v.token);
    expect(c.status).toBe(200);
    await c.nth('conversation:update', 1);
    await deactivate(v.caller.tenantId);
    await c.until('the stream to end', () => (c.ended ? true : undefined));
    // A stream of another, still active tenant goes on.
    const other = await visitor();
    const o = await stream(other.token);
    await o.until('two heartbeats', () => (o.comments.length >= 2 ? true : undefined));
    expect(o.ended).toBe(false);
  });
});

describe('a stream ends with its token', () => {
  it('a stream of a rotated-out token ends when the grace time ends; the new token streams on', async () => {
    const v = await visitor();
    const c = await stream(v.token);
    await c.nth('conversation:update', 1);
    const answer = await send(api, { channel_id: v.channelId, content: 'A new message rotates the token', session_token: v.token });
    expect(answer.status).toBe(200);
    // Within the grace time the old stream still hears the conversation.
    await c.until('the visitor message', () => c.named('message').find((e) => JSON.parse(e.data).id === answer.body.message.id));
    const fresh = await stream(answer.body.session_token);
    expect(fresh.status).toBe(200);
    await c.until('the old stream to end', () => (c.ended ? true : undefined), 10_000);
    const { rows: [s] } = await sql.query<{ previous_valid_until: Date }>('select previous_valid_until from widget_sessions where id = $1', [v.sessionId]);
    expect(Date.now()).toBeGreaterThanOrEqual(s!.previous_valid_until.getTime());
    await fresh.until('heartbeats after the old stream ended', () => (fresh.comments.length >= 2 ? true : undefined));
    expect(fresh.ended).toBe(false);
  });

  it('a second rotation ends a stream of the token before the previous one at once', async () => {
    // An api whose grace lasts ten minutes: a stream that ends during the test ended by the rotation, not by a grace end.
    const long = await startApi({ ...ENV, WIDGET_TOKEN_GRACE: '10m' });
    try {
      const v = await newVisitor(long, sql, { caller: await withoutAi() });
      const one = await send(long, { channel_id: v.channelId, content: 'First', session_token: v.token });
      // The old token is the previous one now, in its grace time: it may still stream.
      const c = await SseClient.open(eventsUrl(long, v.token), from());
      open.push(c);
      expect(c.status).toBe(200);
      await c.nth('conversation:update', 1);
      const two = await send(long, { channel_id: v.channelId, content: 'Second', session_token: one.body.session_token });
      expect(two.status).toBe(200);
      await c.until('the stream to end', () => (c.ended ? true : undefined), 30_000);
    } finally {
      for (const c of open.splice(0)) c.close();
      await long.close();
    }
  });
});

describe('streams per session and per address', () => {
  it('a session holds at most WIDGET_STREAMS_PER_SESSION streams: one more is 429 with Retry-After; a closed one frees its slot', async () => {
    const v = await visitor();
    const [a, b] = [await stream(v.token), await stream(v.token)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await streamProblem(await stream(v.token))).toEqual({ status: 429, code: 'rate_limited', retryAfter: '30' });
    a.close();
    await eventually('a slot given back', async () => {
      const c = await stream(v.token);
      if (c.status === 200) return c;
      c.close();
      return undefined;
    }, 10_000, 50);
  });

  it('an address holds at most WIDGET_STREAMS_PER_IP streams, over any sessions', async () => {
    const visitors = await Promise.all([1, 2, 3].map(() => visitor()));
    const statuses: number[] = [];
    for (const v of visitors) for (let i = 0; i < 2; i++) statuses.push((await stream(v.token)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('stream slots in Redis', () => {
  it('a slot never given back (its process crashed) lapses with its lease; a renewed one does not', async () => {
    const slots = new StreamSlots(api.services.redis, { perSession: 1, perAddress: 10, leaseMs: 400 });
    const session = crypto.randomUUID();
    await slots.take(session, address); // never renewed, never released
    await expect(slots.take(session, address)).rejects.toMatchObject({ code: 'rate_limited' });
    const next = await eventually('the lapsed slot free again', () => slots.take(session, address).catch(() => undefined), 10_000, 50);
    await next.release();
    // A renewal moves the lease's end on (Redis's clock scores it), so a renewed slot stays
    // taken; the lease is long here, so no pause of a loaded machine decides the check.
    const long = new StreamSlots(api.services.redis, { perSession: 1, perAddress: 10, leaseMs: 60_000 });
    const renewed = crypto.randomUUID();
    const slot = await long.take(renewed, address);
    const leaseEnd = async () => Number((await api.services.redis.zrange(`widget:streams:s:${renewed}`, 0, -1, 'WITHSCORES'))[1]);
    const redisNow = async () => {
      const [s, us] = await api.services.redis.time();
      return Number(s) * 1000 + Math.floor(Number(us) / 1000);
    };
    const taken = await leaseEnd();
    await eventually('Redis time to move on', async () => ((await redisNow()) + 60_000 > taken ? true : undefined), 10_000, 1);
    await slot.renew();
    expect(await leaseEnd()).toBeGreaterThan(taken);
    await expect(long.take(renewed, address)).rejects.toMatchObject({ code: 'rate_limited' });
    await slot.release();
    expect(await long.take(renewed, address)).toBeDefined();
  });
});

describe('forged session tokens', () => {
  const forged = () => `wst_${[...crypto.getRandomValues(new Uint8Array(16))].map((x) => x.toString(16).padStart(2, '0')).join('')}_${'A'.repeat(32)}`;

  it('spend no real visitor\'s nor the channel\'s budget: they are 401, then 429 for their address', async () => {
    const real = await visitor();
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await sendFrom({ channel_id: real.channelId, content: 'spam', session_token: forged() })).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const ok = await sendFrom({ channel_id: real.channelId, content: 'I am real', session_token: real.token });
    expect(ok.status).toBe(200);
    // A real token of another chat is no session here either (and counts as refused).
    const stranger = await visitor();
    expectWidgetProblem(await sendFrom({ channel_id: real.channelId, content: 'Hi', session_token: stranger.token }), 'rate_limited');
    // Another address is not refused.
    address = newAddress();
    expectWidgetProblem(await sendFrom({ channel_id: real.channelId, content: 'Hi', session_token: forged() }), 'invalid_session');
  });
});

describe('the attachment redirect checks the address again', () => {
  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['http://files.example.com/a.pdf'],
    ['/storage/7c9e6679-7425-40de-944b-e07fc1f90ae7/a.png'],
  ])('a stored %s is 404 not_found, never a redirect', async (url) => {
    const v = await visitor();
    const id = await seedMessage(sql, v.caller, v.conversationId, { sender: 'operator', content: null, attachments: [{ url, name: 'a', content_type: null }], createdAt: new Date() });
    const { config } = api.services;
    const signed = new AttachmentSigner(config.publicOrigin, config.widget.secret, config.widget.attachmentUrlTtlMs).url(id, 0, new Date());
    const res = await fetch(signed, { redirect: 'manual' });
    expect({ status: res.status, location: res.headers.get('location'), code: ((await res.json()) as { code: string }).code }).toEqual({ status: 404, location: null, code: 'not_found' });
  });

  it('the account\'s own storage still redirects', async () => {
    const v = await visitor();
    const url = `/storage/${v.caller.tenantId}/a.png`;
    const id = await seedMessage(sql, v.caller, v.conversationId, { sender: 'operator', content: null, attachments: [{ url, name: 'a', content_type: null }], createdAt: new Date() });
    const { config } = api.services;
    const res = await fetch(new AttachmentSigner(config.publicOrigin, config.widget.secret, config.widget.attachmentUrlTtlMs).url(id, 0, new Date()), { redirect: 'manual' });
    expect({ status: res.status, location: res.headers.get('location') }).toEqual({ status: 302, location: `${api.origin}${url}` });
  });
});
