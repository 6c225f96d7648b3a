import { domainError } from '../../errors/domain-error.js';
import { PII_SCOPES, type Scope } from './scopes.js';

/** What an integration declares before personal data may leave the ru cell (spec 01, Authentication 7). */
export interface TransferConditions {
  ipAllowlist: readonly string[] | null;
  hostingCountry: string | null;
  transferBasis: string | null;
}

/** What the ru cell's personal-data conditions still lack; empty = none. */
export function missingTransferConditions(i: TransferConditions): string[] {
  return [
    !(i.ipAllowlist && i.ipAllowlist.length) && 'an IP allowlist',
    i.hostingCountry !== 'RU' && 'hosting country RU',
    !i.transferBasis?.trim() && 'a declared transfer basis',
  ].filter((m): m is string => typeof m === 'string');
}

/** pii_transfer_not_allowed on the ru cell when a condition is missing; nothing elsewhere. */
export function assertPiiTransferAllowed(cell: string, integration: TransferConditions): void {
  const missing = cell === 'ru' ? missingTransferConditions(integration) : [];
  if (missing.length) {
    throw domainError('pii_transfer_not_allowed', `Personal data leaves the ru cell only to integrations with ${missing.join(', ')}.`);
  }
}

/** The scopes GET /me lists: on the ru cell the personal-data ones only while the conditions hold. */
export function usableScopes(cell: string, integration: TransferConditions, scopes: readonly Scope[]): Scope[] {
  if (cell !== 'ru' || !missingTransferConditions(integration).length) return [...scopes];
  return scopes.filter((s) => !PII_SCOPES.includes(s));
}
