import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { sqlClient } from '../harness/database.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { AttachmentSigner } from '../../src/widget/presenters.js';
import { parseSessionToken } from '../../src/widget/session-tokens.js';
import { ISO_TIME, conversationOf, expectWidgetProblem, history, poll, send, sessionOf, websiteChannel, widgetMessage } from './widget-fixtures.js';

/**
 * GET /api/widget/history and /poll (the fallback of the stream), the signed attachment
 * redirect, and that a visitor reaches their own conversation and nothing else: not another
 * visitor's, not another tenant's. The tenants here have no AI seller, so no worker is
 * needed: messages go to an operator, who answers through the server API.
 */

let api: TestApi;
let db: pg.Client;

beforeAll(async () => {
  api = await startApi();
  db = await sqlClient(api.services.config.databaseUrl);
});
afterAll(async () => {
  await db?.end();
  await api?.close();
});

const withoutAi = () => newCaller(api.services, { features: PLAN_FEATURES.filter((f) => f !== 'ai_seller') });

async function visitor(channelId: string, content = 'Hello'): Promise<{ token: string; conversationId: string; messageId: string }> {
  const res = await send(api, { channel_id: channelId, content });
  expect(res.status).toBe(200);
  return { token: res.body.session_token, conversationId: (await conversationOf(db, res.body.session_token)).id, messageId: res.body.message.id };
}

function operatorSays(caller: Caller, conversationId: string, body: Record<string, unknown>) {
  return call(api.base, 'POST', `/conversations/${conversationId}/operator-messages`, { key: caller.apiKey, body });
}

/** The redirect itself, not where it leads. */
async function redirectOf(url: string): Promise<{ status: number; location: string | null; body: any }> {
  const res = await fetch(url, { redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

describe('history', () => {
  let caller: Caller;
  let channelId: string;
  let me: { token: string; conversationId: string; messageId: string };
  let operatorMessage: any;

  beforeAll(async () => {
    caller = await withoutAi();
    channelId = await websiteChannel(api, caller.tenantId);
    me = await visitor(channelId, 'Hello, I need a price list');
    const res = await operatorSays(caller, me.conversationId, {
      content: 'Here it is', operator: { name: 'Olga' }, attachments: [{ url: 'https://files.example.com/price.pdf', name: 'price.pdf', content_type: 'application/pdf' }],
    });
    expect(res.status).toBe(201);
    operatorMessage = res.body;
  });

  it('answers every message oldest first, with the state and the operator', async () => {
    const res = await history(api, me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      messages: [
        widgetMessage({ id: me.messageId, sender: 'user', content: 'Hello, I need a price list' }),
        widgetMessage({
          id: operatorMessage.id, sender: 'operator', content: 'Here it is', operator: 'Olga',
          attachments: [{ url: expect.stringMatching(new RegExp(`^${api.origin}/api/widget/attachments/${operatorMessage.id}/0\\?exp=\\d+&sig=[0-9a-f]{64}$`)), name: 'price.pdf' }],
        }),
      ],
      state: 'operator',
      operator: { name: 'Olga' },
    });
  });

  it('a waiting conversation is queued; deleted messages are not shown', async () => {
    const other = await visitor(channelId, 'Is anybody there?');
    const second = await send(api, { channel_id: channelId, content: 'Please delete this', session_token: other.token });
    await db.query('update messages set deleted_at = now() where id = $1', [second.body.message.id]);
    const res = await history(api, second.body.session_token);
    expect(res.body).toEqual({ messages: [widgetMessage({ id: other.messageId, sender: 'user', content: 'Is anybody there?' })], state: 'queued', operator: null });
  });

  it('holds at most the last 200 messages, oldest first by (created_at, id)', async () => {
    const long = await visitor(channelId, 'Message 0');
    await db.query(
      `insert into messages (id, tenant_id, conversation_id, sender, content, created_at)
       select gen_random_uuid(), $1, $2, 'customer', 'Message ' || n, (select max(created_at) from messages where conversation_id = $2) + n * interval '1 millisecond'
         from generate_series(1, 209) n`,
      [caller.tenantId, long.conversationId],
    );
    const res = await history(api, long.token);
    expect(res.body.messages).toHaveLength(200);
    expect(res.body.messages.map((m: any) => m.content)).toEqual(Array.from({ length: 200 }, (_, i) => `Message ${i + 10}`));
  });
});

describe('poll', () => {
  it('answers the messages created strictly after `after`, with the state and the operator', async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    const me = await visitor(channelId, 'First');
    const firstAt = (await history(api, me.token)).body.messages[0].created_at;
    expect(firstAt).toEqual(ISO_TIME);

    const quiet = await poll(api, me.token, firstAt);
    expect(quiet.status).toBe(200);
    expect(quiet.body).toEqual({ new_messages: [], state: 'queued', operator: null });

    const reply = await operatorSays(caller, me.conversationId, { content: 'Hello, this is Olga', operator: { name: 'Olga' } });
    const later = await poll(api, me.token, firstAt);
    expect(later.body).toEqual({
      new_messages: [widgetMessage({ id: reply.body.id, sender: 'operator', content: 'Hello, this is Olga', operator: 'Olga' })], state: 'operator', operator: { name: 'Olga' },
    });
    const all = await poll(api, me.token, '2000-01-01T00:00:00Z');
    expect(all.body.new_messages.map((m: any) => m.id)).toEqual([me.messageId, reply.body.id]);
    const none = await poll(api, me.token, later.body.new_messages[0].created_at);
    expect(none.body.new_messages).toEqual([]);
  });

  it('`after` is required and an ISO 8601 time: otherwise 422 validation_failed', async () => {
    const caller = await withoutAi();
    const me = await visitor(await websiteChannel(api, caller.tenantId));
    expectWidgetProblem(await poll(api, me.token, 'yesterday'), 'validation_failed', { errors: [expect.objectContaining({ field: '/after' })] });
    const missing = await call(api.origin, 'GET', `/api/widget/poll?st=${me.token}`);
    expectWidgetProblem(missing, 'validation_failed', { errors: [expect.objectContaining({ field: '/after', code: 'required' })] });
  });
});

describe('a token that is no longer valid', () => {
  let token: string;
  let previous: string;
  beforeAll(async () => {
    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId);
    previous = (await visitor(channelId)).token;
    token = (await send(api, { channel_id: channelId, content: 'Again', session_token: previous })).body.session_token;
  });

  const both = (st: string) => Promise.all([history(api, st), poll(api, st, '2000-01-01T00:00:00Z')]);

  it.each([
    ['garbage', 'garbage'],
    ['empty', ''],
    ['well formed but unknown', `wst_${'ab'.repeat(16)}_${'x'.repeat(32)}`],
  ])('%s: 401 invalid_session on history and poll', async (_why, st) => {
    for (const res of await both(st)) expectWidgetProblem(res, 'invalid_session');
  });

  it('no st at all: 401 invalid_session', async () => {
    expectWidgetProblem(await call(api.origin, 'GET', '/api/widget/history'), 'invalid_session');
  });

  it('rotated out (its grace over): 401 invalid_session; the current token still reads', async () => {
    for (const res of await both(previous)) expect(res.status).toBe(200);
    await db.query(`update widget_sessions set previous_valid_until = now() - interval '1 second' where id = $1`, [parseSessionToken(token)!.sessionId]);
    for (const res of await both(previous)) expectWidgetProblem(res, 'invalid_session');
    for (const res of await both(token)) expect(res.status).toBe(200);
  });

  it('expired (WIDGET_SESSION_TTL without a message): 401 invalid_session', async () => {
    await db.query(`update widget_sessions set expires_at = now() - interval '1 second' where id = $1`, [parseSessionToken(token)!.sessionId]);
    for (const res of await both(token)) expectWidgetProblem(res, 'invalid_session');
  });
});

