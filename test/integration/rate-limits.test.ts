import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../support/app.js';
import { newCaller, type Caller } from '../support/fixtures.js';
import { call, expectProblem } from '../support/http.js';
import { defineRoute } from '../../src/http/route.js';
import { PinnedClock } from '../../src/clock.js';
import { createRedis } from '../../src/redis.js';

const write = defineRoute({
  release: 'available', method: 'POST', path: '/test/writes', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'A write that does nothing', rateClass: 'write',
  responses: { 204: { description: 'done' } },
  handler: async () => ({ status: 204 }),
});

// Half a minute into a fixed window: RateLimit-Reset and Retry-After are 30 seconds.
const clock = new PinnedClock(new Date('2026-11-21T12:00:30.000Z'));
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_READ_PER_MIN: '3', RATE_LIMIT_WRITE_PER_MIN: '2' }, { clock, extraRoutes: [write] });
});
afterAll(async () => api.close());

const read = (who: Caller) => call(api.base, 'GET', '/me', { key: who.apiKey });
const post = (who: Caller) => call(api.base, 'POST', '/test/writes', { key: who.apiKey });

function rateHeaders(res: { headers: Headers }) {
  return ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'].map((h) => res.headers.get(h));
}

describe('request-rate limits', () => {
  it('every answer carries the RateLimit headers of its class', async () => {
    const caller = await newCaller(api.services);
    const answers = [await read(caller), await read(caller), await read(caller)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map(rateHeaders)).toEqual([
      ['3', '2', '30', '3;w=60;name="read"'],
      ['3', '1', '30', '3;w=60;name="read"'],
      ['3', '0', '30', '3;w=60;name="read"'],
    ]);
    expect(answers[0]!.body.limits).toEqual({ read_per_min: 3, write_per_min: 2, paid_per_min: 30, paid_concurrency: 5 });
  });

  it('the 4th read in the window answers 429 rate_limited with Retry-After and RateLimit headers', async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 3; i++) expect((await read(caller)).status).toBe(200);
    const refused = await read(caller);
    expectProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(rateHeaders(refused)).toEqual(['3', '0', '30', '3;w=60;name="read"']);
  });

  it('a new window lets requests through again', async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 3; i++) await read(caller);
    expectProblem(await read(caller), 'rate_limited');
    const before = clock.now();
    clock.advance(60_000);
    try {
      expect((await read(caller)).status).toBe(200);
    } finally {
      clock.set(before);
    }
  });

  it('rate classes are counted separately', async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 3; i++) await read(caller);
    expectProblem(await read(caller), 'rate_limited');
    const w1 = await post(caller);
    expect(w1.status).toBe(204);
    expect(rateHeaders(w1)).toEqual(['2', '1', '30', '2;w=60;name="write"']);
    expect((await post(caller)).status).toBe(204);
    const refused = await post(caller);
    expectProblem(refused, 'rate_limited');
    expect(refused.headers.get('ratelimit-policy')).toBe('2;w=60;name="write"');
  });

  it('integrations are counted separately', async () => {
    const busy = await newCaller(api.services);
    const quiet = await newCaller(api.services);
    for (let i = 0; i < 3; i++) await read(busy);
    expectProblem(await read(busy), 'rate_limited');
    const res = await read(quiet);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('/metrics counts the refusals in rate_limit_refusals_total by rate class', async () => {
    const refusals = async (rateClass: string) => {
      const text = (await call(api.metricsOrigin, 'GET', '/metrics')).text;
      return Number(new RegExp(`^rate_limit_refusals_total\\{rate_class="${rateClass}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    };
    const [reads, writes] = [await refusals('read'), await refusals('write')];
    const caller = await newCaller(api.services);
    for (let i = 0; i < 5; i++) await read(caller);
    expect(await refusals('read')).toBe(reads + 2);
    expect(await refusals('write')).toBe(writes);
  });
});

describe('the limits store down', () => {
  let down: TestApi;
  let caller: Caller;

  beforeAll(async () => {
    down = await startApi({}, { redis: createRedis('redis://127.0.0.1:1/0', 'x:') });
    caller = await newCaller(down.services);
  });
  afterAll(async () => down.close());

  it('answers 503 service_unavailable with Retry-After, never 200', async () => {
    for (const path of ['/me', '/wallet', '/disclosures']) {
      const res = await call(down.base, 'GET', path, { key: caller.apiKey });
      expectProblem(res, 'service_unavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('still answers 401 invalid_api_key to a caller without a key', async () => {
    expectProblem(await call(down.base, 'GET', '/me'), 'invalid_api_key');
  });
});
