/** The most requests that arrived within any span shorter than a second (arrival times in ms). */
export function mostInAnySecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
