import type pg from 'pg';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { conversationBody, disclosureRows, minutes, seedConversation, seedMessage, type SeedConversation } from './conversations-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const ids = (res: Answer) => res.body.data.map((item: { id: string }) => item.id);
const schemaOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });

/** Every page of a list, following next_cursor. */
async function allPages(who: Caller, path: string, limit: number): Promise<{ pages: string[][]; statuses: number[] }> {
  const pages: string[][] = [];
  const statuses: number[] = [];
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const res: Answer = await get(who, `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    statuses.push(res.status);
    pages.push(ids(res));
    cursor = res.body.next_cursor;
  } while (cursor);
  return { pages, statuses };
}

describe('GET /conversations', () => {
  let caller: Caller;
  const seeds: { options: SeedConversation; id: string; body: Record<string, unknown> }[] = [];
  const at = (n: number) => seeds[n]!;

  beforeAll(async () => {
    caller = await newCaller(api.services);
    const visible: SeedConversation[] = [
      { channelType: 'api', externalCustomerId: 'crm-1', updatedAt: minutes(30), contact: { name: 'Anna' } },
      { channelType: 'website', externalCustomerId: 'not-shown', updatedAt: minutes(10), status: 'handoff_pending' },
      { channelType: 'telegram', updatedAt: minutes(20), mode: 'operator', operatorName: 'Boris', language: null, contact: null },
      { channelType: 'website', updatedAt: minutes(20), status: 'closed', leadId: '8d2b4c1e-0000-4000-8000-000000000001' },
    ];
    for (const options of visible) {
      const s = await seedConversation(sql, caller, options);
      seeds.push({ options, id: s.id, body: conversationBody(s, options) });
    }
    await seedConversation(sql, caller, { channelType: 'personal_mailbox', updatedAt: minutes(15) });
    await seedConversation(sql, caller, { channelType: 'student_portal', updatedAt: minutes(25) });
    await seedConversation(sql, await newCaller(api.services), { channelType: 'website', updatedAt: minutes(5) });
  });

  /** Ascending by (updated_at, id): the two at minute 20 in id order. */
  const expectedOrder = () => {
    const twenty = [at(2).id, at(3).id].sort();
    return [at(1).id, ...twenty, at(0).id];
  };

  it('answers the tenant\'s visible conversations, whole, ascending by (updated_at, id), private and uncached', async () => {
    const res = await get(caller, '/conversations');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ data: expectedOrder().map((id) => seeds.find((s) => s.id === id)!.body), next_cursor: null });
    expect(schemaErrors(res.body, schemaOf('ConversationPage'), doc)).toEqual([]);
  });

  it('shows external_customer_id only for the api channel and never the hidden kinds', async () => {
    const res = await get(caller, '/conversations');
    const channels = res.body.data.map((c: { channel: string; external_customer_id: string | null }) => [c.channel, c.external_customer_id]);
    expect(channels).toEqual([['website', null], expect.anything(), expect.anything(), ['api', 'crm-1']]);
    expect(channels.map((c: string[]) => c[0])).not.toEqual(expect.arrayContaining(['personal_mailbox']));
    expect(channels.map((c: string[]) => c[0])).not.toEqual(expect.arrayContaining(['student_portal']));
  });

  it('pages by next_cursor without losing or repeating one', async () => {
    const { pages, statuses } = await allPages(caller, '/conversations', 1);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(pages).toEqual(expectedOrder().map((id) => [id]));
    const two = await allPages(caller, '/conversations', 3);
    expect(two.pages).toEqual([expectedOrder().slice(0, 3), expectedOrder().slice(3)]);
  });

  it.each<[string, string, () => string[]]>([
    ['channel', 'channel=website', () => [at(1).id, at(3).id]],
    ['status', 'status=handoff_pending', () => [at(1).id]],
    ['mode', 'mode=operator', () => [at(2).id]],
    ['a hidden channel (never shown)', 'channel=personal_mailbox', () => []],
    ['channel and status together', 'channel=website&status=closed', () => [at(3).id]],
  ])('filters by %s', async (_, q, expected) => {
    const res = await get(caller, `/conversations?${q}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected());
  });

  it('updated_after is strictly later, in any zone', async () => {
    expect(ids(await get(caller, `/conversations?updated_after=${encodeURIComponent('2026-01-01T00:20:00Z')}`))).toEqual([at(0).id]);
    expect(ids(await get(caller, `/conversations?updated_after=${encodeURIComponent('2026-01-01T03:19:59.999+03:00')}`))).toEqual(expectedOrder().slice(1));
  });

  it('include_deleted is accepted and changes nothing (conversations are never soft-deleted)', async () => {
    const plain = await get(caller, '/conversations');
    for (const value of ['true', 'false']) expect((await get(caller, `/conversations?include_deleted=${value}`)).body).toEqual(plain.body);
  });

  it('a cursor is bound to its filters: reused with other filters it answers 422 at /cursor', async () => {
    const first = await get(caller, '/conversations?limit=1&channel=website');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const res = await get(caller, `/conversations?limit=1&channel=telegram&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expectProblem(res, 'validation_failed', fieldError('/cursor', 'invalid_format'));
    const same = await get(caller, `/conversations?limit=1&channel=website&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(ids(same)).toEqual([at(3).id]);
  });

  it.each<[string, string, string, string]>([
    ['updated_after without a zone', 'updated_after=2026-01-01T00:20:00', '/updated_after', 'invalid_format'],
    ['updated_after as a bare date', 'updated_after=2026-01-01', '/updated_after', 'invalid_format'],
    ['updated_after that is not a time', 'updated_after=yesterday', '/updated_after', 'invalid_format'],
    ['limit 0', 'limit=0', '/limit', 'out_of_range'],
    ['limit 101', 'limit=101', '/limit', 'out_of_range'],
    ['limit that is not a number', 'limit=ten', '/limit', 'invalid_format'],
    ['an unknown mode', 'mode=human', '/mode', 'not_supported'],
    ['include_deleted that is not a boolean', 'include_deleted=maybe', '/include_deleted', 'invalid_format'],
    ['a cursor this API never issued', 'cursor=abc.def', '/cursor', 'invalid_format'],
    ['an unknown parameter', 'colour=red', '/colour', 'unknown_field'],
  ])('%s answers 422 validation_failed at the field', async (_, q, field, code) => {
    expectProblem(await get(caller, `/conversations?${q}`), 'validation_failed', fieldError(field, code));
  });

  it('records one disclosure of the conversations it answered; an empty page discloses nothing', async () => {
    const who = await newCaller(api.services);
    const s = await seedConversation(sql, who, { updatedAt: minutes(1) });
    const empty = await get(who, '/conversations?status=resolved');
    expect(empty.body.data).toEqual([]);
    const res = await get(who, '/conversations');
    expect(await disclosureRows(sql, who.integrationId)).toEqual([
      { route: 'GET /conversations', resource_type: 'conversation', resource_ids: [s.id], request_id: res.headers.get('x-request-id') },
    ]);
  });

  it('sees only the caller\'s tenant', async () => {
    const stranger = await newCaller(api.services);
    expect((await get(stranger, '/conversations')).body).toEqual({ data: [], next_cursor: null });
  });
});

