import type { Services } from '../services.js';
import { domainError, type DomainError } from '../errors/domain-error.js';
import { rateLimiterOf } from './rate-limit.js';

/**
 * Well-formed API keys of this cell that are refused (unknown, wrong secret, revoked, expired)
 * count against the client address, RATE_LIMIT_REFUSED_KEYS_PER_MIN in a sliding minute. An
 * address at its limit is answered 429 rate_limited with Retry-After before its next key is
 * looked up, so made-up keys cost a bounded number of database lookups; a key the process
 * holds in its cache needs no lookup and is not held up. What the widget does for session
 * tokens (src/widget/rate-limits.ts, countingRejections).
 */
const keyOf = (address: string) => `refused-keys:a:${address}`;

function tooMany(services: Services, limit: number, retryAfterSeconds: number): DomainError {
  services.metrics.rateLimitRefusals.inc({ rate_class: 'refused_keys' });
  return domainError('rate_limited', `More than ${limit} refused API keys from this address in a minute; retry after ${retryAfterSeconds} s.`, {}, { retryAfterSeconds });
}

/** Before a key is looked up in the database: 429 while the address is at its limit (nothing counted). */
export async function admitKeyLookup(services: Services, address: string): Promise<void> {
  const limit = services.config.limits.refusedKeysPerMin;
  const w = await rateLimiterOf(services).peekWindow(keyOf(address), limit);
  if (w.exceeded) throw tooMany(services, limit, w.resetSeconds);
}

/** A refused key, counted against its address: the error to answer (401 invalid_api_key, or 429 beyond the limit). */
export async function refusedKey(services: Services, address: string): Promise<DomainError> {
  const limit = services.config.limits.refusedKeysPerMin;
  const w = await rateLimiterOf(services).consumeWindow(keyOf(address), limit);
  return w.exceeded ? tooMany(services, limit, w.resetSeconds) : invalidKey();
}

export const invalidKey = (): DomainError => domainError('invalid_api_key', 'The API key is missing, unknown, revoked or expired.');
