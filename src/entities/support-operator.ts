import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** What an operator may do in the support console: a viewer reads; an operator also acts; an admin also manages operators. */
export const OPERATOR_ROLES = ['viewer', 'operator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** An account of the support console (docs/supporting.md, "Managing operators"). */
export const SupportOperator = defineEntity({
  name: 'SupportOperator',
  tableName: 'support_operators',
  properties: {
    id: p.uuid().primary(),
    email: p.text(),
    displayName: p.text(),
    role: p.enum(OPERATOR_ROLES),
    /** scrypt$N$r$p$salt$hash (src/console/operators/passwords.ts). */
    passwordHash: p.text(),
    totpSecretSealed: p.text(),
    /** The last TOTP time step accepted: a code is good once. */
    totpLastStep: p.bigint('number').nullable(),
    disabled: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type SupportOperator = InferEntity<typeof SupportOperator>;
