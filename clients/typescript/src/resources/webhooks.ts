import { Resource, sent, keyed, unwrap, type Body, type Query, type WaitOptions, type WriteOptions } from '../resource.js';
import type { RequestOptions } from '../request-options.js';
import { constructEvent, type ConstructEventOptions } from '../signature.js';
import type { WebhookEvent } from '../events.js';

/** Webhook subscriptions and their delivery log; constructEvent verifies what they deliver. */
export class Webhooks extends Resource {
  list(query: Query<'getWebhooks'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/webhooks', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  /** The answer carries the signing secret, once. */
  create(body: Body<'postWebhooks'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/webhooks', { params: { header: keyed(o) }, body, ...sent(o) }));
  }

  retrieve(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/webhooks/{id}', { params: { path: { id } }, ...sent(o) }));
  }

  update(id: string, body: Body<'patchWebhooksById'>, o: RequestOptions = {}) {
    return unwrap(this.api.PATCH('/webhooks/{id}', { params: { path: { id } }, body, ...sent(o) }));
  }

  del(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.DELETE('/webhooks/{id}', { params: { path: { id } }, ...sent(o) }));
  }

  /** A new secret (shown once); the old one keeps working for 24 hours. */
  rotateSecret(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }

  /** Queues a webhook.test event (livemode false) to the subscription. */
  test(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/webhooks/{id}/test', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }

  listDeliveries(id: string, query: Query<'getWebhooksByIdDeliveries'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  redeliver(id: string, deliveryId: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/webhooks/{id}/deliveries/{delivery_id}/redeliver', { params: { path: { id, delivery_id: deliveryId }, header: keyed(o) }, ...sent(o) }));
  }

  /**
   * Beta. Redelivers the subscription's failed and dead deliveries created in [since, until),
   * once each, as the same events (same Svc-Event-Id): a webhook.recovery operation whose
   * `progress` client.operations.wait follows (client.operations.cancel stops it). A range
   * overlapping one still running is a ConflictError (operation_in_progress, its operation_id).
   */
  recover(id: string, body: Body<'postWebhooksByIdRecover'>, o: WaitOptions = {}) {
    return unwrap(this.api.POST('/webhooks/{id}/recover', {
      params: { path: { id }, query: o.wait === undefined ? {} : { wait: o.wait }, header: keyed(o) }, body, ...sent(o),
    }));
  }

  /** Verifies a delivery and returns its event (see constructEvent in signature.ts). */
  constructEvent(rawBody: string | Uint8Array, header: string | string[] | undefined | null, secret: string | readonly string[], o: ConstructEventOptions = {}): WebhookEvent {
    return constructEvent(rawBody, header, secret, o);
  }
}
