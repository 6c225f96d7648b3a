import { defineRoute } from '../../http/route.js';
import { findSubscription } from '../../domain/webhooks/subscriptions.js';
import { rotateSigningSecret } from '../../domain/webhooks/secret-rotation.js';
import { queueTestEvent } from '../../domain/webhooks/test-event.js';
import { SecretBox } from '../../domain/webhooks/secret-box.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { WebhookParams, WebhookTestResultSchema, WebhookWithSecretSchema } from './schemas.js';
import { presentTestResult, presentWebhookWithSecret, withoutSecret } from './presenters.js';
import { WEBHOOKS_MIGRATION } from './context.js';

const common = { family: 'webhooks', scope: 'webhooks:manage', migration: WEBHOOKS_MIGRATION, rateClass: 'write', params: WebhookParams } as const;

interface IdParams { id: string }

export const rotateWebhookSecret = defineRoute<unknown, IdParams>({
  ...common, release: 'available', method: 'POST', path: '/webhooks/{id}/rotate-secret',
  summary: 'Issue a new signing secret; the old one stays valid 24 hours',
  description: 'The new secret is shown once. Until previous_secret_expires_at every delivery carries two v1 signatures. '
    + 'A rotation inside an open window ends the older secret at once: only the two newest are ever valid.',
  responses: { 200: { description: 'WebhookWithSecret with the new secret', schema: WebhookWithSecretSchema } },
  replayBody: withoutSecret,
  handler: async ({ params, auth, em, services }) => {
    const now = services.clock.now();
    const webhook = await findSubscription(em, auth.integration.id, params.id, true);
    const secret = rotateSigningSecret(webhook, new SecretBox(services.config.webhooks.secretKey), now);
    await em.flush();
    return { status: 200, body: presentWebhookWithSecret(webhook, secret, now) };
  },
});

export const sendWebhookTest = defineRoute<unknown, IdParams>({
  ...common, release: 'available', method: 'POST', path: '/webhooks/{id}/test',
  summary: 'Queue a webhook.test event (livemode false) for this subscription',
  responses: { 202: { description: 'WebhookTestResult: queued, goes out on the next delivery run', schema: WebhookTestResultSchema } },
  handler: async ({ params, auth, em, services, afterCommit }) => {
    const webhook = await findSubscription(em, auth.integration.id, params.id);
    const event = await queueTestEvent(em, webhook, services.clock.now());
    afterCommit(() => wakeRelay(services.redis));
    return { status: 202, body: presentTestResult(event) };
  },
});

export const subscriptionActionRoutes = [rotateWebhookSecret, sendWebhookTest];
