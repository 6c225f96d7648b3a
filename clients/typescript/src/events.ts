/**
 * The envelope of every webhook delivery (spec 01, "Event envelope"). `data` holds the
 * resource identifiers (thin payload) or, with include_pii, the content of lead, contact and
 * conversation events. A receiver answers 2xx to types it does not know and ignores them.
 */
export interface WebhookEvent<Type extends string = string, Data = Record<string, unknown>> {
  /** Equals the Svc-Event-Id header: skip an id already processed. */
  id: string;
  type: Type;
  api_version: string;
  created_at: string;
  /** false for webhook.test and sandbox data. */
  livemode: boolean;
  data: Data;
}
