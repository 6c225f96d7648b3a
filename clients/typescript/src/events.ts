import type { webhooks } from './schema.js';

/** The body of the delivery the document describes for one event type (its `webhooks` entry). */
type Delivered<K extends keyof webhooks> = webhooks[K] extends { post: { requestBody: { content: { 'application/json': infer E } } } } ? E : never;

/** Every event type the OpenAPI document's `webhooks` section lists (spec 01, "Subscribable event types"). */
export type WebhookEventType = keyof webhooks;

/** Each event type's delivery body, by type: `WebhookEventOf<'lead.updated'>['data']`. */
export type WebhookEventOf<K extends WebhookEventType> = Delivered<K>;

/**
 * A verified delivery (spec 01, "Event envelope"): a union over `type`, so a `switch
 * (event.type)` narrows `data` to that event's shape (the thin one, or with include_pii the one
 * carrying the contact and the lead). The list may grow: a server newer than this client may
 * send a type that is none of these; answer it 2xx and ignore it (the `default` branch).
 */
export type WebhookEvent = { [K in WebhookEventType]: Delivered<K> }[WebhookEventType];
