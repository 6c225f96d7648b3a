import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { ownShare } from '../harness/isolation.js';
import { startApi, type TestApi } from '../harness/app.js';
import { sqlClient } from '../harness/database.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { servedRoutes } from '../harness/live-routes.js';
import { bothWays, SPEC_WIDGET_ROUTES, WIDGET_DOCUMENT_ROUTES, WIDGET_ROUTE_EXTENSIONS } from '../harness/spec-routes.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { SchemaConverter } from '../../src/http/openapi/joi-to-json-schema.js';
import { MessageBody } from '../../src/widget/schemas.js';
import { newCard } from './cards-fixtures.js';
import { CONSENT, consentFlags, conversationOf, history, init, poll, send, websiteChannel } from './widget-fixtures.js';
import { SseClient, eventsUrl } from './widget-stream-support.js';

/**
 * GET /api/widget/openapi.json: the visitor chat's OpenAPI 3.1 document (spec 01, Visitor chat
 * routes, "not shown": designed here), and real answers of the chat held against it. No
 * worker: AI replies stay queued (WIDGET_REPLY_HOLD_MS=0, so `response` is null).
 */

let api: TestApi;
let db: pg.Client;
let doc: Schema;

beforeAll(async () => {
  api = await startApi({ WIDGET_REPLY_HOLD_MS: '0', ...ownShare('widget-openapi').env });
  db = await sqlClient(api.services.config.databaseUrl);
  const res = await call(api.origin, 'GET', '/api/widget/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await db?.end();
  await api?.close();
});

const withoutAi = () => newCaller(api.services, { features: PLAN_FEATURES.filter((f) => f !== 'ai_seller') });

/** The schema the document gives an answer of this status, by its media type. */
function answerSchema(path: string, method: string, res: Answer): Schema {
  const media = res.headers.get('content-type')?.startsWith('application/problem+json') ? 'application/problem+json' : 'application/json';
  const schema = doc.paths[path]?.[method]?.responses?.[String(res.status)]?.content?.[media]?.schema;
  if (!schema) throw new Error(`the document has no ${media} answer ${res.status} for ${method.toUpperCase()} ${path}`);
  return schema;
}

/** A real answer holds against the document: its status is documented and its body conforms. */
function expectConforms(res: Answer, path: string, method: string): void {
  expect(schemaErrors(res.body, answerSchema(path, method, res), doc)).toEqual([]);
}

const component = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** Every `$ref` anywhere in a JSON value. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refsOf(v)));
  }
  return [];
}

