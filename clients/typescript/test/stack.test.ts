import { beforeAll, describe, expect, it } from '@jest/globals';
import { useApiSuite, type ApiSuite } from '../../../test/harness/api-suite.js';
import { newCaller, type Caller } from '../../../test/harness/fixtures.js';
import { ConflictError, NotFoundError, SalesChat, ValidationError, AuthenticationError, type Lead } from '../src/index.js';
import { documentedFetch } from './documented-fetch.js';

/**
 * The client against the real api of the suite (its own tenant and key): typed answers, the
 * list walked across pages, idempotent writes, and the server's Problems as typed errors.
 * Every answer is held against the OpenAPI document (documentedFetch).
 */

let suite: ApiSuite;
let client: SalesChat;
let caller: Caller;
useApiSuite((s) => { suite = s; });

beforeAll(async () => {
  caller = await newCaller(suite.api.services, { name: 'Client tenant' });
  client = new SalesChat({ apiKey: caller.apiKey, baseUrl: suite.api.base, fetch: documentedFetch });
});

describe('the client against the stack', () => {
  it('me.retrieve: the key, its integration and its scopes', async () => {
    const me = await client.me.retrieve();
    expect(me.tenant.name).toBe('Client tenant');
    expect(me.key.scopes).toContain('leads:read');
  });

  it('for await walks every lead of the tenant across pages of two (next_cursor), with the filter kept', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await client.leads.create({ title: `Lead ${i}`, status: i === 4 ? 'won' : 'new' })).id);
    const seen: Lead[] = [];
    for await (const lead of client.leads.list({ status: 'new', limit: 2 })) seen.push(lead);
    expect(seen.map((l) => l.id).sort()).toEqual(made.slice(0, 4).sort());
    expect((await client.leads.list({ status: 'new', limit: 2 })).next_cursor).toEqual(expect.any(String));
  });

  it('a write with your Idempotency-Key repeated answers the first result; another body with it is 409 idempotency_conflict', async () => {
    const card = { code: `c-${Date.now().toString(36)}`, name: 'Lamp' };
    const first = await client.cards.create(card, { idempotencyKey: `card-${card.code}` });
    const again = await client.cards.create(card, { idempotencyKey: `card-${card.code}` });
    expect(again.id).toBe(first.id);
    const err = await client.cards.create({ ...card, name: 'Other' }, { idempotencyKey: `card-${card.code}` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ status: 409, code: 'idempotency_conflict' });
  });

  it('a write whose key is still running elsewhere (409 operation_in_progress, Retry-After 1) is retried after it and gets the answer', async () => {
    const key = `card-busy-${Date.now().toString(36)}`;
    const lock = [caller.integrationId, key];
    // The first attempt's transaction holds this lock while it runs (src/http/idempotency.ts); hold it here instead.
    await suite.sql.query('select pg_advisory_lock(hashtext($1), hashtext($2))', lock);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    const watching: typeof globalThis.fetch = async (input, init) => {
      const response = await documentedFetch(input, init);
      statuses.push(response.status);
      if (response.status === 409) {
        retryAfter = response.headers.get('retry-after');
        // The first attempt ends once this retry has been refused.
        await suite.sql.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', lock);
      }
      return response;
    };
    const busy = new SalesChat({ apiKey: caller.apiKey, baseUrl: suite.api.base, fetch: watching });
    try {
      const card = await busy.cards.create({ code: key, name: 'Busy lamp' }, { idempotencyKey: key });
      expect(statuses).toEqual([409, 201]);
      expect(retryAfter).toBe('1');
      expect(card.lastResponse).toMatchObject({ status: 201, idempotencyKey: key });
      expect((await client.cards.retrieve(key)).id).toBe(card.id);
    } finally {
      await suite.sql.query('select pg_advisory_unlock_all()');
    }
  });

  it('the generated Idempotency-Key is on the result and on the error, so the intent can be retried with it', async () => {
    const code = `k-${Date.now().toString(36)}`;
    const card = await client.cards.create({ code, name: 'Chair' });
    const key = card.lastResponse.idempotencyKey!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.cards.create({ code, name: 'Chair' }, { idempotencyKey: key })).id).toBe(card.id);
    const err = await client.cards.create({ code, name: 'Stool' }, { idempotencyKey: key }).catch((e: unknown) => e) as ConflictError;
    expect(err).toMatchObject({ code: 'idempotency_conflict', idempotencyKey: key });
    const taken = await client.cards.create({ code, name: 'Chair' }).catch((e: unknown) => e) as ValidationError;
    expect(taken).toBeInstanceOf(ValidationError);
    expect(taken.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(taken.idempotencyKey).not.toBe(key);
  });

  it("the server's Problems as typed errors: code, errors[], requestId equal to X-Request-Id", async () => {
    const missing = await client.leads.retrieve('0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11').catch((e: unknown) => e) as NotFoundError;
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe('not_found');
    expect(missing.requestId).toBe(missing.headers.get('x-request-id'));
    expect(missing.requestId).toBe(missing.problem.request_id);
    const invalid = await client.leads.list({ limit: 500 }).then(() => null, (e: unknown) => e) as ValidationError;
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.errors).toEqual([expect.objectContaining({ field: '/limit' })]);
    const stranger = new SalesChat({ apiKey: 'sk_live_ru_nobody', baseUrl: suite.api.base });
    await expect(stranger.me.retrieve()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
