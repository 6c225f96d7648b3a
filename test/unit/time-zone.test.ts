import { describe, expect, it } from '@jest/globals';
import { CELL_TIME_ZONE, dayIn } from '../../src/domain/analytics/time-zone.js';
import { readPeriod } from '../../src/domain/analytics/period.js';
import { untilNextMidnight } from '../harness/day-boundary.js';

/**
 * The day rule of analytics in the en cell's zone, Europe/London, across its daylight-saving
 * changes (issue 28: only Moscow, which has none, was ever exercised). In 2026 London moves
 * from GMT (UTC+0) to BST (UTC+1) at 01:00 UTC on Sunday 29 March, the last Sunday of March,
 * and back at 01:00 UTC on Sunday 25 October, the last Sunday of October. The expected days
 * below are written from those rules, not computed.
 */

const LONDON = 'Europe/London';

describe('the en cell keeps London time', () => {
  it('CELL_TIME_ZONE', () => {
    expect(CELL_TIME_ZONE).toEqual({ ru: 'Europe/Moscow', en: 'Europe/London', id: 'Asia/Jakarta' });
  });
});

describe('dayIn, Europe/London, across the changes of 2026', () => {
  it.each<[string, string]>([
    // Spring: midnight is 00:00 UTC before the change, 23:00 UTC the day before after it.
    ['2026-03-28T23:59:59Z', '2026-03-28'],
    ['2026-03-29T00:00:00Z', '2026-03-29'],
    ['2026-03-29T00:59:59Z', '2026-03-29'], // 00:59:59 GMT, the last second before the change
    ['2026-03-29T01:00:00Z', '2026-03-29'], // 02:00 BST
    ['2026-03-29T22:59:59Z', '2026-03-29'], // 23:59:59 BST
    ['2026-03-29T23:00:00Z', '2026-03-30'], // 00:00 BST: a UTC day that is not yet over
    ['2026-07-01T23:30:00Z', '2026-07-02'],
    // Autumn: the hour 01:00-02:00 local happens twice, both on the 25th.
    ['2026-10-24T22:59:59Z', '2026-10-24'], // 23:59:59 BST
    ['2026-10-24T23:00:00Z', '2026-10-25'], // 00:00 BST
    ['2026-10-25T00:30:00Z', '2026-10-25'], // 01:30 BST
    ['2026-10-25T01:30:00Z', '2026-10-25'], // 01:30 GMT, the same local time again
    ['2026-10-25T23:59:59Z', '2026-10-25'], // 23:59:59 GMT: the 25th lasted 25 hours
    ['2026-10-26T00:00:00Z', '2026-10-26'],
  ])('%s is %s in London', (instant, day) => {
    expect(dayIn(new Date(instant), LONDON)).toBe(day);
  });

  it('Moscow for comparison: UTC+3 all year', () => {
    expect(dayIn(new Date('2026-03-29T20:59:59Z'), 'Europe/Moscow')).toBe('2026-03-29');
    expect(dayIn(new Date('2026-03-29T21:00:00Z'), 'Europe/Moscow')).toBe('2026-03-30');
    expect(dayIn(new Date('2026-10-25T21:00:00Z'), 'Europe/Moscow')).toBe('2026-10-26');
  });
});

describe('readPeriod, Europe/London: the last full day across the changes', () => {
  it.each<[string, string]>([
    ['2026-03-29T00:30:00Z', '2026-03-28'],
    ['2026-03-29T22:30:00Z', '2026-03-28'], // 23:30 BST on the 29th: the 29th is not over
    ['2026-03-29T23:30:00Z', '2026-03-29'], // 00:30 BST on the 30th
    ['2026-10-24T23:30:00Z', '2026-10-24'], // 00:30 BST on the 25th
    ['2026-10-25T23:30:00Z', '2026-10-24'], // 23:30 GMT on the 25th, its 25th hour still running
    ['2026-10-26T00:00:00Z', '2026-10-25'],
  ])('at %s a to of 2026-12-31 is clamped to %s', (now, last) => {
    expect(readPeriod({ to: '2026-12-31' }, LONDON, new Date(now))).toMatchObject({ to: last, clamped: true, zone: LONDON });
  });
});

describe('readPeriod with include_today: today, a partial day, takes the last full day\'s place', () => {
  it.each<[string, string]>([
    ['2026-03-29T22:30:00Z', '2026-03-29'], // 23:30 BST on the 29th: still the 29th
    ['2026-03-29T23:30:00Z', '2026-03-30'], // 00:30 BST on the 30th
    ['2026-10-25T23:30:00Z', '2026-10-25'], // 23:30 GMT on the 25th, its 25th hour still running
  ])('at %s a to of 2026-12-31 is clamped to %s, the partial today', (now, today) => {
    expect(readPeriod({ to: '2026-12-31', include_today: true }, LONDON, new Date(now))).toMatchObject({ to: today, clamped: true, partial: true, zone: LONDON });
  });

  it('without a to the period ends today, partial; a to before today is a whole day; without include_today nothing is partial', () => {
    const noon = new Date('2026-03-29T12:00:00Z');
    expect(readPeriod({ include_today: true }, LONDON, noon)).toEqual({ from: '2026-02-28', to: '2026-03-29', clamped: false, partial: true, zone: LONDON });
    expect(readPeriod({ to: '2026-03-28', include_today: true }, LONDON, noon)).toMatchObject({ to: '2026-03-28', clamped: false, partial: false });
    expect(readPeriod({}, LONDON, noon)).toEqual({ from: '2026-02-27', to: '2026-03-28', clamped: false, partial: false, zone: LONDON });
    expect(readPeriod({ to: '2026-03-29', include_today: false }, LONDON, noon)).toMatchObject({ to: '2026-03-28', clamped: true, partial: false });
  });
});

describe('untilNextMidnight (the tests\' guard against a day change mid-file)', () => {
  it.each<[string, string, number]>([
    ['2026-03-28T23:00:00Z', LONDON, 60 * 60_000], // GMT: midnight at 00:00 UTC
    ['2026-03-29T22:00:00Z', LONDON, 60 * 60_000], // BST: midnight at 23:00 UTC
    ['2026-10-25T22:30:00Z', LONDON, 90 * 60_000], // the 25-hour day: midnight at 00:00 UTC on the 26th
    ['2026-11-27T20:55:00Z', 'Europe/Moscow', 5 * 60_000],
  ])('from %s in %s: %d ms', (now, zone, ms) => {
    expect(Math.abs(untilNextMidnight(zone, new Date(now)) - ms)).toBeLessThanOrEqual(1000);
  });
});
