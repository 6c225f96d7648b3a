import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import type { Metrics } from '../observability/metrics.js';
import type { Clock } from '../clock.js';
import type { RateClass } from './route.js';
import type { RateLimits } from '../domain/access/rate-limits.js';
import type { PaidRateCounter } from '../domain/operations/paid-admission.js';
import { domainError } from '../errors/domain-error.js';
import type { Services } from '../services.js';

const WINDOW_MS = 60_000;

// INCR the window's counter and give it a lifetime on first use; one round trip.
const COUNT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

const LIMIT_OF: Record<RateClass, keyof RateLimits> = { read: 'read_per_min', write: 'write_per_min', paid: 'paid_per_min' };

/** One hit counted in a fixed window. */
export interface WindowCount {
  count: number;
  remaining: number;
  /** Seconds until the window ends (Retry-After when exceeded). */
  resetSeconds: number;
  exceeded: boolean;
}

type CountingRedis = Redis & { countRequest(key: string, ttlMs: string): Promise<number> };

/**
 * Fixed one-minute windows in Redis: per integration and rate class, and
 * any other key through consumeWindow (the visitor chat's limits). Answers carry
 * RateLimit-Limit / -Remaining / -Reset (seconds) and RateLimit-Policy; a refusal is 429
 * with Retry-After. When Redis cannot answer the request is refused with 503: the limits
 * store being down never opens the door.
 */
export class RateLimiter {
  private readonly redis: CountingRedis;

  constructor(redis: Redis, private readonly metrics: Metrics, private readonly clock: Clock) {
    // defineCommand sends EVALSHA (the script body travels once, not on every request).
    if (!('countRequest' in redis)) redis.defineCommand('countRequest', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    this.redis = redis as CountingRedis;
  }

  /**
   * Counts one hit in the current window of `key` (fixed windows of `windowMs`, one minute
   * unless said otherwise, shared by every api process through Redis). 503
   * service_unavailable when Redis cannot answer.
   */
  async consumeWindow(key: string, limit: number, windowMs = WINDOW_MS): Promise<WindowCount> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % windowMs);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    let count: number;
    try {
      count = Number(await this.redis.countRequest(`rl:${key}:${windowStart}`, String(windowMs + 5000)));
    } catch {
      throw domainError('service_unavailable', 'The rate-limit store is unavailable; retry shortly.', {}, { retryAfterSeconds: 5 });
    }
    return { count, remaining: Math.max(0, limit - count), resetSeconds, exceeded: count > limit };
  }

  /** An integration's request of a rate class (the key is the integration, or the website channel for a visitor's paid work). */
  async consume(ctx: Context, callerId: string, rateClass: RateClass, limits: RateLimits): Promise<void> {
    const limit = limits[LIMIT_OF[rateClass]];
    const w = await this.consumeWindow(`${callerId}:${rateClass}`, limit);
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(w.remaining));
    ctx.set('RateLimit-Reset', String(w.resetSeconds));
    ctx.set('RateLimit-Policy', `${limit};w=60;name="${rateClass}"`);
    if (w.exceeded) {
      this.metrics.rateLimitRefusals.inc({ rate_class: rateClass });
      throw domainError('rate_limited', `More than ${limit} ${rateClass} requests in a minute; retry after ${w.resetSeconds} s with the same Idempotency-Key.`, {}, { retryAfterSeconds: w.resetSeconds });
    }
  }
}

const limiters = new WeakMap<Services, RateLimiter>();

/** The process's one limiter: the pipeline counts a route's class, a handler counts `paid` when it starts paid work. */
export function rateLimiterOf(services: Services): RateLimiter {
  let limiter = limiters.get(services);
  if (!limiter) limiters.set(services, (limiter = new RateLimiter(services.redis, services.metrics, services.clock)));
  return limiter;
}

/**
 * The paid rate class as the domain counts paid work, for the request `ctx` answers: its
 * refusal and its RateLimit-* headers are that request's (per integration, or per website
 * channel for a visitor).
 */
export function paidRateCounter(services: Services, ctx: Context): PaidRateCounter {
  const limiter = rateLimiterOf(services);
  return {
    countPaidRequest: (payer) => limiter.consume(ctx, payer.integrationId ?? payer.channelId!, 'paid', payer.limits),
    exceedsWindow: async (key, limit, windowMs) => (await limiter.consumeWindow(key, limit, windowMs)).exceeded,
  };
}
