import type { Config } from '../../config.js';
import type { KeyMode } from '../../entities/api-key.js';
import { API_ACCESS } from './scopes.js';
import { domainError, type DomainError } from '../../errors/domain-error.js';

/** Why a key was refused (the api's own log line, the request log and the support console; never the answer). */
export type KeyRefusal = 'missing' | 'malformed' | 'test_keys_off' | 'wrong_cell' | 'unknown' | 'wrong_secret' | 'revoked' | 'expired';

/**
 * The steps of authentication that do not need the secret, in the api's order, each decided
 * here only: the api (src/http/authenticate.ts) and the support console's key page
 * (src/domain/support/keys.ts) ask the same functions, so support reads the api's reason.
 */

/** Before any lookup: what the key's own text says (its mode and cell). */
export function refusalOfKeyText(key: { mode: KeyMode; cell: string }, config: Pick<Config, 'cell' | 'releasedLabels'>): 'test_keys_off' | 'wrong_cell' | null {
  // Test keys and the sandbox are Planned in the spec: where planned is off, a test key is no key.
  if (key.mode === 'test' && !config.releasedLabels.includes('planned')) return 'test_keys_off';
  if (key.cell !== config.cell) return 'wrong_cell';
  return null;
}

/** An issued key whose secret matched: revoked, expired, or neither. */
export function refusalOfIssuedKey(key: { revokedAt?: Date | null; expiresAt: Date }, now: Date): 'revoked' | 'expired' | null {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** A valid key whose integration or tenant cannot call: the Problem the api answers, or null. */
export function refusalOfOwners(
  integration: { status: string; ownerActive: boolean },
  tenant: { status: string; features: string[] },
): DomainError | null {
  if (integration.status !== 'active' || !integration.ownerActive) {
    return domainError('integration_inactive', `The integration is ${integration.ownerActive ? integration.status : 'inactive: its owner lost access'}.`);
  }
  if (tenant.status !== 'active') return domainError('tenant_inactive', 'The account is not active.');
  if (!tenant.features.includes(API_ACCESS)) return domainError('feature_not_in_plan', 'The plan does not include API access.');
  return null;
}
