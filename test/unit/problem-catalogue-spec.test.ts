import { describe, expect, it } from '@jest/globals';
import { CATALOGUE, statusOf, type ErrorCode } from '../../src/http/problem.js';
import { ERROR_GUIDE } from '../../src/errors/catalogue.js';
import { PROJECT_PROBLEM_EXTENSIONS, SPEC_PROBLEM_STATUS } from '../harness/spec-problems.js';

/**
 * The error catalogue (src/errors/catalogue.ts, statuses in src/http/problem.ts) against the
 * spec's code → status table written out by hand in test/harness/spec-problems.ts, both ways.
 */
const catalogue = Object.fromEntries((Object.keys(CATALOGUE) as ErrorCode[]).map((code) => [code, CATALOGUE[code].status]));

describe('the error catalogue against spec 01 Errors', () => {
  it('has every spec code, with the status the spec gives it', () => {
    const fromCatalogue = Object.fromEntries(Object.keys(SPEC_PROBLEM_STATUS).map((code) => [code, catalogue[code] ?? 'missing from the catalogue']));
    expect(fromCatalogue).toEqual(SPEC_PROBLEM_STATUS);
  });

  it('has no code outside the spec table but the listed project extensions, each with its listed status and a reason', () => {
    const outside = Object.fromEntries(Object.entries(catalogue).filter(([code]) => !Object.hasOwn(SPEC_PROBLEM_STATUS, code)));
    expect(outside).toEqual(Object.fromEntries(Object.entries(PROJECT_PROBLEM_EXTENSIONS).map(([code, e]) => [code, e.status])));
    for (const e of Object.values(PROJECT_PROBLEM_EXTENSIONS)) expect(e.reason.length).toBeGreaterThan(40);
  });

  it('no extension shadows a spec code', () => {
    expect(Object.keys(PROJECT_PROBLEM_EXTENSIONS).filter((code) => Object.hasOwn(SPEC_PROBLEM_STATUS, code))).toEqual([]);
  });

  it('answers every code with the one status the catalogue gives it, a title and a guide', () => {
    for (const code of Object.keys(CATALOGUE) as ErrorCode[]) {
      expect({ code, status: statusOf(code) }).toEqual({ code, status: catalogue[code] });
      expect({ code, title: CATALOGUE[code].title.length > 0, guide: ERROR_GUIDE[code].meaning.length > 10 && ERROR_GUIDE[code].remedy.length > 5 })
        .toEqual({ code, title: true, guide: true });
    }
  });
});
