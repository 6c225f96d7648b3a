import type pg from 'pg';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { findVisibleConversation } from '../../src/domain/conversations/conversations.js';
import { requestHandoff } from '../../src/domain/conversations/state-moves.js';
import { DomainError } from '../../src/errors/domain-error.js';
import {
  conversationBody, disclosureRows, getJson, minutes, outboxRows, postJson, seedConversation, seedMessage, type SeedConversation,
} from './conversations-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const schemaOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A caller with one seeded conversation in the given state (updated at 2026-01-01T00:00Z). */
async function withConversation(o: SeedConversation = {}): Promise<{ caller: Caller; id: string; body: Record<string, unknown> }> {
  const caller = await newCaller(api.services);
  const s = await seedConversation(sql, caller, o);
  return { caller, id: s.id, body: conversationBody(s, o) };
}

const act = (who: Caller, id: string, action: string, body?: unknown) => postJson(api, who, `/conversations/${id}/${action}`, body);
const recent = () => expect.stringMatching(/^20\d\d-/);
/** updated_at moved on from the seeded conversation's (no wall-clock window). */
const bumped = (iso: string, seeded: { updated_at?: unknown }) => Date.parse(iso) > Date.parse(String(seeded.updated_at));

describe('POST /conversations/{id}/takeover', () => {
  it('moves the conversation to the operator, names the operator, bumps updated_at and records no event', async () => {
    const { caller, id, body } = await withConversation({ status: 'handoff_pending' });
    const res = await act(caller, id, 'takeover', { operator: { name: 'Anna' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ ...body, status: 'open', mode: 'operator', operator: { name: 'Anna' }, updated_at: recent() });
    expect(bumped(res.body.updated_at, body)).toBe(true);
    expect(schemaErrors(res.body, schemaOf('Conversation'), doc)).toEqual([]);
    expect((await getJson(api, caller, `/conversations/${id}`)).body).toEqual(res.body);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([]);
    expect((await disclosureRows(sql, caller.integrationId))[0]).toMatchObject({ route: 'POST /conversations/{id}/takeover', resource_type: 'conversation', resource_ids: [id] });
  });

  it('takes no body at all: the operator stays unnamed', async () => {
    const { caller, id } = await withConversation();
    const res = await act(caller, id, 'takeover');
    expect(res.body).toMatchObject({ mode: 'operator', status: 'open', operator: null });
  });

  it('of two takeovers at the same time one wins and the other answers 409 invalid_state', async () => {
    const { caller, id } = await withConversation();
    const answers = await Promise.all([act(caller, id, 'takeover', { operator: { name: 'A' } }), act(caller, id, 'takeover', { operator: { name: 'B' } })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('an unknown field answers 422', async () => {
    const { caller, id } = await withConversation();
    expectProblem(await act(caller, id, 'takeover', { operator: { name: 'A', id: 7 } }), 'validation_failed',
      { errors: [{ field: '/operator/id', code: 'unknown_field', message: expect.any(String) }] });
  });
});

describe('POST /conversations/{id}/return-to-ai', () => {
  it('hands the conversation back to the AI, clears the operator and opens it', async () => {
    const { caller, id, body } = await withConversation({ mode: 'operator', operatorName: 'Anna', status: 'resolved' });
    const res = await act(caller, id, 'return-to-ai');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...body, status: 'open', mode: 'ai', operator: null, updated_at: recent() });
    expect(bumped(res.body.updated_at, body)).toBe(true);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([]);
  });

  it('takes no body', async () => {
    const { caller, id } = await withConversation({ mode: 'operator' });
    expectProblem(await act(caller, id, 'return-to-ai', { operator: { name: 'A' } }), 'validation_failed',
      { errors: [{ field: '/operator', code: 'unknown_field', message: expect.any(String) }] });
  });
});

describe('409 invalid_state: the move is not allowed and nothing changes', () => {
  it.each<[string, SeedConversation, string, unknown]>([
    ['takeover while an operator handles it', { mode: 'operator', operatorName: 'Anna' }, 'takeover', { operator: { name: 'Boris' } }],
    ['takeover of a closed conversation', { status: 'closed' }, 'takeover', undefined],
    ['return to the AI while the AI handles it', { mode: 'ai' }, 'return-to-ai', undefined],
    ['return to the AI of a closed conversation', { status: 'closed', mode: 'operator' }, 'return-to-ai', undefined],
    ['close of a closed conversation', { status: 'closed' }, 'close', undefined],
    ['an operator message to a closed conversation', { status: 'closed' }, 'operator-messages', { content: 'Hello?' }],
  ])('%s', async (_, state, action, body) => {
    const { caller, id, body: before } = await withConversation(state);
    const res = await act(caller, id, action, body);
    expectProblem(res, 'invalid_state');
    expect(res.body.detail).toMatch(new RegExp(`Its status is ${state.status ?? 'open'}, its mode ${state.mode ?? 'ai'}\\.$`));
    expect((await getJson(api, caller, `/conversations/${id}`)).body).toEqual(before);
    expect((await sql.query('select count(*)::int as n from messages where conversation_id = $1', [id])).rows[0].n).toBe(0);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([]);
  });
});

describe('404 not_found for every move', () => {
  const moves: [string, unknown][] = [['takeover', undefined], ['return-to-ai', undefined], ['close', undefined], ['operator-messages', { content: 'Hi' }]];
  it.each<[string, (who: Caller) => Promise<string>]>([
    ['a missing id', async () => '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
    ['an id that is not a uuid', async () => '12345'],
    ['another tenant\'s conversation', async () => (await seedConversation(sql, await newCaller(api.services))).id],
    ['a personal mailbox conversation', async (who) => (await seedConversation(sql, who, { channelType: 'personal_mailbox', mode: 'operator' })).id],
    ['a student-portal chat', async (who) => (await seedConversation(sql, who, { channelType: 'student_portal' })).id],
  ])('%s', async (_, idOf) => {
    const caller = await newCaller(api.services);
    const id = await idOf(caller);
    for (const [action, body] of moves) expectProblem(await act(caller, id, action, body), 'not_found');
  });
});

describe('POST /conversations/{id}/operator-messages', () => {
  it('answers 201 Message, moves a pending handoff to the operator, and records message.created without the text', async () => {
    const { caller, id } = await withConversation({ status: 'handoff_pending' });
    const res = await act(caller, id, 'operator-messages', { content: 'Hello, I am Anna.', operator: { name: 'Anna' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), conversation_id: id, sender: 'operator', content_type: 'text', content: 'Hello, I am Anna.',
      attachments: [], cards: [], operator: { name: 'Anna' }, deleted: false, created_at: recent(), livemode: true,
    });
    expect(schemaErrors(res.body, schemaOf('Message'), doc)).toEqual([]);
    const conversation = (await getJson(api, caller, `/conversations/${id}`)).body;
    expect(conversation).toMatchObject({ status: 'open', mode: 'operator', operator: { name: 'Anna' }, updated_at: res.body.created_at });
    expect((await getJson(api, caller, `/conversations/${id}/messages`)).body.data).toEqual([res.body]);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([
      { type: 'message.created', data: { message_id: res.body.id, conversation_id: id, sender: 'operator' }, pii_data: null },
    ]);
    expect((await disclosureRows(sql, caller.integrationId))[0]).toMatchObject({ route: 'POST /conversations/{id}/operator-messages', resource_type: 'message', resource_ids: [res.body.id] });
  });

  it('without a name the message names the operator who took the conversation over', async () => {
    const { caller, id } = await withConversation({ mode: 'operator', operatorName: 'Boris' });
    const res = await act(caller, id, 'operator-messages', { content: 'Still here.' });
    expect(res.body.operator).toEqual({ name: 'Boris' });
  });

  it('without any name the message has operator null', async () => {
    const { caller, id } = await withConversation();
    const res = await act(caller, id, 'operator-messages', { content: 'Hi.' });
    expect(res.status).toBe(201);
    expect(res.body.operator).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an https file', { url: 'https://files.example.com/price.pdf', name: 'price.pdf', content_type: 'application/pdf' }, 'file'],
    ['an image of the account\'s storage', { url: '/storage/{tenant}/photos/tyre.png', content_type: 'image/png' }, 'image'],
  ])('an attachment alone (%s): content null, content_type by the attachment', async (_, attachment, contentType) => {
    const { caller, id } = await withConversation();
    const url = String(attachment.url).replace('{tenant}', caller.tenantId);
    const res = await act(caller, id, 'operator-messages', { attachments: [{ ...attachment, url }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: null, content_type: contentType,
      attachments: [{ url, name: (attachment.name as string | undefined) ?? null, content_type: attachment.content_type }],
    });
  });

  it.each<[string, (tenant: string) => Record<string, unknown>, string, string]>([
    ['neither content nor attachment', () => ({ operator: { name: 'A' } }), '/content', 'required'],
    ['an empty attachment list and no content', () => ({ attachments: [] }), '/content', 'required'],
    ['blank content', () => ({ content: '   ' }), '/content', 'invalid_format'],
    ['content of 4001 characters', () => ({ content: 'x'.repeat(4001) }), '/content', 'out_of_range'],
    ['two attachments', () => ({ attachments: [{ url: 'https://a.example.com/1' }, { url: 'https://a.example.com/2' }] }), '/attachments', 'out_of_range'],
    ['an http attachment', () => ({ attachments: [{ url: 'http://files.example.com/a.pdf' }] }), '/attachments/0/url', 'not_allowed'],
    ['a javascript: attachment', () => ({ attachments: [{ url: 'javascript:alert(1)' }] }), '/attachments/0/url', 'not_allowed'],
    ['another account\'s storage', () => ({ attachments: [{ url: '/storage/7c9e6679-7425-40de-944b-e07fc1f90ae7/a.png' }] }), '/attachments/0/url', 'not_allowed'],
    ['an attachment without url', () => ({ attachments: [{ name: 'a.pdf' }] }), '/attachments/0/url', 'required'],
    ['a bad media type', () => ({ content: 'x', attachments: [{ url: 'https://a.example.com/1', content_type: 'pdf' }] }), '/attachments/0/content_type', 'invalid_format'],
    ['an operator without a name', () => ({ content: 'x', operator: {} }), '/operator/name', 'required'],
  ])('%s answers 422 validation_failed and writes nothing', async (_, bodyOf, field, code) => {
    const { caller, id } = await withConversation();
    expectProblem(await act(caller, id, 'operator-messages', bodyOf(caller.tenantId)), 'validation_failed', { errors: [{ field, code, message: expect.any(String) }] });
    expect((await sql.query('select count(*)::int as n from messages where conversation_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('content of 4000 characters is taken', async () => {
    const { caller, id } = await withConversation();
    expect((await act(caller, id, 'operator-messages', { content: 'x'.repeat(4000) })).status).toBe(201);
  });
});

describe('POST /conversations/{id}/close', () => {
  it('closes, writes the summary and records conversation.summary_ready without it (customer words never travel in events)', async () => {
    const state: SeedConversation = { mode: 'operator', operatorName: 'Boris', contact: { name: 'Anna Petrova', email: 'anna@example.com' } };
    const { caller, id, body } = await withConversation(state);
    const card = (name: string) => ({ code: name.toLowerCase(), name, description: null, image_url: null, page_url: null, badge: null, price_text: null, buttons: [] });
    await seedMessage(sql, caller, id, { sender: 'customer', content: 'Do you have\nwinter tyres?', createdAt: minutes(1) });
    await seedMessage(sql, caller, id, { sender: 'ai', content: null, contentType: 'card', cards: [card('Nordic'), card('Arctic')], createdAt: minutes(2) });
    await seedMessage(sql, caller, id, { sender: 'customer', content: 'deleted', createdAt: minutes(3), deletedAt: minutes(4) });
    await seedMessage(sql, caller, id, { sender: 'ai', content: null, contentType: 'card', cards: [card('Nordic')], createdAt: minutes(4) });
    await seedMessage(sql, caller, id, { sender: 'operator', content: 'Yes', createdAt: minutes(5) });
    const summary = 'Customer: Anna Petrova (anna@example.com). First request: "Do you have winter tyres?". Cards offered: Nordic, Arctic. '
      + 'Messages: 1 customer message, 2 AI replies, 1 operator message. Outcome: closed by operator Boris.';
    const res = await act(caller, id, 'close');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...body, status: 'closed', summary, updated_at: recent() });
    expect(bumped(res.body.updated_at, body)).toBe(true);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([
      { type: 'conversation.summary_ready', data: { conversation_id: id }, pii_data: null },
    ]);
  });

  it('a conversation with no messages gets a summary too', async () => {
    const { caller, id } = await withConversation({ contact: null });
    const res = await act(caller, id, 'close');
    expect(res.body.summary).toBe('Customer: an anonymous customer. First request: none. Cards offered: none. '
      + 'Messages: 0 customer messages, 0 AI replies, 0 operator messages. Outcome: closed while the AI handled it.');
  });
});

describe('requestHandoff (the AI asks for a human)', () => {
  const handoff = (caller: Caller, id: string, reason: string | null) => api.services.orm.em.fork().transactional(async (em) => {
    const conversation = await findVisibleConversation(em, caller.tenantId, id, { lock: true });
    return requestHandoff(em, conversation, reason, new Date('2026-11-22T10:00:00.000Z'));
  });

  it('sets handoff_pending (mode stays ai) and records handoff_requested with lead_id and the contact in the pii part', async () => {
    const leadId = '8d2b4c1e-0000-4000-8000-000000000009';
    const { caller, id, body } = await withConversation({ leadId, contact: { name: 'Anna', phone: '+7900' } });
    expect(await handoff(caller, id, 'asked for a human')).toBe(true);
    expect((await getJson(api, caller, `/conversations/${id}`)).body).toEqual({ ...body, status: 'handoff_pending', updated_at: '2026-11-22T10:00:00.000Z' });
    expect(await outboxRows(sql, caller.tenantId)).toEqual([{
      type: 'conversation.handoff_requested',
      data: { conversation_id: id, lead_id: leadId, reason: 'asked for a human' },
      pii_data: { contact: { name: 'Anna', email: null, phone: '+7900' } },
    }]);
  });

  it('without a lead the event has no lead_id; a second request while pending changes nothing and records nothing', async () => {
    const { caller, id } = await withConversation({ contact: null });
    expect(await handoff(caller, id, null)).toBe(true);
    expect(await handoff(caller, id, 'again')).toBe(false);
    expect(await outboxRows(sql, caller.tenantId)).toEqual([
      { type: 'conversation.handoff_requested', data: { conversation_id: id }, pii_data: null },
    ]);
  });

  it('while an operator handles it, or once closed, it refuses with invalid_state', async () => {
    for (const state of [{ mode: 'operator' as const }, { status: 'closed' }]) {
      const { caller, id } = await withConversation(state);
      await expect(handoff(caller, id, 'x')).rejects.toEqual(expect.objectContaining({ code: 'invalid_state' }));
      await expect(handoff(caller, id, 'x')).rejects.toBeInstanceOf(DomainError);
      expect(await outboxRows(sql, caller.tenantId)).toEqual([]);
    }
  });

  it('then a takeover answers the handoff', async () => {
    const { caller, id } = await withConversation();
    await handoff(caller, id, 'asked for a human');
    expect((await act(caller, id, 'takeover', { operator: { name: 'Anna' } })).body).toMatchObject({ status: 'open', mode: 'operator' });
  });
});

describe('access for the moves', () => {
  it.each(['takeover', 'return-to-ai', 'close', 'operator-messages'])('%s without conversations:write answers 403 scope_missing', async (action) => {
    const caller = await newCaller(api.services, { scopes: ['conversations:read'] });
    const { id } = await seedConversation(sql, caller);
    expectProblem(await act(caller, id, action, action === 'operator-messages' ? { content: 'x' } : undefined), 'scope_missing');
  });

  it('on the ru cell without an IP allowlist every move answers 403 pii_transfer_not_allowed', async () => {
    const caller = await newCaller(api.services, { integrationAllowlist: null });
    const { id } = await seedConversation(sql, caller);
    for (const action of ['takeover', 'return-to-ai', 'close', 'operator-messages']) {
      expectProblem(await act(caller, id, action, action === 'operator-messages' ? { content: 'x' } : undefined), 'pii_transfer_not_allowed');
    }
    expect(await outboxRows(sql, caller.tenantId)).toEqual([]);
  });
});
