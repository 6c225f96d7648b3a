import type { Services } from '../services.js';
import { domainError, type DomainError } from '../errors/domain-error.js';
import { rateLimiterOf, type WindowCount, type WindowGate } from './rate-limit.js';

/**
 * Well-formed API keys of this cell that are refused (unknown, wrong secret, revoked, expired)
 * count against the client address, RATE_LIMIT_REFUSED_KEYS_PER_MIN in a sliding minute (in
 * Redis, shared by every api process). An address at its limit is answered 429 rate_limited
 * with Retry-After, so made-up keys cost a bounded number of database lookups; a key the
 * process holds in its cache needs no lookup and is not held up. What the widget does for
 * session tokens (src/widget/rate-limits.ts, countingRejections).
 *
 * Where it is asked, without a round trip of its own (issue 30 item 9):
 * - before a lookup, the process's own memory of the addresses at their limit (learnt from the
 *   counts below): such an address waits without a lookup; one that reached its limit through
 *   another api process costs this process one lookup before it knows (a refusal then counts
 *   nothing and answers 429);
 * - after a lookup that found a valid key, in the round trip that counts the request's rate
 *   class (RateLimiter.consume's gate): an address at its limit waits (429), nothing counted.
 */
const keyOf = (address: string) => `refused-keys:a:${address}`;

function tooMany(services: Services, limit: number, retryAfterSeconds: number): DomainError {
  services.metrics.rateLimitRefusals.inc({ rate_class: 'refused_keys' });
  return domainError('rate_limited', `More than ${limit} refused API keys from this address in a minute; retry after ${retryAfterSeconds} s.`, {}, { retryAfterSeconds });
}

/** Addresses at their limit, each until one more refusal would be admitted (ms, the api's clock). */
class HeldAddresses {
  private readonly until = new Map<string, number>();

  constructor(private readonly clock: Services['clock']) {}

  /** Learns from a count of the address's window: at its limit, held until the oldest refusal leaves it. */
  learn(address: string, w: WindowCount): void {
    if (w.remaining > 0) return;
    if (this.until.size >= 10_000) this.prune();
    this.until.set(address, w.changesAt);
  }

  /** Milliseconds the address is still held, or 0. */
  heldFor(address: string, now: number): number {
    const until = this.until.get(address);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.until.delete(address);
    return 0;
  }

  private prune(): void {
    const now = this.clock.now().getTime();
    for (const [address, until] of this.until) if (until <= now) this.until.delete(address);
    // Forgetting costs a lookup each, never a wrong answer: the count in Redis still holds them.
    if (this.until.size >= 10_000) this.until.clear();
  }
}

const held = new WeakMap<Services, HeldAddresses>();

function heldOf(services: Services): HeldAddresses {
  let addresses = held.get(services);
  if (!addresses) held.set(services, (addresses = new HeldAddresses(services.clock)));
  return addresses;
}

/** Before a key is looked up in the database: 429 while this process knows the address is at its limit. */
export async function admitKeyLookup(services: Services, address: string): Promise<void> {
  const ms = heldOf(services).heldFor(address, services.clock.now().getTime());
  if (ms > 0) throw tooMany(services, services.config.limits.refusedKeysPerMin, Math.max(1, Math.ceil(ms / 1000)));
}

/** A refused key, counted against its address: the error to answer (401 invalid_api_key, or 429 beyond the limit). */
export async function refusedKey(services: Services, address: string): Promise<DomainError> {
  const limit = services.config.limits.refusedKeysPerMin;
  const w = await rateLimiterOf(services).consumeWindow(keyOf(address), limit);
  heldOf(services).learn(address, w);
  return w.exceeded ? tooMany(services, limit, w.resetSeconds) : invalidKey();
}

/** The address's refused keys as a gate of the request's rate-limit count (a key looked up now, found valid). */
export function refusedKeysGate(services: Services, address: string): WindowGate {
  const limit = services.config.limits.refusedKeysPerMin;
  return {
    key: keyOf(address),
    limit,
    refuse: (w) => {
      heldOf(services).learn(address, w);
      return tooMany(services, limit, w.resetSeconds);
    },
  };
}

export const invalidKey = (): DomainError => domainError('invalid_api_key', 'The API key is missing, unknown, revoked or expired.');
