import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';
import { buildOpenApi } from '../../src/http/openapi/document.js';
import { API_ROUTES } from '../../src/routes/index.js';
import { answerDrifts, compile } from '../harness/conformance.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';

/**
 * The check every integration test's answers go through (test/harness/conformance.ts), held
 * against the public API's document as the app builds it: the answers the server really gives
 * (issue 27 item 10) fit, and answers that drift fail with route, status, path and keyword.
 */
const SECRETS = { API_KEY_PEPPER: 'p'.repeat(32), CURSOR_SECRET: 'c'.repeat(32), WEBHOOK_SECRET_KEY: 'w'.repeat(32), WIDGET_SECRET: 's'.repeat(32), TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };
const doc = JSON.parse(JSON.stringify(buildOpenApi(API_ROUTES, loadConfig(SECRETS)))) as Schema;
const loaded = compile(doc);

const problem = (code: string, status: number, members: Record<string, unknown> = {}) => ({
  type: `https://api.example/developers/errors#${code}`, title: 'Title', status, code, detail: 'Detail.', request_id: 'req_1', ...members,
});
const drifts = (method: string, path: string, status: number, body: unknown, sentBody = true) => answerDrifts(loaded, {
  method, path, status, sentBody, body, text: JSON.stringify(body),
  contentType: status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8',
});
const fieldError = { field: '/events/1/type', code: 'invalid_value', message: 'type is unknown' };

describe('the Problems the server answers are in the document', () => {
  it('the 412 of PATCH /leads/{id} carries current_version and etag', () => {
    expect(drifts('PATCH', '/leads/0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11', 412, problem('precondition_failed', 412, { current_version: 3, etag: '"3"' }))).toEqual([]);
  });

  it('the 422 of POST /events carries accepted and duplicates (and the field errors)', () => {
    expect(drifts('POST', '/events', 422, problem('validation_failed', 422, { errors: [fieldError], accepted: 1, duplicates: 0 }))).toEqual([]);
  });

  it('POST /conversations/{id}/takeover takes no body: a 200 to a body-less request fits', () => {
    expect(doc.paths['/conversations/{id}/takeover'].post.requestBody.required).toBe(false);
    expect(drifts('POST', '/conversations/0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11/takeover', 404, problem('not_found', 404), false)).toEqual([]);
  });

  it('each code with members of its own answers them: wrong_cell, wallet_suspended, the 503 of a customer message', () => {
    expect(drifts('GET', '/me', 401, problem('wrong_cell', 401, { correct_base_url: 'https://en.api.example/api/public/v1' }))).toEqual([]);
    expect(drifts('GET', '/disclosures', 402, problem('wallet_suspended', 402, { topup_url: 'https://app.example/topup', balance: null }))).toEqual([]);
    const upstream = doc.paths['/conversations/{id}/messages'].post.responses['503'].content['application/problem+json'].schema;
    expect(JSON.stringify(upstream)).toMatch(/CustomerMessageUpstreamProblem/);
  });
});

describe('the readings of issue 42 item 6 (docs/decisions.md): answers of the old readings drift', () => {
  const messages = '/conversations/0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11/messages';
  it('a: insufficient_funds is the plain Problem; with topup_url (spec 01 gives it to wallet_suspended only) it drifts', () => {
    expect(drifts('POST', messages, 402, problem('insufficient_funds', 402))).toEqual([]);
    expect(drifts('POST', messages, 402, problem('insufficient_funds', 402, { topup_url: 'https://app.example/topup' }))).not.toEqual([]);
  });

  it('c: a content block is {type: html, html}: a block typed by its element drifts', () => {
    const article = (content: unknown) => ({
      id: '0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11', title: 'T', slug: null, status: 'draft', locale: null, keyword: null, meta_title: null, meta_description: null,
      cover_image_url: null, word_count: 2, created_at: null, updated_at: null, published_at: null, format: 'blocks', content, publication: null, livemode: true,
    });
    expect(drifts('GET', '/articles/0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11', 200, article([{ type: 'html', html: '<h2>A</h2><p>b</p>' }]))).toEqual([]);
    expect(drifts('GET', '/articles/0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11', 200, article([{ type: 'heading', html: '<h2>A</h2>' }]))).not.toEqual([]);
  });
});

