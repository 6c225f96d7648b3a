import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { BY_CREATION } from '../../db/keyset.js';
import { invalidField } from '../../errors/domain-error.js';
import {
  createSubscription, deleteSubscription, findSubscription, listSubscriptions, updateSubscription,
  type SubscriptionChanges, type SubscriptionInput,
} from '../../domain/webhooks/subscriptions.js';
import { WebhookCreateSchema, WebhookListQuery, WebhookPageSchema, WebhookParams, WebhookSchema, WebhookUpdateSchema, WebhookWithSecretSchema } from './schemas.js';
import { presentWebhook } from '../../presenters/webhooks.js';
import { presentWebhookWithSecret, withoutSecret } from './presenters.js';
import { subscriptionContext, WEBHOOKS_MIGRATION } from './context.js';
import { noticeDeliveries } from '../../temporal/deliveries.js';

const common = { family: 'webhooks', scope: 'webhooks:manage', migration: WEBHOOKS_MIGRATION } as const;

interface IdParams { id: string }

export const listWebhooks = defineRoute<{ limit: number; cursor?: string }>({
  ...common, release: 'available', method: 'GET', path: '/webhooks', rateClass: 'read',
  summary: "This integration's webhook subscriptions, oldest first",
  query: WebhookListQuery,
  responses: { 200: { description: 'WebhookPage (no secrets)', schema: WebhookPageSchema } },
  handler: async ({ query, auth, em, services }) => {
    const now = services.clock.now();
    const body = await keysetPage(services, auth.integration.id, 'GET /webhooks', {}, query, BY_CREATION,
      (window) => listSubscriptions(em, auth.integration.id, window), (w) => presentWebhook(w, now));
    return { status: 200, body };
  },
});

export const createWebhook = defineRoute<unknown, unknown, SubscriptionInput>({
  ...common, release: 'available', method: 'POST', path: '/webhooks', rateClass: 'write', idempotency: 'required',
  summary: 'Subscribe a URL to events; the signing secret is shown once',
  body: WebhookCreateSchema,
  responses: { 201: { description: 'WebhookWithSecret', schema: WebhookWithSecretSchema } },
  errors: ['pii_transfer_not_allowed', 'invalid_state'],
  replayBody: withoutSecret,
  handler: async ({ body, auth, em, services }) => {
    const ctx = subscriptionContext(auth, services);
    const { webhook, secret } = await createSubscription(em, ctx, body);
    return { status: 201, body: presentWebhookWithSecret(webhook, secret, ctx.now) };
  },
});

export const getWebhook = defineRoute<unknown, IdParams>({
  ...common, release: 'available', method: 'GET', path: '/webhooks/{id}', rateClass: 'read',
  summary: 'One webhook subscription (no secret)',
  params: WebhookParams,
  responses: { 200: { description: 'Webhook', schema: WebhookSchema } },
  handler: async ({ params, auth, em, services }) => {
    const webhook = await findSubscription(em, auth.integration.id, params.id);
    return { status: 200, body: presentWebhook(webhook, services.clock.now()) };
  },
});

export const updateWebhook = defineRoute<unknown, IdParams, SubscriptionChanges>({
  ...common, release: 'available', method: 'PATCH', path: '/webhooks/{id}', rateClass: 'write',
  summary: 'Change a subscription: url, events, include_pii, description, status (active or paused), max_per_second',
  params: WebhookParams,
  body: WebhookUpdateSchema,
  responses: { 200: { description: 'Webhook', schema: WebhookSchema } },
  errors: ['pii_transfer_not_allowed'],
  handler: async ({ params, body, auth, em, services, afterCommit }) => {
    if (Object.keys(body).length === 0) {
      throw invalidField('', 'required', 'Send at least one of url, events, include_pii, description, status, max_per_second.');
    }
    const ctx = subscriptionContext(auth, services);
    const { webhook, resumed } = await updateSubscription(em, ctx, params.id, body);
    afterCommit(() => noticeDeliveries(services, resumed, 'recheck'));
    return { status: 200, body: presentWebhook(webhook, ctx.now) };
  },
});

export const deleteWebhook = defineRoute<unknown, IdParams>({
  ...common, release: 'available', method: 'DELETE', path: '/webhooks/{id}', rateClass: 'write',
  summary: 'Remove a subscription, its delivery log and its deliveries still on their way',
  params: WebhookParams,
  responses: { 204: { description: 'Removed; a second DELETE answers 404' } },
  handler: async ({ params, auth, em, services, afterCommit }) => {
    const held = await deleteSubscription(em, subscriptionContext(auth, services), params.id);
    afterCommit(() => noticeDeliveries(services, held, 'cancel'));
    return { status: 204 };
  },
});

export const subscriptionRoutes = [listWebhooks, createWebhook, getWebhook, updateWebhook, deleteWebhook];
