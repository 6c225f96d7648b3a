import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { loadConfig } from '../../../src/config.js';
import { buildOpenApi } from '../../../src/http/openapi/document.js';
import { API_ROUTES } from '../../../src/routes/index.js';

/** The committed types, generated from the document (scripts/generate.ts writes them). */
export const TYPES_FILE = new URL('../src/schema.ts', import.meta.url);

/** Placeholders: the document does not depend on the secrets, only the configuration's loading does. */
const PLACEHOLDER_SECRETS = { API_KEY_PEPPER: 'p'.repeat(32), CURSOR_SECRET: 'c'.repeat(32), WEBHOOK_SECRET_KEY: 'w'.repeat(32), WIDGET_SECRET: 's'.repeat(32), TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };

/**
 * The public API's OpenAPI document as GET /api/public/v1/openapi.json serves it where every
 * release label answers (bin/up, bin/test): rendered from the route definitions, no server.
 * `env` sets what the document quotes of the deployment (PUBLIC_ORIGIN: the error catalogue's
 * links; default bin/up's http://127.0.0.1:3000).
 */
export function renderDocument(env: Record<string, string> = {}): OpenAPI3 {
  return JSON.parse(JSON.stringify(buildOpenApi(API_ROUTES, loadConfig({ ...PLACEHOLDER_SECRETS, ...env })))) as OpenAPI3;
}

const HEADER = `/**
 * Generated from the Public Server API's OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with \`npm run generate\` in clients/typescript (scripts/generate.ts).
 */

`;

/** The TypeScript types openapi-typescript makes of a document, as committed in src/schema.ts. */
export async function renderTypes(document: OpenAPI3): Promise<string> {
  // defaultNonNullable off: a body field with a default (include_pii, generate) stays optional to send.
  return HEADER + astToString(await openapiTS(document, { defaultNonNullable: false }));
}
