import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';

/**
 * Milliseconds from `now` to the next midnight in `zone` (the next change of its calendar day).
 * Found by search, not by an offset: the zone may change its offset that day.
 */
export function untilNextMidnight(zone: string, now = new Date()): number {
  const today = dayIn(now, zone);
  const tomorrow = addDays(today, 1);
  // Local midnight lies within 14 h of UTC midnight of the same date in every zone.
  let lo = Date.parse(`${today}T00:00:00Z`) - 14 * 3_600_000;
  let hi = Date.parse(`${tomorrow}T00:00:00Z`) + 14 * 3_600_000;
  lo = Math.max(lo, now.getTime());
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayIn(new Date(mid), zone) === today) lo = mid;
    else hi = mid;
  }
  return hi - now.getTime();
}

/**
 * Fixtures that fix "yesterday in `zone`" while the code under test computes it again (the
 * analytics clamp, a snapshot's complete_through) disagree once the zone's midnight passes
 * between the two (issue 28). A file that builds them calls this first: when the next
 * midnight is closer than `marginMs` (longer than the file takes), it waits until just after it,
 * so the file runs inside one calendar day. At most `marginMs` of waiting, on a few runs a day.
 */
export async function clearOfMidnight(zone: string, marginMs = 5 * 60_000): Promise<void> {
  const left = untilNextMidnight(zone);
  if (left >= marginMs) return;
  process.stderr.write(`waiting ${Math.ceil(left / 1000)} s for midnight in ${zone} to pass before building day-based fixtures\n`);
  await new Promise((resolve) => setTimeout(resolve, left + 2000));
}
