import type { Redis } from 'ioredis';

/**
 * A subscription's max_per_second (issue 38 item 4; docs/decisions.md, "Deliveries at a
 * subscription's rate"): starts of deliveries to it are spaced evenly, one every
 * startSpacingUs, in Redis, so every worker of the cluster shares one schedule.
 *
 * Two keys per subscription and rate: `next` is the schedule (the first free slot: a delivery
 * that asks takes the slot and moves it on by one spacing, so a backlog gets slots one spacing
 * apart and each delivery sleeps, once, until its own); `last` is the gate at the moment of the
 * start (a start goes only one spacing after the last one), which keeps the spacing exact when a
 * timer fires late. Times are Redis's own (TIME, microseconds): the workers' clocks do not matter.
 */

/** Lowest and highest max_per_second a subscription may set. */
export const MAX_PER_SECOND_RANGE = { min: 1, max: 1000 } as const;

/**
 * Starts are spaced 10 % wider than 1/rate: `rate` gaps then span 1.1 s, so a subscriber that
 * counts arrivals sees at most `rate` in any second unless one request takes 100 ms longer to
 * arrive (connection, TLS, a busy sender) than one `rate` starts later. 5 % (50 ms) was too
 * little on a loaded machine: 6 in a second once in 500 (docs/benchmarks.md).
 */
export const SPACING_MARGIN = 1.1;

/** Microseconds between two starts at `maxPerSecond`. */
export const startSpacingUs = (maxPerSecond: number): number => Math.ceil((1_000_000 * SPACING_MARGIN) / maxPerSecond);

/**
 * take: ask for a slot (KEYS[1] the schedule) unless ARGV[2] is 'gate', then pass the gate
 * (KEYS[2]) when the slot is now. Answers 0 when the start may go now (and records it), else the
 * microseconds to wait: until the slot it took, or until the gate opens (no slot taken then).
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local spacing = tonumber(ARGV[1])
if ARGV[2] ~= 'gate' then
  local slot = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
  redis.call('SET', KEYS[1], string.format('%d', slot + spacing), 'PX', math.ceil((slot + spacing - now) / 1000) + 1000)
  if slot > now then return slot - now end
end
local opens = tonumber(redis.call('GET', KEYS[2]) or '0') + spacing
if opens > now then return opens - now end
redis.call('SET', KEYS[2], string.format('%d', now), 'PX', math.ceil(spacing / 1000) + 1000)
return 0`;

type RateRedis = Redis & { takeDeliveryStart(next: string, last: string, spacingUs: string, mode: string): Promise<number> };

/** slot: ask for a slot of the schedule (a delivery's first ask for an attempt); gate: the slot was taken, and has come. */
export type RateAsk = 'slot' | 'gate';

export class DeliveryRate {
  private readonly redis: RateRedis;

  constructor(redis: Redis) {
    if (!('takeDeliveryStart' in redis)) redis.defineCommand('takeDeliveryStart', { numberOfKeys: 2, lua: TAKE_SCRIPT });
    this.redis = redis as RateRedis;
  }

  /**
   * 0 when a delivery to `webhookId` may start now (the start is recorded), else the
   * milliseconds to wait before asking at the gate. The keys carry the rate: a changed
   * max_per_second starts a schedule of its own. Throws when Redis cannot answer.
   */
  async take(webhookId: string, maxPerSecond: number, ask: RateAsk): Promise<number> {
    const key = `webhook-rate:${webhookId}:${maxPerSecond}`;
    const waitUs = Number(await this.redis.takeDeliveryStart(`${key}:next`, `${key}:last`, String(startSpacingUs(maxPerSecond)), ask));
    return Math.ceil(waitUs / 1000);
  }
}
