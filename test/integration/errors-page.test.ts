import { describe, expect, it } from '@jest/globals';
import { useApiSuite, type ApiSuite } from '../support/api-suite.js';
import { call, expectProblem } from '../support/http.js';
import { newCaller } from '../support/fixtures.js';
import { CATALOGUE, type ErrorCode } from '../../src/http/problem.js';
import { ERROR_GUIDE } from '../../src/errors/catalogue.js';

let suite: ApiSuite;
useApiSuite((s) => { suite = s; });

const CODES = Object.keys(CATALOGUE) as ErrorCode[];

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
    expect(section).toContain('401');
    expect(section).toContain('Invalid API key');
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
  it('has an anchor for every catalogue code with its status, title, what it means and what to do', async () => {
    const page = await call(suite.api.origin, 'GET', '/developers/errors');
    expect(page.status).toBe(200);
    const sections = sectionsOf(page.text);
    expect([...sections.keys()].sort()).toEqual([...CODES].sort());
    for (const code of CODES) {
      const section = sections.get(code)!;
      expect(section).toContain(`<span class="status">${CATALOGUE[code].status}</span>`);
      expect(section).toContain(CATALOGUE[code].title);
      expect(ERROR_GUIDE[code].meaning.length).toBeGreaterThan(10);
      expect(ERROR_GUIDE[code].remedy.length).toBeGreaterThan(5);
    }
  });

  it('answers the same catalogue as JSON with Accept: application/json', async () => {
    const page = await call(suite.api.origin, 'GET', '/developers/errors', { headers: { accept: 'application/json' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body.errors).toEqual(CODES.map((code) => ({
      code,
      status: CATALOGUE[code].status,
      title: CATALOGUE[code].title,
      meaning: ERROR_GUIDE[code].meaning,
      remedy: ERROR_GUIDE[code].remedy,
      type: `${suite.api.origin}/developers/errors#${code}`,
    })));
  });
});
