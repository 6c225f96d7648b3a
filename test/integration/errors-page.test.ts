import { describe, expect, it } from '@jest/globals';
import { useApiSuite, type ApiSuite } from '../harness/api-suite.js';
import { call, expectProblem } from '../harness/http.js';
import { newCaller } from '../harness/fixtures.js';
import { expectedProblemStatus, PROJECT_PROBLEM_EXTENSIONS, SPEC_PROBLEM_STATUS } from '../harness/spec-problems.js';

let suite: ApiSuite;
useApiSuite((s) => { suite = s; });

/** The codes the page must hold: spec 01's table and the listed extensions (test/harness/spec-problems.ts), not the catalogue. */
const CODES = [...Object.keys(SPEC_PROBLEM_STATUS), ...Object.keys(PROJECT_PROBLEM_EXTENSIONS)];

/** The ids of the page's anchors, and the text of the section each one opens. */
function sectionsOf(html: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const m of html.matchAll(/<section id="([^"]+)">([\s\S]*?)<\/section>/g)) sections.set(m[1]!, m[2]!);
  return sections;
}

describe("Problem type: link https://{cell_host}/developers/errors#<code>", () => {
  it('the type of a real Problem resolves to a 200 page on the cell origin holding its code as an anchor', async () => {
    const refused = await call(suite.api.base, 'GET', '/me');
    expectProblem(refused, 'invalid_api_key');
    const type = new URL(refused.body.type);
    expect(`${type.origin}${type.pathname}`).toBe(`${suite.api.origin}/developers/errors`);
    expect(type.hash).toBe('#invalid_api_key');

    const page = await fetch(`${type.origin}${type.pathname}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const section = sectionsOf(await page.text()).get('invalid_api_key');
    expect(section).toContain(`<span class="status">${expectedProblemStatus('invalid_api_key')}</span>`);
    expect(section).toContain(refused.body.title);
  });

  it('a validation_failed Problem links to its own anchor on the same page', async () => {
    const caller = await newCaller(suite.api.services);
    const refused = await call(suite.api.base, 'GET', '/conversations?limit=0', { key: caller.apiKey });
    expect(refused.body.code).toBe('validation_failed');
    const type = new URL(refused.body.type);
    const html = await (await fetch(`${type.origin}${type.pathname}`)).text();
    expect(sectionsOf(html).has(type.hash.slice(1))).toBe(true);
  });
});

describe('GET /developers/errors', () => {
  it('has an anchor for every spec code (and listed extension), and no other, with the spec status', async () => {
    const page = await call(suite.api.origin, 'GET', '/developers/errors');
    expect(page.status).toBe(200);
    const sections = sectionsOf(page.text);
    expect([...sections.keys()].sort()).toEqual([...CODES].sort());
    for (const code of CODES) {
      const section = sections.get(code)!;
      expect({ code, status: /<span class="status">(\d+)<\/span>/.exec(section)?.[1] }).toEqual({ code, status: String(expectedProblemStatus(code)) });
    }
  });

  it('answers the same codes as JSON with Accept: application/json: the spec status, and the title a Problem of the code carries', async () => {
    const page = await call(suite.api.origin, 'GET', '/developers/errors', { headers: { accept: 'application/json' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body.errors.map((e: { code: string }) => e.code).sort()).toEqual([...CODES].sort());
    const html = sectionsOf((await call(suite.api.origin, 'GET', '/developers/errors')).text);
    for (const e of page.body.errors) {
      expect(e).toEqual({
        code: e.code,
        status: expectedProblemStatus(e.code),
        title: expect.stringMatching(/\S/),
        meaning: expect.stringMatching(/\S.{10,}/),
        remedy: expect.stringMatching(/\S.{5,}/),
        type: `${suite.api.origin}/developers/errors#${e.code}`,
      });
      expect(html.get(e.code)).toContain(e.title);
    }
    // The page's title of a code is the one its Problems carry.
    const refused = await call(suite.api.base, 'GET', '/me');
    expectProblem(refused, 'invalid_api_key');
    expect(page.body.errors.find((e: { code: string }) => e.code === 'invalid_api_key').title).toBe(refused.body.title);
  });
});
