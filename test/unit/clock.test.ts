import { describe, expect, it } from '@jest/globals';
import { PinnedClock, isCalendarDay, parseDuration } from '../../src/clock.js';
import { isoDateValue } from '../../src/http/schemas/common.js';

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

describe('isCalendarDay', () => {
  it.each(['2026-02-30', '2026-04-31', '2025-02-29', '2100-02-29', '2026-13-01', '2026-00-10', '2026-01-00', '2026-02-30T10:00:00Z', '+002026-02-30T10:00:00Z', '2026-13'])(
    '%s names no day', (text) => {
      expect(isCalendarDay(text)).toBe(false);
    });

  it.each(['2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31T23:59:59Z', '2026-02', '-000001-12-31', 'not a date'])('%s is a day (or not a date at all)', (text) => {
    expect(isCalendarDay(text)).toBe(true);
  });

  it('isoDateValue (the widget poll\'s after, bin/ctl times) refuses what the Date parser rolls over', () => {
    expect(isoDateValue().validate('2026-02-30T10:00:00Z').error?.message).toBe('"value" names a day that does not exist');
    expect(isoDateValue().validate('2024-02-29T10:00:00Z').value).toEqual(new Date('2024-02-29T10:00:00Z'));
  });
});
