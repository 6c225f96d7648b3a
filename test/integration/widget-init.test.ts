import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { CONSENT, consentFlags, expectWidgetProblem, init, websiteChannel } from './widget-fixtures.js';

/**
 * POST /api/widget/init (spec 01, Visitor chat routes): the channel's settings, and the one
 * CORS answer of the visitor chat, for the sites the channel allows.
 */

let api: TestApi;
let caller: Caller;
let listed: string;

const CORS = {
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '600',
};

function corsHeaders(res: { headers: Headers }) {
  return {
    origin: res.headers.get('access-control-allow-origin'),
    vary: res.headers.get('vary'),
    ...Object.fromEntries(Object.keys(CORS).map((h) => [h, res.headers.get(h)])),
  };
}

beforeAll(async () => {
  api = await startApi();
  caller = await newCaller(api.services);
  listed = await websiteChannel(api, caller.tenantId, ['--allowed-domains', 'shop.example.com,Example.ORG']);
});
afterAll(() => api?.close());

describe('the channel settings', () => {
  it('answers greeting, color, assistant, queue and the consent the tenant set', async () => {
    const id = await websiteChannel(api, caller.tenantId, ['--greeting', 'Hello! How can I help?', '--color', '#FF8800', ...consentFlags()]);
    const res = await init(api, { channel_id: id });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      channel_id: id,
      greeting: 'Hello! How can I help?',
      color: '#ff8800',
      assistant: { name: expect.any(String), subtitle: expect.any(String) },
      queue: { title: expect.any(String), subtitle: expect.any(String) },
      consent: CONSENT,
    });
  });

  it('without a consent there is no consent field; the defaults fill the rest', async () => {
    const id = await websiteChannel(api, caller.tenantId);
    const res = await init(api, { channel_id: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      channel_id: id, greeting: null, color: '#2563eb',
      assistant: { name: 'Assistant', subtitle: 'Answers in seconds' },
      queue: { title: 'Connecting you to an operator', subtitle: 'An operator will answer here shortly' },
    });
  });
});

describe('CORS', () => {
  it.each([
    ['a listed domain', 'https://shop.example.com'],
    ['a subdomain of a listed domain, any port', 'https://www.shop.example.com:8443'],
    ['a listed domain written in capitals, over http', 'http://blog.example.org'],
  ])('%s gets Access-Control-Allow-Origin with its origin, and Vary: Origin', async (_why, origin) => {
    const res = await init(api, { channel_id: listed }, { origin });
    expect(res.status).toBe(200);
    expect(corsHeaders(res)).toEqual({ origin, vary: expect.stringContaining('Origin'), ...CORS });
  });

  it.each([
    ['another site', 'https://evil.example.net'],
    ['a host that only ends like a listed domain', 'https://notshop.example.com'],
    ['a listed domain under another one', 'https://shop.example.com.evil.net'],
    ['an opaque origin', 'null'],
  ])('%s is refused: 403 origin_not_allowed without Access-Control-Allow-Origin', async (_why, origin) => {
    const res = await init(api, { channel_id: listed }, { origin });
    expectWidgetProblem(res, 'origin_not_allowed');
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('the cell origin itself (the chat frame) is always allowed; so is a request without Origin', async () => {
    const framed = await init(api, { channel_id: listed }, { origin: api.origin });
    expect(framed.status).toBe(200);
    expect(framed.headers.get('access-control-allow-origin')).toBe(api.origin);
    const plain = await init(api, { channel_id: listed });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a channel without allowed domains answers any site', async () => {
    const open = await websiteChannel(api, caller.tenantId);
    const res = await init(api, { channel_id: open }, { origin: 'https://anywhere.example.net' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anywhere.example.net');
  });

  it('the OPTIONS preflight answers 204 with the methods, headers and max age for the asking origin', async () => {
    const res = await call(api.origin, 'OPTIONS', '/api/widget/init', {
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(corsHeaders(res)).toEqual({ origin: 'https://shop.example.com', vary: expect.stringContaining('Origin'), ...CORS });
  });

  it('no other visitor route answers CORS headers', async () => {
    for (const path of ['/api/widget/messages', '/api/widget/history?st=x', '/api/widget/poll?st=x&after=2026-01-01T00:00:00Z']) {
      const method = path.startsWith('/api/widget/messages') ? 'POST' : 'GET';
      const res = await call(api.origin, method, path, { body: method === 'POST' ? { channel_id: randomUUID(), content: 'Hi' } : undefined, headers: { origin: 'https://shop.example.com' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await call(api.origin, 'OPTIONS', '/api/widget/messages', { headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('refusals', () => {
  it('an unknown channel id is 404 not_found', async () => {
    expectWidgetProblem(await init(api, { channel_id: randomUUID() }), 'not_found');
  });

  it('a channel id that is not a UUID is 404 not_found', async () => {
    expectWidgetProblem(await init(api, { channel_id: 'not-a-channel' }), 'not_found');
    expectWidgetProblem(await init(api, { channel_id: "' or 1=1 --" }), 'not_found');
  });

  it("an integration's api channel is not a website chat: 404 not_found", async () => {
    expectWidgetProblem(await init(api, { channel_id: caller.channelId }), 'not_found');
  });

  it('the channel of a tenant that is no longer active is 404 not_found', async () => {
    const other = await newCaller(api.services);
    const id = await websiteChannel(api, other.tenantId);
    await api.services.orm.em.fork().getConnection().execute(`update tenants set status = 'inactive' where id = ?`, [other.tenantId]);
    expectWidgetProblem(await init(api, { channel_id: id }), 'not_found');
  });

  it('a missing channel_id or an unknown field is 422 validation_failed naming the field', async () => {
    expectWidgetProblem(await init(api, {}), 'validation_failed', { errors: [{ field: '/channel_id', code: 'required', message: expect.any(String) }] });
    expectWidgetProblem(await init(api, { channel_id: listed, theme: 'dark' }), 'validation_failed', { errors: [{ field: '/theme', code: 'unknown_field', message: expect.any(String) }] });
    expectWidgetProblem(await init(api, [listed]), 'validation_failed', { errors: [expect.objectContaining({ code: 'invalid_format' })] });
  });

  it('a body that is not JSON is 400 bad_request, never a 500', async () => {
    const res = await call(api.origin, 'POST', '/api/widget/init', { raw: { text: '{"channel_id": ', contentType: 'application/json' } });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'bad_request' });
    const text = await call(api.origin, 'POST', '/api/widget/init', { raw: { text: `channel_id=${listed}`, contentType: 'application/x-www-form-urlencoded' } });
    expect({ status: text.status, code: text.body.code }).toEqual({ status: 400, code: 'bad_request' });
  });
});
