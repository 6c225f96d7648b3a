import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, sandboxCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { API_ROUTE_EXTENSIONS, SPEC_API_ROUTES } from '../harness/spec-routes.js';
import { createArticle } from '../../src/domain/articles/articles.js';
import { publishArticle } from '../../src/domain/articles/publications.js';

const DEPRECATIONS = {
  'GET /me': { deprecation: '2026-12-01T00:00:00Z', sunset: '2027-03-01T00:00:00Z', link: 'https://example.com/changelog' },
};

let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  api = await startApi({ ROUTE_DEPRECATIONS: JSON.stringify(DEPRECATIONS), RELEASED_LABELS: 'available' });
  caller = await newCaller(api.services);
});
afterAll(async () => api.close());

describe('deprecation by configuration', () => {
  const expected = {
    deprecation: `@${Date.parse('2026-12-01T00:00:00Z') / 1000}`,
    sunset: 'Mon, 01 Mar 2027 00:00:00 GMT',
    link: '<https://example.com/changelog>; rel="deprecation"; type="text/html"',
  };
  const headersOf = (res: { headers: Headers }) => ({
    deprecation: res.headers.get('deprecation'), sunset: res.headers.get('sunset'), link: res.headers.get('link'),
  });

  it('a deprecated route answers with Deprecation, Sunset and Link headers', async () => {
    const res = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(res.status).toBe(200);
    expect(headersOf(res)).toEqual(expected);
  });

  it('its error answers carry the same headers', async () => {
    const res = await call(api.base, 'GET', '/me');
    expectProblem(res, 'invalid_api_key');
    expect(headersOf(res)).toEqual(expected);
  });

  it('other routes carry none', async () => {
    const res = await call(api.base, 'GET', '/wallet', { key: caller.apiKey });
    expect(res.status).toBe(200);
    expect(headersOf(res)).toEqual({ deprecation: null, sunset: null, link: null });
  });

  it('the OpenAPI document marks the operation deprecated', async () => {
    const doc = (await call(api.base, 'GET', '/openapi.json')).body;
    expect(doc.paths['/me'].get.deprecated).toBe(true);
    expect(doc.paths['/wallet'].get.deprecated).toBeUndefined();
  });
});

describe('RELEASED_LABELS=available: the spec\'s release status', () => {
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
  // The labels of spec 01 and 02 (test/harness/spec-routes.ts), not the ones the route definitions carry.
  const routesLabelled = (want: (release: string | null) => boolean) =>
    [...Object.entries(SPEC_API_ROUTES), ...Object.entries(API_ROUTE_EXTENSIONS)].filter(([, r]) => want(r.release))
      .map(([route]) => { const [method, path] = route.split(' ') as [string, string]; return { method, path }; });

  it('every route the spec labels Planned, and every extension beyond it, answers 404 not_found with a valid key, and disappears from the document', async () => {
    const doc = (await call(api.base, 'GET', '/openapi.json')).body;
    const off = routesLabelled((release) => release === 'planned' || release === 'beta');
    expect(off.length).toBeGreaterThan(0);
    for (const route of off) {
      const res = await call(api.base, route.method, concrete(route.path), { key: caller.apiKey, body: route.method === 'GET' ? undefined : {} });
      expect([`${route.method} ${route.path}`, res.status, res.body?.code]).toEqual([`${route.method} ${route.path}`, 404, 'not_found']);
      expect(doc.paths[route.path]?.[route.method.toLowerCase()]).toBeUndefined();
    }
  });

  it('every route the spec labels Available still answers: in the document with x-release, and a list read answers 200', async () => {
    const doc = (await call(api.base, 'GET', '/openapi.json')).body;
    const on = routesLabelled((release) => release === 'available');
    expect(on.length).toBeGreaterThan(30);
    for (const route of on) expect(doc.paths[route.path][route.method.toLowerCase()]['x-release']).toBe('available');
    for (const path of ['/me', '/wallet', '/conversations', '/cards', '/webhooks']) {
      expect([path, (await call(api.base, 'GET', path, { key: caller.apiKey })).status]).toEqual([path, 200]);
    }
  });
});

