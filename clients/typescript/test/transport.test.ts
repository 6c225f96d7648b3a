import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError, ConflictError, NotFoundError, RateLimitError, SalesChat, ServerError, ValidationError, ConnectionError } from '../src/index.js';
import { retryAfterMs } from '../src/retry-after.js';
import { FarSide, problem } from './far-side.js';

/**
 * The client's transport against a real local server: retries of 429 and 503 after
 * Retry-After (and none of other answers), the Idempotency-Key of a write kept across its
 * retries, and error answers thrown as typed Problems.
 */

let far: FarSide;
let client: SalesChat;
const ME = { tenant: { id: 't1', name: 'Shop' } };
const CARD = { code: 'sofa', name: 'Sofa' };

beforeAll(async () => {
  far = await FarSide.start();
  client = new SalesChat({ apiKey: 'sk_live_ru_test', baseUrl: far.base, retry: { initialDelayMs: 50 } });
});
afterAll(() => far.close());

describe('retries', () => {
  it('a 429 is retried after its Retry-After, then the answer is returned', async () => {
    far.answer((_, nth) => (nth === 1 ? { status: 429, body: problem('rate_limited', 429), headers: { 'Retry-After': '1' } } : { status: 200, body: ME }));
    expect(await client.me.retrieve()).toEqual(ME);
    expect(far.seen.map((s) => s.url)).toEqual(['/api/public/v1/me', '/api/public/v1/me']);
    expect(far.seen[1]!.at - far.seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(far.seen[0]!.headers.authorization).toBe('Bearer sk_live_ru_test');
  });

  it('a 503 is retried too; without Retry-After after a backoff of its own', async () => {
    far.answer((_, nth) => (nth <= 2 ? { status: 503, body: problem('service_unavailable', 503) } : { status: 200, body: ME }));
    expect(await client.me.retrieve()).toEqual(ME);
    expect(far.seen).toHaveLength(3);
  });

  it('a write keeps its Idempotency-Key across its retries: the generated one on every attempt', async () => {
    far.answer((_, nth) => (nth === 1 ? { status: 429, body: problem('rate_limited', 429), headers: { 'Retry-After': '0' } } : { status: 201, body: { id: 'c1', ...CARD } }));
    expect(await client.cards.create(CARD)).toMatchObject({ id: 'c1' });
    const keys = far.seen.map((s) => s.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(far.seen[1]!.body)).toEqual(CARD);
  });

  it('each write has a key of its own; a key you pass is the one sent', async () => {
    far.answer(() => ({ status: 201, body: { id: 'c1', ...CARD } }));
    await client.cards.create(CARD);
    await client.cards.create(CARD);
    await client.cards.create(CARD, { idempotencyKey: 'my-intent-42' });
    const keys = far.seen.map((s) => s.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('my-intent-42');
  });

  it('a PATCH carries no Idempotency-Key (the route takes none); If-Match is the quoted version', async () => {
    far.answer(() => ({ status: 200, body: { id: 'l1' } }));
    await client.leads.update('l1', { status: 'qualified' }, { ifMatch: 3 });
    expect(far.seen[0]!.headers['idempotency-key']).toBeUndefined();
    expect(far.seen[0]!.headers['if-match']).toBe('"3"');
  });

  it.each([
    [400, 'bad_request'], [404, 'not_found'], [409, 'invalid_state'], [422, 'validation_failed'], [500, 'internal_error'],
  ])('a %s is not retried: one request, the Problem thrown', async (status, code) => {
    far.answer(() => ({ status, body: problem(code, status) }));
    await expect(client.me.retrieve()).rejects.toMatchObject({ status, code });
    expect(far.seen).toHaveLength(1);
  });

  it('retries end after maxRetries: the last 429 is thrown as RateLimitError with its retryAfter', async () => {
    const few = new SalesChat({ apiKey: 'k', baseUrl: far.base, retry: { maxRetries: 2 } });
    far.answer(() => ({ status: 429, body: problem('rate_limited', 429), headers: { 'Retry-After': '0' } }));
    const err = await few.me.retrieve().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfter).toBe(0);
    expect(far.seen).toHaveLength(3);
  });

  it('a Retry-After beyond maxRetryAfterMs is not waited for: thrown at once', async () => {
    const impatient = new SalesChat({ apiKey: 'k', baseUrl: far.base, retry: { maxRetryAfterMs: 5_000 } });
    far.answer(() => ({ status: 503, body: problem('service_unavailable', 503), headers: { 'Retry-After': '120' } }));
    await expect(impatient.me.retrieve()).rejects.toBeInstanceOf(ServerError);
    expect(far.seen).toHaveLength(1);
  });

  it('Retry-After as an HTTP date is honoured too', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('a 409 operation_in_progress (the first attempt of the key still runs) is retried after its Retry-After, with the same key', async () => {
    far.answer((_, nth) => (nth === 1 ? { status: 409, body: problem('operation_in_progress', 409), headers: { 'Retry-After': '1' } } : { status: 201, body: { id: 'c1', ...CARD } }));
    const card = await client.cards.create(CARD);
    expect(card).toEqual({ id: 'c1', ...CARD });
    expect(far.seen).toHaveLength(2);
    expect(far.seen[1]!.at - far.seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(far.seen[1]!.headers['idempotency-key']).toBe(far.seen[0]!.headers['idempotency-key']);
  });

  it('502 and 504 are retried for reads and keyed POSTs, never for a PATCH (it may have run)', async () => {
    far.answer((_, nth) => (nth === 1 ? { status: 504, body: 'Gateway timeout' } : { status: 200, body: ME }));
    expect(await client.me.retrieve()).toEqual(ME);
    expect(far.seen).toHaveLength(2);
    far.answer((_, nth) => (nth === 1 ? { status: 502, body: 'Bad gateway' } : { status: 201, body: { id: 'c1', ...CARD } }));
    expect(await client.cards.create(CARD)).toMatchObject({ id: 'c1' });
    expect(far.seen.map((s) => s.headers['idempotency-key'])).toEqual([expect.any(String), far.seen[0]!.headers['idempotency-key']]);
    far.answer(() => ({ status: 502, body: 'Bad gateway' }));
    await expect(client.leads.update('l1', { title: 'x' }, { ifMatch: 1 })).rejects.toMatchObject({ status: 502 });
    expect(far.seen).toHaveLength(1);
  });

  it('per call: its own timeout and maxRetries; a POST past its timeout is retried with the same key', async () => {
    far.answer((_, nth) => (nth === 1 ? null : { status: 201, body: { id: 'c1', ...CARD } }));
    const card = await client.cards.create(CARD, { timeout: 200, maxRetries: 1 });
    expect(card.lastResponse.idempotencyKey).toBe(far.seen[0]!.headers['idempotency-key']);
    expect(far.seen[1]!.headers['idempotency-key']).toBe(far.seen[0]!.headers['idempotency-key']);
    far.answer(() => ({ status: 503, body: problem('service_unavailable', 503), headers: { 'Retry-After': '0' } }));
    await expect(client.me.retrieve({ maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(far.seen).toHaveLength(1);
  });

  it('a call past its timeout and retries throws ConnectionError with the key to retry it by', async () => {
    far.answer(() => null);
    const err = await client.cards.create(CARD, { timeout: 100, maxRetries: 0 }).catch((e: unknown) => e) as ConnectionError;
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.idempotencyKey).toBe(far.seen[0]!.headers['idempotency-key']);
  });

  it('a signal you pass cancels the call, its retry waits included', async () => {
    far.answer(() => ({ status: 503, body: problem('service_unavailable', 503), headers: { 'Retry-After': '30' } }));
    const controller = new AbortController();
    const call = client.me.retrieve({ signal: controller.signal });
    const refused = expect(call).rejects.toMatchObject({ name: 'AbortError' });
    while (far.seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await refused;
    expect(far.seen).toHaveLength(1);
  });

  it('a refused connection is retried for a read, then thrown as ConnectionError', async () => {
    const nowhere = new SalesChat({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/api/public/v1', retry: { maxRetries: 1, initialDelayMs: 10 } });
    await expect(nowhere.me.retrieve()).rejects.toBeInstanceOf(ConnectionError);
  });
});

describe('errors as typed Problems', () => {
  it('422: ValidationError with code, errors[] and the request id of X-Request-Id', async () => {
    const errors = [{ field: '/limit', code: 'out_of_range', message: 'limit is 1 to 100' }];
    far.answer(() => ({ status: 422, body: problem('validation_failed', 422, { errors }), headers: { 'X-Request-Id': 'req_abc' } }));
    const err = await client.leads.list({ limit: 500 }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, code: 'validation_failed', errors, requestId: 'req_abc', detail: 'Detail of validation_failed.' });
  });

  it('404: NotFoundError; 412: ConflictError with the members of its code in problem', async () => {
    far.answer(() => ({ status: 404, body: problem('not_found', 404) }));
    await expect(client.leads.retrieve('nope')).rejects.toBeInstanceOf(NotFoundError);
    far.answer(() => ({ status: 412, body: problem('precondition_failed', 412, { current_version: 4, etag: '"4"' }) }));
    const err = await client.leads.update('l1', { title: 'x' }, { ifMatch: '"3"' }).catch((e: unknown) => e) as ConflictError;
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.problem.current_version).toBe(4);
  });

  it('an error answer that is no Problem (a proxy page) still throws an ApiError of its status', async () => {
    far.answer(() => ({ status: 502, body: 'Bad gateway' }));
    await expect(client.me.retrieve({ maxRetries: 0 })).rejects.toMatchObject({ status: 502, code: 'internal_error', requestId: 'req_1' });
  });

  it('every error and result names the Idempotency-Key it was sent with: the generated one, or yours', async () => {
    far.answer(() => ({ status: 409, body: problem('idempotency_conflict', 409) }));
    const err = await client.cards.create(CARD).catch((e: unknown) => e) as ConflictError;
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(err.idempotencyKey).toBe(far.seen[0]!.headers['idempotency-key']);
    far.answer(() => ({ status: 201, body: { id: 'c1', ...CARD } }));
    const card = await client.cards.create(CARD, { idempotencyKey: 'card-sofa' });
    expect(card.lastResponse).toMatchObject({ status: 201, idempotencyKey: 'card-sofa', requestId: 'req_1' });
    expect(JSON.stringify(card)).toBe(JSON.stringify({ id: 'c1', ...CARD }));
    expect((await client.me.retrieve()).lastResponse.idempotencyKey).toBeNull();
  });

  it('RateLimitError.retryAfter reads Retry-After as seconds or as an HTTP date', async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5000).toUTCString();
    far.answer(() => ({ status: 429, body: problem('rate_limited', 429), headers: { 'Retry-After': at } }));
    const err = await client.me.retrieve({ maxRetries: 0 }).catch((e: unknown) => e) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfter).toBeGreaterThanOrEqual(4);
    expect(err.retryAfter).toBeLessThanOrEqual(6);
  });
});
