import { request } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer, type CallOptions } from '../harness/http.js';
import { defineRoute } from '../../src/http/route.js';
import { MAX_BODY_BYTES } from '../../src/http/body.js';

// A write route taking a JSON object, to exercise body handling through the real pipeline.
const echo = defineRoute<unknown, unknown, { text?: string }>({
  release: 'available', method: 'POST', path: '/test/echo', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Echoes the length of its text', rateClass: 'write',
  body: Joi.object({ text: Joi.string().allow('') }),
  responses: { 200: { description: 'length', schema: Joi.object() } },
  handler: async ({ body }) => ({ status: 200, body: { length: body.text?.length ?? 0 } }),
});

let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  api = await startApi({}, { extraRoutes: [echo] });
  caller = await newCaller(api.services);
});
afterAll(async () => api.close());

/** A JSON body `{"text":"aaa..."}` of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const frame = '{"text":""}';
  return `{"text":"${'a'.repeat(bytes - frame.length)}"}`;
}

/** POST with Transfer-Encoding: chunked (no Content-Length), through node:http. */
function postChunked(url: string, chunks: string[], headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => {
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') h.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers: h, text, body: text ? JSON.parse(text) : text });
      });
    });
    // The server may answer 413 and stop reading before the last chunk is written.
    req.on('error', (err) => { if (!answered) reject(err); });
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('X-Request-Id', () => {
  const cases: [string, string, string, (c: Caller) => CallOptions, boolean][] = [
    ['a success', 'GET', '/api/public/v1/me', (c) => ({ key: c.apiKey }), false],
    ['an authentication error', 'GET', '/api/public/v1/me', () => ({}), true],
    ['an unknown path inside the base path', 'GET', '/api/public/v1/nowhere', () => ({}), true],
    ['an unknown path outside the base path', 'GET', '/nowhere', () => ({}), true],
    ['a wrong method', 'DELETE', '/api/public/v1/me', (c) => ({ key: c.apiKey }), true],
    ['a body that is not JSON', 'POST', '/api/public/v1/test/echo', (c) => ({ key: c.apiKey, raw: { text: '{', contentType: 'application/json' } }), true],
    ['a validation error', 'GET', '/api/public/v1/disclosures?limit=0', (c) => ({ key: c.apiKey }), true],
    ['GET /healthz', 'GET', '/healthz', () => ({}), false],
    ['GET /metrics (not public)', 'GET', '/metrics', () => ({}), true],
  ];

  it.each(cases)('is on every answer: %s', async (_name, method, path, options, isProblem) => {
    const res = await call(api.origin, method, path, options(caller));
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^req_[0-9A-Za-z]{24}$/);
    if (isProblem) expect(res.body.request_id).toBe(id);
    else expect(res.status).toBe(200);
  });

  it('echoes a well-formed incoming X-Request-Id, also as request_id of a Problem', async () => {
    const ok = await call(api.base, 'GET', '/me', { key: caller.apiKey, headers: { 'x-request-id': 'client-trace:0042.a_b' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('client-trace:0042.a_b');
    const refused = await call(api.base, 'GET', '/me', { headers: { 'x-request-id': 'client-trace-0043' } });
    expectProblem(refused, 'invalid_api_key');
    expect(refused.body.request_id).toBe('client-trace-0043');
  });

  it.each([['too short', 'abc'], ['with spaces', 'has spaces in it'], ['too long', 'x'.repeat(129)]])(
    'replaces an incoming X-Request-Id that is %s with its own',
    async (_why, incoming) => {
      const res = await call(api.base, 'GET', '/me', { key: caller.apiKey, headers: { 'x-request-id': incoming } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9A-Za-z]{24}$/);
    },
  );
});

describe('unknown paths and methods', () => {
  it('an unknown path inside the base path answers 404 not_found', async () => {
    expectProblem(await call(api.base, 'GET', '/no-such-resource', { key: caller.apiKey }), 'not_found');
  });

  it('an unknown path outside the base path answers 404 not_found', async () => {
    expectProblem(await call(api.origin, 'GET', '/api/public/v2/me', { key: caller.apiKey }), 'not_found');
  });

  it('a wrong method answers 405 method_not_allowed with an Allow header', async () => {
    const res = await call(api.base, 'POST', '/me', { key: caller.apiKey, body: {} });
    expectProblem(res, 'method_not_allowed');
    expect(res.headers.get('allow')?.split(/,\s*/)).toContain('GET');
    expect(res.headers.get('allow')).not.toMatch(/POST/);
  });

  it('a method the API knows nothing of answers 405 method_not_allowed with an Allow header', async () => {
    const res = await call(api.base, 'PROPFIND', '/me', { key: caller.apiKey });
    expectProblem(res, 'method_not_allowed');
    expect(res.headers.get('allow')?.split(/,\s*/)).toContain('GET');
  });

  it('GET on a POST-only route answers 405 with Allow: POST', async () => {
    const res = await call(api.base, 'GET', '/test/echo', { key: caller.apiKey });
    expectProblem(res, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('request bodies', () => {
  it('accepts a JSON body of exactly 256 KB', async () => {
    const text = jsonOfSize(MAX_BODY_BYTES);
    expect(Buffer.byteLength(text)).toBe(256 * 1024);
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text, contentType: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ length: MAX_BODY_BYTES - '{"text":""}'.length });
  });

  it('a body over 256 KB with Content-Length answers 413 payload_too_large', async () => {
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text: jsonOfSize(MAX_BODY_BYTES + 1), contentType: 'application/json' } });
    expectProblem(res, 'payload_too_large');
  });

  it('a chunked body over 256 KB without Content-Length answers 413 payload_too_large', async () => {
    const body = jsonOfSize(300 * 1024);
    const chunks = Array.from({ length: Math.ceil(body.length / 16384) }, (_, i) => body.slice(i * 16384, (i + 1) * 16384));
    const res = await postChunked(`${api.base}/test/echo`, chunks, { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' });
    expect(res.headers.get('content-length')).toBeTruthy();
    expectProblem(res, 'payload_too_large');
  });

  it('a compressed body that inflates beyond 256 KB answers 413 payload_too_large', async () => {
    const packed = gzipSync(Buffer.from(jsonOfSize(400 * 1024)));
    expect(packed.length).toBeLessThan(4096);
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text: packed, contentType: 'application/json' }, headers: { 'content-encoding': 'gzip' } });
    expectProblem(res, 'payload_too_large');
  });

  it('a small chunked JSON body is read normally', async () => {
    const res = await postChunked(`${api.base}/test/echo`, ['{"text":', '"chunked"}'], { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ length: 7 });
  });

  it('a body that is not JSON answers 400 bad_request', async () => {
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text: '{"text": "unterminated', contentType: 'application/json' } });
    expectProblem(res, 'bad_request');
  });

  it.each([['text/plain', 'text/plain'], ['form encoding', 'application/x-www-form-urlencoded'], ['another charset', 'application/json; charset=latin1']])(
    'a body with the wrong Content-Type (%s) answers 400 bad_request',
    async (_name, contentType) => {
      const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text: '{"text":"x"}', contentType } });
      expectProblem(res, 'bad_request');
    },
  );

  it('a body without a Content-Type answers 400 bad_request', async () => {
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text: Buffer.from('{"text":"x"}') } });
    expectProblem(res, 'bad_request');
  });

  it('accepts application/json with charset=utf-8', async () => {
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text: '{"text":"xy"}', contentType: 'application/json; charset=UTF-8' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ length: 2 });
  });

  it.each([['a string', '"hello"'], ['a number', '42'], ['null', 'null'], ['true', 'true']])(
    'a JSON scalar body (%s) answers 400 bad_request',
    async (_name, text) => {
      expectProblem(await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, raw: { text, contentType: 'application/json' } }), 'bad_request');
    },
  );

  it('a JSON array where an object is expected answers 422 validation_failed at the root pointer', async () => {
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, body: [1, 2] });
    expectProblem(res, 'validation_failed', { errors: [{ field: '', code: 'invalid_format', message: expect.any(String) }] });
  });

  it('an unknown body field answers 422 validation_failed pointing at it', async () => {
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, body: { text: 'a', extra: 1 } });
    expectProblem(res, 'validation_failed', { errors: [{ field: '/extra', code: 'unknown_field', message: expect.any(String) }] });
  });

  it('a field of the wrong type answers 422 validation_failed with invalid_format', async () => {
    const res = await call(api.base, 'POST', '/test/echo', { key: caller.apiKey, body: { text: 5 } });
    expectProblem(res, 'validation_failed', { errors: [{ field: '/text', code: 'invalid_format', message: expect.any(String) }] });
  });
});

