/**
 * Runs `fn` over `items` with at most `limit` calls in flight. Failures are handed to
 * `onError` and do not stop the others (one unreachable workflow must not block a batch).
 */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>, onError: (item: T, err: unknown) => void): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (err) {
        onError(item, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
