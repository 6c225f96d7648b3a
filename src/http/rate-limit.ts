import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import type { Metrics } from '../observability/metrics.js';
import type { Clock } from '../clock.js';
import type { RateLimits } from '../domain/access/rate-limits.js';
import type { PaidRateCounter } from '../domain/operations/paid-admission.js';
import { domainError } from '../errors/domain-error.js';
import type { Services } from '../services.js';

const WINDOW_MS = 60_000;

/** The class of limit a route counts against (its definition's `rateClass`). */
export type RateClass = 'read' | 'write' | 'paid';

/**
 * A sliding log: a key is a sorted set of the admitted hits' times (ms). `slide` drops the hits
 * that left the window (at or before now - window), then admits this hit (with a member to log)
 * only while fewer than the limit are left, so the log never holds more than `limit` entries;
 * without a member it asks without adding. Returns {admitted, hits in the window after it,
 * oldest hit, newest hit} of KEYS[1] (ARGV[3] its limit, ARGV[4] the member to log). The times
 * come from the api's clock (tests pin it).
 */
const SLIDING_LOG_SCRIPT = `
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local function slide(key, limit, member)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local n = redis.call('ZCARD', key)
  local admitted = 0
  if n < limit then
    admitted = 1
    if member then
      redis.call('ZADD', key, ARGV[1], member)
      n = n + 1
    end
  end
  if n == 0 then return {admitted, 0, now, now} end
  redis.call('PEXPIRE', key, window)
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]
  local newest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2]
  return {admitted, n, tonumber(oldest), tonumber(newest)}
end
return slide(KEYS[1], tonumber(ARGV[3]), ARGV[4])`;

const LIMIT_OF: Record<RateClass, keyof RateLimits> = { read: 'read_per_min', write: 'write_per_min', paid: 'paid_per_min' };

/** One hit counted in a sliding window. */
export interface WindowCount {
  /** Hits admitted in the window, this one included when admitted. */
  count: number;
  remaining: number;
  /**
   * Seconds until the budget changes for the caller: with some left, until all of it is back
   * (the newest hit leaves the window); with none left, until one more would be admitted (the
   * oldest hit leaves). Retry-After when exceeded. At least 1.
   */
  resetSeconds: number;
  /** The moment (ms, the api's clock) resetSeconds counts to, unrounded. */
  changesAt: number;
  exceeded: boolean;
}

type Answer = [number, number, number, number];
type LoggingRedis = Redis & {
  slidingLog(key: string, now: string, windowMs: string, limit: string, member: string): Promise<Answer>;
};

/** Hits of one process at one millisecond are told apart by a sequence (and processes by a random tag). */
const PROCESS_TAG = randomBytes(6).toString('base64url');
let sequence = 0;

/**
 * Sliding one-minute windows in Redis: per integration and rate class, and any other key
 * through consumeWindow (the visitor chat's limits, refused API keys). No span of the window's
 * length admits more than the limit. Answers carry RateLimit-Limit / -Remaining / -Reset
 * (seconds) and RateLimit-Policy; a refusal is 429 with Retry-After. When Redis cannot answer
 * the request is refused with 503: the limits store being down never opens the door.
 * Every call is one round trip (one EVALSHA: ioredis sends the script's body with EVAL on a
 * connection's first use, and again after a NOSCRIPT reply).
 */
export class RateLimiter {
  private readonly redis: LoggingRedis;

  constructor(redis: Redis, private readonly metrics: Metrics, private readonly clock: Clock) {
    if (!('slidingLog' in redis)) redis.defineCommand('slidingLog', { numberOfKeys: 1, lua: SLIDING_LOG_SCRIPT });
    this.redis = redis as LoggingRedis;
  }

  /**
   * Counts one hit of `key` when fewer than `limit` were admitted in the last `windowMs` (one
   * minute unless said otherwise, shared by every api process through Redis); a refused hit is
   * not logged, so a caller that keeps knocking is admitted again a window after its last
   * admitted hit. 503 service_unavailable when Redis cannot answer.
   */
  async consumeWindow(key: string, limit: number, windowMs = WINDOW_MS): Promise<WindowCount> {
    const now = this.clock.now().getTime();
    let answer: Answer;
    try {
      answer = await this.redis.slidingLog(`rl:${key}`, String(now), String(windowMs), String(limit), `${now}:${PROCESS_TAG}:${sequence++}`);
    } catch {
      throw domainError('service_unavailable', 'The rate-limit store is unavailable; retry shortly.', {}, { retryAfterSeconds: 5 });
    }
    return windowCount(answer.map(Number), limit, windowMs, now);
  }

  /**
   * An integration's request of a rate class (the key is the integration, or the website
   * channel for a visitor's paid work).
   */
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

/** {admitted, hits, oldest, newest} of one log as the caller sees it. */
function windowCount([admitted, count, oldest, newest]: number[], limit: number, windowMs: number, now: number): WindowCount {
  const remaining = Math.max(0, limit - count!);
  const changesAt = remaining > 0 ? newest! + windowMs : oldest! + windowMs;
  return { count: count!, remaining, resetSeconds: Math.max(1, Math.ceil((changesAt - now) / 1000)), changesAt, exceeded: admitted !== 1 };
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
