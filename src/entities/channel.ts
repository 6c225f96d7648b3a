import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Channel = defineEntity({
  name: 'Channel',
  tableName: 'channels',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** Set for the `api` channel of an integration. */
    integrationId: p.uuid().nullable(),
    type: p.text(),
    name: p.text(),
    settings: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
  },
});
export type Channel = InferEntity<typeof Channel>;
