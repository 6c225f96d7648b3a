import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import type { Cell } from '../../config.js';
import type { WebhookSettings } from '../../config/webhooks.js';
import { Webhook, WebhookDelivery, type WebhookStatus } from '../../entities/webhook.js';
import { Integration } from '../../entities/integration.js';
import { DisclosureRegisterEntry } from '../../entities/disclosure.js';
import { domainError, type FieldError } from '../../errors/domain-error.js';
import { pageWhere, type PageWindow } from '../../db/keyset.js';
import { newId } from '../../ids.js';
import { SecretBox, newSigningSecret } from './secret-box.js';
import { eventErrors, piiEventErrors, scopesForPii, storedUrl, urlErrors } from './subscription-rules.js';
import { assertPiiTransferAllowed, type TransferConditions } from '../access/personal-data.js';

/** Spec 01, Limits: subscriptions per integration. */
export const MAX_SUBSCRIPTIONS = 10;

/** The calling integration, as the subscription rules see it. */
export interface Subscriber extends TransferConditions {
  tenantId: string;
  integrationId: string;
  scopes: readonly string[];
}

/** What a change of subscriptions needs besides the database: who asks, where, and when. */
export interface SubscriptionContext {
  subscriber: Subscriber;
  cell: Cell;
  webhooks: WebhookSettings;
  now: Date;
}

export interface SubscriptionInput {
  url: string;
  events: string[];
  include_pii?: boolean;
  description?: string | null;
  max_per_second?: number | null;
}

export interface SubscriptionChanges {
  url?: string;
  events?: string[];
  include_pii?: boolean;
  description?: string | null;
  status?: WebhookStatus;
  max_per_second?: number | null;
}

const HELD_STATES = ['pending', 'failed'] as const;

function failOnFields(errors: FieldError[]): void {
  if (errors.length) throw domainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
}

/** Personal data in events needs the scopes for those events and, on the ru cell, the transfer conditions. */
function checkPiiAllowed(ctx: SubscriptionContext, events: readonly string[]): void {
  const missingScope = scopesForPii(events).find((s) => !ctx.subscriber.scopes.includes(s));
  if (missingScope) throw domainError('scope_missing', `include_pii with these events needs the ${missingScope} scope.`);
  assertPiiTransferAllowed(ctx.cell, ctx.subscriber);
}

/** The register of standing permissions to disclose: include_pii turned on or off. */
function registerPiiChange(em: Em, ctx: SubscriptionContext, webhookId: string, action: 'pii_enabled' | 'pii_disabled'): void {
  em.create(DisclosureRegisterEntry, {
    id: newId(),
    tenantId: ctx.subscriber.tenantId,
    integrationId: ctx.subscriber.integrationId,
    subjectType: 'webhook',
    subjectId: webhookId,
    action,
    transferBasis: ctx.subscriber.transferBasis,
    recipientCountry: ctx.subscriber.hostingCountry,
    createdAt: ctx.now,
  });
}

