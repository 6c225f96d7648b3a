import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Disclosure } from './disclosure.js';

/** The stored answer of a POST sent with an Idempotency-Key, kept 24 hours. */
export const IdempotencyRecord = defineEntity({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_records',
  properties: {
    id: p.uuid().primary(),
    integrationId: p.uuid(),
    key: p.text(),
    requestHash: p.text(),
    responseStatus: p.integer(),
    responseBody: p.json<unknown>().nullable(),
    /** What the first answer disclosed (personal data): a replay discloses it again and is logged again. */
    disclosures: p.json<Disclosure[]>().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export type IdempotencyRecord = InferEntity<typeof IdempotencyRecord>;
