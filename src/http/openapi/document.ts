import type Joi from 'joi';
import type { Config } from '../../config.js';
import { CATALOGUE } from '../problem.js';
import { carriesPii, type RouteDefinition } from '../route.js';
import { ProblemSchema } from '../schemas/common.js';
import { SchemaConverter, type JsonSchema } from './joi-to-json-schema.js';

const COMMON_ERRORS = ['invalid_api_key', 'wrong_cell', 'integration_inactive', 'tenant_inactive', 'test_mode_unavailable', 'ip_not_allowed', 'feature_not_in_plan', 'rate_limited', 'wallet_suspended', 'service_unavailable', 'internal_error', 'scope_missing'] as const;

function errorCodesOf(route: RouteDefinition): string[] {
  const common = COMMON_ERRORS.filter((c) => !((c === 'wallet_suspended' || c === 'scope_missing') && route.walletGate === false));
  const extra = [...(route.errors ?? [])];
  if (route.params) extra.push('not_found');
  if (route.query || route.body) extra.push('validation_failed');
  // Every write reads a JSON body, even one it expects empty: a wrong one is answered.
  if (route.method !== 'GET') extra.push('bad_request', 'payload_too_large', 'validation_failed');
  if (route.method === 'POST') extra.push('idempotency_conflict', 'operation_in_progress');
  if (route.idempotency === 'required') extra.push('idempotency_key_required');
  if (carriesPii(route)) extra.push('pii_transfer_not_allowed');
  return [...new Set([...common, ...extra])];
}

/** `POST /webhooks/{id}/test` -> `postWebhooksByIdTest`. */
export function operationIdOf(method: string, path: string): string {
  return `${method.toLowerCase()}${path.replace(/\{(\w+)\}/g, 'By_$1').split(/[/_-]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}`;
}

/** The Parameter Objects of an operation, one per key of its path, query and header joi schemas. */
export function parametersOf(converter: SchemaConverter, parts: { path?: Joi.ObjectSchema; query?: Joi.ObjectSchema; header?: Joi.ObjectSchema }): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const location of ['path', 'query', 'header'] as const) {
    const schema = parts[location];
    if (!schema) continue;
    const described = converter.convert(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, s] of Object.entries(described.properties ?? {})) {
      parameters.push({ name, in: location, required: location === 'path' || (described.required ?? []).includes(name), schema: s, ...(s.description ? { description: s.description } : {}) });
    }
  }
  return parameters;
}

/**
 * The Problem answers of an operation: one Response Object per HTTP status of the catalogue
 * codes it may answer, naming them; `headers` adds Header Objects to a status (Retry-After).
 */
export function problemResponses(codes: readonly string[], schema: JsonSchema, headers: Record<number, JsonSchema> = {}): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = CATALOGUE[code as keyof typeof CATALOGUE].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, named]) => [String(status), {
    description: `Problem: ${named.join(', ')}`,
    ...(headers[status] ? { headers: headers[status] } : {}),
    content: { 'application/problem+json': { schema } },
  }]));
}

/**
 * The OpenAPI 3.1 document, built from the registered routes and their joi schemas:
 * a route cannot exist without its entry, and the entry cannot drift from validation.
 */
export function buildOpenApi(routes: readonly RouteDefinition[], config: Config): JsonSchema {
  const converter = new SchemaConverter();
  const problemRef = converter.convert(ProblemSchema);
  const paths: Record<string, Record<string, unknown>> = {};
  const enabled = routes.filter((r) => !config.disabledFamilies.includes(r.family));
  for (const route of enabled) {
    const parameters = parametersOf(converter, { path: route.params, query: route.query });
    if (route.method === 'POST') {
      parameters.push({
        name: 'Idempotency-Key', in: 'header', required: route.idempotency === 'required',
        schema: { type: 'string', maxLength: 255 }, description: 'Retries with the same key and body return the first answer; kept 24 hours.',
      });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, doc] of Object.entries(route.responses)) {
      responses[status] = { description: doc.description, ...(doc.schema ? { content: { 'application/json': { schema: converter.convert(doc.schema) } } } : {}) };
    }
    Object.assign(responses, problemResponses(errorCodesOf(route), problemRef));
    const deprecation = config.deprecations[`${route.method} ${route.path}`];
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: operationIdOf(route.method, route.path),
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.family],
      ...(deprecation ? { deprecated: true } : {}),
      'x-rate-class': route.rateClass,
      ...(route.scope ? { 'x-required-scope': route.scope } : {}),
      ...(carriesPii(route) ? { 'x-personal-data': true } : {}),
      security: [{ bearerAuth: [] }],
      parameters,
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: converter.convert(route.body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Server API',
      version: 'v1',
      description: 'Server-to-server API of the sales chat platform. Every error is application/problem+json; every answer carries X-Request-Id.',
    },
    servers: [{ url: config.baseUrl, description: `${config.cell} cell` }],
    paths,
    components: {
      schemas: converter.components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'sk_<mode>_<cell>_... API key' } },
    },
  };
}
