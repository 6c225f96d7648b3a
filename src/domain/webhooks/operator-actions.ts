import type { Em } from '../../db/em.js';
import type { WebhookStatus } from '../../entities/webhook.js';
import { ownerContext, updateSubscription, type SubscriptionContext } from './subscriptions.js';

/**
 * Pauses or resumes a subscription for an operator tool (bin/ctl webhook pause|resume, the
 * support console) exactly as its integration would with PATCH /webhooks/{id} {status}.
 * Answers the deliveries a resume releases, to be signalled after the commit.
 */
export async function setSubscriptionStatus(em: Em, webhookId: string, status: WebhookStatus, settings: Omit<SubscriptionContext, 'subscriber'>) {
  return updateSubscription(em, await ownerContext(em, webhookId, settings), webhookId, { status });
}
