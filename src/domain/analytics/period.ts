import { invalidField } from '../../errors/domain-error.js';
import { addDays, dayIn, daysBetween } from './time-zone.js';

/** The longest range a read takes (issue 13). */
export const MAX_RANGE_DAYS = 400;
/** The range a read covers when `from` is not given: this many days ending at `to`. */
export const DEFAULT_RANGE_DAYS = 30;

export interface Period {
  from: string;
  to: string;
  /** The `to` asked for was after the last day the read may show, and was brought back to it. */
  clamped: boolean;
  /** `to` is today (include_today): a day still going on, whose figures are partial (data_as_of.partial_day). */
  partial: boolean;
  zone: string;
}

export interface AskedPeriod {
  from?: string;
  to?: string;
  /** Today may be the last day of the read, and is its default (a partial day). */
  include_today?: boolean;
}

/**
 * The date rule of every analytics and dashboard read (decisions: "Analytics: the tenant's
 * time zone", "Analytics: today as a partial day"): from and to are calendar days in the
 * tenant's zone, inclusive; `to` defaults to the last full day (yesterday there) and a later
 * one is clamped to it (spec 02); with include_today, today takes that place and is partial
 * (as Plausible shows it); from after to, or a range over 400 days, is 422 at the field.
 */
export function readPeriod(asked: AskedPeriod, zone: string, now: Date): Period {
  const today = dayIn(now, zone);
  const last = asked.include_today ? today : addDays(today, -1);
  const wanted = asked.to ?? last;
  const to = wanted > last ? last : wanted;
  const from = asked.from ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  if (from > to) {
    throw invalidField('/from', 'out_of_range', wanted > last
      ? `from is after ${asked.include_today ? 'today' : 'the last full day'} (${last} in ${zone}), to which to is clamped`
      : 'from is after to');
  }
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw invalidField('/to', 'out_of_range', `the range is longer than ${MAX_RANGE_DAYS} days`);
  return { from, to, clamped: wanted !== to, partial: to === today, zone };
}

/** The period of the same length just before `p` (for "change against the previous period"). */
export function previousPeriod(p: Pick<Period, 'from' | 'to'>): { from: string; to: string } {
  const length = daysBetween(p.from, p.to) + 1;
  return { from: addDays(p.from, -length), to: addDays(p.from, -1) };
}

export type Interval = 'day' | 'week' | 'month';

/** The first day of the interval holding `day`, not before `from` (weeks start on Monday, ISO 8601). */
export function bucketOf(day: string, interval: Interval, from: string): string {
  let start = day;
  if (interval === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    start = addDays(day, -weekday);
  } else if (interval === 'month') {
    start = `${day.slice(0, 7)}-01`;
  }
  return start < from ? from : start;
}

/** Every bucket start of the period, in order: the points of a zero-filled series. */
export function bucketsOf(p: Pick<Period, 'from' | 'to'>, interval: Interval): string[] {
  const out: string[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) {
    const b = bucketOf(d, interval, p.from);
    if (out[out.length - 1] !== b) out.push(b);
  }
  return out;
}
