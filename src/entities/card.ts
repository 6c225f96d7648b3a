import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export interface CardButton {
  label: string;
  url: string;
}

/** A product card of a tenant (spec 02, CardButton and Card). The id is the product id. */
export const Card = defineEntity({
  name: 'Card',
  tableName: 'cards',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    code: p.text(),
    name: p.text(),
    description: p.text().nullable(),
    imageUrl: p.text().nullable(),
    pageUrl: p.text().nullable(),
    badge: p.text().nullable(),
    /** As set by the tenant; null = derive from the price when answering. */
    priceText: p.text().nullable(),
    priceAmount: p.decimal('string').nullable(),
    priceCurrency: p.text().nullable(),
    buttons: p.json<CardButton[]>(),
    aiEnabled: p.boolean(),
    sort: p.integer(),
    active: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Card = InferEntity<typeof Card>;
