import { describe, expect, it } from '@jest/globals';
import { ApplicationFailure } from '@temporalio/common';
import { RESULT_REFUSED, refuseMalformed, unansweredError, type ModuleResult } from '../../workflows/publication-contract.js';

describe("the publication workflow's contract", () => {
  it("says the module's silence in the wait's largest whole unit", () => {
    expect(unansweredError(3 * 86_400_000)).toBe('The site module sent no result within 3 days.');
    expect(unansweredError(36 * 3_600_000)).toBe('The site module sent no result within 36 hours.');
    expect(unansweredError(3_600_000)).toBe('The site module sent no result within 1 hour.');
    expect(unansweredError(2000)).toBe('The site module sent no result within 2 seconds.');
    expect(unansweredError(1500)).toBe('The site module sent no result within 1500 milliseconds.');
  });

  it('refuses a malformed result as the route would, with the refusal type the api reads', () => {
    const refusal = (r: unknown) => {
      try {
        refuseMalformed(r as ModuleResult);
        return undefined;
      } catch (err) {
        return err instanceof ApplicationFailure ? { type: err.type, message: err.message } : err;
      }
    };
    expect(refusal({ result: 'applied', published_url: 'https://shop.example.com/blog/a' })).toBeUndefined();
    expect(refusal({ result: 'failed', reason: 'disk full' })).toBeUndefined();
    expect(refusal({ result: 'queued' })).toEqual({ type: RESULT_REFUSED, message: 'result must be applied, skipped, conflict or failed' });
    expect(refusal(undefined)).toEqual({ type: RESULT_REFUSED, message: 'result must be applied, skipped, conflict or failed' });
    expect(refusal({ result: 'conflict' })).toEqual({ type: RESULT_REFUSED, message: 'a conflict result needs a reason' });
    expect(refusal({ result: 'skipped', published_url: 'https://shop.example.com/blog/a' })).toEqual({ type: RESULT_REFUSED, message: 'published_url goes only with applied' });
  });
});
