/**
 * Polls `probe` until it returns a value other than undefined, or fails at the deadline. The
 * default deadline is generous: real retries on a real Temporal server wait for its timers
 * (about a second each), and on a 2-core machine another suite may be loading the CPU.
 */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
