import type Joi from 'joi';
import { CATALOGUE, type ErrorCode } from '../problem.js';
import { SchemaConverter, type JsonSchema } from './joi-to-json-schema.js';

export type { JsonSchema };

/** One answer of an operation: a JSON schema, or the whole content map (an event stream); headers it carries. */
export interface AnswerDoc {
  description: string;
  schema?: Joi.Schema;
  content?: Record<string, JsonSchema>;
  headers?: Record<string, JsonSchema>;
}

/** One operation, described by the joi schemas its route validates with and the schemas of its answers. */
export interface OperationDoc {
  method: string;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  /** `x-` fields, in the order given, after the tags. */
  extensions?: Record<`x-${string}`, unknown>;
  security: Record<string, string[]>[];
  params?: Joi.ObjectSchema;
  query?: Joi.ObjectSchema;
  header?: Joi.ObjectSchema;
  /** Parameters no joi schema describes (a header the pipeline reads), after those that one does. */
  extraParameters?: JsonSchema[];
  body?: Joi.ObjectSchema;
  /** By HTTP status. */
  answers: Record<number, AnswerDoc>;
  /** The catalogue codes it may answer, as Problems. */
  errors: readonly ErrorCode[];
  /** Header Objects of a Problem status (Retry-After). */
  errorHeaders?: Record<number, JsonSchema>;
  /** The Problem of a code as this operation answers it, when it carries members of its own (a batch's counts). */
  problems?: Partial<Record<ErrorCode, Joi.Schema>>;
  /** The request body may be left out (its schema requires no member); default: required. */
  bodyOptional?: boolean;
}

/** One webhook (OpenAPI 3.1 `webhooks`): a request the API sends to the subscriber's URL. */
export interface WebhookDoc {
  /** The key in `webhooks` (the event type). */
  name: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** Header Parameter Objects of the request. */
  headers: JsonSchema[];
  /** How the subscriber tells the request is the API's (the document's securitySchemes). */
  security: Record<string, string[]>[];
  body: Joi.Schema;
  /** What the subscriber answers, by status (or range: 2XX). */
  answers: Record<string, string>;
  /** The release label of an event beyond the spec's (x-release); none: the spec's own. */
  release?: string;
}

export interface DocumentDoc {
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  /** The schema of every Problem answer, unless `problems` names the code's own. */
  problem: Joi.Schema;
  /** The Problem of a code that carries members of its own (pinning its code). */
  problems?: Partial<Record<ErrorCode, Joi.Schema>>;
  /**
   * Named schemas to declare before anything uses them: each component is then its
   * declaration, not a use site with a description of its own.
   */
  declarations?: Joi.Schema[];
  securitySchemes?: Record<string, JsonSchema>;
  /** Tag Objects: the order and descriptions of the document's sections (x-traitTag: a section of text only). */
  tags?: JsonSchema[];
  /** The operations; `ref` turns a joi schema into the document's JSON Schema (a `$ref` when named). */
  operations: (ref: (schema: Joi.Schema) => JsonSchema) => OperationDoc[];
  /** The requests the API sends (the events), converted after the operations. */
  webhooks?: WebhookDoc[];
}

/** `POST /webhooks/{id}/test` -> `postWebhooksByIdTest`. */
function operationIdOf(method: string, path: string): string {
  return `${method.toLowerCase()}${path.replace(/\{(\w+)\}/g, 'By_$1').split(/[/_-]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}`;
}

/** The Parameter Objects of an operation, one per key of its path, query and header joi schemas. */
function parametersOf(converter: SchemaConverter, op: OperationDoc): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [location, schema] of [['path', op.params], ['query', op.query], ['header', op.header]] as const) {
    if (!schema) continue;
    const described = converter.convert(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, s] of Object.entries(described.properties ?? {})) {
      parameters.push({ name, in: location, required: location === 'path' || (described.required ?? []).includes(name), schema: s, ...(s.description ? { description: s.description } : {}) });
    }
  }
  return [...parameters, ...(op.extraParameters ?? [])];
}

