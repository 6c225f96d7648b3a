import Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { API_ROUTES } from '../../src/routes/index.js';
import { defineRoute } from '../../src/http/route.js';
import { buildOpenApi } from '../../src/http/openapi/document.js';
import { servedRoutes } from '../harness/live-routes.js';
import { API_DOCUMENT_ROUTES, API_ROUTE_EXTENSIONS, bothWays, SPEC_API_ROUTES } from '../harness/spec-routes.js';

let api: TestApi;
let caller: Caller;
let doc: Schema;

beforeAll(async () => {
  api = await startApi();
  caller = await newCaller(api.services, { dailySpendLimitRub: '10.00' });
  const res = await call(api.origin, 'GET', '/api/public/v1/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = res.body;
});
afterAll(async () => api.close());

const responseSchema = (path: string, method: string, status: string, media = 'application/json') =>
  doc.paths[path][method].responses[status].content[media].schema as Schema;

describe('GET /api/public/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document for this cell, served without a key', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: 'v1' });
    expect(doc.servers).toEqual([{ url: api.base, description: 'ru cell' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  // The lists are written from spec 01 and 02 (test/harness/spec-routes.ts), not from the routes the document is built from.
  const expected = [...Object.keys(SPEC_API_ROUTES), ...Object.keys(API_ROUTE_EXTENSIONS)];
  const documented = () => Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));

  it('documents every route of spec 01 and 02 (Planned ones included) and the listed extensions, and nothing else', () => {
    expect(bothWays(expected, documented())).toEqual({ missing: [], unexpected: [] });
  });

  it('the running app serves the same routes under the base path (its live router), and nothing else but its public documents', () => {
    const served = servedRoutes(api.app.koa, '/api/public/v1/', '/api/public/v1');
    expect(bothWays([...expected, ...API_DOCUMENT_ROUTES], served)).toEqual({ missing: [], unexpected: [] });
  });

  it("labels each route with the spec's release label (x-release), and each extension with its listed label", () => {
    const labels = Object.fromEntries(documented().map((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return [r, doc.paths[path][method.toLowerCase()]['x-release']];
    }));
    const want = Object.fromEntries(expected.map((r) => [r, SPEC_API_ROUTES[r] ? (SPEC_API_ROUTES[r].release ?? labels[r]) : API_ROUTE_EXTENSIONS[r]!.release]));
    expect(labels).toEqual(want);
  });

  it('names the shared components Me, Wallet, Problem, Money and FieldError', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Me', 'Wallet', 'Problem', 'Money', 'FieldError']));
    expect(doc.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'code', 'detail', 'request_id']);
    expect(doc.components.schemas.Problem.properties.status).toEqual({ type: 'integer' });
    expect(doc.components.schemas.Me.properties.key.properties.expires_at).toEqual({ type: 'string', format: 'date-time' });
    expect(doc.components.schemas.Wallet.properties.topup_url).toEqual({ type: 'string', format: 'uri' });
  });

  it('keeps what a use site says at the use site: null allowed and its own description stay next to the $ref', () => {
    // Money is met first as Problem.balance (nullable): the component itself is not nullable.
    expect(doc.components.schemas.Money.type).toBe('object');
    expect(doc.components.schemas.Wallet.properties.daily_spend.properties.used).toEqual({ $ref: '#/components/schemas/Money', description: expect.any(String) });
    expect(doc.components.schemas.Wallet.properties.balance).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }], description: expect.stringMatching(/null/),
    });
  });

  it('documents max_cost as one MaxCost object on both routes that take it (cell currency, not above the cap: 422), and the delivery error without 4xx/5xx', () => {
    const { schemas } = doc.components;
    expect(schemas.ArticleGenerationRequest.properties.max_cost).toEqual({ $ref: '#/components/schemas/MaxCost' });
    expect(schemas.StrategistTopicApprove.properties.max_cost).toEqual({ $ref: '#/components/schemas/MaxCost', description: expect.stringContaining('Only with generate true') });
    expect(schemas.MaxCost.description).toMatch(/cost cap for one operation is 422 validation_failed at \/max_cost/);
    expect(schemas.MaxCost.properties.currency.description).toMatch(/cell currency.*422 validation_failed at \/max_cost\/currency/);
    expect(schemas.WebhookDelivery.properties.error.description).toMatch(/null for a 2xx, 4xx or 5xx answer, whose status is status_code/);
  });

  it('documents errors as Problems: GET /me without 402 and 403 scope_missing, GET /disclosures with 402 and 422', () => {
    const me = doc.paths['/me'].get.responses;
    expect(Object.keys(me)).toEqual(expect.arrayContaining(['200', '401', '429', '500', '503']));
    expect(me['402']).toBeUndefined();
    expect(me['403'].description).not.toMatch(/scope_missing/);
    // A status answers the schema of each code it may carry: the plain Problem naming its codes, a code with members of its own by its schema.
    expect(me['401'].content['application/problem+json'].schema).toEqual({ oneOf: [
      { allOf: [{ $ref: '#/components/schemas/Problem' }], properties: { code: { enum: ['invalid_api_key', 'integration_inactive'] } } },
      { $ref: '#/components/schemas/WrongCellProblem' },
    ] });
    const disclosures = doc.paths['/disclosures'].get.responses;
    expect(disclosures['402'].description).toMatch(/wallet_suspended/);
    expect(disclosures['422'].description).toMatch(/validation_failed/);
  });

  it('documents the paging parameters from the schema the route validates with', () => {
    const params = doc.paths['/disclosures'].get.parameters as Schema[];
    expect(params.find((p) => p.name === 'limit')).toEqual({
      name: 'limit', in: 'query', required: false, description: expect.any(String),
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 25, description: expect.any(String) },
    });
    expect(params.find((p) => p.name === 'cursor')).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
  });

  it('documents Idempotency-Key on POST routes, required where the route requires it', () => {
    const route = defineRoute({
      release: 'available', method: 'POST', path: '/test/things', family: 'test', migration: 'Migration20261121000100Foundation', summary: 'x', rateClass: 'write',
      idempotency: 'required', body: Joi.object({ name: Joi.string().required() }), responses: { 201: { description: 'made' } },
      handler: async () => ({ status: 201 }),
    });
    const built = buildOpenApi([...API_ROUTES, route], api.services.config) as Schema;
    const op = built.paths['/test/things'].post;
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', maxLength: 255 } }));
    expect(op.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', required: ['name'], additionalProperties: false });
    expect(op.responses['400'].description).toMatch(/idempotency_key_required/);
    expect(op.responses['409'].description).toMatch(/idempotency_conflict/);
    expect(op.responses['413'].description).toMatch(/payload_too_large/);
  });

  it('documents If-Match as a required header of optimistic writes (PATCH /leads/{id}), and on no other route', () => {
    const withIfMatch = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops as Record<string, { parameters?: { name: string }[] }>)
      .filter(([, op]) => (op.parameters ?? []).some((p) => p.name === 'If-Match')).map(([method]) => `${method.toUpperCase()} ${path}`));
    expect(withIfMatch).toEqual(['PATCH /leads/{id}']);
    expect(doc.paths['/leads/{id}'].patch.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', in: 'header', required: true }));
  });
});

