import type { Redis } from 'ioredis';
import { domainError } from '../errors/domain-error.js';
import { newId } from '../ids.js';

/**
 * Open event streams, counted across api processes in Redis: per session
 * (WIDGET_STREAMS_PER_SESSION) and per client address (WIDGET_STREAMS_PER_IP). Each stream
 * holds a slot, a member of a sorted set scored with its lease's end; the stream renews the
 * lease on every heartbeat and gives the slot back when it ends. A slot of a process that
 * crashed lapses with its lease, so no slot leaks; the sets expire with their newest lease.
 * Times are Redis' own (TIME), so api processes with skewed clocks agree.
 */

/** KEYS: session set, address set. ARGV: member, lease ms, session cap, address cap. 0 = taken, 1 = session full, 2 = address full. */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 2 end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], lease)
end
return 0`;

/** KEYS: session set, address set. ARGV: member, lease ms. Renews a slot still held (a lapsed one is not taken again). */
const RENEW_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
for i = 1, 2 do
  if redis.call('ZADD', KEYS[i], 'XX', 'CH', now + lease, ARGV[1]) == 1 then redis.call('PEXPIRE', KEYS[i], lease) end
end
return 0`;

type SlotRedis = Redis & {
  takeStreamSlot(session: string, address: string, member: string, leaseMs: string, sessionCap: string, addressCap: string): Promise<number>;
  renewStreamSlot(session: string, address: string, member: string, leaseMs: string): Promise<number>;
};

export interface StreamCaps {
  perSession: number;
  perAddress: number;
  /** How long a slot lives without renewal (a crashed process' slots lapse after it). */
  leaseMs: number;
}

/** One stream's slot: renew it on every heartbeat, release it once when the stream ends. */
export interface StreamSlot {
  renew(): Promise<void>;
  release(): Promise<void>;
}

const unavailable = () => domainError('service_unavailable', 'The stream limits are unavailable right now; retry shortly (or poll).', {}, { retryAfterSeconds: 5 });

export class StreamSlots {
  private readonly redis: SlotRedis;

  constructor(redis: Redis, private readonly caps: StreamCaps) {
    if (!('takeStreamSlot' in redis)) {
      redis.defineCommand('takeStreamSlot', { numberOfKeys: 2, lua: TAKE_SCRIPT });
      redis.defineCommand('renewStreamSlot', { numberOfKeys: 2, lua: RENEW_SCRIPT });
    }
    this.redis = redis as SlotRedis;
  }

  /** A slot for a stream of `sessionId` from `address`; 429 rate_limited with Retry-After beyond a cap, 503 when Redis cannot answer. */
  async take(sessionId: string, address: string): Promise<StreamSlot> {
    const keys = [`widget:streams:s:${sessionId}`, `widget:streams:a:${address}`] as const;
    const member = newId();
    const lease = String(this.caps.leaseMs);
    let taken: number;
    try {
      taken = Number(await this.redis.takeStreamSlot(keys[0], keys[1], member, lease, String(this.caps.perSession), String(this.caps.perAddress)));
    } catch {
      throw unavailable();
    }
    if (taken !== 0) {
      const [cap, who] = taken === 1 ? [this.caps.perSession, 'for this chat session'] : [this.caps.perAddress, 'from this address'];
      throw domainError('rate_limited', `At most ${cap} event streams ${who} at a time; close one, or retry later (or poll).`, {}, { retryAfterSeconds: Math.ceil(this.caps.leaseMs / 1000) });
    }
    let released = false;
    return {
      renew: async () => {
        if (!released) await this.redis.renewStreamSlot(keys[0], keys[1], member, lease);
      },
      release: async () => {
        if (released) return;
        released = true;
        await this.redis.multi().zrem(keys[0], member).zrem(keys[1], member).exec();
      },
    };
  }
}