/**
 * The Problem answers of an operation: one Response Object per HTTP status of the catalogue
 * codes it may answer, naming them; `headers` adds Header Objects to a status (Retry-After).
 * A status answers the schema of each of its codes (`oneOf` when several): the codes sharing
 * the plain Problem with their `code` listed, a code with members of its own by its schema.
 */
function problemResponses(codes: readonly ErrorCode[], schemaOf: (code: ErrorCode) => JsonSchema, plain: JsonSchema, headers: Record<number, JsonSchema> = {}): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const schemaOfStatus = (named: string[]): JsonSchema => {
    const plainCodes = named.filter((c) => schemaOf(c as ErrorCode) === plain);
    const own = named.filter((c) => schemaOf(c as ErrorCode) !== plain).map((c) => schemaOf(c as ErrorCode));
    const branches = [...(plainCodes.length ? [{ allOf: [plain], properties: { code: { enum: plainCodes } } }] : []), ...own];
    return branches.length === 1 ? branches[0]! : { oneOf: branches };
  };
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, named]) => [String(status), {
    description: `Problem: ${named.join(', ')}`,
    ...(headers[status] ? { headers: headers[status] } : {}),
    content: { 'application/problem+json': { schema: schemaOfStatus(named) } },
  }]));
}

/** The Operation Object; its schemas are converted in a fixed order (parameters, answers, body), which fixes the components' order. */
function operationObject(converter: SchemaConverter, op: OperationDoc, problems: Partial<Record<ErrorCode, JsonSchema>>, plain: JsonSchema): JsonSchema {
  const parameters = parametersOf(converter, op);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    const content = answer.content ?? (answer.schema ? { 'application/json': { schema: converter.convert(answer.schema) } } : undefined);
    responses[status] = { description: answer.description, ...(answer.headers ? { headers: answer.headers } : {}), ...(content ? { content } : {}) };
  }
  const own = Object.fromEntries(Object.entries(op.problems ?? {}).map(([code, schema]) => [code, converter.convert(schema)]));
  const schemaOf = (code: ErrorCode) => own[code] ?? problems[code] ?? plain;
  Object.assign(responses, problemResponses(op.errors, schemaOf, plain, op.errorHeaders));
  return {
    operationId: operationIdOf(op.method, op.path),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    ...(op.deprecated ? { deprecated: true } : {}),
    ...op.extensions,
    security: op.security,
    parameters,
    ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: converter.convert(op.body) } } } } : {}),
    responses,
  };
}

/** The Operation Object of a webhook: the request the subscriber receives and what it answers. */
function webhookObject(converter: SchemaConverter, w: WebhookDoc): JsonSchema {
  return {
    operationId: w.operationId,
    summary: w.summary,
    description: w.description,
    tags: w.tags,
    ...(w.release ? { 'x-release': w.release } : {}),
    parameters: w.headers,
    security: w.security,
    requestBody: { required: true, content: { 'application/json': { schema: converter.convert(w.body) } } },
    responses: Object.fromEntries(Object.entries(w.answers).map(([status, description]) => [status, { description }])),
  };
}

/**
 * An OpenAPI 3.1 document, built from joi schemas: the same schemas validate the requests,
 * so the document cannot drift from validation. Both documents (the public API's and the
 * visitor chat's) are built here.
 */
export function buildDocument(doc: DocumentDoc): JsonSchema {
  const converter = new SchemaConverter();
  for (const s of doc.declarations ?? []) converter.convert(s);
  const plain = converter.convert(doc.problem);
  const problems = Object.fromEntries(Object.entries(doc.problems ?? {}).map(([code, schema]) => [code, converter.convert(schema)]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of doc.operations((s) => converter.convert(s))) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = operationObject(converter, op, problems, plain);
  }
  const webhooks = Object.fromEntries((doc.webhooks ?? []).map((w) => [w.name, { post: webhookObject(converter, w) }]));
  return {
    openapi: '3.1.0',
    info: doc.info,
    servers: doc.servers,
    ...(doc.tags ? { tags: doc.tags } : {}),
    paths,
    ...(doc.webhooks ? { webhooks } : {}),
    components: { schemas: converter.components, ...(doc.securitySchemes ? { securitySchemes: doc.securitySchemes } : {}) },
  };
}
