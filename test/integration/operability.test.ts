import Joi from 'joi';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { defineRoute } from '../../src/http/route.js';
import { createRedis } from '../../src/redis.js';

const getThing = defineRoute<unknown, { id: string }>({
  release: 'available', method: 'GET', path: '/test/things/{id}', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'A route with a path parameter', rateClass: 'read',
  params: Joi.object({ id: Joi.string().pattern(/^[a-z0-9-]+$/) }),
  responses: { 200: { description: 'thing', schema: Joi.object() } },
  handler: async ({ params }) => ({ status: 200, body: { id: params.id } }),
});

const explode = defineRoute({
  release: 'available', method: 'GET', path: '/test/explode', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Fails with an unexpected error', rateClass: 'read',
  responses: { 200: { description: 'never', schema: Joi.object() } },
  handler: async () => {
    throw new Error('secret internals: connection string postgres://user:pw@db');
  },
});

/** Every log line the api writes, as parsed JSON. */
const lines: Record<string, unknown>[] = [];
const log = pino({ level: 'trace' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>); } });

let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  api = await startApi({}, { log, extraRoutes: [getThing, explode] });
  caller = await newCaller(api.services);
});
afterAll(async () => api.close());

describe('health and readiness', () => {
  it('GET /healthz answers 200 while the process is up', async () => {
    const res = await call(api.origin, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when PostgreSQL, Redis and Temporal are reachable', async () => {
    const res = await call(api.origin, 'GET', '/readyz');
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'ready', checks: { postgres: 'ok', redis: 'ok', temporal: 'ok' } } });
  });

  // Nothing listens on port 1 of the loopback: a store that is down, not a slow one.
  describe.each([
    ['PostgreSQL', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/sales_api' }, { postgres: 'down', redis: 'ok', temporal: 'ok' }],
    ['Temporal', { TEMPORAL_ADDRESS: '127.0.0.1:1' }, { postgres: 'ok', redis: 'ok', temporal: 'down' }],
  ])('with %s down', (_name, env, checks) => {
    let down: TestApi;
    beforeAll(async () => {
      down = await startApi(env);
    });
    afterAll(async () => down.close());

    it('GET /readyz answers 503 naming what is down, and /healthz still 200', async () => {
      const res = await call(down.origin, 'GET', '/readyz');
      expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: { status: 'not_ready', checks } });
      expect((await call(down.origin, 'GET', '/healthz')).status).toBe(200);
    });
  });

  describe('with Redis down', () => {
    let down: TestApi;
    beforeAll(async () => {
      down = await startApi({}, { redis: createRedis('redis://127.0.0.1:1/0', 'x:') });
    });
    afterAll(async () => down.close());

    it('GET /readyz answers 503 naming redis down', async () => {
      const res = await call(down.origin, 'GET', '/readyz');
      expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: { status: 'not_ready', checks: { postgres: 'ok', redis: 'down', temporal: 'ok' } } });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    });

    it('GET /healthz still answers 200', async () => {
      expect((await call(down.origin, 'GET', '/healthz')).status).toBe(200);
    });

    it('a request with a valid key answers 503 service_unavailable with Retry-After: the limits store being down never opens the door', async () => {
      const res = await call(down.base, 'GET', '/me', { key: caller.apiKey });
      expectProblem(res, 'service_unavailable');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('ratelimit-remaining')).toBeNull();
    });
  });
});

describe('GET /metrics', () => {
  it('is Prometheus text with requests and latency labelled by route pattern, method and status', async () => {
    for (const id of ['abc-123', 'xyz-789']) expect((await call(api.base, 'GET', `/test/things/${id}`, { key: caller.apiKey })).status).toBe(200);
    await call(api.base, 'GET', '/me', { key: caller.apiKey });
    await call(api.base, 'GET', '/me');
    await call(api.origin, 'GET', '/no-such-page-42');
    const res = await call(api.metricsOrigin, 'GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^http_requests_total\{route="GET \/test\/things\/\{id\}",method="GET",status="200"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{route="GET \/me",method="GET",status="200"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{route="GET \/me",method="GET",status="401"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{route="unmatched",method="GET",status="404"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="GET \/test\/things\/\{id\}",method="GET",status="200"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",route="GET \/me",method="GET",status="200"\} 1$/m);
    expect(text).not.toMatch(/abc-123|xyz-789|no-such-page-42/);
  });

  // After the counting test above: this one adds an unmatched 404.
  it('is not on the public listener: 404 not_found there, served on the internal metrics port (METRICS_PORT)', async () => {
    expectProblem(await call(api.origin, 'GET', '/metrics'), 'not_found');
    expect((await call(api.metricsOrigin, 'GET', '/metrics')).status).toBe(200);
    expect((await call(api.metricsOrigin, 'GET', '/healthz')).status).toBe(404);
  });

  it('a path parameter that fails its schema answers 404 not_found', async () => {
    expectProblem(await call(api.base, 'GET', '/test/things/NOT_ALLOWED', { key: caller.apiKey }), 'not_found');
  });
});

describe('logs', () => {
  it('an unexpected failure answers 500 internal_error with no details, and is logged', async () => {
    const res = await call(api.base, 'GET', '/test/explode', { key: caller.apiKey });
    expectProblem(res, 'internal_error');
    expect(res.text).not.toMatch(/secret internals|postgres:\/\//);
    expect(lines.some((l) => l.level === 50 && l.request_id === res.headers.get('x-request-id'))).toBe(true);
  });

  it('one JSON line per request carries the request id, tenant and integration', async () => {
    const res = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    const line = lines.find((l) => l.msg === 'request' && l.request_id === res.headers.get('x-request-id'));
    expect(line).toMatchObject({ route: 'GET /me', status: 200, tenant_id: caller.tenantId, integration_id: caller.integrationId });
  });

  it('never contain the API key, valid or not', async () => {
    const wrongSecret = `${caller.apiKey.slice(0, -4)}zzzz`;
    await call(api.base, 'GET', '/me', { key: caller.apiKey });
    await call(api.base, 'GET', '/me', { key: wrongSecret });
    await call(api.base, 'GET', '/test/explode', { key: caller.apiKey });
    const secretPart = caller.apiKey.slice(caller.apiKey.lastIndexOf('_') + 1);
    expect(secretPart.length).toBeGreaterThanOrEqual(16);
    const written = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(written.length).toBeGreaterThan(0);
    expect(written).not.toContain(secretPart);
    expect(written).not.toContain(wrongSecret.slice(wrongSecret.lastIndexOf('_') + 1));
  });
});
