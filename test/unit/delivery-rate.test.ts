import { describe, expect, it } from '@jest/globals';
import { MAX_PER_SECOND_RANGE, SPACING_MARGIN, startSpacingUs } from '../../src/domain/webhooks/delivery-rate.js';

/** The arithmetic of a subscription's max_per_second (delivery-rate.ts): starts spaced evenly, a margin wide. */
describe('startSpacingUs', () => {
  it.each([[1, 1_100_000], [5, 220_000], [20, 55_000], [1000, 1_100]])('%p a second: starts %p µs apart', (rate, spacing) => {
    expect(startSpacingUs(rate)).toBe(spacing);
  });

  it('at every allowed rate, rate + 1 starts span more than a second and 100 ms, and rate starts fit in the margin', () => {
    for (let rate = MAX_PER_SECOND_RANGE.min; rate <= MAX_PER_SECOND_RANGE.max; rate++) {
      const spacing = startSpacingUs(rate);
      // rate + 1 starts have rate gaps: never inside one second, even seen 100 ms nearer by the receiver.
      expect(rate * spacing).toBeGreaterThanOrEqual(1_100_000);
      // And the limit is not much lower than asked: at most the margin and a microsecond a start.
      expect(rate * spacing).toBeLessThanOrEqual(1_000_000 * SPACING_MARGIN + rate);
    }
  });
});
