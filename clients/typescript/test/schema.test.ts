import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { useApiSuite, type ApiSuite } from '../../../test/harness/api-suite.js';
import { renderDocument, renderTypes, TYPES_FILE } from '../scripts/types.js';

/**
 * The client's types are the document's: the document scripts/generate.ts renders from the code
 * is the one the api serves (GET /openapi.json of a running api, all release labels on, as bin/up
 * and the tests run), and src/schema.ts is what openapi-typescript makes of it.
 * A route or schema change fails here until `npm run generate` (in clients/typescript) is run.
 */

let suite: ApiSuite;
useApiSuite((s) => { suite = s; });

describe('clients/typescript/src/schema.ts', () => {
  it('the document the generator renders from code is the live one (for the same origin; the servers entry aside)', () => {
    const live = { ...suite.doc, servers: undefined };
    expect({ ...renderDocument({ PUBLIC_ORIGIN: suite.api.origin }), servers: undefined }).toEqual(live);
  });

  it('the committed types are what openapi-typescript makes of the document: run `npm run generate` in clients/typescript when this fails', async () => {
    const committed = await readFile(TYPES_FILE, 'utf8');
    const rendered = await renderTypes(renderDocument());
    // toBe on two 500 KB strings prints the whole of both: compare line by line for a readable diff.
    const [a, b] = [committed.split('\n'), rendered.split('\n')];
    const first = a.findIndex((line, i) => line !== b[i]);
    expect(first === -1 && a.length === b.length ? 'same' : { line: first + 1, committed: a[first], document: b[first] }).toBe('same');
  });
});
