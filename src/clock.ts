/** Time behind a small seam so tests can pin it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests of time windows. */
export class PinnedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(to: Date): void {
    this.current = new Date(to.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "5s", "30m", "2h" -> milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a duration like 500ms, 5s, 30m, 2h or 1d`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** The date that begins an ISO 8601 text: YYYY-MM(-DD), the year possibly expanded (+00YYYY). */
const LEADING_DATE = /^\s*([+-]\d{2})?(\d{4})-(\d{2})(?:-(\d{2}))?/;

/**
 * Whether the date an ISO 8601 date or date-time text begins with exists. JavaScript's Date
 * (and so joi's isoDate) rolls 2026-02-30, 2025-02-29 and 2026-04-31 over into the next month
 * instead of refusing them. Text that does not begin with a date answers true: its form is
 * another rule's business.
 */
export function isCalendarDay(text: string): boolean {
  const m = LEADING_DATE.exec(text);
  if (!m) return true;
  const year = Number(`${m[1] ?? ''}${m[2]}`);
  const month = Number(m[3]);
  const day = m[4] === undefined ? 1 : Number(m[4]);
  if (month < 1 || month > 12 || day < 1) return false;
  // The Gregorian calendar repeats every 400 years: a year of the same place in 2000..2399 has the same months.
  const sameLeap = 2000 + (((year % 400) + 400) % 400);
  return day <= new Date(Date.UTC(sameLeap, month, 0)).getUTCDate();
}
