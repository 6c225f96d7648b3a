import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Marks that api_key.expiring was raised for a key at one threshold (30 or 7 days). */
export const KeyExpiryNotice = defineEntity({
  name: 'KeyExpiryNotice',
  tableName: 'key_expiry_notices',
  properties: {
    keyId: p.text().primary(),
    thresholdDays: p.integer().primary(),
    eventId: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
export type KeyExpiryNotice = InferEntity<typeof KeyExpiryNotice>;