describe('GET /conversations/{id}', () => {
  it('answers the whole Conversation and records the disclosure', async () => {
    const caller = await newCaller(api.services);
    const options: SeedConversation = { channelType: 'api', externalCustomerId: 'crm-7', mode: 'operator', operatorName: 'Anna', updatedAt: minutes(3) };
    const s = await seedConversation(sql, caller, options);
    const res = await get(caller, `/conversations/${s.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual(conversationBody(s, options));
    expect(schemaErrors(res.body, schemaOf('Conversation'), doc)).toEqual([]);
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([
      { route: 'GET /conversations/{id}', resource_type: 'conversation', resource_ids: [s.id], request_id: res.headers.get('x-request-id') },
    ]);
  });

  it.each<[string, (who: Caller) => Promise<string>]>([
    ['a missing id', async () => '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
    ['an id that is not a uuid', async () => 'not-a-uuid'],
    ['another tenant\'s conversation', async () => (await seedConversation(sql, await newCaller(api.services))).id],
    ['a personal mailbox conversation', async (who) => (await seedConversation(sql, who, { channelType: 'personal_mailbox' })).id],
    ['a student-portal chat', async (who) => (await seedConversation(sql, who, { channelType: 'student_portal' })).id],
  ])('%s answers 404 not_found and discloses nothing', async (_, idOf) => {
    const caller = await newCaller(api.services);
    const id = await idOf(caller);
    expectProblem(await get(caller, `/conversations/${id}`), 'not_found');
    expectProblem(await get(caller, `/conversations/${id}/messages`), 'not_found');
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([]);
  });
});

describe('GET /conversations/{id}/messages', () => {
  let caller: Caller;
  let conversationId: string;
  const m: string[] = [];

  beforeAll(async () => {
    caller = await newCaller(api.services);
    conversationId = (await seedConversation(sql, caller)).id;
    const attachment = { url: 'https://files.example.com/a.pdf', name: 'a.pdf', content_type: 'application/pdf' };
    const card = { code: 'tyre', name: 'Nordic', description: null, image_url: null, page_url: null, badge: null, price_text: '10 RUB', buttons: [] };
    m.push(await seedMessage(sql, caller, conversationId, { sender: 'customer', content: 'Hi', createdAt: minutes(1) }));
    m.push(await seedMessage(sql, caller, conversationId, { sender: 'ai', content: null, contentType: 'card', cards: [card], createdAt: minutes(2) }));
    m.push(await seedMessage(sql, caller, conversationId, { sender: 'customer', content: 'secret', attachments: [attachment], createdAt: minutes(3), deletedAt: minutes(4) }));
    m.push(await seedMessage(sql, caller, conversationId, { sender: 'operator', content: 'Here', operatorName: 'Anna', attachments: [attachment], createdAt: minutes(5) }));
    m.push(await seedMessage(sql, caller, conversationId, { sender: 'system', content: 'Closed', createdAt: minutes(5) }));
    await seedMessage(sql, caller, (await seedConversation(sql, caller)).id, { createdAt: minutes(2) });
  });

  const tied = () => [m[3]!, m[4]!].sort();
  const path = () => `/conversations/${conversationId}/messages`;

  it('answers whole Messages ascending by (created_at, id)', async () => {
    const res = await get(caller, path());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(ids(res)).toEqual([m[0], m[1], ...tied()]);
    const byId = Object.fromEntries(res.body.data.map((x: { id: string }) => [x.id, x]));
    const base = { conversation_id: conversationId, content_type: 'text', attachments: [], cards: [], operator: null, deleted: false, livemode: true };
    expect(byId[m[0]!]).toEqual({ ...base, id: m[0], sender: 'customer', content: 'Hi', created_at: minutes(1).toISOString() });
    expect(byId[m[1]!]).toEqual({
      ...base, id: m[1], sender: 'ai', content_type: 'card', content: null, created_at: minutes(2).toISOString(),
      cards: [{ code: 'tyre', name: 'Nordic', description: null, image_url: null, page_url: null, badge: null, price_text: '10 RUB', buttons: [] }],
    });
    expect(byId[m[3]!]).toEqual({
      ...base, id: m[3], sender: 'operator', content: 'Here', operator: { name: 'Anna' }, created_at: minutes(5).toISOString(),
      attachments: [{ url: 'https://files.example.com/a.pdf', name: 'a.pdf', content_type: 'application/pdf' }],
    });
    expect(res.body.next_cursor).toBeNull();
    expect(schemaErrors(res.body, schemaOf('MessagePage'), doc)).toEqual([]);
  });

  it('include_deleted=true answers the same page as false: messages are not deleted on this server, deleted is always false', async () => {
    const plain = await get(caller, `${path()}?limit=2`);
    const asked = await get(caller, `${path()}?limit=2&include_deleted=true`);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual(plain.body.data);
    expect(asked.body.data.map((x: { deleted: boolean }) => x.deleted)).toEqual([false, false]);
    // A cursor of one goes on with the other: include_deleted changes nothing the cursor is bound to.
    const next = await get(caller, `${path()}?limit=2&include_deleted=true&cursor=${encodeURIComponent(plain.body.next_cursor)}`);
    expect(ids(next)).toEqual(tied());
  });

  it('a row marked deleted in the database (nothing in this server marks one) is left out, with include_deleted or without', async () => {
    expect((await allPages(caller, path(), 2)).pages).toEqual([[m[0], m[1]], tied()]);
    expect((await allPages(caller, `${path()}?include_deleted=true`, 2)).pages).toEqual([[m[0], m[1]], tied()]);
  });

  it('a cursor is bound to its conversation', async () => {
    const first = await get(caller, `${path()}?limit=1`);
    const cursor = encodeURIComponent(first.body.next_cursor);
    const other = (await seedConversation(sql, caller)).id;
    expectProblem(await get(caller, `/conversations/${other}/messages?limit=1&cursor=${cursor}`), 'validation_failed', fieldError('/cursor', 'invalid_format'));
  });

  it.each<[string, string, string, string]>([
    ['limit 101', 'limit=101', '/limit', 'out_of_range'],
    ['include_deleted that is not a boolean', 'include_deleted=1x', '/include_deleted', 'invalid_format'],
    ['a filter of the conversation list', 'status=open', '/status', 'unknown_field'],
  ])('%s answers 422 validation_failed', async (_, q, field, code) => {
    expectProblem(await get(caller, `${path()}?${q}`), 'validation_failed', fieldError(field, code));
  });

  it('records the disclosure of the messages it answered', async () => {
    const who = await newCaller(api.services);
    const c = (await seedConversation(sql, who)).id;
    const id = await seedMessage(sql, who, c, { createdAt: minutes(1) });
    const res = await get(who, `/conversations/${c}/messages`);
    expect(await disclosureRows(sql, who.integrationId)).toEqual([
      { route: 'GET /conversations/{id}/messages', resource_type: 'message', resource_ids: [id], request_id: res.headers.get('x-request-id') },
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('names the conversation shapes and documents the operator routes', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining([
      'Conversation', 'ConversationPage', 'ConversationCreate', 'CustomerPage', 'Message', 'MessagePage', 'OperatorMessageCreate', 'OperatorRef', 'Takeover', 'AttachmentCreate',
    ]));
    expect(doc.paths['/conversations'].get.parameters.find((p: Schema) => p.name === 'updated_after').schema).toMatchObject({ type: 'string', format: 'date-time' });
    for (const action of ['operator-messages', 'takeover', 'return-to-ai', 'close']) {
      const op = doc.paths[`/conversations/{id}/${action}`].post;
      expect(op.description).toEqual(expect.any(String));
      expect(op.responses['409'].description).toMatch(/invalid_state/);
    }
    expect(doc.paths['/conversations/{id}/operator-messages'].post.requestBody.content['application/json'].schema).toEqual(schemaOf('OperatorMessageCreate'));
  });

  it('says messages are not deleted on this server: include_deleted has no effect, deleted is always false', () => {
    const list = doc.paths['/conversations/{id}/messages'].get;
    expect(list.description).toMatch(/not deleted on this server.*include_deleted is accepted and has no effect/);
    expect(list.parameters.find((p: Schema) => p.name === 'include_deleted').description).toMatch(/no effect: messages are not deleted on this server/);
    const deleted = doc.components.schemas.Message.properties.deleted;
    expect(deleted.type).toBe('boolean');
    expect(deleted.description).toMatch(/Always false: messages are not deleted on this server/);
    expect(doc.components.schemas.Message.properties.content.description).not.toMatch(/deleted/);
  });
});

describe('access', () => {
  it.each(['/conversations', '/conversations/7c9e6679-7425-40de-944b-e07fc1f90ae7', '/conversations/7c9e6679-7425-40de-944b-e07fc1f90ae7/messages'])(
    'GET %s without conversations:read answers 403 scope_missing', async (p) => {
      const caller = await newCaller(api.services, { scopes: ['conversations:write', 'leads:read'] });
      expectProblem(await get(caller, p), 'scope_missing');
    });

  it('on the ru cell an integration without an IP allowlist answers 403 pii_transfer_not_allowed and nothing is logged', async () => {
    const caller = await newCaller(api.services, { integrationAllowlist: null });
    const s = await seedConversation(sql, caller);
    for (const p of ['/conversations', `/conversations/${s.id}`, `/conversations/${s.id}/messages`]) {
      const res = await get(caller, p);
      expectProblem(res, 'pii_transfer_not_allowed');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([]);
  });

  it('the en cell reads without the ru conditions', async () => {
    const en = await startApi({ CELL: 'en' });
    try {
      const caller = await newCaller(en.services, { integrationAllowlist: null, hostingCountry: null, transferBasis: null });
      const s = await seedConversation(sql, caller);
      expect(ids(await call(en.base, 'GET', '/conversations', { key: caller.apiKey }))).toEqual([s.id]);
    } finally {
      await en.close();
    }
  });
});
