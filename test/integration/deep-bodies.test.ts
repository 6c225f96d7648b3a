import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiSuite, type ApiSuite } from '../harness/api-suite.js';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import type { Schema } from '../harness/json-schema.js';
import { MAX_BODY_DEPTH } from '../../src/http/body.js';
import { expectWidgetProblem, websiteChannel } from './widget-fixtures.js';

/**
 * Issue 25 item 5: JSON nested thousands of levels deep used to answer 500 (the validator's
 * walk over the body ran out of stack), on the API's writes and on the visitor chat's init,
 * messages and page view, before any limit counted it; five of them turned the status map's
 * public API degraded. Such a body is refused, 400 bad_request, before it is parsed, and the
 * refusal counts against the caller's limits: the integration's rate class, the visitor's
 * address.
 */

const WRITES_PER_MIN = 3;
const REFUSED_PER_MIN = 3;
let s: ApiSuite;
useApiSuite((suite) => { s = suite; }, {
  RATE_LIMIT_WRITE_PER_MIN: String(WRITES_PER_MIN), WIDGET_RATE_REJECTED_PER_MIN: String(REFUSED_PER_MIN),
  // Each test calls the visitor chat from its own address (other files of the run share 127.0.0.1).
  TRUSTED_PROXIES: '127.0.0.1',
});

const DEPTH = 3000;
const deepArray = (depth = DEPTH) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth = DEPTH) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const DEEP = { 'an array': deepArray(), 'an object': deepObject() };

const raw = (text: string) => ({ text, contentType: 'application/json' });
const newAddress = () => `2001:db8::${[1, 2, 3].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`;

function expectTooDeep(res: Answer): void {
  expect(res.body?.detail).toMatch(new RegExp(`more than ${MAX_BODY_DEPTH} levels`));
}

