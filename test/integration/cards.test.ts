import type pg from 'pg';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { cardBody, idempotencyKey, newCard, plainCard, postCard } from './cards-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const NBSP = '\u00a0';
const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const patch = (who: Caller, code: string, body: unknown) => call(api.base, 'PATCH', `/cards/${code}`, { key: who.apiKey, body });
const del = (who: Caller, code: string) => call(api.base, 'DELETE', `/cards/${code}`, { key: who.apiKey });
const schemaOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const fieldErrors = (errors: { field: string; code: string }[]) => ({ errors: errors.map((e) => ({ ...e, message: expect.any(String) })) });
const countCards = async (who: Caller) => (await sql.query('select count(*)::int as n from cards where tenant_id = $1', [who.tenantId])).rows[0].n as number;

describe('POST /cards', () => {
  it('answers 201 Card with every field at its default when only code and name are sent', async () => {
    const caller = await newCaller(api.services);
    const res = await postCard(api, caller, { code: 'sofa-oslo_2', name: 'Sofa Oslo' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(plainCard('sofa-oslo_2'));
    expect(res.body.updated_at).toBe(res.body.created_at);
    expect(schemaErrors(res.body, schemaOf('Card'), doc)).toEqual([]);
  });

  it('answers every field sent, with price as Money and price_text as set', async () => {
    const caller = await newCaller(api.services);
    const body = {
      code: 'armchair', name: 'Armchair Bergen', description: 'Wool, oak legs', image_url: 'https://cdn.example.com/bergen.jpg',
      page_url: '/catalogue/bergen', badge: 'New', price_text: 'from 9 990 ₽', price: { amount: '9990', currency: 'RUB' },
      buttons: [{ label: 'Buy', url: 'https://shop.example.com/buy/bergen' }, { label: 'Details', url: '/catalogue/bergen' }],
      ai_enabled: true, sort: -3, active: false,
    };
    const res = await postCard(api, caller, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...plainCard('armchair', 'Armchair Bergen'), ...body, price: { amount: '9990.00', currency: 'RUB' },
    });
    expect(schemaErrors(res.body, schemaOf('Card'), doc)).toEqual([]);
    expect(await get(caller, '/cards/armchair')).toMatchObject({ status: 200, body: res.body });
  });

  it('takes the longest values allowed: code 40, name 120, description 500, badge 30, price_text 40, 3 buttons', async () => {
    const caller = await newCaller(api.services);
    const buttons = [1, 2, 3].map((i) => ({ label: 'l'.repeat(40), url: `/b/${i}` }));
    const body = { code: `a-${'z'.repeat(37)}_`, name: 'n'.repeat(120), description: 'd'.repeat(500), badge: 'b'.repeat(30), price_text: 'p'.repeat(40), buttons };
    const res = await postCard(api, caller, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ...plainCard(body.code, body.name), ...body });
  });

  it('reports every field at fault in one 422: code and name missing, an unknown field', async () => {
    const caller = await newCaller(api.services);
    expectProblem(await postCard(api, caller, { colour: 'red' }), 'validation_failed', fieldErrors([
      { field: '/code', code: 'required' }, { field: '/name', code: 'required' }, { field: '/colour', code: 'unknown_field' },
    ]));
    expect(await countCards(caller)).toBe(0);
  });

  it.each<[string, Record<string, unknown>, { field: string; code: string }[]]>([
    ['a code in capitals', { code: 'Sofa' }, [{ field: '/code', code: 'invalid_format' }]],
    ['a code with a space', { code: 'sofa oslo' }, [{ field: '/code', code: 'invalid_format' }]],
    ['a code in cyrillic', { code: 'диван' }, [{ field: '/code', code: 'invalid_format' }]],
    ['a code of 41 characters', { code: 'c'.repeat(41) }, [{ field: '/code', code: 'invalid_format' }]],
    ['an empty code', { code: '' }, [{ field: '/code', code: 'invalid_format' }]],
    ['a name of 121 characters', { name: 'n'.repeat(121) }, [{ field: '/name', code: 'out_of_range' }]],
    ['an empty name', { name: '' }, [{ field: '/name', code: 'invalid_format' }]],
    ['a description of 501 characters', { description: 'd'.repeat(501) }, [{ field: '/description', code: 'out_of_range' }]],
    ['a badge of 31 characters', { badge: 'b'.repeat(31) }, [{ field: '/badge', code: 'out_of_range' }]],
    ['a price_text of 41 characters', { price_text: 'p'.repeat(41) }, [{ field: '/price_text', code: 'out_of_range' }]],
    ['4 buttons', { buttons: [1, 2, 3, 4].map((i) => ({ label: `b${i}`, url: `/b/${i}` })) }, [{ field: '/buttons', code: 'out_of_range' }]],
    ['a button without a label', { buttons: [{ url: '/b' }] }, [{ field: '/buttons/0/label', code: 'required' }]],
    ['a button label of 41 characters', { buttons: [{ label: 'l'.repeat(41), url: '/b' }] }, [{ field: '/buttons/0/label', code: 'out_of_range' }]],
    ['a button without a url', { buttons: [{ label: 'Buy' }] }, [{ field: '/buttons/0/url', code: 'required' }]],
    ['ai_enabled that is not a boolean', { ai_enabled: 'yes' }, [{ field: '/ai_enabled', code: 'invalid_format' }]],
    ['active that is not a boolean', { active: 1 }, [{ field: '/active', code: 'invalid_format' }]],
    ['a sort that is not an integer', { sort: 1.5 }, [{ field: '/sort', code: 'invalid_format' }]],
    ['a sort beyond 32 bits', { sort: 2 ** 31 }, [{ field: '/sort', code: 'out_of_range' }]],
    ['a price amount with three places', { price: { amount: '10.999', currency: 'RUB' } }, [{ field: '/price/amount', code: 'invalid_format' }]],
    ['a price amount as a number', { price: { amount: 10, currency: 'RUB' } }, [{ field: '/price/amount', code: 'invalid_format' }]],
    ['a negative price', { price: { amount: '-1.00', currency: 'RUB' } }, [{ field: '/price/amount', code: 'invalid_format' }]],
    ['a currency that is not ISO 4217', { price: { amount: '10', currency: 'XYZ' } }, [{ field: '/price/currency', code: 'invalid_value' }]],
    ['a currency in lower case', { price: { amount: '10', currency: 'rub' } }, [{ field: '/price/currency', code: 'invalid_format' }]],
    ['a price without currency', { price: { amount: '10' } }, [{ field: '/price/currency', code: 'required' }]],
  ])('%s answers 422 validation_failed at the field', async (_, body, errors) => {
    const caller = await newCaller(api.services);
    expectProblem(await postCard(api, caller, cardBody(body)), 'validation_failed', fieldErrors(errors));
    expect(await countCards(caller)).toBe(0);
  });

  it('a taken code answers 422 at /code with code taken; another account may use the same code', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, { code: 'sofa' });
    const res = await postCard(api, caller, cardBody({ code: 'sofa', name: 'Another sofa' }));
    expectProblem(res, 'validation_failed', fieldErrors([{ field: '/code', code: 'taken' }]));
    expectProblem(await postCard(api, caller, cardBody({ code: 'sofa', page_url: 'javascript:alert(1)' })), 'validation_failed', fieldErrors([
      { field: '/code', code: 'taken' }, { field: '/page_url', code: 'not_allowed' },
    ]));
    expect(await countCards(caller)).toBe(1);
    expect((await postCard(api, await newCaller(api.services), cardBody({ code: 'sofa' }))).status).toBe(201);
  });

  it('parallel creations with one code: one card, the others 422 taken (the unique index decides, not only the pre-check)', async () => {
    const caller = await newCaller(api.services);
    const answers = await Promise.all([0, 1, 2, 3].map((i) => postCard(api, caller, cardBody({ code: 'race', name: `Sofa ${i}` }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    for (const a of answers.filter((r) => r.status === 422)) expectProblem(a, 'validation_failed', fieldErrors([{ field: '/code', code: 'taken' }]));
    expect(await countCards(caller)).toBe(1);
  });

  it('an idempotent replay answers the same card and creates nothing more', async () => {
    const caller = await newCaller(api.services);
    const key = idempotencyKey();
    const first = await postCard(api, caller, cardBody({ code: 'sofa' }), key);
    const again = await postCard(api, caller, cardBody({ code: 'sofa' }), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countCards(caller)).toBe(1);
  });

  it('without Idempotency-Key answers 400 idempotency_key_required; the same key with another body 409 idempotency_conflict', async () => {
    const caller = await newCaller(api.services);
    expectProblem(await postCard(api, caller, cardBody(), null), 'idempotency_key_required');
    const key = idempotencyKey();
    expect((await postCard(api, caller, cardBody({ code: 'sofa' }), key)).status).toBe(201);
    expectProblem(await postCard(api, caller, cardBody({ code: 'sofa', name: 'Changed' }), key), 'idempotency_conflict');
    expect(await countCards(caller)).toBe(1);
  });

  it('a body that is not JSON answers 400 bad_request', async () => {
    const caller = await newCaller(api.services);
    const res = await call(api.base, 'POST', '/cards', { key: caller.apiKey, raw: { text: '{"code":', contentType: 'application/json' }, headers: { 'idempotency-key': idempotencyKey() } });
    expectProblem(res, 'bad_request');
  });
});

describe('the address rule of cards', () => {
  let caller: Caller;
  let other: Caller;
  beforeAll(async () => {
    caller = await newCaller(api.services);
    other = await newCaller(api.services);
  });

  it.each<[string, Record<string, unknown>, { field: string; code: string }]>([
    ['image_url javascript:', { image_url: 'javascript:alert(1)' }, { field: '/image_url', code: 'not_allowed' }],
    ['image_url data:', { image_url: 'data:image/png;base64,iVBORw0KGgo=' }, { field: '/image_url', code: 'not_allowed' }],
    ['image_url http:', { image_url: 'http://cdn.example.com/a.jpg' }, { field: '/image_url', code: 'not_allowed' }],
    ['image_url a path outside storage', { image_url: '/images/a.jpg' }, { field: '/image_url', code: 'not_allowed' }],
    ['image_url protocol-relative', { image_url: '//cdn.example.com/a.jpg' }, { field: '/image_url', code: 'not_allowed' }],
    ['page_url javascript:', { page_url: 'javascript:alert(1)' }, { field: '/page_url', code: 'not_allowed' }],
    ['page_url data:', { page_url: 'data:text/html,<script>alert(1)</script>' }, { field: '/page_url', code: 'not_allowed' }],
    ['page_url http:', { page_url: 'http://shop.example.com/sofa' }, { field: '/page_url', code: 'not_allowed' }],
    ['page_url with credentials', { page_url: 'https://user:secret@shop.example.com/' }, { field: '/page_url', code: 'not_allowed' }],
    ['page_url with a backslash', { page_url: '/\\evil.example.com' }, { field: '/page_url', code: 'invalid_format' }],
    ['page_url with a control character', { page_url: '/sofa\u0007' }, { field: '/page_url', code: 'invalid_format' }],
    ['page_url with no scheme', { page_url: 'shop.example.com/sofa' }, { field: '/page_url', code: 'invalid_format' }],
    ['button url javascript:', { buttons: [{ label: 'Ok', url: '/ok' }, { label: 'Buy', url: 'javascript:alert(1)' }] }, { field: '/buttons/1/url', code: 'not_allowed' }],
    ['button url http:', { buttons: [{ label: 'Ok', url: '/ok' }, { label: 'Buy', url: 'http://shop.example.com/buy' }] }, { field: '/buttons/1/url', code: 'not_allowed' }],
    ['button url data:', { buttons: [{ label: 'Buy', url: 'data:text/html,x' }] }, { field: '/buttons/0/url', code: 'not_allowed' }],
  ])('%s answers 422 validation_failed at the field', async (_, body, error) => {
    const res = await postCard(api, caller, cardBody(body));
    expectProblem(res, 'validation_failed', fieldErrors([error]));
  });

  it("another account's storage path is refused in every card address, bare or under the cell host", async () => {
    const foreign = `/storage/${other.tenantId}/images/sofa.jpg`;
    const res = await postCard(api, caller, cardBody({
      image_url: `${api.origin.replace(/^http:/, 'https:')}${foreign}`, page_url: foreign, buttons: [{ label: 'Photo', url: foreign }],
    }));
    expectProblem(res, 'validation_failed', fieldErrors([
      { field: '/image_url', code: 'not_allowed' }, { field: '/page_url', code: 'not_allowed' }, { field: '/buttons/0/url', code: 'not_allowed' },
    ]));
    expect(res.body.errors[0].message).toMatch(/this account's files/);
  });

  it("the account's own storage path, an https address and a relative page path are accepted", async () => {
    const own = `/storage/${caller.tenantId}/images/sofa%20red.jpg`;
    const fields = {
      image_url: own, page_url: '/catalogue/sofa?colour=red',
      buttons: [{ label: 'Buy', url: 'https://shop.example.com/buy/sofa' }, { label: 'Photo', url: `${api.origin.replace(/^http:/, 'https:')}${own}` }],
    };
    const res = await postCard(api, caller, cardBody(fields));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(fields);
  });
});

describe('price_text', () => {
  it('is the text set, else derived from price for the cell (ru), else null', async () => {
    const caller = await newCaller(api.services);
    const set = await newCard(api, caller, { price_text: 'по запросу', price: { amount: '1990', currency: 'RUB' } });
    const derived = await newCard(api, caller, { price: { amount: '1990.50', currency: 'RUB' } });
    const whole = await newCard(api, caller, { price: { amount: '1990', currency: 'RUB' } });
    const none = await newCard(api, caller);
    expect([set, derived, whole, none].map((c) => [c.price_text, c.price])).toEqual([
      ['по запросу', { amount: '1990.00', currency: 'RUB' }],
      [`1${NBSP}990,50${NBSP}₽`, { amount: '1990.50', currency: 'RUB' }],
      [`1${NBSP}990${NBSP}₽`, { amount: '1990.00', currency: 'RUB' }],
      [null, null],
    ]);
  });

  it('is derived again once price_text is cleared with null (written the ru way, whatever the currency), and null once the price is cleared too', async () => {
    const caller = await newCaller(api.services);
    const card = await newCard(api, caller, { price_text: 'Sale', price: { amount: '12.00', currency: 'GBP' } });
    expect((await patch(caller, card.code, { price_text: null })).body.price_text).toBe(`12${NBSP}£`);
    const cleared = await patch(caller, card.code, { price: null });
    expect(cleared.body).toMatchObject({ price_text: null, price: null });
  });
});

describe('GET /cards/{code}', () => {
  it('answers the Card', async () => {
    const caller = await newCaller(api.services);
    const card = await newCard(api, caller, { description: 'Soft' });
    const res = await get(caller, `/cards/${card.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(card);
  });

  it.each([['a missing code', 'nothing-here'], ['a code that cannot exist (capitals)', 'SOFA'], ['a code of 41 characters', 'c'.repeat(41)], ['an encoded space', 'so%20fa']])(
    '%s answers 404 not_found', async (_, code) => {
      const caller = await newCaller(api.services);
      expectProblem(await get(caller, `/cards/${code}`), 'not_found');
    },
  );
});

describe('PATCH /cards/{code}', () => {
  it('changes the fields sent, keeps the others and moves updated_at', async () => {
    const caller = await newCaller(api.services);
    const card = await newCard(api, caller, { description: 'Soft', badge: 'New' });
    const res = await patch(caller, card.code, { name: 'Sofa Oslo XL', description: null, sort: 7, ai_enabled: true, buttons: [{ label: 'Buy', url: '/buy' }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...card, name: 'Sofa Oslo XL', description: null, sort: 7, ai_enabled: true, buttons: [{ label: 'Buy', url: '/buy' }], updated_at: expect.any(String),
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(card.updated_at));
    expect((await get(caller, `/cards/${card.code}`)).body).toEqual(res.body);
  });

  it('renames: the card answers at its new code only', async () => {
    const caller = await newCaller(api.services);
    const card = await newCard(api, caller, { code: 'old-code' });
    const res = await patch(caller, 'old-code', { code: 'new-code' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...card, code: 'new-code', updated_at: expect.any(String) });
    expectProblem(await get(caller, '/cards/old-code'), 'not_found');
    expect((await get(caller, '/cards/new-code')).body.id).toBe(card.id);
  });

  it('a rename to a taken code answers 422 at /code with code taken; a "rename" to its own code is fine', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, { code: 'taken' });
    await newCard(api, caller, { code: 'mine' });
    expectProblem(await patch(caller, 'mine', { code: 'taken' }), 'validation_failed', fieldErrors([{ field: '/code', code: 'taken' }]));
    expect((await get(caller, '/cards/mine')).status).toBe(200);
    expect((await patch(caller, 'mine', { code: 'mine', name: 'Same code' })).status).toBe(200);
  });

  it('parallel renames to one free code: one wins, the other 422 taken', async () => {
    const caller = await newCaller(api.services);
    await newCard(api, caller, { code: 'first' });
    await newCard(api, caller, { code: 'second' });
    const answers = await Promise.all(['first', 'second'].map((code) => patch(caller, code, { code: 'wanted' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expectProblem(answers.find((a) => a.status === 422)!, 'validation_failed', fieldErrors([{ field: '/code', code: 'taken' }]));
  });

  it('an empty body answers 422 validation_failed: at least one field', async () => {
    const caller = await newCaller(api.services);
    const card = await newCard(api, caller);
    expectProblem(await patch(caller, card.code, {}), 'validation_failed', fieldErrors([{ field: '', code: 'required' }]));
  });

  it('checks the same field rules and address rule as a creation', async () => {
    const caller = await newCaller(api.services);
    const card = await newCard(api, caller);
    expectProblem(await patch(caller, card.code, { code: 'Bad Code', name: null }), 'validation_failed', fieldErrors([
      { field: '/code', code: 'invalid_format' }, { field: '/name', code: 'invalid_format' },
    ]));
    expectProblem(await patch(caller, card.code, { buttons: [{ label: 'Ok', url: '/ok' }, { label: 'Evil', url: 'javascript:alert(1)' }] }),
      'validation_failed', fieldErrors([{ field: '/buttons/1/url', code: 'not_allowed' }]));
    expectProblem(await patch(caller, card.code, { image_url: 'http://cdn.example.com/a.jpg' }), 'validation_failed', fieldErrors([{ field: '/image_url', code: 'not_allowed' }]));
    expect((await get(caller, `/cards/${card.code}`)).body).toEqual(card);
  });

  it('a missing code answers 404 not_found', async () => {
    const caller = await newCaller(api.services);
    expectProblem(await patch(caller, 'nothing-here', { name: 'x' }), 'not_found');
  });
});

describe('DELETE /cards/{code}', () => {
  it('answers 204 with no body; a second DELETE answers 404; the code is free again', async () => {
    const caller = await newCaller(api.services);
    const card = await newCard(api, caller, { code: 'gone' });
    const res = await del(caller, 'gone');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectProblem(await get(caller, '/cards/gone'), 'not_found');
    expectProblem(await del(caller, 'gone'), 'not_found');
    const again = await newCard(api, caller, { code: 'gone' });
    expect(again.id).not.toBe(card.id);
  });
});

describe('tenant isolation', () => {
  it("another account cannot see, change or delete a card: 404, and the card stays as it was", async () => {
    const owner = await newCaller(api.services);
    const stranger = await newCaller(api.services);
    const card = await newCard(api, owner, { code: 'private' });
    expectProblem(await get(stranger, '/cards/private'), 'not_found');
    expectProblem(await patch(stranger, 'private', { name: 'Stolen' }), 'not_found');
    expectProblem(await del(stranger, 'private'), 'not_found');
    expect((await get(stranger, '/cards')).body).toEqual({ data: [], next_cursor: null });
    expect((await get(owner, '/cards/private')).body).toEqual(card);
  });
});

describe('scopes', () => {
  it('writing needs cards:write: 403 scope_missing for a key with cards:read only', async () => {
    const owner = await newCaller(api.services);
    await newCard(api, owner, { code: 'sofa' });
    const reader = await newCaller(api.services, { scopes: ['cards:read'] });
    expectProblem(await postCard(api, reader), 'scope_missing');
    expectProblem(await patch(reader, 'sofa', { name: 'x' }), 'scope_missing');
    expectProblem(await del(reader, 'sofa'), 'scope_missing');
    expect((await get(reader, '/cards')).status).toBe(200);
  });

  it('reading needs cards:read: 403 scope_missing for a key with cards:write only', async () => {
    const writer = await newCaller(api.services, { scopes: ['cards:write'] });
    expectProblem(await get(writer, '/cards'), 'scope_missing');
    expectProblem(await get(writer, '/cards/sofa'), 'scope_missing');
  });

  it('on a plan without the cards feature answers 403 scope_missing (the plan cuts cards:read)', async () => {
    const caller = await newCaller(api.services, { features: ['api_access', 'crm'] });
    expectProblem(await get(caller, '/cards'), 'scope_missing');
  });
});

describe('the OpenAPI document', () => {
  it('names Card, CardCreate, CardUpdate and CardPage, and documents the card routes', () => {
    for (const name of ['Card', 'CardCreate', 'CardUpdate', 'CardPage']) expect(doc.components.schemas[name]).toBeDefined();
    expect(Object.keys(doc.paths['/cards'])).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/cards/{code}'])).toEqual(['get', 'patch', 'delete']);
    expect(doc.paths['/cards/{code}'].delete.description).toMatch(/Messages already sent keep their copy/);
    expect(doc.paths['/cards'].post['x-required-scope']).toBe('cards:write');
    expect(doc.paths['/cards'].get.parameters.find((p: any) => p.name === 'limit').schema.default).toBe(50);
  });
});
