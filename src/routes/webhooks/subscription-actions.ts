import { defineRoute } from '../../http/route.js';
import { findSubscription } from '../../domain/webhooks/subscriptions.js';
import { rotateSigningSecret } from '../../domain/webhooks/secret-rotation.js';
import { queueTestEvent } from '../../domain/webhooks/test-event.js';
import { SecretBox } from '../../domain/webhooks/secret-box.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { requestRecovery, type RecoveryRequest } from '../../domain/webhooks/recovery-operation.js';
import { WaitQuery } from '../conversations/ai-reply-schemas.js';
import { STARTED_OPERATION_RESPONSES, settleGeneration, startedOperation } from '../articles/generation-routes.js';
import { RecoveryInProgressProblemSchema, WebhookParams, WebhookRecoveryRequestSchema, WebhookTestResultSchema, WebhookWithSecretSchema } from './schemas.js';
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

export const recoverWebhookDeliveries = defineRoute<{ wait: number }, IdParams, RecoveryRequest>({
  ...common, release: 'beta', method: 'POST', path: '/webhooks/{id}/recover', idempotency: 'required',
  summary: 'Redeliver the failed and dead deliveries of a time range, once each (an operation)',
  description: 'Redelivers every failed or dead delivery of this subscription created in [since, until) that has not been redelivered yet, oldest first: '
    + 'each as a new delivery of the same event (same Svc-Event-Id), once, however often a range is recovered; redeliveries found in the range are not sent again. '
    + 'since is at most the delivery log\'s 30 days ago; until defaults to now (a later one is taken as now) and must be later than since (else 422 at the field). '
    + 'Answers 202 OperationEnvelope (type webhook.recovery, resource {type: webhook, id}, progress), or 200 when it finished within wait (0..20 s); '
    + 'GET /operations/{id} shows its progress, POST /operations/{id}/cancel stops it (redeliveries already made still go out), and operation.completed tells its end. '
    + 'A recovery of an overlapping range of this subscription still queued or running: 409 operation_in_progress with its operation_id.',
  query: WaitQuery,
  body: WebhookRecoveryRequestSchema,
  responses: STARTED_OPERATION_RESPONSES,
  errors: ['operation_in_progress', 'validation_failed', 'idempotency_key_required'],
  problems: { operation_in_progress: RecoveryInProgressProblemSchema },
  handler: async ({ params, body, auth, em, services, afterCommit }) => {
    const op = await requestRecovery(em, services, { tenantId: auth.tenant.id, integrationId: auth.integration.id }, params.id, body);
    return startedOperation(em, services, op, afterCommit);
  },
  settle: settleGeneration,
});

export const subscriptionActionRoutes = [rotateWebhookSecret, sendWebhookTest, recoverWebhookDeliveries];
