import { beforeAll, describe, expect, it } from '@jest/globals';
import { useApiSuite, type ApiSuite } from '../../../test/support/api-suite.js';
import { newCaller } from '../../../test/support/fixtures.js';
import { ConflictError, NotFoundError, SalesChat, ValidationError, AuthenticationError, type Lead } from '../src/index.js';
import { documentedFetch } from './documented-fetch.js';

/**
 * The client against the real api of the suite (its own tenant and key): typed answers, the
 * list walked across pages, idempotent writes, and the server's Problems as typed errors.
 * Every answer is held against the OpenAPI document (documentedFetch).
 */

let suite: ApiSuite;
let client: SalesChat;
useApiSuite((s) => { suite = s; });

beforeAll(async () => {
  const caller = await newCaller(suite.api.services, { name: 'Client tenant' });
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
