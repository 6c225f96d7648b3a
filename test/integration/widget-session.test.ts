import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { call } from '../harness/http.js';
import { eventually } from '../harness/eventually.js';
import type { Caller } from '../harness/fixtures.js';
import {
  CONSENT, TOKEN, consentFlags, conversationOf, expectWidgetProblem, history, send, sessionOf, websiteChannel, widgetMessage,
} from './widget-fixtures.js';

/**
 * POST /api/widget/messages with a real worker and the builtin seller: a new visitor, a
 * returning one, the rotating token, the consent, the content limit, and `queued` when an
 * operator has (or is asked for) the conversation. Refusals without a worker:
 * widget-refusals; reads and isolation: widget-reads.
 */

const PRICE = '1.50';
/** Longer than any reply takes on a loaded machine: a grace ends only when a test moves the clock. */
const GRACE_MS = 600_000;
/** The api's clock: real time, `ahead` ms in the future while a test needs a grace to be over. */
const clock = { ahead: 0, now: () => new Date(Date.now() + clock.ahead) };
let h: OperationsHarness;

beforeAll(async () => {
  h = await OperationsHarness.start({ env: { WIDGET_TOKEN_GRACE: `${GRACE_MS}ms`, WIDGET_REPLY_HOLD_MS: '15000' }, clock });
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

async function shop(name: string, flags: string[] = []): Promise<{ caller: Caller; channelId: string }> {
  const caller = await h.caller({ name });
  return { caller, channelId: await websiteChannel(h.api, caller.tenantId, flags) };
}

const takeOver = (caller: Caller, conversationId: string, name: string) =>
  call(h.api.base, 'POST', `/conversations/${conversationId}/takeover`, { key: caller.apiKey, body: { operator: { name } } });

describe('a new visitor', () => {
  let caller: Caller;
  let channelId: string;
  let first: any;

  beforeAll(async () => {
    ({ caller, channelId } = await shop('Sneaker Shop'));
    await h.card(caller, { code: 'runner', name: 'Runner sneakers', description: 'Light and fast', price_text: '4 990 ₽', page_url: 'https://shop.example.com/runner', ai_enabled: true });
    await h.card(caller, { code: 'hidden', name: 'Hidden sneakers', price_text: '1 ₽', ai_enabled: false });
    const res = await send(h.api, { channel_id: channelId, content: 'Do you have sneakers?', page_url: 'https://shop.example.com/catalogue', page_title: 'Catalogue' });
    expect(res.status).toBe(200);
    first = res.body;
  });

  it('gets a session token, their message, and the AI reply with the ai_enabled card in `response`', () => {
    expect(first).toEqual({
      session_token: TOKEN,
      queued: false,
      message: widgetMessage({ sender: 'user', content: 'Do you have sneakers?' }),
      response: widgetMessage({
        sender: 'ai',
        content: 'Here is what I can offer:\nRunner sneakers — 4 990 ₽',
        cards: [{
          name: 'Runner sneakers', price_text: '4 990 ₽', description: 'Light and fast', image_url: null, page_url: 'https://shop.example.com/runner',
          buttons: [{ label: 'More details', url: 'https://shop.example.com/runner' }],
        }],
      }),
      state: 'ai',
      operator: null,
    });
  });

  it('starts a conversation on the website channel: no external id, an empty contact, the page, conversation.created', async () => {
    const conversation = await conversationOf(h.db, first.session_token);
    expect(conversation).toMatchObject({
      tenant_id: caller.tenantId, channel_id: channelId, channel_type: 'website', external_customer_id: null, status: 'open', mode: 'ai',
      page: { address: 'https://shop.example.com/catalogue', title: 'Catalogue' },
    });
    const contact = (await h.db.query('select tenant_id, name, email, phone from contacts where id = $1', [conversation.contact_id])).rows[0];
    expect(contact).toEqual({ tenant_id: caller.tenantId, name: null, email: null, phone: null });
    const created = await h.events(caller.tenantId, 'conversation.created');
    expect(created.map((e) => ({ integration_id: e.integration_id, data: e.data }))).toEqual([
      { integration_id: null, data: { conversation_id: conversation.id, contact_id: conversation.contact_id, channel: 'website' } },
    ]);
  });

  it('the AI reply is a paid operation of the tenant: the channel set, no integration, one charge in the ledger', async () => {
    const conversation = await conversationOf(h.db, first.session_token);
    const [op] = await h.operationsOf(conversation.id);
    expect(op).toMatchObject({
      tenant_id: caller.tenantId, integration_id: null, channel_id: channelId, type: 'conversation.ai_reply', status: 'succeeded',
      resource_id: first.response.id, usage_cost_rub: PRICE,
    });
    expect(await h.charges(op.id)).toEqual([{ amount_rub: `-${PRICE}`, integration_id: null }]);
    expect(await h.balance(caller.tenantId)).toBe('998.50');
    // Nobody's integration started it: no operation.completed to deliver.
    expect(await h.events(caller.tenantId, 'operation.completed')).toEqual([]);
  });

  it('the session is stored by hash only, of this channel and tenant, for WIDGET_SESSION_TTL', async () => {
    const session = await sessionOf(h.db, first.session_token);
    expect(session).toMatchObject({ tenant_id: caller.tenantId, channel_id: channelId, previous_token_hash: null, consent_version: null });
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(session)).not.toContain(first.session_token.slice(-32));
    const ttl = session.expires_at.getTime() - session.created_at.getTime();
    expect(ttl).toBe(30 * 86_400_000);
  });
});

describe('a returning visitor', () => {
  it('continues the same conversation with the token; every answer brings a fresh token', async () => {
    const { channelId } = await shop('Returning Shop');
    const one = await send(h.api, { channel_id: channelId, content: 'Hello!' });
    const two = await send(h.api, { channel_id: channelId, content: 'Hello again', session_token: one.body.session_token, page_url: 'https://shop.example.com/cart' });
    const three = await send(h.api, { channel_id: channelId, content: 'And again', session_token: two.body.session_token });
    expect([one.status, two.status, three.status]).toEqual([200, 200, 200]);
    const tokens = [one, two, three].map((r) => r.body.session_token);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).toEqual(TOKEN);
    const conversations = [];
    for (const token of tokens) conversations.push(await conversationOf(h.db, token));
    expect(new Set(conversations.map((c) => c.id)).size).toBe(1);
    expect(conversations[2].page).toEqual({ address: 'https://shop.example.com/cart' });
    const all = await history(h.api, tokens[2]!);
    expect(all.body.messages.map((m: any) => [m.sender, m.content ?? null])).toEqual([
      ['user', 'Hello!'], ['ai', expect.any(String)], ['user', 'Hello again'], ['ai', expect.any(String)], ['user', 'And again'], ['ai', expect.any(String)],
    ]);
  });

  it('the previous token keeps working for WIDGET_TOKEN_GRACE after a rotation, then answers 401 invalid_session', async () => {
    const { channelId } = await shop('Rotation Shop');
    const one = await send(h.api, { channel_id: channelId, content: 'Hello!' });
    const old = one.body.session_token;
    const two = await send(h.api, { channel_id: channelId, content: 'Still there?', session_token: old });
    const current = two.body.session_token;
    const session = await sessionOf(h.db, current);
    expect(session.previous_valid_until.getTime() - session.updated_at.getTime()).toBe(GRACE_MS);

    expect((await history(h.api, old)).status).toBe(200);
    // Past the grace end on the api's clock (no sleep: the grace is over when the test says so).
    clock.ahead = session.previous_valid_until.getTime() - Date.now() + 1;
    try {
      expectWidgetProblem(await history(h.api, old), 'invalid_session');
      expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'With the old token', session_token: old }), 'invalid_session');
      const still = await history(h.api, current);
      expect(still.status).toBe(200);
      expect(still.body.messages.map((m: any) => m.content)).not.toContain('With the old token');
    } finally {
      clock.ahead = 0;
    }
  });

  it('a message sent with the previous token within its grace is taken (two tabs, one session)', async () => {
    const { channelId } = await shop('Two Tabs Shop');
    const one = await send(h.api, { channel_id: channelId, content: 'Hello!' });
    const rotatedFrom = (await sessionOf(h.db, one.body.session_token)).previous_valid_until?.getTime() ?? null;
    // Tab one's message rotates the token; its answer may then hold for the AI reply longer than
    // the grace. Tab two writes as soon as the rotation is committed, not after that answer.
    const sending = send(h.api, { channel_id: channelId, content: 'From tab one', session_token: one.body.session_token });
    await eventually('the rotation of tab one', async () => {
      const until = (await sessionOf(h.db, one.body.session_token)).previous_valid_until?.getTime() ?? null;
      return until !== rotatedFrom ? true : undefined;
    }, 30_000, 20);
    const three = await send(h.api, { channel_id: channelId, content: 'From tab two', session_token: one.body.session_token });
    const two = await sending;
    expect([two.status, three.status]).toEqual([200, 200]);
    expect((await conversationOf(h.db, three.body.session_token)).id).toBe((await conversationOf(h.db, one.body.session_token)).id);
  });
});

