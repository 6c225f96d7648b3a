import type { Cell } from '../../config.js';
import type { IntegrationStatus } from '../../entities/integration.js';
import { API_ACCESS, FEATURE_OF_SCOPE, effectiveScopes, type Scope } from '../access/scopes.js';
import { missingTransferConditions, type TransferConditions } from '../access/personal-data.js';
import { familyOf } from '../events/catalogue.js';
import { bodyCarriesPii, type StoredEvent } from './envelope.js';
import { scopesForPii } from './subscription-rules.js';

/** Why a delivery may not go out now but may later: access can come back. */
export const ACCESS_HOLD_REASONS = ['integration_inactive', 'tenant_inactive', 'feature_not_in_plan', 'scope_missing', 'pii_transfer_not_allowed'] as const;
export type AccessHoldReason = (typeof ACCESS_HOLD_REASONS)[number];

/** send; hold until access returns; end (never sent: the integration is revoked for good). */
export type AccessVerdict =
  | { verdict: 'send' }
  | { verdict: 'hold'; reason: AccessHoldReason }
  | { verdict: 'end'; reason: 'integration_revoked' };

/**
 * The read scope an event's family needs (spec 01: webhooks deliver what the integration may
 * read). Conversation events need conversations:read; lead and CRM events leads:read; articles
 * articles:read; strategist strategist:read; service and test events (operation.completed,
 * api_key.expiring, webhook.test) only the webhooks feature.
 */
const SCOPE_OF_FAMILY: Record<string, Scope> = {
  conversation: 'conversations:read', message: 'conversations:read',
  lead: 'leads:read', contact: 'leads:read', task: 'leads:read', crm: 'leads:read',
  article: 'articles:read', strategist: 'strategist:read',
};

/** Scopes an integration needs to receive this event; with personal data, also the personal-data ones. */
export function scopesForEvent(type: string, carriesPii: boolean): Scope[] {
  const scope = Object.hasOwn(SCOPE_OF_FAMILY, familyOf(type)) ? SCOPE_OF_FAMILY[familyOf(type)]! : null;
  const needed = new Set<Scope>(scope ? [scope] : []);
  // Stryker disable next-line ArrayDeclaration: [] is equivalent, the one scope scopesForPii adds for a type (conversations:read) is the family's scope above.
  if (carriesPii) for (const s of scopesForPii([type])) needed.add(s);
  return [...needed];
}

/** Everything about who receives a delivery, read fresh before each attempt. */
export interface DeliveryAccess extends TransferConditions {
  integrationStatus: IntegrationStatus;
  ownerActive: boolean;
  integrationScopes: readonly string[];
  ownerPermissions: readonly string[];
  tenantStatus: string;
  features: readonly string[];
  includePii: boolean;
  event: Pick<StoredEvent, 'type' | 'piiData'>;
}

/**
 * Whether this delivery may go out now (issue 9 item 1), the same rules as the API: the
 * integration active with an active owner, the tenant active, the API licence and the webhooks
 * feature, the scopes the event needs among the effective scopes, and on the ru cell the
 * transfer conditions for a body with personal data. Revoked ends; everything else holds.
 */
export function deliveryAccess(a: DeliveryAccess, cell: Cell): AccessVerdict {
  if (a.integrationStatus === 'revoked') return { verdict: 'end', reason: 'integration_revoked' };
  if (a.integrationStatus !== 'active' || !a.ownerActive) return { verdict: 'hold', reason: 'integration_inactive' };
  if (a.tenantStatus !== 'active') return { verdict: 'hold', reason: 'tenant_inactive' };
  if (!a.features.includes(API_ACCESS) || !a.features.includes(FEATURE_OF_SCOPE['webhooks:manage'])) return { verdict: 'hold', reason: 'feature_not_in_plan' };
  const carriesPii = bodyCarriesPii(a.event, a.includePii);
  const effective = effectiveScopes(a.integrationScopes, a.ownerPermissions, a.features);
  if (scopesForEvent(a.event.type, carriesPii).some((s) => !effective.includes(s))) return { verdict: 'hold', reason: 'scope_missing' };
  if (carriesPii && cell === 'ru' && missingTransferConditions(a).length) return { verdict: 'hold', reason: 'pii_transfer_not_allowed' };
  return { verdict: 'send' };
}
