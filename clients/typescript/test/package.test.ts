import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FarSide } from './far-side.js';

/**
 * The package as it is shipped: built by its own tsconfig (bin/test builds it into
 * CLIENT_DIST_DIR; without it this file builds a copy), loaded from dist/index.js as an
 * integrator's `import ... from '@sales-chat/client'` loads it, with its declarations.
 */

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
let dist: string;
let own: string | undefined;
let far: FarSide;

beforeAll(async () => {
  dist = process.env.CLIENT_DIST_DIR ?? '';
  if (!dist) {
    own = await mkdtemp(join(tmpdir(), 'client-dist-'));
    dist = own;
    await promisify(execFile)(join(PACKAGE, '../../node_modules/.bin/tsc'), ['-p', join(PACKAGE, 'tsconfig.json'), '--outDir', dist]);
  }
  far = await FarSide.start();
}, 120_000);
afterAll(async () => {
  await far?.close();
  if (own) await rm(own, { recursive: true, force: true });
});

describe('the built package', () => {
  it('package.json names dist/index.js and its declarations; they are built', async () => {
    const manifest = JSON.parse(await readFile(join(PACKAGE, 'package.json'), 'utf8'));
    expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
    expect(manifest.dependencies).toEqual({ 'openapi-fetch': expect.any(String) });
    expect(manifest.devDependencies).toMatchObject({ 'openapi-typescript': expect.any(String) });
    for (const file of ['index.js', 'index.d.ts', 'schema.d.ts', 'client.d.ts']) expect(existsSync(join(dist, file))).toBe(true);
  });

  it('loads and calls: resources by name, a typed error, constructEvent', async () => {
    const pkg = await import(join(dist, 'index.js'));
    far.answer((s) => (s.url.endsWith('/me') ? { status: 200, body: { cell: 'ru' } } : { status: 404, body: { type: 't', title: 'Not found', status: 404, code: 'not_found', detail: 'd', request_id: 'r' } }));
    const client = new pkg.SalesChat({ apiKey: 'k', baseUrl: far.base });
    expect(await client.me.retrieve()).toEqual({ cell: 'ru' });
    await expect(client.leads.retrieve('x')).rejects.toBeInstanceOf(pkg.NotFoundError);
    const body = JSON.stringify({ id: 'e', type: 'webhook.test', api_version: '2026-10-01', created_at: 'x', livemode: false, data: {} });
    expect(pkg.webhooks.constructEvent(body, pkg.webhooks.signatureHeader(body, 'secret'), 'secret').type).toBe('webhook.test');
  });
});