/** Creates an active subscription; the signing secret is returned here once and stored sealed. */
export async function createSubscription(em: Em, ctx: SubscriptionContext, input: SubscriptionInput): Promise<{ webhook: Webhook; secret: string }> {
  const includePii = input.include_pii ?? false;
  failOnFields([
    ...await urlErrors(input.url, ctx.webhooks),
    ...eventErrors(input.events),
    ...(includePii ? piiEventErrors(input.events) : []),
  ]);
  if (includePii) checkPiiAllowed(ctx, input.events);
  // The integration row serialises concurrent creations, so the limit holds under races.
  await em.findOneOrFail(Integration, { id: ctx.subscriber.integrationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const count = await em.count(Webhook, { integrationId: ctx.subscriber.integrationId });
  if (count >= MAX_SUBSCRIPTIONS) {
    throw domainError('invalid_state', `An integration has at most ${MAX_SUBSCRIPTIONS} webhook subscriptions; delete one first.`);
  }
  const secret = newSigningSecret();
  const webhook = em.create(Webhook, {
    id: newId(),
    tenantId: ctx.subscriber.tenantId,
    integrationId: ctx.subscriber.integrationId,
    url: storedUrl(input.url),
    events: input.events,
    includePii,
    description: input.description ?? null,
    status: 'active',
    secretSealed: new SecretBox(ctx.webhooks.secretKey).seal(secret),
    previousSecretSealed: null,
    previousSecretExpiresAt: null,
    secretRotatedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    maxPerSecond: input.max_per_second ?? null,
    pausedReason: null,
    failingSince: null,
  });
  if (includePii) registerPiiChange(em, ctx, webhook.id, 'pii_enabled');
  await em.flush();
  return { webhook, secret };
}

/** The integration's own subscription, else not_found (another integration's is indistinguishable from none). */
export async function findSubscription(em: Em, integrationId: string, id: string, lock = false): Promise<Webhook> {
  const webhook = await em.findOne(Webhook, { id, integrationId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!webhook) throw domainError('not_found', 'No such webhook subscription.');
  return webhook;
}

/** A page of the integration's subscriptions, in the window's order (GET /webhooks: oldest first). */
export async function listSubscriptions(em: Em, integrationId: string, window: PageWindow): Promise<Webhook[]> {
  return em.find(Webhook, pageWhere([{ integrationId }], window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/**
 * The integration's own pause and resume: a pause it asks for is `integrator`'s (also over the
 * platform's); active clears the reason, and a resume closes the failing run, so a resumed
 * subscription gets the whole window again before the platform pauses it once more (failing-pause.ts).
 */
function pauseOrResume(webhook: Webhook, status: WebhookStatus): void {
  if (webhook.status === 'paused' && status === 'active') webhook.failingSince = null;
  webhook.status = status;
  webhook.pausedReason = status === 'paused' ? 'integrator' : null;
}

async function heldDeliveryIds(em: Em, webhookId: string): Promise<string[]> {
  const rows = await em.find(WebhookDelivery, { webhookId, state: { $in: [...HELD_STATES] } }, { fields: ['id'] });
  return rows.map((d) => d.id);
}

/**
 * Changes a subscription. Answers the subscription and, when a change may end a hold of its
 * deliveries (paused to active; include_pii turned off, which ends a hold for a personal-data
 * scope or transfer condition) or its max_per_second changed (those waiting for a start slot
 * take one at the new rate), its unfinished deliveries (pending or failed), to be signalled
 * after the commit.
 */
export async function updateSubscription(em: Em, ctx: SubscriptionContext, id: string, changes: SubscriptionChanges): Promise<{ webhook: Webhook; resumed: string[] }> {
  const webhook = await findSubscription(em, ctx.subscriber.integrationId, id, true);
  const events = changes.events ?? webhook.events;
  const includePii = changes.include_pii ?? webhook.includePii;
  // A new URL or new events is a new disclosure: the personal-data rules are checked again.
  const piiTouched = includePii && (changes.include_pii === true || changes.events !== undefined || changes.url !== undefined);
  failOnFields([
    ...(changes.url !== undefined ? await urlErrors(changes.url, ctx.webhooks) : []),
    ...(changes.events !== undefined ? eventErrors(changes.events) : []),
    ...(piiTouched ? piiEventErrors(events) : []),
  ]);
  if (piiTouched) checkPiiAllowed(ctx, events);
  if (includePii !== webhook.includePii) registerPiiChange(em, ctx, webhook.id, includePii ? 'pii_enabled' : 'pii_disabled');
  const endsAHold = (webhook.status === 'paused' && changes.status === 'active') || (webhook.includePii && !includePii);
  const rateChanged = changes.max_per_second !== undefined && changes.max_per_second !== (webhook.maxPerSecond ?? null);
  const resumed = endsAHold || rateChanged ? await heldDeliveryIds(em, webhook.id) : [];
  if (changes.url !== undefined) webhook.url = storedUrl(changes.url);
  if (changes.events !== undefined) webhook.events = changes.events;
  if (changes.description !== undefined) webhook.description = changes.description;
  if (changes.status !== undefined) pauseOrResume(webhook, changes.status);
  if (changes.max_per_second !== undefined) webhook.maxPerSecond = changes.max_per_second;
  webhook.includePii = includePii;
  webhook.updatedAt = ctx.now;
  await em.flush();
  return { webhook, resumed };
}

/**
 * Removes a subscription with its delivery log (ON DELETE CASCADE). Answers the deliveries
 * that were still on their way (pending or failed), whose workflows end after the commit.
 */
export async function deleteSubscription(em: Em, ctx: SubscriptionContext, id: string): Promise<string[]> {
  const webhook = await findSubscription(em, ctx.subscriber.integrationId, id, true);
  const held = await heldDeliveryIds(em, webhook.id);
  if (webhook.includePii) registerPiiChange(em, ctx, webhook.id, 'pii_disabled');
  em.remove(webhook);
  await em.flush();
  return held;
}

/**
 * The context of a subscription's own integration, for operator tools (bin/ctl) that act on a
 * subscription as its integration would through PATCH and DELETE /webhooks/{id}.
 */
export async function ownerContext(em: Em, webhookId: string, settings: Omit<SubscriptionContext, 'subscriber'>): Promise<SubscriptionContext> {
  const webhook = /^[0-9a-f-]{36}$/i.test(webhookId) ? await em.findOne(Webhook, { id: webhookId }) : null;
  if (!webhook) throw domainError('not_found', `No webhook subscription ${webhookId}.`);
  return { ...settings, subscriber: subscriberOf(await em.findOneOrFail(Integration, { id: webhook.integrationId })) };
}

/** An integration as the subscription rules see it (operator tools act as the integration would). */
export function subscriberOf(i: Integration): Subscriber {
  return {
    tenantId: i.tenantId, integrationId: i.id, scopes: i.scopes, ipAllowlist: i.ipAllowlist ?? null, hostingCountry: i.hostingCountry ?? null,
    transferBasis: i.transferBasis ?? null,
  };
}

/** Subscriptions of one integration or of a whole tenant, oldest first (operator listing). */
export async function subscriptionsOf(em: Em, owner: { integrationId: string } | { tenantId: string }): Promise<Webhook[]> {
  return em.find(Webhook, owner, { orderBy: { createdAt: 'asc', id: 'asc' } });
}