describe('malformed requests', () => {
  it('a path with broken percent-encoding answers 404 not_found, never a 500', async () => {
    expectProblem(await call(api.base, 'GET', '/%E0%A4%A', { key: caller.apiKey }), 'not_found');
  });

  it('a query with broken percent-encoding answers a Problem, never a 500', async () => {
    const res = await call(api.base, 'GET', '/disclosures?cursor=%E0%A4%A', { key: caller.apiKey });
    expectProblem(res, 'validation_failed', { errors: [{ field: '/cursor', code: 'invalid_format', message: expect.any(String) }] });
  });

  it('an Authorization header of another scheme answers 401 invalid_api_key', async () => {
    expectProblem(await call(api.base, 'GET', '/me', { headers: { authorization: `Basic ${caller.apiKey}` } }), 'invalid_api_key');
  });

  it('request lines and headers over 16 KB answer 400 bad_request as a Problem, not a bare status line', async () => {
    const res = await call(api.base, 'GET', `/conversations?channel=${'x'.repeat(20_000)}`, { key: caller.apiKey });
    expectProblem(res, 'bad_request');
  });

  it('a header Node cannot parse (a NUL in its value) answers 400 bad_request as a Problem', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(api.port, '127.0.0.1', () => socket.write(`GET /api/public/v1/me HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString(); });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\nContent-Type: application\/problem\+json\r\n/i);
    const requestId = /\r\nX-Request-Id: (\S+)/i.exec(head)?.[1];
    expect(JSON.parse(body)).toEqual({
      type: expect.stringMatching(/\/developers\/errors#bad_request$/), title: 'Bad request', status: 400, code: 'bad_request', detail: expect.any(String), request_id: requestId,
    });
  });
});
