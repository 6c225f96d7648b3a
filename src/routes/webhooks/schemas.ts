import Joi from 'joi';
import { IsoDate, cursorParam, limitParam, pageOf, zonedTimeParam } from '../../http/schemas/common.js';
import { DELIVERY_STATES, PAUSED_REASONS, WEBHOOK_STATUSES } from '../../entities/webhook.js';
import { HOLD_REASONS } from '../../domain/webhooks/delivery-attempts.js';
import { problemOf } from '../../http/schemas/problems.js';
import { MAX_PER_SECOND_RANGE } from '../../domain/webhooks/delivery-rate.js';

/** Wire shapes of spec 01 "Webhook objects": validation and the OpenAPI document in one place. */

const maxPerSecond = Joi.number().integer().min(MAX_PER_SECOND_RANGE.min).max(MAX_PER_SECOND_RANGE.max).allow(null).meta({ release: 'beta' })
  .description(`Deliveries to this subscription start no faster than this many a second (${MAX_PER_SECOND_RANGE.min} to ${MAX_PER_SECOND_RANGE.max}), across all of the platform's workers, `
    + 'retries included; those beyond it wait their turn (pending, never dropped), keeping the order of each conversation\'s and lead\'s events. null = no limit.');

const webhookFields = {
  id: Joi.string().required(),
  url: Joi.string().uri().required().description('https, port 443, a host name (not an IP address), no redirects.'),
  events: Joi.array().items(Joi.string()).required().description('Exact event types or family patterns <family>.*.'),
  include_pii: Joi.boolean().required(),
  description: Joi.string().allow(null).required(),
  status: Joi.string().valid(...WEBHOOK_STATUSES).required(),
  created_at: IsoDate.required(),
  updated_at: IsoDate.required(),
  secret_rotated_at: IsoDate.allow(null).required().description('null = never rotated.'),
  previous_secret_expires_at: IsoDate.allow(null).required()
    .description('While the 24-hour rotation window is open: when the old secret stops working; else null.'),
  max_per_second: maxPerSecond.required(),
  paused_reason: Joi.string().valid(...PAUSED_REASONS).allow(null).required().meta({ release: 'beta' })
    .description('Who paused it: failing, the platform, after every attempt failed for 5 days (a webhook.paused event tells your other subscriptions); integrator, you '
      + '(PATCH status paused). null while active. PATCH status active resumes it either way, and its held deliveries go out.'),
};

export const WebhookSchema = Joi.object(webhookFields).meta({ ref: 'Webhook' });

export const WebhookWithSecretSchema = Joi.object({
  ...webhookFields,
  secret: Joi.string().allow(null).required().description('Signing secret, returned once (creation, rotation); null on an idempotent replay.'),
}).meta({ ref: 'WebhookWithSecret' });

export const WebhookPageSchema = pageOf(WebhookSchema, 'WebhookPage');

const url = Joi.string().max(2048).description('https, port 443, a host name (not an IP address), no credentials. Stored and answered as its normalized form (lowercase host, no :443); '
  + 'text URL parsers read differently (a backslash, whitespace or control characters, @ or % in the host part, a trailing dot on the host) is 422 not_allowed.');
const events = Joi.array().items(Joi.string().max(100)).min(1).max(64).unique()
  .description('Event types or <family>.* patterns, each once.');
const includePii = Joi.boolean().description('Personal data in lead.*, contact.* and conversation.* events.');
const description = Joi.string().max(200).allow(null);

export const WebhookCreateSchema = Joi.object({
  url: url.required(),
  events: events.required(),
  include_pii: includePii.default(false),
  description,
  max_per_second: maxPerSecond,
}).meta({ ref: 'WebhookCreate' });

export const WebhookUpdateSchema = Joi.object({
  url,
  events,
  include_pii: includePii,
  description,
  status: Joi.string().valid(...WEBHOOK_STATUSES),
  max_per_second: maxPerSecond,
}).meta({ ref: 'WebhookUpdate' }).description('At least one field must be sent.');

export const WebhookTestResultSchema = Joi.object({
  event_id: Joi.string().allow(null).required(),
  type: Joi.string().required(),
  status: Joi.string().required().description('queued: the event goes out on the next delivery run, within a minute.'),
}).meta({ ref: 'WebhookTestResult' });

export const WebhookRecoveryRequestSchema = Joi.object({
  since: zonedTimeParam().required().description('ISO 8601 date-time with zone (Z or +hh:mm): the deliveries created from this instant on; at most the delivery log\'s 30 days ago.'),
  until: zonedTimeParam().description('ISO 8601 date-time with zone: created before this instant (exclusive); later than since. Default: now; a later one is taken as now.'),
}).meta({ ref: 'WebhookRecoveryRequest' });

/** 409 operation_in_progress of POST /webhooks/{id}/recover: the recovery whose range meets this one's, or (no operation_id) a retry of the same Idempotency-Key still running. */
export const RecoveryInProgressProblemSchema = problemOf('operation_in_progress', 'RecoveryInProgressProblem', {
  operation_id: Joi.string().uuid().meta({ release: 'beta' })
    .description('The recovery of an overlapping range of this subscription still queued or running (GET /operations/{id}; cancel it to start this one now). Absent when a retry of the same Idempotency-Key is what is in progress.'),
});

export const WebhookDeliverySchema = Joi.object({
  id: Joi.string().required(),
  event_id: Joi.string().required(),
  state: Joi.string().valid(...DELIVERY_STATES).required(),
  held: Joi.boolean().required().description('The delivery (pending or failed) waits without spending attempts: see hold_reason. It goes out within seconds of the hold ending.'),
  hold_reason: Joi.string().valid(...HOLD_REASONS).allow(null).required()
    .description('Why it is held: the subscription is paused, the wallet is suspended, an older delivery queued during the pause goes first, an earlier event of the same conversation or lead goes first (earlier_delivery_first for both), or access ended for now (integration_inactive, tenant_inactive, feature_not_in_plan, scope_missing, pii_transfer_not_allowed); null when not held.'),
  attempt: Joi.number().integer().min(0).required().description('Number of the last attempt; 0 = none yet.'),
  status_code: Joi.number().integer().allow(null).required().description("Subscriber's HTTP status of the last attempt; null when no answer came. A 4xx or 5xx answer is a failed attempt told by this field alone."),
  duration_ms: Joi.number().integer().allow(null).required(),
  error: Joi.string().allow(null).required().description('Timeout, connection or certificate error (or a URL refused by the delivery rules), or a 3xx answer (not followed); '
    + 'null for a 2xx, 4xx or 5xx answer, whose status is status_code. A delivery ended without being sent says why here.'),
  next_attempt_at: IsoDate.allow(null).required(),
  delivered_at: IsoDate.allow(null).required(),
  created_at: IsoDate.required(),
}).meta({ ref: 'WebhookDelivery' });

export const WebhookDeliveryPageSchema = pageOf(WebhookDeliverySchema, 'WebhookDeliveryPage').description('Log kept 30 days.');

export const WebhookParams = Joi.object({ id: Joi.string().guid().required() });
export const DeliveryParams = Joi.object({ id: Joi.string().guid().required(), delivery_id: Joi.string().guid().required() });

export const DeliveryLogQuery = Joi.object({
  limit: limitParam(),
  cursor: cursorParam(),
  state: Joi.string().valid(...DELIVERY_STATES),
  event_id: Joi.string().max(64).description('Deliveries of one event (its replays included).'),
  created_after: zonedTimeParam(),
});

export const WebhookListQuery = Joi.object({ limit: limitParam(), cursor: cursorParam() });
