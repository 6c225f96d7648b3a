import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../../../test/harness/app.js';
import { newCaller } from '../../../test/harness/fixtures.js';
import { ownShare } from '../../../test/harness/isolation.js';
import { PinnedClock } from '../../../src/clock.js';
import { RateLimitError, SalesChat } from '../src/index.js';
import { documentedFetch } from './documented-fetch.js';

/**
 * The client against the real api's rate limit (2 writes a minute, a clock the test moves, a
 * Redis prefix of its own): the server's 429 with its Retry-After, waited out and retried with
 * the same Idempotency-Key, the write made once; and with retries off, a RateLimitError that
 * says how long to wait. The far-side tests (transport.test.ts) script the answers; these are
 * the api's own.
 */

const clock = new PinnedClock(new Date(Math.floor(Date.now() / 60_000) * 60_000));
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_WRITE_PER_MIN: '2', ...ownShare('client-rate-limit').env }, { clock });
});
afterAll(async () => api?.close());

interface Seen { status: number; idempotencyKey: string | null; retryAfter: string | null }

/** documentedFetch that notes each exchange and lets the minute the server names pass on the api's clock while the client waits it out. */
function clockedFetch(seen: Seen[]): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await documentedFetch(request);
    seen.push({ status: response.status, idempotencyKey: request.headers.get('idempotency-key'), retryAfter: response.headers.get('retry-after') });
    if (response.status === 429) clock.advance(Number(response.headers.get('retry-after')) * 1000);
    return response;
  };
}

describe('the client and the api rate limit', () => {
  it("a 429 is waited out for its Retry-After and retried with the same Idempotency-Key: the card is made once", async () => {
    const caller = await newCaller(api.services);
    const seen: Seen[] = [];
    const client = new SalesChat({ apiKey: caller.apiKey, baseUrl: api.base, fetch: clockedFetch(seen) });
    await client.cards.create({ code: 'lamp-1', name: 'Lamp 1' });
    await client.cards.create({ code: 'lamp-2', name: 'Lamp 2' });
    clock.advance(57_000);
    const third = await client.cards.create({ code: 'lamp-3', name: 'Lamp 3' });

    expect(seen.map((s) => s.status)).toEqual([201, 201, 429, 201]);
    // The first write of the minute leaves the window 3 s later: the server says so, rounded up.
    expect(Number(seen[2]!.retryAfter)).toBe(3);
    expect(seen[3]!.idempotencyKey).toBe(seen[2]!.idempotencyKey);
    expect(third.code).toBe('lamp-3');
    const codes: string[] = [];
    for await (const card of client.cards.list({ limit: 50 })) codes.push(card.code);
    expect(codes.sort()).toEqual(['lamp-1', 'lamp-2', 'lamp-3']);
  });

  it('with retries off, the 429 is a RateLimitError with the code, the Problem and the seconds to wait', async () => {
    const caller = await newCaller(api.services);
    const client = new SalesChat({ apiKey: caller.apiKey, baseUrl: api.base, fetch: documentedFetch, retry: { maxRetries: 0 } });
    await client.cards.create({ code: 'a', name: 'A' });
    await client.cards.create({ code: 'b', name: 'B' });
    const refused = await client.cards.create({ code: 'c', name: 'C' }).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    const err = refused as RateLimitError;
    expect(err).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(err.retryAfter).toBe(60);
    expect(err.headers.get('ratelimit-policy')).toBe('2;w=60;name="write"');
    expect(err.problem.request_id).toBe(err.requestId);
  });
});
