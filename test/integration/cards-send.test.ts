import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { findCardsForMarkers, loadAiCatalogue } from '../../src/domain/cards/catalogue.js';
import { idempotencyKey, newCard, seedConversation } from './cards-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const NBSP = '\u00a0';
const send = (who: Caller, conversationId: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  call(api.base, 'POST', `/conversations/${conversationId}/cards`, { key: who.apiKey, body, headers });
const messageRow = async (id: string) => (await sql.query('select sender, content, content_type, cards from messages where id = $1', [id])).rows[0];

const SOFA = {
  code: 'sofa', name: 'Sofa Oslo', description: 'Three seats', image_url: 'https://cdn.example.com/oslo.jpg', page_url: '/catalogue/oslo',
  badge: 'Hit', price: { amount: '49990', currency: 'RUB' }, buttons: [{ label: 'Buy', url: 'https://shop.example.com/buy/oslo' }],
};
const SOFA_COPY = {
  code: 'sofa', name: 'Sofa Oslo', description: 'Three seats', image_url: 'https://cdn.example.com/oslo.jpg', page_url: '/catalogue/oslo',
  badge: 'Hit', price_text: `49${NBSP}990${NBSP}₽`, buttons: [{ label: 'Buy', url: 'https://shop.example.com/buy/oslo' }],
};

describe('POST /conversations/{id}/cards', () => {
  it('answers 201 Message: an operator message carrying the copy of the card, with the text sent along', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, SOFA);
    const conversationId = await seedConversation(api, caller);
    const res = await send(caller, conversationId, { code: 'sofa', content: 'This one fits your room' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), conversation_id: conversationId, sender: 'operator', content_type: 'text',
      content: 'This one fits your room', attachments: [], cards: [SOFA_COPY], operator: null, deleted: false, created_at: expect.any(String), livemode: true,
    });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/Message' }, doc)).toEqual([]);
    const { rows: events } = await sql.query("select data from outbox_events where tenant_id = $1 and type = 'message.created'", [caller.tenantId]);
    expect(events.map((e) => e.data)).toEqual([{ message_id: res.body.id, conversation_id: conversationId, sender: 'operator' }]);
  });

  it('a card alone is a card message; a card without buttons carries the one default detail button to its page', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, { code: 'chair', name: 'Chair', page_url: '/catalogue/chair' });
    const conversationId = await seedConversation(api, caller, { operatorName: 'Anna' });
    const res = await send(caller, conversationId, { code: 'chair' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_type: 'card', content: null, operator: { name: 'Anna' } });
    expect(res.body.cards).toEqual([{
      code: 'chair', name: 'Chair', description: null, image_url: null, page_url: '/catalogue/chair', badge: null, price_text: null,
      buttons: [{ label: 'Подробнее', url: '/catalogue/chair' }],
    }]);
  });

  it('the message keeps its copy when the card is edited and then deleted', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, SOFA);
    const conversationId = await seedConversation(api, caller);
    const sent = await send(caller, conversationId, { code: 'sofa' });
    expect(sent.status).toBe(201);
    const edited = await call(api.base, 'PATCH', '/cards/sofa', { key: caller.apiKey, body: { name: 'Sofa Oslo 2', price: { amount: '1', currency: 'RUB' }, buttons: [] } });
    expect(edited.status).toBe(200);
    expect((await messageRow(sent.body.id)).cards).toEqual([SOFA_COPY]);
    expect((await call(api.base, 'DELETE', '/cards/sofa', { key: caller.apiKey })).status).toBe(204);
    expect(await messageRow(sent.body.id)).toEqual({ sender: 'operator', content: null, content_type: 'card', cards: [SOFA_COPY] });
    const read = await call(api.base, 'GET', `/conversations/${conversationId}/messages`, { key: caller.apiKey });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([sent.body]);
  });

  it('records the disclosure of the conversation', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, SOFA);
    const conversationId = await seedConversation(api, caller);
    const res = await send(caller, conversationId, { code: 'sofa' });
    const { rows } = await sql.query('select route, resource_type, resource_ids from disclosure_log where request_id = $1', [res.headers.get('x-request-id')]);
    expect(rows).toEqual([{ route: 'POST /conversations/{id}/cards', resource_type: 'conversation', resource_ids: [conversationId] }]);
  });

  it('an inactive card answers 409 invalid_state and sends nothing', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, { ...SOFA, active: false });
    const conversationId = await seedConversation(api, caller);
    expectProblem(await send(caller, conversationId, { code: 'sofa' }), 'invalid_state');
    const { rows } = await sql.query('select count(*)::int as n from messages where conversation_id = $1', [conversationId]);
    expect(rows[0].n).toBe(0);
  });

  it('a closed conversation answers 409 invalid_state', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, SOFA);
    const conversationId = await seedConversation(api, caller, { status: 'closed' });
    expectProblem(await send(caller, conversationId, { code: 'sofa' }), 'invalid_state');
  });

  it("an unknown card, or another account's, answers 422 at /code", async () => {
    const caller = await newCaller(api.services);
    const stranger = await newCaller(api.services);
    await newCard(api, stranger, SOFA);
    const conversationId = await seedConversation(api, caller);
    for (const code of ['nothing-here', 'sofa']) {
      expectProblem(await send(caller, conversationId, { code }), 'validation_failed', { errors: [{ field: '/code', code: 'not_found', message: expect.any(String) }] });
    }
  });

  it.each<[string, Record<string, unknown>, { field: string; code: string }]>([
    ['no code', {}, { field: '/code', code: 'required' }],
    ['a code that cannot exist', { code: 'Sofa' }, { field: '/code', code: 'invalid_format' }],
    ['content over 4000 characters', { code: 'sofa', content: 'x'.repeat(4001) }, { field: '/content', code: 'out_of_range' }],
  ])('%s answers 422 validation_failed at the field', async (_, body, error) => {
    const caller = await newCaller(api.services);
    const conversationId = await seedConversation(api, caller);
    expectProblem(await send(caller, conversationId, body), 'validation_failed', { errors: [{ ...error, message: expect.any(String) }] });
  });

  it("a missing, foreign, hidden or non-uuid conversation answers 404", async () => {
    const caller = await newCaller(api.services);
    const stranger = await newCaller(api.services);
    await newCard(api, caller, SOFA);
    const foreign = await seedConversation(api, stranger);
    const hidden = await seedConversation(api, caller, { channelType: 'personal_mailbox' });
    for (const id of [randomUUID(), foreign, hidden, 'not-a-uuid']) expectProblem(await send(caller, id, { code: 'sofa' }), 'not_found');
  });

  it('needs conversations:write: 403 scope_missing with cards scopes only', async () => {
    const caller = await newCaller(api.services, { scopes: ['cards:read', 'cards:write'] });
    await newCard(api, caller, SOFA);
    const conversationId = await seedConversation(api, caller);
    expectProblem(await send(caller, conversationId, { code: 'sofa' }), 'scope_missing');
  });

  it('an idempotent retry answers the same message and sends it once', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, SOFA);
    const conversationId = await seedConversation(api, caller);
    const key = idempotencyKey();
    const first = await send(caller, conversationId, { code: 'sofa' }, { 'idempotency-key': key });
    const again = await send(caller, conversationId, { code: 'sofa' }, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const { rows } = await sql.query('select count(*)::int as n from messages where conversation_id = $1', [conversationId]);
    expect(rows[0].n).toBe(1);
  });
});