describe('?wait: how long the answer holds for the reply', () => {
  it('wait=0 answers at once with response null; the reply comes after, on the stream, poll or history', async () => {
    const { channelId } = await shop('No Hold Shop');
    const res = await send(h.api, { channel_id: channelId, content: 'Anything for rain?' }, {}, '?wait=0');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      session_token: TOKEN, queued: false, state: 'ai', operator: null, response: null, message: widgetMessage({ sender: 'user', content: 'Anything for rain?' }),
    });
    const later = await eventually('the reply in the history', async () => {
      const read = await history(h.api, res.body.session_token);
      return read.body.messages.some((m: { sender: string }) => m.sender === 'ai') ? read.body.messages : undefined;
    }, 30_000);
    expect(later.map((m: { sender: string }) => m.sender)).toEqual(['user', 'ai']);
  });

  it('wait above the server\'s hold still gets the reply inline (the hold is the ceiling); a wait that is not 0 to 20 is 422 and nothing is stored', async () => {
    const { channelId } = await shop('Long Hold Shop');
    const held = await send(h.api, { channel_id: channelId, content: 'Hello there' }, {}, '?wait=20');
    expect(held.status).toBe(200);
    expect(held.body.response).toMatchObject({ sender: 'ai' });
    for (const [bad, field] of [['?wait=21', '/wait'], ['?wait=-1', '/wait'], ['?wait=soon', '/wait'], ['?wait=1.5', '/wait'], ['?hold=0', '/hold']]) {
      expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Again', session_token: held.body.session_token }, {}, bad), 'validation_failed', {
        errors: [expect.objectContaining({ field })],
      });
    }
    const stored = await history(h.api, held.body.session_token);
    expect(stored.body.messages.map((m: { content: string }) => m.content)).not.toContain('Again');
  });
});