/** How deep a JSON Schema lets arrays and objects nest (a schema that refers to itself: Infinity). */
function schemaDepth(schema: Schema | undefined, doc: Schema, seen: string[] = []): number {
  if (!schema || typeof schema !== 'object') return 0;
  if (typeof schema.$ref === 'string') {
    if (seen.includes(schema.$ref)) return Infinity;
    return schemaDepth(schema.$ref.replace(/^#\//, '').split('/').reduce((node: any, part: string) => node?.[part], doc), doc, [...seen, schema.$ref]);
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map((b: Schema) => schemaDepth(b, doc, seen));
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const inner = [
    ...Object.values(schema.properties ?? {}).map((p) => schemaDepth(p as Schema, doc, seen)),
    ...(typeof schema.additionalProperties === 'object' ? [schemaDepth(schema.additionalProperties, doc, seen)] : []),
    ...(schema.items ? [schemaDepth(schema.items, doc, seen)] : []),
  ];
  const here = types.includes('object') || types.includes('array') || schema.properties || schema.items ? 1 + Math.max(0, ...inner) : 0;
  return Math.max(here, ...branches);
}

describe('MAX_BODY_DEPTH', () => {
  it('is far beyond the deepest body any route of either document takes', async () => {
    const widgetDoc = (await call(s.api.origin, 'GET', '/api/widget/openapi.json')).body as Schema;
    const depths = [s.doc, widgetDoc].flatMap((doc) => Object.values(doc.paths as Record<string, Record<string, Schema>>)
      .flatMap((methods) => Object.values(methods))
      .map((op) => schemaDepth(op.requestBody?.content?.['application/json']?.schema, doc)));
    expect(depths.filter((d) => d > 0).length).toBeGreaterThan(20);
    // The deepest: POST /events, events[].properties.value.amount (decisions: "Request bodies").
    expect(Math.max(...depths)).toBe(5);
    expect(Math.max(...depths) * 4).toBeLessThan(MAX_BODY_DEPTH);
  });
});

describe('a body nested deeper than MAX_BODY_DEPTH, on the API', () => {
  it.each(Object.entries(DEEP))('(%s) is 400 bad_request on writes of every method, counted in the write rate class', async (_what, text) => {
    const who = await newCaller(s.api.services);
    const writes: [string, string][] = [['POST', '/conversations'], ['PATCH', `/leads/${randomUUID()}`], ['DELETE', `/webhooks/${randomUUID()}`]];
    for (const [i, [method, path]] of writes.entries()) {
      const res = await call(s.api.base, method, path, { key: who.apiKey, raw: raw(text), headers: { 'idempotency-key': randomUUID() } });
      expectProblem(res, 'bad_request');
      expectTooDeep(res);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(WRITES_PER_MIN - i - 1));
    }
    const beyond = await call(s.api.base, 'POST', '/conversations', { key: who.apiKey, raw: raw(text), headers: { 'idempotency-key': randomUUID() } });
    expectProblem(beyond, 'rate_limited');
  });

  it('deep inside a field is refused the same way', async () => {
    const who = await newCaller(s.api.services);
    const res = await call(s.api.base, 'POST', '/conversations', { key: who.apiKey, raw: raw(`{"external_customer_id":"c-1","page":{"title":${deepArray()}}}`) });
    expectProblem(res, 'bad_request');
    expectTooDeep(res);
  });

  it('brackets inside strings are text, not nesting; exactly MAX_BODY_DEPTH levels are read and validated', async () => {
    const who = await newCaller(s.api.services);
    const title = `${'[{'.repeat(100)}\\"]}${'}]'.repeat(100)}`;
    const ok = await call(s.api.base, 'POST', '/conversations', { key: who.apiKey, raw: raw(`{"external_customer_id":"c-2","page":{"title":"${title}"}}`) });
    expect(ok.status).toBe(201);
    // The deepest body read: the root object and MAX_BODY_DEPTH - 1 levels inside /page/title.
    const deepest = await call(s.api.base, 'POST', '/conversations', { key: who.apiKey, raw: raw(`{"external_customer_id":"c-3","page":{"title":${deepArray(MAX_BODY_DEPTH - 2)}}}`) });
    expectProblem(deepest, 'validation_failed', { errors: [{ field: '/page/title', code: 'invalid_format', message: expect.any(String) }] });
    const deeper = await call(s.api.base, 'POST', '/conversations', { key: who.apiKey, raw: raw(`{"external_customer_id":"c-3","page":{"title":${deepArray(MAX_BODY_DEPTH - 1)}}}`) });
    expectProblem(deeper, 'bad_request');
    expectTooDeep(deeper);
  });

  it('without a valid key is 401 invalid_api_key: the body is read only for a caller that was counted', async () => {
    expectProblem(await call(s.api.base, 'POST', '/conversations', { raw: raw(deepArray()) }), 'invalid_api_key');
  });
});

describe('a deep body, on the visitor chat', () => {
  let channelId: string;
  const post = (path: string, text: string, address: string) =>
    call(s.api.origin, 'POST', path, { raw: raw(text), headers: { 'x-forwarded-for': address} });

  it.each([['/api/widget/init'], ['/api/widget/messages'], ['/api/widget/pageview']])(
    '%s answers 400 bad_request, counted against the address: beyond WIDGET_RATE_REJECTED_PER_MIN it is 429',
    async (path) => {
      channelId ??= await websiteChannel(s.api, (await newCaller(s.api.services)).tenantId);
      const address = newAddress();
      for (const text of [deepArray(), deepObject(), `{"channel_id":"${channelId}","content":"Hi","url":"https://shop.example.com/","page_title":${deepArray()}}`]) {
        const res = await post(path, text, address);
        expectWidgetProblem(res, 'bad_request');
        expectTooDeep(res);
      }
      expectWidgetProblem(await post(path, deepArray(), address), 'rate_limited');
      // Another address is not refused.
      expectWidgetProblem(await post(path, deepArray(), newAddress()), 'bad_request');
    },
  );
});

describe('the status map', () => {
  let api: TestApi | undefined;
  afterAll(async () => { await api?.close(); });

  it('stays operational after deep bodies: they are 4xx, and only 5xx answers count toward degraded', async () => {
    // An api of its own: the status map judges the answers of its process.
    api = await startApi({ STATUS_CACHE_MS: '0', RATE_LIMIT_WRITE_PER_MIN: '1000' });
    const who: Caller = await newCaller(api.services);
    for (let i = 0; i < 15; i++) expect((await call(api.base, 'GET', '/me', { key: who.apiKey })).status).toBe(200);
    const deep: Answer[] = [];
    for (let i = 0; i < 5; i++) deep.push(await call(api.base, 'POST', '/conversations', { key: who.apiKey, raw: raw(i % 2 ? deepObject() : deepArray()) }));
    const res = await fetch(`${api.origin}/status`, { headers: { accept: 'application/json' } });
    const publicApi = ((await res.json()) as any).components.find((c: any) => c.id === 'public_api');
    expect(publicApi.figures.requests_15m).toBeGreaterThanOrEqual(20);
    expect(publicApi).toMatchObject({ status: 'operational', figures: { server_errors_15m: 0 } });
    for (const answer of deep) expectProblem(answer, 'bad_request');
  });
});
