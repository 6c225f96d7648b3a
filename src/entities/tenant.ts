import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { StoredSpendLimits } from '../domain/wallet/spend-limits.js';

export const TENANT_STATUSES = ['active', 'inactive'] as const;

export const Tenant = defineEntity({
  name: 'Tenant',
  tableName: 'tenants',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    status: p.enum(TENANT_STATUSES),
    features: p.array(),
    crmMode: p.text(),
    /**
     * Overrides of the cell's spend limits (see src/domain/wallet/spend-limits.ts). Optional
     * here: a new tenant leaves both columns to their database defaults ('{}', null), so a
     * tenant can be written before the migration that adds them (rolling deploys, the gate).
     */
    spendLimits: p.json<StoredSpendLimits>().nullable(),
    /** Host name (and port) card page paths resolve against in the chat; null = none. */
    primaryDomain: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Tenant = InferEntity<typeof Tenant>;
