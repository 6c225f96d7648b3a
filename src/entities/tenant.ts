import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

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
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Tenant = InferEntity<typeof Tenant>;