describe('RELEASED_LABELS=available: test keys (Planned in the spec)', () => {
  it('a test key is 401 invalid_api_key, like an unknown key; the live key of the same integration answers', async () => {
    const test = await sandboxCaller(api.services, caller);
    expectProblem(await call(api.base, 'GET', '/me', { key: test.apiKey }), 'invalid_api_key');
    expectProblem(await call(api.base, 'GET', '/cards', { key: test.apiKey }), 'invalid_api_key');
    expect((await call(api.base, 'GET', '/me', { key: caller.apiKey })).status).toBe(200);
  });

});

describe('RELEASED_LABELS=available: the status map (Planned in spec 01)', () => {
  it('GET {cell_origin}/status is 404 not_found like an unknown path, asked as JSON and as a page; GET /me/status too', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await call(api.origin, 'GET', '/status', { headers: { accept } });
      expectProblem(res, 'not_found');
    }
    expectProblem(await call(api.base, 'GET', '/me/status', { key: caller.apiKey }), 'not_found');
  });
});

describe('RELEASED_LABELS=available: handed_off, reserved in spec 02 for the Planned hand-off, is never answered', () => {
  it('an article handed off while the hand-off answered reads as approved without its target-none publication; status=handed_off is 422; approved finds it', async () => {
    const now = api.services.clock.now();
    const id = await api.services.orm.em.fork().transactional(async (em) => {
      const article = await createArticle(em, caller.tenantId, { title: 'Oak', status: 'approved', content: '<p>Oak is hard.</p>' }, now);
      await publishArticle(em, caller.tenantId, article.id, { target: 'none' }, now);
      return article.id;
    });
    const read = await call(api.base, 'GET', `/articles/${id}`, { key: caller.apiKey });
    expect(read.status).toBe(200);
    expect({ status: read.body.status, publication: read.body.publication }).toEqual({ status: 'approved', publication: null });
    const listed = await call(api.base, 'GET', '/articles?status=approved', { key: caller.apiKey });
    expect(listed.body.data.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([[id, 'approved']]);
    expect((await call(api.base, 'GET', '/articles', { key: caller.apiKey })).body.data.map((a: { status: string }) => a.status)).toEqual(['approved']);
    expectProblem(await call(api.base, 'GET', '/articles?status=handed_off', { key: caller.apiKey }), 'validation_failed',
      { errors: [{ field: '/status', code: 'not_supported', message: expect.any(String) }] });
  });
});

describe('the default of a test stack (bin/test, bin/up): every label', () => {
  it('GET /status answers and shows available, beta and planned, as JSON and on the page, and a test key answers', async () => {
    const all = await startApi();
    try {
      const json = await (await fetch(`${all.origin}/status`, { headers: { accept: 'application/json' } })).json() as { release_labels: string[] };
      expect(json.release_labels).toEqual(['available', 'beta', 'planned']);
      const page = await (await fetch(`${all.origin}/status`, { headers: { accept: 'text/html' } })).text();
      expect(page).toContain('Routes answering: available, beta, planned.');
      const live = await newCaller(all.services);
      const test = await sandboxCaller(all.services, live);
      expect((await call(all.base, 'GET', '/me', { key: test.apiKey })).body.key.mode).toBe('test');
    } finally {
      await all.close();
    }
  });
});

describe('a route whose release label is off', () => {
  it('answers 404 not_found with a valid key', async () => {
    expectProblem(await call(api.base, 'GET', '/disclosures', { key: caller.apiKey }), 'not_found');
  });

  it('answers 404 not_found without a key, like any unknown path', async () => {
    expectProblem(await call(api.base, 'GET', '/disclosures'), 'not_found');
  });

  it('answers 404 not_found to any method, not 405', async () => {
    const res = await call(api.base, 'POST', '/disclosures', { key: caller.apiKey, body: {} });
    expectProblem(res, 'not_found');
    expect(res.headers.get('allow')).toBeNull();
  });

  it('disappears from the OpenAPI document', async () => {
    const doc = (await call(api.base, 'GET', '/openapi.json')).body;
    expect(doc.paths['/disclosures']).toBeUndefined();
    expect(doc.paths['/me']).toBeDefined();
    expect(Object.keys(doc.components.schemas)).not.toContain('DisclosurePage');
  });
});
