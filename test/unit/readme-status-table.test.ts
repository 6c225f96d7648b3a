import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { API_ROUTES } from '../../src/routes/index.js';

/** docs/integrating.md "What is built" (the README's until issue 43): every route of the public API with its release label, and nothing else. */
async function statusTable(): Promise<string[]> {
  const guide = await readFile(fileURLToPath(new URL('../../docs/integrating.md', import.meta.url)), 'utf8');
  const start = guide.indexOf('\n## What is built\n');
  expect(start).toBeGreaterThan(0);
  const end = guide.indexOf('\n## ', start + 1);
  const section = guide.slice(start, end);
  return [...section.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`]*)` (available|beta|planned)\b/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
}

describe('docs/integrating.md, What is built: the status table and the route definitions agree', () => {
  it('lists every route of API_ROUTES once with the release label of its definition, and no route that does not exist', async () => {
    const listed = await statusTable();
    const defined = API_ROUTES.map((r) => `${r.method} ${r.path} ${r.release}`);
    expect(listed.filter((row, i) => listed.indexOf(row) !== i)).toEqual([]);
    // A failure here: add the route (`METHOD /path` label) to its row of the table in docs/integrating.md, or correct its label.
    expect({ missing: defined.filter((r) => !listed.includes(r)), stale: listed.filter((r) => !defined.includes(r)) }).toEqual({ missing: [], stale: [] });
  });
});
