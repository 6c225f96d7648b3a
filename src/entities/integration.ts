import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const INTEGRATION_STATUSES = ['active', 'suspended', 'revoked'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const Integration = defineEntity({
  name: 'Integration',
  tableName: 'integrations',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    name: p.text(),
    status: p.enum(INTEGRATION_STATUSES),
    /** Scopes granted to the integration. */
    scopes: p.array(),
    /** The owning staff member's current permissions, as scopes. */
    ownerPermissions: p.array(),
    /** false when the owner lost access: the integration answers integration_inactive. */
    ownerActive: p.boolean(),
    ipAllowlist: p.array().nullable(),
    hostingCountry: p.text().nullable(),
    transferBasis: p.text().nullable(),
    dailySpendLimitRub: p.decimal('string').nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Integration = InferEntity<typeof Integration>;