describe('GET /api/widget/openapi.json', () => {
  it('is an OpenAPI 3.1 document for this cell origin, public and cacheable', async () => {
    const res = await call(api.origin, 'GET', '/api/widget/openapi.json');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String), description: expect.stringMatching(/`error`/) });
    expect(doc.servers).toEqual([{ url: api.origin, description: `${api.services.config.cell} cell` }]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['WidgetMessage', 'WidgetCard', 'WidgetSettings', 'WidgetProblem']));
  });

  it('resolves every $ref, and every operation has an id, answers and well-formed parameters', () => {
    const refs = [...new Set(refsOf(doc))];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
      expect({ ref, target: doc.components.schemas[ref.split('/').pop()!] !== undefined }).toEqual({ ref, target: true });
    }
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      for (const op of Object.values(ops)) {
        ids.add(op.operationId);
        expect(op).toMatchObject({ summary: expect.any(String), security: [], responses: expect.any(Object) });
        for (const answer of Object.values(op.responses as Record<string, Schema>)) expect(answer.description).toEqual(expect.any(String));
        for (const p of op.parameters) expect(p).toMatchObject({ name: expect.any(String), in: expect.stringMatching(/^(path|query|header)$/), schema: expect.any(Object) });
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(op.parameters.filter((p: Schema) => p.in === 'path').map((p: Schema) => p.name)).toEqual(inPath);
      }
    }
    expect(ids.size).toBe(Object.values(doc.paths).flatMap((ops) => Object.keys(ops as object)).length);
  });

  it("documents spec 01's visitor chat routes and the listed extensions, and nothing else; the live router serves the same", () => {
    // Written from spec 01 Visitor chat routes (test/harness/spec-routes.ts), not from the router the document describes.
    const expected = [...SPEC_WIDGET_ROUTES, ...Object.keys(WIDGET_ROUTE_EXTENSIONS)];
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(bothWays(expected, documented)).toEqual({ missing: [], unexpected: [] });
    expect(bothWays([...expected, ...WIDGET_DOCUMENT_ROUTES], servedRoutes(api.app.koa, '/api/widget/'))).toEqual({ missing: [], unexpected: [] });
  });

  it("names every field spec 01's visitor chat table and rules give (written from the spec, not from the schemas)", () => {
    const resolve = (schema: Schema): Schema => (schema?.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!]) : schema);
    const props = (schema: Schema): string[] => Object.keys(resolve(schema)?.properties ?? {});
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema as Schema;
    const ok = (path: string, method: string) => doc.paths[path][method].responses['200'].content['application/json'].schema as Schema;
    const query = (path: string) => (doc.paths[path].get.parameters as Schema[]).filter((p) => p.in === 'query').map((p) => p.name);
    const has = (names: string[], spec: string[]) => expect(spec.filter((n) => !names.includes(n))).toEqual([]);
    has(props(body('/api/widget/init')), ['channel_id']);
    const settings = resolve(ok('/api/widget/init', 'post'));
    has(Object.keys(settings.properties), ['greeting', 'color', 'consent', 'assistant', 'queue']);
    has(props(settings.properties.consent.anyOf?.[0] ?? settings.properties.consent), ['text', 'url', 'version']);
    has(props(settings.properties.assistant), ['name', 'subtitle']);
    has(props(settings.properties.queue), ['title', 'subtitle']);
    has(props(body('/api/widget/messages')), ['channel_id', 'content', 'session_token', 'page_url', 'page_title', 'consent_version']);
    has(props(ok('/api/widget/messages', 'post')), ['session_token', 'queued', 'response']);
    has(query('/api/widget/history'), ['st']);
    has(props(ok('/api/widget/history', 'get')), ['messages', 'state', 'operator']);
    has(query('/api/widget/events'), ['st']);
    has(query('/api/widget/poll'), ['st', 'after']);
    has(props(ok('/api/widget/poll', 'get')), ['new_messages', 'state', 'operator']);
    const message = resolve(component('WidgetMessage'));
    has(Object.keys(message.properties), ['sender', 'content', 'id', 'created_at', 'operator', 'attachments', 'cards']);
    has(message.properties.sender.enum, ['user', 'ai', 'operator', 'system']);
    has(props(message.properties.attachments.items), ['url', 'name']);
    const card = resolve(message.properties.cards.items);
    has(Object.keys(card.properties), ['name', 'price_text', 'description', 'buttons']);
    has(props(card.properties.buttons.items), ['label', 'url']);
    has(resolve(ok('/api/widget/history', 'get')).properties.state.enum, ['ai', 'queued', 'operator']);
  });

  it('describes the message body with the schema the route validates with, consent_version included', () => {
    const converter = new SchemaConverter();
    expect(converter.convert(MessageBody)).toEqual(component('WidgetMessageSend'));
    expect(doc.components.schemas.WidgetMessageSend).toEqual(converter.components.WidgetMessageSend);
    expect(doc.paths['/api/widget/messages'].post.requestBody).toEqual({ required: true, content: { 'application/json': { schema: component('WidgetMessageSend') } } });
    expect(doc.components.schemas.WidgetMessageSend.required).toEqual(['channel_id', 'content']);
    expect(doc.components.schemas.WidgetMessageSend.properties.consent_version).toMatchObject({ type: ['string', 'null'] });
    expect(doc.paths['/api/widget/poll'].get.parameters).toContainEqual(expect.objectContaining({ name: 'after', in: 'query', required: true, schema: expect.objectContaining({ format: 'date-time' }) }));
  });

  it('documents the answers and refusals of each route', () => {
    const messages = doc.paths['/api/widget/messages'].post.responses;
    expect(Object.keys(messages)).toEqual(['200', '400', '401', '404', '413', '422', '429', '500', '503']);
    expect(messages['200'].content['application/json'].schema).toEqual(component('WidgetTurn'));
    expect(doc.components.schemas.WidgetTurn.required).toEqual(['session_token', 'queued', 'response', 'message', 'state', 'operator']);
    expect(messages['400'].description).toMatch(/consent_required/);
    expect(messages['401'].content['application/problem+json'].schema).toEqual({ allOf: [component('WidgetProblem')], properties: { code: { enum: ['invalid_session'] } } });
    expect(messages['429'].headers['Retry-After']).toMatchObject({ schema: { type: 'string' } });
    const initAnswers = doc.paths['/api/widget/init'].post.responses;
    expect(initAnswers['200'].content['application/json'].schema).toEqual(component('WidgetSettings'));
    expect(Object.keys(initAnswers['200'].headers)).toEqual(expect.arrayContaining(['Access-Control-Allow-Origin', 'Vary']));
    expect(initAnswers['403'].description).toMatch(/origin_not_allowed/);
    expect(doc.paths['/api/widget/init'].options.responses['204'].headers['Access-Control-Allow-Methods']).toEqual({ schema: { type: 'string', enum: ['POST, OPTIONS'] } });
    expect(doc.paths['/api/widget/history'].get.responses['401'].description).toMatch(/invalid_session/);
    const attachment = doc.paths['/api/widget/attachments/{messageId}/{index}'].get.responses;
    expect(attachment['302'].headers.Location).toMatchObject({ schema: { type: 'string', format: 'uri' } });
    expect(attachment['404'].description).toMatch(/not_found/);
  });

  it('describes the event stream: its events and their data, the resume cursor, Last-Event-ID, heartbeats and retry', () => {
    const stream = doc.paths['/api/widget/events'].get;
    const media = stream.responses['200'].content['text/event-stream'];
    expect(media['x-events']).toEqual({
      message: { id: component('WidgetStreamCursor'), data: component('WidgetMessage'), description: expect.any(String) },
      'conversation:update': { data: component('WidgetConversation'), description: expect.any(String) },
      closed: { data: component('WidgetClosed'), description: expect.any(String) },
      'message:delta': { data: component('WidgetMessageDelta'), description: expect.any(String) },
      'message:retracted': { data: component('WidgetMessageRetracted'), description: expect.any(String) },
    });
    expect(doc.components.schemas.WidgetMessageDelta.required).toEqual(['message_id', 'offset', 'text']);
    expect(doc.components.schemas.WidgetMessageRetracted.required).toEqual(['message_id']);
    expect(stream.description).toMatch(/text\.slice\(0, offset\)/);
    expect(stream.parameters).toContainEqual(expect.objectContaining({ name: 'Last-Event-ID', in: 'header', required: false }));
    expect(stream.parameters).toContainEqual(expect.objectContaining({ name: 'last_event_id', in: 'query' }));
    expect(stream.description).toMatch(/retry: 2500/);
    expect(stream.description).toMatch(/`: ping` every \d+ \w+/);
    expect(stream.responses['401'].description).toMatch(/invalid_session/);
  });
});