describe('content', () => {
  let channelId: string;
  beforeAll(async () => {
    ({ channelId } = await shop('Long Text Shop'));
  });

  it('4000 characters pass (counted as characters, not bytes); 4001 are 413 payload_too_large and nothing is stored', async () => {
    const exact = await send(h.api, { channel_id: channelId, content: 'a'.repeat(4000) });
    expect(exact.status).toBe(200);
    expect(exact.body.message.content).toHaveLength(4000);
    const emoji = await send(h.api, { channel_id: channelId, content: '😀'.repeat(4000), session_token: exact.body.session_token });
    expect(emoji.status).toBe(200);
    const before = (await h.db.query('select count(*)::int as n from messages where tenant_id = (select tenant_id from channels where id = $1)', [channelId])).rows[0].n;
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'a'.repeat(4001), session_token: emoji.body.session_token }), 'payload_too_large');
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'a'.repeat(4001) }), 'payload_too_large');
    const after = (await h.db.query('select count(*)::int as n from messages where tenant_id = (select tenant_id from channels where id = $1)', [channelId])).rows[0].n;
    expect(after).toBe(before);
  });

  it('an empty message, a missing channel_id or an unknown field is 422 validation_failed', async () => {
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: '   ' }), 'validation_failed', { errors: [expect.objectContaining({ field: '/content' })] });
    expectWidgetProblem(await send(h.api, { content: 'Hi' }), 'validation_failed', { errors: [expect.objectContaining({ field: '/channel_id', code: 'required' })] });
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Hi', email: 'a@b.c' }), 'validation_failed', { errors: [expect.objectContaining({ field: '/email', code: 'unknown_field' })] });
  });

  it('a malformed token is 401 invalid_session, an unknown channel 404 not_found, never a 500', async () => {
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Hi', session_token: 'garbage' }), 'invalid_session');
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Hi', session_token: `wst_${'0'.repeat(32)}_${'a'.repeat(32)}` }), 'invalid_session');
    expectWidgetProblem(await send(h.api, { channel_id: 'nope', content: 'Hi' }), 'not_found');
    const raw = await call(h.api.origin, 'POST', '/api/widget/messages', { raw: { text: 'not json', contentType: 'application/json' } });
    expect({ status: raw.status, code: raw.body.code }).toEqual({ status: 400, code: 'bad_request' });
  });
});

