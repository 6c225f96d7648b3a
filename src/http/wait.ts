import type { Context } from 'koa';

/**
 * What is left, in milliseconds, of a request's `wait` (0 to 20 seconds, spec 01 "Async
 * operations"): it counts from the request's arrival, so the time spent admitting, writing
 * and starting the work is part of it and a client's time-out of `wait` plus a little holds.
 */
export function waitLeftMs(ctx: Context, waitSeconds: number): number {
  const receivedAt = typeof ctx.state.receivedAt === 'number' ? ctx.state.receivedAt : Date.now();
  return Math.max(0, waitSeconds * 1000 - (Date.now() - receivedAt));
}
