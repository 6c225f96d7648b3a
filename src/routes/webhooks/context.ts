import type { AuthContext } from '../../http/authenticate.js';
import type { Services } from '../../services.js';
import type { SubscriptionContext } from '../../domain/webhooks/subscriptions.js';

export const WEBHOOKS_MIGRATION = 'Migration20261122000400Webhooks' as const;

/** The calling integration and this cell's settings, as the subscription rules need them. */
export function subscriptionContext(auth: AuthContext, services: Services): SubscriptionContext {
  const i = auth.integration;
  return {
    subscriber: {
      tenantId: auth.tenant.id,
      integrationId: i.id,
      scopes: auth.scopes,
      ipAllowlist: i.ipAllowlist,
      hostingCountry: i.hostingCountry,
      transferBasis: i.transferBasis,
    },
    cell: services.config.cell,
    webhooks: services.config.webhooks,
    now: services.clock.now(),
  };
}
