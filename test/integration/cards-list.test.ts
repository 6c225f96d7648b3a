import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { PinnedClock } from '../../src/clock.js';
import { newCard } from './cards-fixtures.js';

let api: TestApi;
const clock = new PinnedClock(new Date());

beforeAll(async () => {
  // A clock that stands still: several cards share a created_at, so the id decides between them.
  api = await startApi({}, { clock });
});
afterAll(async () => {
  await api.close();
});

const list = (who: Caller, query = '') => call(api.base, 'GET', `/cards${query}`, { key: who.apiKey });
const cursorOf = (res: { body: { next_cursor: string | null } }) => encodeURIComponent(res.body.next_cursor!);

/** Every page of a list, following next_cursor. */
async function walk(who: Caller, query: string): Promise<{ pages: number[]; codes: string[] }> {
  const pages: number[] = [];
  const codes: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(who, `?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body.data.length);
    codes.push(...res.body.data.map((c: { code: string }) => c.code));
    cursor = res.body.next_cursor;
  } while (cursor && pages.length < 20);
  return { pages, codes };
}

/** The order of GET /cards: sort, then created_at, then id. */
const byListOrder = (a: Record<string, any>, b: Record<string, any>) =>
  a.sort - b.sort || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

describe('GET /cards', () => {
  it('answers {data, next_cursor} of whole Cards; an empty account answers an empty page', async () => {
    const caller = await newCaller(api.services);
    expect((await list(caller)).body).toEqual({ data: [], next_cursor: null });
    const card = await newCard(api, caller, { price: { amount: '10', currency: 'RUB' } });
    expect((await list(caller)).body).toEqual({ data: [card], next_cursor: null });
  });

  it('pages 50 cards by default: 51 cards are a page of 50 and a page of 1', async () => {
    const caller = await newCaller(api.services);
    const cards: Record<string, any>[] = [];
    for (let i = 0; i < 51; i++) cards.push(await newCard(api, caller, { code: `card-${String(i).padStart(2, '0')}` }));
    cards.sort(byListOrder);
    const first = await list(caller);
    expect(first.body.data).toEqual(cards.slice(0, 50));
    expect(typeof first.body.next_cursor).toBe('string');
    const second = await list(caller, `?cursor=${cursorOf(first)}`);
    expect(second.body).toEqual({ data: cards.slice(50), next_cursor: null });
  });

  it('orders by sort, then creation (created_at, then id), across pages', async () => {
    const caller = await newCaller(api.services);
    const cards: Record<string, any>[] = [];
    for (const [i, sort] of [5, -1, 5, 0, 5, 0, -1, 3].entries()) {
      if (i % 3 === 0) clock.advance(1000);
      cards.push(await newCard(api, caller, { code: `c${i}`, sort }));
    }
    const expected = [...cards].sort(byListOrder).map((c) => c.code);
    expect(new Set(cards.map((c) => c.created_at)).size).toBeLessThan(cards.length);
    const { pages, codes } = await walk(caller, 'limit=3');
    expect(pages).toEqual([3, 3, 2]);
    expect(codes).toEqual(expected);
    expect((await list(caller)).body.data.map((c: { code: string }) => c.code)).toEqual(expected);
  });

  it('a change of sort moves the card in the list', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, { code: 'a', sort: 1 });
    await newCard(api, caller, { code: 'b', sort: 2 });
    await call(api.base, 'PATCH', '/cards/b', { key: caller.apiKey, body: { sort: 0 } });
    expect((await list(caller)).body.data.map((c: { code: string }) => c.code)).toEqual(['b', 'a']);
  });

  it('filters by ai_enabled, and the cursor is bound to the filter', async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 5; i++) await newCard(api, caller, { code: `c${i}`, ai_enabled: i % 2 === 0, sort: i });
    expect((await walk(caller, 'ai_enabled=true&limit=2')).codes).toEqual(['c0', 'c2', 'c4']);
    expect((await walk(caller, 'ai_enabled=false&limit=1')).codes).toEqual(['c1', 'c3']);
    const first = await list(caller, '?ai_enabled=true&limit=1');
    for (const other of ['?ai_enabled=false&', '?']) {
      expectProblem(await list(caller, `${other}limit=1&cursor=${cursorOf(first)}`), 'validation_failed', {
        errors: [{ field: '/cursor', code: 'invalid_format', message: expect.stringMatching(/other filters/) }],
      });
    }
  });

  it("a cursor is the caller's own: another integration's cursor answers 422 at /cursor", async () => {
    const caller = await newCaller(api.services);
    for (let i = 0; i < 2; i++) await newCard(api, caller);
    const first = await list(caller, '?limit=1');
    const other = await newCaller(api.services);
    expectProblem(await list(other, `?limit=1&cursor=${cursorOf(first)}`), 'validation_failed', {
      errors: [{ field: '/cursor', code: 'invalid_format', message: expect.any(String) }],
    });
  });

  it.each<[string, string, { field: string; code: string }]>([
    ['limit 0', '?limit=0', { field: '/limit', code: 'out_of_range' }],
    ['limit 101', '?limit=101', { field: '/limit', code: 'out_of_range' }],
    ['ai_enabled that is not a boolean', '?ai_enabled=maybe', { field: '/ai_enabled', code: 'invalid_format' }],
    ['a cursor this API did not issue', '?cursor=abc.def', { field: '/cursor', code: 'invalid_format' }],
    ['an unknown parameter', '?colour=red', { field: '/colour', code: 'unknown_field' }],
  ])('%s answers 422 validation_failed', async (_, query, error) => {
    const caller = await newCaller(api.services);
    expectProblem(await list(caller, query), 'validation_failed', { errors: [{ ...error, message: expect.any(String) }] });
  });

  it("lists only the caller's account", async () => {
    const owner = await newCaller(api.services);
    const stranger = await newCaller(api.services);
    await newCard(api, owner);
    const theirs = await newCard(api, stranger);
    expect((await list(stranger)).body).toEqual({ data: [theirs], next_cursor: null });
  });
});
