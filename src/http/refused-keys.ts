import type { Services } from '../services.js';
import { domainError, type DomainError } from '../errors/domain-error.js';
import { rateLimiterOf } from './rate-limit.js';

/**
 * Wrong secrets of issued key ids count against the client address,
 * RATE_LIMIT_REFUSED_KEYS_PER_MIN in a sliding minute (in Redis, shared by every api process):
 * beyond it, a further wrong secret from the address is answered 429 rate_limited with
 * Retry-After. Those are the only guesses that matter: a key id that was never issued is refused
 * without a database lookup (src/domain/access/issued-keys.ts) and counts nothing, and a
 * revoked or expired key with its own secret is no guess. Nothing here ever holds up a valid
 * key (issue 41 item 6): anyone behind the same NAT or cloud egress as an integration could
 * otherwise stop it by sending made-up keys; a valid key is limited by its own rate classes only.
 * A guesser of one issued key id costs at most one lookup per AUTH_CACHE_MS and process (the
 * caller cache keeps the stored hash the wrong secrets are compared against).
 */
const keyOf = (address: string) => `refused-keys:a:${address}`;

/** A wrong secret of an issued key, counted against its address: the error to answer (401 invalid_api_key, or 429 beyond the limit). */
export async function refusedKey(services: Services, address: string): Promise<DomainError> {
  const limit = services.config.limits.refusedKeysPerMin;
  const w = await rateLimiterOf(services).consumeWindow(keyOf(address), limit);
  if (!w.exceeded) return invalidKey();
  services.metrics.rateLimitRefusals.inc({ rate_class: 'refused_keys' });
  return domainError('rate_limited', `More than ${limit} refused API keys from this address in a minute; retry after ${w.resetSeconds} s.`, {}, { retryAfterSeconds: w.resetSeconds });
}

export const invalidKey = (): DomainError => domainError('invalid_api_key', 'The API key is missing, unknown, revoked or expired.');
