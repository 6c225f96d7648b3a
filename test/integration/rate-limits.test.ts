import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { defineRoute } from '../../src/http/route.js';
import { PinnedClock } from '../../src/clock.js';
import { atTime } from '../harness/pinned-time.js';
import { createRedis } from '../../src/redis.js';
import { randomBase62 } from '../../src/ids.js';
import { ownShare } from '../harness/isolation.js';

const write = defineRoute({
  release: 'available', method: 'POST', path: '/test/writes', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'A write that does nothing', rateClass: 'write',
  responses: { 204: { description: 'done' } },
  handler: async () => ({ status: 204 }),
});

// Half a minute into a clock minute: a fixed window would say 30 seconds, the sliding minute says 60.
const clock = new PinnedClock(new Date('2026-11-21T12:00:30.000Z'));
let api: TestApi;
/** The file's own Redis prefix, which the second api process of one test shares. */
const SHARE = ownShare('rate-limits');

beforeAll(async () => {
  api = await startApi({
    RATE_LIMIT_READ_PER_MIN: '3', RATE_LIMIT_WRITE_PER_MIN: '2', RATE_LIMIT_REFUSED_KEYS_PER_MIN: '3',
    // The refused-key tests call from their own addresses (other files of the run share 127.0.0.1).
    TRUSTED_PROXIES: '127.0.0.1',
    // Redis of its own: other files' refused keys from 127.0.0.1, counted at today's time, lay
    // within this file's pinned minute (in its future) and refused its first reads with 429.
    ...SHARE.env,
  }, { clock, extraRoutes: [write] });
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
      ['3', '2', '60', '3;w=60;name="read"'],
      ['3', '1', '60', '3;w=60;name="read"'],
      ['3', '0', '60', '3;w=60;name="read"'],
    ]);
    expect(answers[0]!.body.limits).toEqual({ read_per_min: 3, write_per_min: 2, paid_per_min: 30, paid_concurrency: 5 });
  });

  it('the 4th read in a minute answers 429 rate_limited with Retry-After and RateLimit headers', async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 3; i++) expect((await read(caller)).status).toBe(200);
    const refused = await read(caller);
    expectProblem(refused, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(rateHeaders(refused)).toEqual(['3', '0', '60', '3;w=60;name="read"']);
  });

  it('a minute later requests pass again', async () => {
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
    expect(rateHeaders(w1)).toEqual(['2', '1', '60', '2;w=60;name="write"']);
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

/** The file's clock at `when` for `fn` (the file's other tests expect 12:00:30). */
const at = <T>(when: string | number, fn: () => Promise<T>) => atTime(clock, when, fn);

describe('a sliding minute: no 60-second span passes more than the limit', () => {
  it('two writes at 12:00:59 and 59.4 leave none for 12:01:00.5 (a new clock minute): 429 until 12:01:59, the first write\'s minute', async () => {
    const caller = await newCaller(api.services);
    const answers = [await at('2026-11-21T12:00:59.000Z', () => post(caller)), await at('2026-11-21T12:00:59.400Z', () => post(caller))];
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
    expect(answers.map(rateHeaders)).toEqual([
      ['2', '1', '60', '2;w=60;name="write"'],
      ['2', '0', '60', '2;w=60;name="write"'],
    ]);
    const refused = await at('2026-11-21T12:01:00.500Z', () => post(caller));
    expectProblem(refused, 'rate_limited');
    // The first write leaves the minute at 12:01:59.000, 58.5 s later: rounded up.
    expect(refused.headers.get('retry-after')).toBe('59');
    expect(rateHeaders(refused)).toEqual(['2', '0', '59', '2;w=60;name="write"']);
    expectProblem(await at('2026-11-21T12:01:58.999Z', () => post(caller)), 'rate_limited');
    const again = await at('2026-11-21T12:01:59.000Z', () => post(caller));
    expect(again.status).toBe(204);
    // The second write (12:00:59.4) still counts: none left until it leaves, 0.4 s later (rounded up).
    expect(rateHeaders(again)).toEqual(['2', '0', '1', '2;w=60;name="write"']);
  });

  it('requests every 4.7 s for five minutes: each is admitted exactly when fewer than the limit passed in the 60 s before it, and the headers say when', async () => {
    const caller = await newCaller(api.services);
    const start = Date.parse('2026-11-21T12:00:41.300Z');
    const admitted: number[] = [];
    for (let t = start; t < start + 5 * 60_000; t += 4700) {
      const res = await at(t, () => read(caller));
      const inMinute = admitted.filter((a) => a > t - 60_000);
      const oldestLeaves = (inMinute[0] ?? t) + 60_000;
      if (inMinute.length < 3) {
        expect({ t, status: res.status }).toEqual({ t, status: 200 });
        admitted.push(t);
        const remaining = 3 - inMinute.length - 1;
        // Reset: while some is left, until the whole budget is back (this request leaves the
        // minute in 60 s); with none left, until the next request would be admitted.
        const reset = remaining > 0 ? 60 : Math.ceil((oldestLeaves - t) / 1000);
        expect({ t, headers: rateHeaders(res) }).toEqual({ t, headers: ['3', String(remaining), String(reset), '3;w=60;name="read"'] });
      } else {
        expect({ t, status: res.status }).toEqual({ t, status: 429 });
        const wait = String(Math.ceil((oldestLeaves - t) / 1000));
        expect({ t, retryAfter: res.headers.get('retry-after'), headers: rateHeaders(res) }).toEqual({ t, retryAfter: wait, headers: ['3', '0', wait, '3;w=60;name="read"'] });
      }
    }
    // No 60-second span from any admitted request holds more than the limit, and some holds it all.
    const busiest = Math.max(...admitted.map((a) => admitted.filter((b) => b >= a && b < a + 60_000).length));
    expect(busiest).toBe(3);
  });
});

describe('wrong secrets of issued keys are counted per client address', () => {
  const newAddress = () => `2001:db8::${[1, 2, 3].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`;
  const madeUp = () => `sk_live_ru_${randomBase62(20)}_${randomBase62(40)}`;
  const meFrom = (address: string, key: string) => call(api.base, 'GET', '/me', { key, headers: { 'x-forwarded-for': address } });

  it('beyond RATE_LIMIT_REFUSED_KEYS_PER_MIN wrong secrets a minute, a further one is answered 429 with Retry-After; the address is free again a minute later', async () => {
    const address = newAddress();
    const real = await newCaller(api.services, { integrationAllowlist: null });
    const wrongSecret = real.apiKey.slice(0, -1) + (real.apiKey.endsWith('A') ? 'B' : 'A');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await meFrom(address, wrongSecret));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429, 429]);
    expectProblem(answers[3]!, 'rate_limited');
    expect(answers[3]!.headers.get('retry-after')).toBe('60');
    expect(answers[3]!.body.detail).toMatch(/refused API keys from this address/);
    // The valid key from the same address is limited by its rate classes alone (test/integration/refused-keys.test.ts).
    expect((await meFrom(address, real.apiKey)).status).toBe(200);
    // Made-up keys count nothing: they are refused without a lookup, never held.
    expectProblem(await meFrom(address, madeUp()), 'invalid_api_key');
    // Another address is not held; a minute later this one is counted again from nothing.
    expect((await meFrom(newAddress(), wrongSecret)).status).toBe(401);
    await at(clock.now().getTime() + 60_000, async () => {
      expectProblem(await meFrom(address, wrongSecret), 'invalid_api_key');
    });
  });

  it('a limit reached through another api process holds wrong secrets there too, never the valid key', async () => {
    // A second process of the same cluster (same Redis prefix and clock) that has seen none of the refusals.
    const other = await startApi({ RATE_LIMIT_READ_PER_MIN: '3', RATE_LIMIT_REFUSED_KEYS_PER_MIN: '3', TRUSTED_PROXIES: '127.0.0.1', ...SHARE.env }, { clock });
    try {
      const address = newAddress();
      const real = await newCaller(api.services, { integrationAllowlist: null });
      const wrongSecret = real.apiKey.slice(0, -1) + (real.apiKey.endsWith('A') ? 'B' : 'A');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await meFrom(address, wrongSecret)).status);
      expect(statuses).toEqual([401, 401, 401]);
      const fromOther = (key: string) => call(other.base, 'GET', '/me', { key, headers: { 'x-forwarded-for': address } });
      const held = await fromOther(wrongSecret);
      expectProblem(held, 'rate_limited');
      expect(held.headers.get('retry-after')).toBe('60');
      expect(held.headers.get('ratelimit-remaining')).toBeNull();
      const valid = await fromOther(real.apiKey);
      expect(valid.status).toBe(200);
      expect(valid.headers.get('ratelimit-remaining')).toBe('2');
    } finally {
      await other.close();
    }
  });

  it('a wrong secret of a real key counts as a refused key', async () => {
    const address = newAddress();
    const real = await newCaller(api.services, { integrationAllowlist: null });
    const wrongSecret = real.apiKey.slice(0, -1) + (real.apiKey.endsWith('A') ? 'B' : 'A');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await meFrom(address, wrongSecret)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('the limits store down', () => {
  let down: TestApi;
  let caller: Caller;

  beforeAll(async () => {
    down = await startApi({}, { redis: createRedis('redis://127.0.0.1:1/0', 'x:') });
    // Issued where Redis answers: a key is never issued without the index of issued keys knowing it.
    caller = await newCaller(api.services);
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
