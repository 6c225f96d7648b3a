import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, sandboxCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';

let api: TestApi;
let doc: Schema;
useApiSuite((s) => ({ api, doc } = s));

const get = (who: Caller) => call(api.base, 'GET', '/editorial-profile', { key: who.apiKey });
const put = (who: Caller, body: unknown) => call(api.base, 'PUT', '/editorial-profile', { key: who.apiKey, body });

describe('GET and PUT /editorial-profile', () => {
  it('is 404 until set; PUT sets the whole profile and GET answers it', async () => {
    const caller = await newCaller(api.services);
    expectProblem(await get(caller), 'not_found');
    const body = {
      niche: 'Furniture for small flats', audience: 'Young families', tone: 'friendly', presentation: 'short sections, one table',
      topic_sources: ['search queries'], source_urls: ['https://shop.example.com/catalogue'], avoid: 'prices of competitors',
      example_text: 'A sofa is where the evening ends.', locale: 'en',
    };
    const res = await put(caller, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...body, updated_at: expect.any(String), livemode: true });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/EditorialProfile' }, doc)).toEqual([]);
    expect((await get(caller)).body).toEqual(res.body);
  });

  it("says livemode like every other answer: false for the sandbox's own profile (a test key), true live", async () => {
    const live = await newCaller(api.services);
    const test = await sandboxCaller(api.services, live);
    expect((await put(test, { niche: 'Test lamps' })).body).toMatchObject({ niche: 'Test lamps', livemode: false });
    expect((await get(test)).body.livemode).toBe(false);
    expectProblem(await get(live), 'not_found');
    expect((await put(live, { niche: 'Lamps' })).body.livemode).toBe(true);
    expect((await get(test)).body.niche).toBe('Test lamps');
  });

  it('a second PUT replaces the profile: a field not sent becomes empty', async () => {
    const caller = await newCaller(api.services);
    await put(caller, { niche: 'Lamps', tone: 'calm', topic_sources: ['catalogue'] });
    const res = await put(caller, { niche: 'Lamps and lights' });
    expect(res.body).toMatchObject({ niche: 'Lamps and lights', tone: null, topic_sources: [] });
  });

  it('niche is required, the locale one of ru, en, id, source_urls http(s) addresses', async () => {
    const caller = await newCaller(api.services);
    const fields = async (body: unknown) => (await put(caller, body)).body.errors.map((e: { field: string; code: string }) => [e.field, e.code]);
    expect(await fields({ tone: 'calm' })).toEqual([['/niche', 'required']]);
    expect(await fields({ niche: 'x', locale: 'fr' })).toEqual([['/locale', 'not_supported']]);
    expect(await fields({ niche: 'x', source_urls: ['javascript:alert(1)'] })).toEqual([['/source_urls/0', 'invalid_format']]);
  });

  it('PUT needs articles:write', async () => {
    const caller = await newCaller(api.services, { scopes: ['articles:read'] });
    expectProblem(await put(caller, { niche: 'x' }), 'scope_missing');
  });
});