describe('isolation', () => {
  let tenantA: Caller;
  let tenantB: Caller;
  let channelA: string;
  let channelA2: string;
  let channelB: string;
  let alice: { token: string; conversationId: string; messageId: string };

  beforeAll(async () => {
    tenantA = await withoutAi();
    tenantB = await withoutAi();
    channelA = await websiteChannel(api, tenantA.tenantId);
    channelA2 = await websiteChannel(api, tenantA.tenantId);
    channelB = await websiteChannel(api, tenantB.tenantId);
    alice = await visitor(channelA, 'Alice here, my phone is +7 900 000-00-00');
  });

  const rows = async (sql: string, ...params: unknown[]) => (await db.query(sql, params)).rows;

  it("a token used with another tenant's channel_id is 401 invalid_session, and nothing is written anywhere", async () => {
    const count = () => rows('select count(*)::int as n from messages where tenant_id in ($1, $2)', tenantA.tenantId, tenantB.tenantId);
    const before = await count();
    const res = await send(api, { channel_id: channelB, content: 'Crossing over', session_token: alice.token });
    expectWidgetProblem(res, 'invalid_session');
    expect(await count()).toEqual(before);
    expect(await rows('select count(*)::int as n from conversations where channel_id = $1', channelB)).toEqual([{ n: 0 }]);
  });

  it("a token used with another channel of the same tenant is 401 invalid_session", async () => {
    expectWidgetProblem(await send(api, { channel_id: channelA2, content: 'Crossing over', session_token: alice.token }), 'invalid_session');
  });

  it("another tenant's channel id starts a conversation of that tenant, never this visitor's", async () => {
    const bob = await visitor(channelB, 'Bob here');
    const conversation = await conversationOf(db, bob.token);
    expect(conversation).toMatchObject({ tenant_id: tenantB.tenantId, channel_id: channelB });
    expect(conversation.id).not.toBe(alice.conversationId);
    const seen = (await history(api, bob.token)).body.messages.map((m: any) => m.content);
    expect(seen).toEqual(['Bob here']);
  });

  it("another visitor of the same channel never sees this visitor's messages, in history or poll", async () => {
    const carol = await visitor(channelA, 'Carol here');
    const byCarol = [(await history(api, carol.token)).body.messages, (await poll(api, carol.token, '2000-01-01T00:00:00Z')).body.new_messages];
    for (const messages of byCarol) {
      expect(messages.map((m: any) => m.content)).toEqual(['Carol here']);
      expect(messages.map((m: any) => m.id)).not.toContain(alice.messageId);
    }
    expect(JSON.stringify(byCarol)).not.toContain('Alice');
  });

  it("a token made of one visitor's session id and another's secret is 401 invalid_session", async () => {
    const dave = await visitor(channelA, 'Dave here');
    const aliceId = alice.token.split('_')[1];
    const daveSecret = dave.token.split('_')[2];
    for (const res of [await history(api, `wst_${aliceId}_${daveSecret}`), await send(api, { channel_id: channelA, content: 'Hi', session_token: `wst_${aliceId}_${daveSecret}` })]) {
      expectWidgetProblem(res, 'invalid_session');
    }
  });

  it("an operator answer in one tenant's conversation reaches only that visitor", async () => {
    const eve = await visitor(channelA, 'Eve here');
    await operatorSays(tenantA, alice.conversationId, { content: 'For Alice only', operator: { name: 'Olga' } });
    const seen = (await poll(api, eve.token, '2000-01-01T00:00:00Z')).body.new_messages.map((m: any) => m.content);
    expect(seen).toEqual(['Eve here']);
    // Tenant B's key cannot reach tenant A's visitor through the server API either.
    const foreign = await operatorSays(tenantB, alice.conversationId, { content: 'From another tenant' });
    expect(foreign.status).toBe(404);
    expect((await history(api, alice.token)).body.messages.map((m: any) => m.content)).toEqual(['Alice here, my phone is +7 900 000-00-00', 'For Alice only']);
  });

  it('the session row keeps the channel and tenant it was made for', async () => {
    expect(await sessionOf(db, alice.token)).toMatchObject({ tenant_id: tenantA.tenantId, channel_id: channelA, conversation_id: alice.conversationId });
  });
});