describe('the AI seller side of cards', () => {
  it('loadAiCatalogue: active ai_enabled cards by sort, then creation; findCardsForMarkers: their copies in the order named', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, { code: 'b', name: 'B', sort: 2, ai_enabled: true, price: { amount: '100', currency: 'RUB' } });
    await newCard(api, caller, { code: 'a', name: 'A', sort: 1, ai_enabled: true, description: 'First' });
    await newCard(api, caller, { code: 'off', name: 'Off', sort: 0, ai_enabled: true, active: false });
    await newCard(api, caller, { code: 'manual', name: 'Manual', sort: 0, ai_enabled: false });
    await newCard(api, caller, { code: 'c', name: 'C', sort: 2, ai_enabled: true, price_text: 'Free' });
    const em = api.services.orm.em.fork();
    expect(await loadAiCatalogue(em, caller.tenantId, 'ru')).toEqual([
      { code: 'a', name: 'A', description: 'First', price_text: null },
      { code: 'b', name: 'B', description: null, price_text: `100${NBSP}₽` },
      { code: 'c', name: 'C', description: null, price_text: 'Free' },
    ]);
    const copies = await findCardsForMarkers(em, caller.tenantId, ['c', 'off', 'manual', 'nothing', 'a'], 'ru');
    expect(copies.map((c) => c.code)).toEqual(['c', 'a']);
    expect(await findCardsForMarkers(em, (await newCaller(api.services)).tenantId, ['a'], 'ru')).toEqual([]);
  });
});
