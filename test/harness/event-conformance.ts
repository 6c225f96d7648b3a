import type { IncomingHttpHeaders } from 'node:http';
import { loadConfig } from '../../src/config.js';
import { buildOpenApi } from '../../src/http/openapi/document.js';
import { API_ROUTES } from '../../src/routes/index.js';
import { schemaErrors, type Schema } from './json-schema.js';

/**
 * Every delivery a test receiver gets (test/harness/receiver.ts) is held against the public
 * API's OpenAPI document, `webhooks` section: its type must have an entry, its headers conform
 * to the entry's header parameters (and name the body's id and type), its body to the entry's
 * request body (the envelope and the event's data in either payload mode). The document is the
 * one the api serves (the same build), checked by the project's independent JSON Schema checker.
 */

/** The config only needs its secrets to load; the document does not depend on them. */
export const PLACEHOLDERS = { API_KEY_PEPPER: 'p'.repeat(32), CURSOR_SECRET: 'c'.repeat(32), WEBHOOK_SECRET_KEY: 'w'.repeat(32), WIDGET_SECRET: 's'.repeat(32), TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };

let document: Schema | undefined;

/** The public API's document, built once per test file as the api builds it. */
export function publicDocument(): Schema {
  document ??= JSON.parse(JSON.stringify(buildOpenApi(API_ROUTES, loadConfig({ ...PLACEHOLDERS, ...process.env })))) as Schema;
  return document;
}

/** A request that is a delivery: it carries one of the Svc-* headers. */
export function isDelivery(headers: IncomingHttpHeaders): boolean {
  return ['svc-event-id', 'svc-event-type', 'svc-signature'].some((h) => headers[h] !== undefined);
}

/** Why a delivery does not fit the document (`<type>: <where>: <keyword>: ...`); empty when it fits. */
export function eventDrifts(headers: IncomingHttpHeaders, rawBody: Buffer | string, doc: Schema = publicDocument()): string[] {
  const type = String(headers['svc-event-type'] ?? '');
  const entry = doc.webhooks?.[type]?.post as Schema | undefined;
  if (!entry) return [`${type || '(no Svc-Event-Type)'}: no entry in the document's webhooks`];
  const drifts: string[] = [];
  for (const p of entry.parameters as Schema[]) {
    if (p.in !== 'header') continue;
    const value = headers[String(p.name).toLowerCase()];
    if (value === undefined) {
      if (p.required) drifts.push(`header ${p.name}: required: missing`);
      continue;
    }
    drifts.push(...schemaErrors(value, p.schema, doc).map((e) => `header ${p.name} ${e}`));
  }
  const contentType = String(headers['content-type'] ?? '');
  const media = Object.keys(entry.requestBody.content as Schema)[0]!;
  if (!contentType.startsWith(media)) drifts.push(`Content-Type: ${contentType || '(none)'} is not ${media}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody.toString());
  } catch {
    return [...drifts, 'body: not JSON'].map((d) => `${type}: ${d}`);
  }
  drifts.push(...schemaErrors(body, entry.requestBody.content[media].schema, doc).map((e) => `body ${e}`));
  if (body?.id !== headers['svc-event-id']) drifts.push(`body /id: ${JSON.stringify(body?.id)} is not Svc-Event-Id ${headers['svc-event-id']}`);
  if (headers['webhook-id'] !== undefined && headers['webhook-id'] !== body?.id) drifts.push(`header webhook-id: ${headers['webhook-id']} is not the body's id ${JSON.stringify(body?.id)}`);
  if (body?.type !== type) drifts.push(`body /type: ${JSON.stringify(body?.type)} is not Svc-Event-Type ${type}`);
  return drifts.map((d) => `${type}: ${d}`);
}
