import { describe, expect, it } from '@jest/globals';
import { PinnedClock, parseDuration } from '../../src/clock.js';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500], ['5s', 5000], ['30m', 1_800_000], ['2h', 7_200_000], ['1d', 86_400_000], [' 1h ', 3_600_000],
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '5', 's', '1.5h', '-1s', '5 s', '1w', '1H', '2h30m'])('refuses "%s" with a message naming it', (text) => {
    expect(() => parseDuration(text)).toThrow(`"${text}" is not a duration`);
  });
});

describe('PinnedClock', () => {
  it('stands still until set or advanced, and hands out copies', () => {
    const clock = new PinnedClock(new Date('2026-01-01T00:00:00.000Z'));
    const first = clock.now();
    first.setFullYear(2000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:30.000Z');
    clock.set(new Date('2027-05-05T05:05:05.000Z'));
    expect(clock.now().toISOString()).toBe('2027-05-05T05:05:05.000Z');
  });
});
