import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const TENANT_STATUSES = ['active', 'inactive'] as const;

/** The spend limits a tenant may override (what each one limits: the wallet's spend limits in the domain). */
export const SPEND_LIMIT_KEYS = ['daily_spend_limit_rub', 'operation_cost_cap_rub', 'widget_daily_ai_cap_rub'] as const;
export type SpendLimitKey = (typeof SPEND_LIMIT_KEYS)[number];
/** The stored overrides: a key that is absent takes the default, null is "none", a decimal text is the limit. */
export type StoredSpendLimits = Partial<Record<SpendLimitKey, string | null>>;

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
     * Overrides of the cell's spend limits (see SPEND_LIMIT_KEYS). Optional
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