describe('consent', () => {
  let caller: Caller;
  let channelId: string;
  beforeAll(async () => {
    ({ caller, channelId } = await shop('Consent Shop', consentFlags()));
  });

  const countConversations = async () => (await h.db.query('select count(*)::int as n from conversations where channel_id = $1', [channelId])).rows[0].n;

  it('a first message without consent_version is 400 consent_required with the consent; nothing is written', async () => {
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Hello!' }), 'consent_required', { consent: CONSENT });
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Hello!', consent_version: 'v0' }), 'consent_required', { consent: CONSENT });
    expect(await countConversations()).toBe(0);
  });

  it('every message must carry the current version, not only the first; the session records the accepted one', async () => {
    const one = await send(h.api, { channel_id: channelId, content: 'Hello!', consent_version: CONSENT.version });
    expect(one.status).toBe(200);
    expect((await sessionOf(h.db, one.body.session_token)).consent_version).toBe('v1');
    const messages = async () => (await h.db.query('select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where c.channel_id = $1', [channelId])).rows[0].n;
    const before = await messages();
    // A later message without it (or with another version) is refused too; nothing is written.
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Hello again', session_token: one.body.session_token }), 'consent_required', { consent: CONSENT });
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Hello again', session_token: one.body.session_token, consent_version: 'v0' }), 'consent_required', { consent: CONSENT });
    expect(await messages()).toBe(before);
    const two = await send(h.api, { channel_id: channelId, content: 'Hello again', session_token: one.body.session_token, consent_version: CONSENT.version });
    expect(two.status).toBe(200);
    expect(await countConversations()).toBe(1);

    // The tenant publishes a new version: it must be accepted again.
    await h.db.query(`update channels set settings = jsonb_set(settings, '{consent,version}', '"v2"') where id = $1`, [channelId]);
    expectWidgetProblem(await send(h.api, { channel_id: channelId, content: 'Third', session_token: two.body.session_token, consent_version: 'v1' }), 'consent_required', { consent: { ...CONSENT, version: 'v2' } });
    const three = await send(h.api, { channel_id: channelId, content: 'Third', session_token: two.body.session_token, consent_version: 'v2' });
    expect(three.status).toBe(200);
    expect((await sessionOf(h.db, three.body.session_token)).consent_version).toBe('v2');
    expect(caller.tenantId).toBe((await conversationOf(h.db, three.body.session_token)).tenant_id);
  });
});

describe('queued: the conversation is with, or waiting for, an operator', () => {
  it('after an operator takes over through the server API, the answer is queued, state operator, with the operator, and no AI reply', async () => {
    const { caller, channelId } = await shop('Operator Shop');
    const one = await send(h.api, { channel_id: channelId, content: 'Hello!' });
    expect(one.body).toMatchObject({ queued: false, state: 'ai', response: { sender: 'ai' } });
    const conversation = await conversationOf(h.db, one.body.session_token);
    expect((await takeOver(caller, conversation.id, 'Olga')).status).toBe(200);

    const two = await send(h.api, { channel_id: channelId, content: 'Are you a person?', session_token: one.body.session_token });
    expect(two.status).toBe(200);
    expect(two.body).toEqual({
      session_token: TOKEN, queued: true, response: null, message: widgetMessage({ sender: 'user', content: 'Are you a person?' }), state: 'operator', operator: { name: 'Olga' },
    });
    expect(await h.operationsOf(conversation.id)).toHaveLength(1);
  });

  it('when the AI hands off, the answer carries its reply and is queued; later messages wait for the operator', async () => {
    const { caller, channelId } = await shop('Handoff Shop');
    const one = await send(h.api, { channel_id: channelId, content: 'Can I talk to a human operator?' });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      queued: true, state: 'queued', operator: null, response: widgetMessage({ sender: 'ai', content: 'Of course, I am passing you to a colleague. They will reply shortly.' }),
    });
    const two = await send(h.api, { channel_id: channelId, content: 'Hello?', session_token: one.body.session_token });
    expect(two.body).toMatchObject({ queued: true, state: 'queued', response: null });
    const conversation = await conversationOf(h.db, two.body.session_token);
    expect(conversation.status).toBe('handoff_pending');
    expect(await h.operationsOf(conversation.id)).toHaveLength(1);
    expect((await h.events(caller.tenantId, 'conversation.handoff_requested')).map((e) => e.data)).toEqual([{ conversation_id: conversation.id, reason: 'ai_handoff' }]);
  });

  it('a closed conversation reopens with the AI when the visitor writes again', async () => {
    const { caller, channelId } = await shop('Closing Shop');
    const one = await send(h.api, { channel_id: channelId, content: 'Hello!' });
    const conversation = await conversationOf(h.db, one.body.session_token);
    expect((await call(h.api.base, 'POST', `/conversations/${conversation.id}/close`, { key: caller.apiKey })).status).toBe(200);
    const two = await send(h.api, { channel_id: channelId, content: 'Hello, it is me again', session_token: one.body.session_token });
    expect(two.body).toMatchObject({ queued: false, state: 'ai', response: { sender: 'ai' } });
    expect((await conversationOf(h.db, two.body.session_token)).status).toBe('open');
  });
});