describe('the attachment redirect', () => {
  let caller: Caller;
  let url: string;
  let storageUrl: string;
  let messageId: string;

  beforeAll(async () => {
    caller = await withoutAi();
    const me = await visitor(await websiteChannel(api, caller.tenantId));
    const remote = await operatorSays(caller, me.conversationId, { attachments: [{ url: 'https://files.example.com/price.pdf', name: 'price.pdf' }] });
    const stored = await operatorSays(caller, me.conversationId, { attachments: [{ url: `/storage/${caller.tenantId}/photos/shoe.png`, name: 'shoe.png', content_type: 'image/png' }] });
    messageId = remote.body.id;
    const messages = (await history(api, me.token)).body.messages;
    url = messages.find((m: any) => m.id === remote.body.id).attachments[0].url;
    storageUrl = messages.find((m: any) => m.id === stored.body.id).attachments[0].url;
  });

  it('a valid signed address answers 302 to the stored address', async () => {
    const res = await redirectOf(url);
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: 'https://files.example.com/price.pdf' });
  });

  it('a storage path resolves against the cell origin', async () => {
    const res = await redirectOf(storageUrl);
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: `${api.origin}/storage/${caller.tenantId}/photos/shoe.png` });
  });

  it('an expired address is 404 not_found', async () => {
    const { config } = api.services;
    const old = new AttachmentSigner(config.publicOrigin, config.widget.secret, config.widget.attachmentUrlTtlMs).url(messageId, 0, new Date(Date.now() - config.widget.attachmentUrlTtlMs - 5000));
    const res = await redirectOf(old);
    expect({ status: res.status, code: res.body.code, error: res.body.error }).toEqual({ status: 404, code: 'not_found', error: 'not_found' });
  });

  it.each([
    ['a changed signature', (u: string) => u.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`)],
    ['a later expiry', (u: string) => u.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 3600}`)],
    ['another index', (u: string) => u.replace('/0?', '/1?')],
    ['another message', (u: string) => u.replace(messageId, '00000000-0000-4000-8000-000000000000')],
    ['no signature', (u: string) => u.split('?')[0]!],
    ['a message id that is not a UUID', (u: string) => u.replace(messageId, 'nope')],
  ])('%s is 404 not_found', async (_why, tamper) => {
    const res = await redirectOf(tamper(url));
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'not_found' });
    expect(res.location).toBeNull();
  });
});