describe('real answers hold against the document', () => {
  it('a GET /me answer conforms to the Me schema', async () => {
    const me = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(me.status).toBe(200);
    expect(schemaErrors(me.body, responseSchema('/me', 'get', '200'), doc)).toEqual([]);
  });

  it('a GET /wallet answer conforms to the Wallet schema', async () => {
    const wallet = await call(api.base, 'GET', '/wallet', { key: caller.apiKey });
    expect(schemaErrors(wallet.body, responseSchema('/wallet', 'get', '200'), doc)).toEqual([]);
  });

  it('a Problem with errors[] conforms to the Problem schema', async () => {
    const res = await call(api.base, 'GET', '/disclosures?limit=0', { key: caller.apiKey });
    expect(res.status).toBe(422);
    expect(schemaErrors(res.body, responseSchema('/disclosures', 'get', '422', 'application/problem+json'), doc)).toEqual([]);
  });

  it('the checker itself rejects an answer that drifts from the schema', async () => {
    const me = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    const drifted = { ...me.body, surprise: 1, wallet: { ...me.body.wallet, balance: { amount: 12.5, currency: 'RUB' } } };
    expect(schemaErrors(drifted, responseSchema('/me', 'get', '200'), doc)).toEqual(expect.arrayContaining(['/surprise: additionalProperties: not in the schema']));
    expect(schemaErrors(drifted, responseSchema('/me', 'get', '200'), doc).length).toBe(2);
  });
});

describe('the readings of issue 42 item 6, as the document says them (docs/decisions.md)', () => {
  const schemas = () => doc.components.schemas;

  it('a: insufficient_funds is the plain Problem; topup_url belongs to wallet_suspended alone', () => {
    expect(schemas().InsufficientFundsProblem).toBeUndefined();
    const paid = doc.paths['/conversations/{id}/messages'].post.responses['402'].content['application/problem+json'].schema;
    expect(paid.oneOf).toContainEqual({ allOf: [{ $ref: '#/components/schemas/Problem' }], properties: { code: { enum: expect.arrayContaining(['insufficient_funds']) } } });
    expect(schemas().WalletSuspendedProblem.properties.topup_url.description).toMatch(/Only this code carries it/);
  });

  it('c: a content block is of type html only, the editor document whole', () => {
    expect(schemas().ContentBlock.properties.type).toMatchObject({ type: 'string', enum: ['html'] });
    expect(schemas().Article.properties.content.description).toMatch(/one block of type html/);
  });

  it('d: handed_off is described as answered only where the hand-off answers', () => {
    expect(schemas().ArticleSummary.properties.status.description).toMatch(/reserved for the hand-off.*reads as approved/s);
  });

  it("e: livemode is documented on an operation's resource as on the operation", () => {
    expect(schemas().Operation.properties.livemode).toMatchObject({ type: 'boolean' });
    expect(schemas().Operation.properties.resource.properties.livemode).toMatchObject({ type: 'boolean' });
  });
});