describe('an answer that drifts from the document fails', () => {
  it('a Problem with a member the document does not name, or a member of another code', () => {
    expect(drifts('PATCH', '/leads/0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11', 412, problem('precondition_failed', 412, { current_version: 3, etag: '"3"', surprise: 1 })).join('\n'))
      .toMatch(/PATCH \/leads\/\{id\} 412: \/surprise: additionalProperties: not in the schema/);
    expect(drifts('GET', '/me', 401, problem('invalid_api_key', 401, { current_version: 3 })).join('\n')).toMatch(/GET \/me 401: \/: oneOf: matches no branch/);
    expect(drifts('POST', '/leads', 422, problem('validation_failed', 422, { errors: [fieldError], accepted: 1, duplicates: 0 })).join('\n')).toMatch(/\/accepted: additionalProperties/);
  });

  it('an empty errors[] where minItems is 1', () => {
    expect(drifts('POST', '/events', 422, problem('validation_failed', 422, { errors: [], accepted: 0, duplicates: 0 }))).toEqual([
      'POST /events 422: /errors: minItems: 0 items, at least 1',
    ]);
  });

  it('a date-time that is not a date-time, a uuid that is not a uuid, a uri that is not a uri', () => {
    const session = { id: '0b6c3a52-1d2e-4c35-9d61-3f1b1b3b4a11', title: null, created_at: '2026-11-27T10:00:00.000Z', updated_at: '2026-11-27T10:00:00.000Z', livemode: true };
    expect(drifts('POST', '/strategist/sessions', 201, session)).toEqual([]);
    expect(drifts('POST', '/strategist/sessions', 201, { ...session, created_at: '27.11.2026' })).toEqual([
      'POST /strategist/sessions 201: /created_at: format: "27.11.2026" is not a date-time',
    ]);
    expect(drifts('POST', '/strategist/sessions', 201, { ...session, updated_at: '2026-02-30T10:00:00Z' })[0]).toMatch(/format/);
    expect(schemaErrors('not-a-uuid', { type: 'string', format: 'uuid' }, doc)).toEqual(['/: format: "not-a-uuid" is not a uuid']);
    expect(schemaErrors('no uri', { type: 'string', format: 'uri' }, doc)).toEqual(['/: format: "no uri" is not a uri']);
    expect(schemaErrors([1, 2, 3], { type: 'array', maxItems: 2 }, doc)).toEqual(['/: maxItems: 3 items, at most 2']);
    expect(schemaErrors('b', { const: 'a' }, doc)).toEqual(['/: const: "b" is not "a"']);
  });

  it('a status or a media type the route does not document; a body-less request where the document requires a body', () => {
    expect(drifts('GET', '/me', 418, problem('not_found', 418))[0]).toMatch(/^GET \/me: status 418 is not documented/);
    expect(answerDrifts(loaded, { method: 'GET', path: '/me', status: 200, sentBody: false, body: 'x', text: 'x', contentType: 'text/plain' })[0])
      .toMatch(/GET \/me 200: media type text\/plain is not documented/);
    expect(drifts('POST', '/events', 200, { accepted: 0, duplicates: 0 }, false)[0]).toMatch(/POST \/events: 200 to a request without the body the document requires/);
  });

  it('a keyword or a format the checker does not know throws instead of passing', () => {
    expect(() => schemaErrors(1, { type: 'integer', multipleOf: 2 }, doc)).toThrow(/unknown keyword "multipleOf"/);
    expect(() => schemaErrors('x', { type: 'string', format: 'ipv4' }, doc)).toThrow(/unknown format "ipv4"/);
  });

  it('every keyword the public document uses is one the checker knows', () => {
    const sample: Record<string, unknown> = { a: 1 };
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const n = node as Schema;
      if (typeof n.type === 'string' || Array.isArray(n.type) || n.$ref || n.anyOf || n.oneOf || n.allOf) schemaErrors(sample, n, doc);
      Object.values(n).forEach(walk);
    };
    expect(() => walk(doc.components.schemas)).not.toThrow();
    expect(() => walk(Object.values(doc.paths).flatMap((item) => Object.values(item as Schema).map((op) => (op as Schema).responses)))).not.toThrow();
  });
});
