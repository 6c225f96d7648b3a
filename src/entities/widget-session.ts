import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A visitor of a website channel and their conversation, behind the session token the widget
 * keeps (`st`). The token rotates on every message; the previous one stays valid a short while
 * so a stream or poll already under way with it is not cut off.
 */
export const WidgetSession = defineEntity({
  name: 'WidgetSession',
  tableName: 'widget_sessions',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    channelId: p.uuid(),
    conversationId: p.uuid(),
    tokenHash: p.text(),
    previousTokenHash: p.text().nullable(),
    previousValidUntil: p.datetime().nullable(),
    /** The consent version the visitor accepted. */
    consentVersion: p.text().nullable(),
    expiresAt: p.datetime(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type WidgetSession = InferEntity<typeof WidgetSession>;