describe('real answers hold against the document', () => {
  it('init: the settings, with and without a consent, and 403 origin_not_allowed', async () => {
    const caller = await newCaller(api.services);
    const plain = await init(api, { channel_id: await websiteChannel(api, caller.tenantId) });
    expect(plain.status).toBe(200);
    expectConforms(plain, '/api/widget/init', 'post');
    const withConsent = await init(api, { channel_id: await websiteChannel(api, caller.tenantId, ['--greeting', 'Hi!', ...consentFlags()]) });
    expect(withConsent.body.consent).toEqual(CONSENT);
    expectConforms(withConsent, '/api/widget/init', 'post');
    const listed = await websiteChannel(api, caller.tenantId, ['--allowed-domains', 'shop.example.com']);
    const refused = await init(api, { channel_id: listed }, { origin: 'https://elsewhere.example.net' });
    expect(refused.body.code).toBe('origin_not_allowed');
    expectConforms(refused, '/api/widget/init', 'post');
  });

  it('messages: a new visitor of an AI seller (the reply still on its way), then consent_required and the turns after it', async () => {
    const ai = await newCaller(api.services);
    const first = await send(api, { channel_id: await websiteChannel(api, ai.tenantId), content: 'Do you have sofas?', page_url: 'https://shop.example.com/', page_title: 'Shop' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ queued: false, response: null, state: 'ai', operator: null, message: { sender: 'user' } });
    expectConforms(first, '/api/widget/messages', 'post');

    const caller = await withoutAi();
    const channelId = await websiteChannel(api, caller.tenantId, consentFlags());
    const refused = await send(api, { channel_id: channelId, content: 'Hello' });
    expect(refused.body).toMatchObject({ code: 'consent_required', error: 'consent_required', consent: CONSENT });
    expectConforms(refused, '/api/widget/messages', 'post');
    const accepted = await send(api, { channel_id: channelId, content: 'Hello', consent_version: CONSENT.version });
    expect(accepted.status).toBe(200);
    expect(accepted.body.state).toBe('queued');
    expectConforms(accepted, '/api/widget/messages', 'post');
    const next = await send(api, { channel_id: channelId, content: 'Anyone?', session_token: accepted.body.session_token });
    expectConforms(next, '/api/widget/messages', 'post');
    const tooLong = await send(api, { channel_id: channelId, content: 'x'.repeat(4001), session_token: next.body.session_token });
    expect(tooLong.status).toBe(413);
    expectConforms(tooLong, '/api/widget/messages', 'post');
  });

  describe('reads of a conversation with an operator, an attachment and a product card', () => {
    let token: string;
    let since: string;

    beforeAll(async () => {
      const caller: Caller = await withoutAi();
      const sent = await send(api, { channel_id: await websiteChannel(api, caller.tenantId), content: 'Show me a chair' });
      token = sent.body.session_token;
      since = sent.body.message.created_at;
      const conversationId = (await conversationOf(db, token)).id;
      const said = await call(api.base, 'POST', `/conversations/${conversationId}/operator-messages`, {
        key: caller.apiKey, body: { content: 'Our price list', operator: { name: 'Olga' }, attachments: [{ url: 'https://files.example.com/price.pdf', name: 'price.pdf' }] },
      });
      expect(said.status).toBe(201);
      await newCard(api, caller, { code: 'chair', name: 'Chair', page_url: '/catalogue/chair' });
      const card = await call(api.base, 'POST', `/conversations/${conversationId}/cards`, { key: caller.apiKey, body: { code: 'chair' } });
      expect(card.status).toBe(201);
    });

    it('history', async () => {
      const res = await history(api, token);
      expect(res.status).toBe(200);
      expect(res.body.messages.map((m: any) => [m.sender, m.attachments.length, m.cards.length])).toEqual([['user', 0, 0], ['operator', 1, 0], ['operator', 0, 1]]);
      expect(res.body.messages[2].cards[0]).toMatchObject({ name: 'Chair', description: null, price_text: null, page_url: null }); // a path, and the tenant has no primary domain
      expectConforms(res, '/api/widget/history', 'get');
    });

    it('poll', async () => {
      const res = await poll(api, token, since);
      expect(res.status).toBe(200);
      expect(res.body.new_messages).toHaveLength(2);
      expectConforms(res, '/api/widget/poll', 'get');
    });

    it('the event stream: retry, then every message (a resume from a value that is no cursor) and the state', async () => {
      const stream = await SseClient.open(eventsUrl(api, token, '&last_event_id=none'));
      try {
        expect(stream.status).toBe(200);
        const events = doc.paths['/api/widget/events'].get.responses['200'].content['text/event-stream']['x-events'];
        const update = await stream.nth('conversation:update', 1);
        await stream.nth('message', 3);
        expect(stream.retry).toBe(2500);
        expect(schemaErrors(JSON.parse(update.data), events['conversation:update'].data, doc)).toEqual([]);
        for (const m of stream.named('message')) {
          expect(schemaErrors(m.id, events.message.id, doc)).toEqual([]);
          expect(schemaErrors(JSON.parse(m.data), events.message.data, doc)).toEqual([]);
        }
      } finally {
        stream.close();
      }
    });
  });

  it('Problems: invalid_session (history, and the stream before it opens) and validation_failed with errors[]', async () => {
    const invalid = await history(api, 'wst_nope');
    expect(invalid.body).toMatchObject({ code: 'invalid_session', error: 'invalid_session' });
    expectConforms(invalid, '/api/widget/history', 'get');
    const stream = await SseClient.open(eventsUrl(api, 'wst_nope'));
    expect(stream.status).toBe(401);
    expect(schemaErrors(await stream.json(), doc.paths['/api/widget/events'].get.responses['401'].content['application/problem+json'].schema, doc)).toEqual([]);
    const caller = await withoutAi();
    const sent = await send(api, { channel_id: await websiteChannel(api, caller.tenantId), content: 'Hello' });
    const unreadable = await poll(api, sent.body.session_token, 'yesterday');
    expect(unreadable.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ field: '/after' })] });
    expectConforms(unreadable, '/api/widget/poll', 'get');
  });

  it('the checker rejects an answer that drifts from the document', async () => {
    const caller = await withoutAi();
    const sent = await send(api, { channel_id: await websiteChannel(api, caller.tenantId), content: 'Hello' });
    const drifted = { ...sent.body, message: { ...sent.body.message, sender: 'customer', surprise: 1 }, state: 'waiting' };
    expect(schemaErrors(drifted, answerSchema('/api/widget/messages', 'post', sent), doc).sort()).toEqual([
      expect.stringMatching(/^\/message\/sender: enum: "customer" is not one of/), '/message/surprise: additionalProperties: not in the schema',
      expect.stringMatching(/^\/state: enum: "waiting" is not one of/),
    ]);
  });
});
