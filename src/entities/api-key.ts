import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    /** The public key_id (`key_...`), not a secret. */
    keyId: p.text().primary(),
    integrationId: p.uuid(),
    tenantId: p.uuid(),
    /** HMAC-SHA256 of the whole key under the server pepper; the key itself is never stored. */
    secretHash: p.text(),
    mode: p.enum(KEY_MODES),
    cell: p.text(),
    expiresAt: p.datetime(),
    ipAllowlist: p.array().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type ApiKey = InferEntity<typeof ApiKey>;
