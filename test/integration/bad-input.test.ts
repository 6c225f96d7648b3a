import { describe, expect, it } from '@jest/globals';
import { useApiSuite, type ApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { CursorCodec, filterBinding } from '../../src/http/cursor.js';
import { expectWidgetProblem, init, send, websiteChannel } from './widget-fixtures.js';

/**
 * Bad input is a Problem, never a 500 (issue 9 item 9): PostgreSQL text cannot hold U+0000,
 * so a NUL anywhere in a request's strings (body, query, keys included) is refused at
 * validation, 422 validation_failed at the field; a validly signed cursor whose position is
 * not one of the list's is 422 at /cursor.
 */

let s: ApiSuite;
useApiSuite((suite) => { s = suite; });

const nulAt = (field: string) => ({ errors: [{ field, code: 'invalid_format', message: expect.stringContaining('NUL') }] });

async function caller(): Promise<Caller> {
  return newCaller(s.api.services);
}

const post = (who: Caller, path: string, body: unknown, key = `k-${Math.random()}`): Promise<Answer> =>
  call(s.api.base, 'POST', path, { key: who.apiKey, body, headers: { 'idempotency-key': key } });

describe('a NUL character (U+0000) in a string', () => {
  it('of a body field is 422 validation_failed at that field, nothing stored', async () => {
    const who = await caller();
    const res = await post(who, '/conversations', { external_customer_id: 'customer\u0000-1', name: 'Ann' });
    expectProblem(res, 'validation_failed', nulAt('/external_customer_id'));
    const nested = await post(who, '/conversations', { external_customer_id: 'customer-2', page: { title: 'Sofa\u0000' } });
    expectProblem(nested, 'validation_failed', nulAt('/page/title'));
    const rows = await s.sql.query('select count(*)::int as n from conversations where tenant_id = $1', [who.tenantId]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('a lone surrogate (no Unicode character; jsonb refuses it) is refused the same way', async () => {
    const who = await caller();
    const res = await post(who, '/conversations', { external_customer_id: 'c-9', page: { title: 'Sofa \ud800', id: 'x\udfffy' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: '/page/title', code: 'invalid_format', message: expect.stringContaining('lone surrogate') },
      { field: '/page/id', code: 'invalid_format', message: expect.stringContaining('lone surrogate') },
    ]);
    // A whole pair (an emoji) is text like any other.
    expect((await post(who, '/conversations', { external_customer_id: 'c-9', page: { title: 'Sofa 🙂' } })).status).toBe(201);
  });

  it('is reported beside the other field errors, once per field', async () => {
    const who = await caller();
    const res = await post(who, '/conversations', { external_customer_id: 'x\u0000', email: 'not-an-email\u0000' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(expect.arrayContaining([
      { field: '/external_customer_id', code: 'invalid_format', message: expect.stringContaining('NUL') },
      { field: '/email', code: 'invalid_format', message: expect.any(String) },
    ]));
    expect(res.body.errors).toHaveLength(2);
  });

  it('of an array item or an object key is refused at its pointer', async () => {
    const who = await caller();
    const webhook = await post(who, '/webhooks', { url: 'https://example.com/hook', events: ['lead.created', 'conversation.\u0000'] });
    expect(webhook.status).toBe(422);
    expect(webhook.body.errors).toContainEqual({ field: '/events/1', code: 'invalid_format', message: expect.stringContaining('NUL') });
    const key = await post(who, '/conversations', { external_customer_id: 'c-3', 'na\u0000me': 'Ann' });
    expect(key.status).toBe(422);
    expect(key.body.errors.map((e: { field: string }) => e.field)).toEqual(['/na\u0000me']);
  });

  it('of a query value is 422 at the parameter', async () => {
    const who = await caller();
    const res = await call(s.api.base, 'GET', '/conversations?channel=web%00site', { key: who.apiKey });
    expectProblem(res, 'validation_failed', nulAt('/channel'));
    const status = await call(s.api.base, 'GET', '/conversations?status=open&status=%00', { key: who.apiKey });
    expect(status.status).toBe(422);
  });

  it('on the unauthenticated widget: init and messages answer 422 at the field', async () => {
    const who = await caller();
    const channelId = await websiteChannel(s.api, who.tenantId);
    expectWidgetProblem(await init(s.api, { channel_id: `${channelId}\u0000` }), 'validation_failed', nulAt('/channel_id'));
    expectWidgetProblem(await send(s.api, { channel_id: channelId, content: 'Hello\u0000' }), 'validation_failed', nulAt('/content'));
    expectWidgetProblem(await send(s.api, { channel_id: channelId, content: 'Hello', page_title: '\u0000' }), 'validation_failed', nulAt('/page_title'));
    const surrogate = await send(s.api, { channel_id: channelId, content: 'Hello \udc00' });
    expectWidgetProblem(surrogate, 'validation_failed', { errors: [{ field: '/content', code: 'invalid_format', message: expect.stringContaining('lone surrogate') }] });
    const history = await call(s.api.origin, 'GET', '/api/widget/history?st=%00');
    expectWidgetProblem(history, 'validation_failed', nulAt('/st'));
    const rows = await s.sql.query('select count(*)::int as n from conversations where tenant_id = $1', [who.tenantId]);
    expect(rows.rows[0].n).toBe(0);
  });
});

describe('a time filter beyond what the database holds', () => {
  it('is 422 out_of_range at the parameter, on the API and the widget', async () => {
    const who = await caller();
    for (const time of ['-200000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '0000-12-31T23:59:59Z']) {
      const res = await call(s.api.base, 'GET', `/conversations?updated_after=${encodeURIComponent(time)}`, { key: who.apiKey });
      expectProblem(res, 'validation_failed', { errors: [{ field: '/updated_after', code: 'out_of_range', message: expect.any(String) }] });
    }
    const poll = await call(s.api.origin, 'GET', `/api/widget/poll?st=&after=${encodeURIComponent('-200000-01-01T00:00:00Z')}`);
    expectWidgetProblem(poll, 'validation_failed', { errors: [{ field: '/after', code: 'out_of_range', message: expect.any(String) }] });
  });
});

describe('a validly signed cursor', () => {
  const signed = (who: Caller, position: unknown[]) =>
    new CursorCodec(s.api.services.config.secrets.cursor).encode(who.integrationId, filterBinding('GET /webhooks', {}), position, s.api.services.clock.now());
  const page = (who: Caller, cursor: string) => call(s.api.base, 'GET', `/webhooks?cursor=${encodeURIComponent(cursor)}`, { key: who.apiKey });
  const atCursor = { errors: [{ field: '/cursor', code: 'invalid_format', message: expect.any(String) }] };

  it('whose id is not a uuid answers 422 at /cursor', async () => {
    const who = await caller();
    expectProblem(await page(who, signed(who, ['2026-11-20T09:00:00.000Z', 'not-a-uuid'])), 'validation_failed', atCursor);
    expectProblem(await page(who, signed(who, ['2026-11-20T09:00:00.000Z', 'a\u0000b'])), 'validation_failed', atCursor);
  });

  it('whose time is beyond what the database holds answers 422 at /cursor', async () => {
    const who = await caller();
    expectProblem(await page(who, signed(who, ['-200000-01-01T00:00:00.000Z', '6f1c2c1e-0000-4000-8000-000000000001'])), 'validation_failed', atCursor);
  });

  it('whose id is a uuid of nothing is an empty page', async () => {
    const who = await caller();
    const res = await page(who, signed(who, ['2026-11-20T09:00:00.000Z', '6f1c2c1e-0000-4000-8000-000000000001']));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], next_cursor: null });
  });
});

describe('POST /conversations/{id}/messages documents its 413', () => {
  it('in the responses and at the content field', () => {
    const post = s.doc.paths['/conversations/{id}/messages'].post;
    expect(post.responses['413'].description).toContain('payload_too_large');
    const ref = post.requestBody.content['application/json'].schema.$ref as string;
    const body = s.doc.components.schemas[ref.split('/').pop()!];
    expect(body.properties.content.description).toContain('413 payload_too_large');
    expect(body.properties.content.maxLength).toBeUndefined();
  });
});
