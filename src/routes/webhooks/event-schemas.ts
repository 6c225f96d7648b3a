import Joi from 'joi';
import { IsoDate } from '../../http/schemas/common.js';
import { EVENT_API_VERSION, type EventType } from '../../domain/events/event-types.js';
import { MESSAGE_SENDERS } from '../../entities/conversation.js';
import { LEAD_LEVELS, LEAD_STATUSES } from '../../entities/lead.js';
import { REPORT_TYPES } from '../../entities/strategist.js';
import { LeadSchema } from '../leads/schemas.js';
import { OperationSchema } from '../conversations/ai-reply-schemas.js';

/**
 * Wire shapes of the events of spec 01 ("Events"): the `data` each builder of
 * src/domain/events/catalogue.ts makes, in the thin payload and with what an include_pii
 * subscription additionally receives. The OpenAPI document's `webhooks` section is built from
 * these (src/http/openapi/webhooks.ts); test/unit/openapi-webhooks.test.ts holds every builder's
 * output against them and every delivery the suite's receiver gets against the document.
 */
export interface EventShape {
  /** What the event means (the document's summary and description). */
  summary: string;
  description?: string;
  /** The thin payload: identifiers. */
  data: Record<string, Joi.Schema>;
  /** What an include_pii subscription receives besides (lead.*, contact.*, conversation.* only). */
  pii?: Record<string, Joi.Schema>;
  /** An event beyond spec 01's table carries its release label (x-release in the document). */
  release?: 'beta';
}

const id = (description?: string) => (description ? Joi.string().required().description(description) : Joi.string().required());
const nullableId = (description?: string) => (description ? Joi.string().allow(null).required().description(description) : Joi.string().allow(null).required());

/** A contact's fields, as include_pii events carry them: personal data. */
export const EventContactSchema = Joi.object({
  name: Joi.string().allow(null).required(),
  email: Joi.string().allow(null).required(),
  phone: Joi.string().allow(null).required(),
}).meta({ ref: 'EventContact' }).description('The customer: personal data, only to include_pii subscriptions.');

const LEAD_PII_FIELDS = ['title', 'status', 'source', 'owner', 'assigned_to', 'value', 'product_id', 'attribution', 'archived', 'external_id', 'external_url', 'intent', 'ai_summary'] as const;

/** The lead's own fields (those of the Lead resource), as include_pii lead.* events carry them. */
export const EventLeadSchema = Joi.object(Object.fromEntries(LEAD_PII_FIELDS.map((f) => [f, LeadSchema.extract(f)])))
  .meta({ ref: 'EventLead' }).description("The lead's own fields (as in the Lead resource): personal data, only to include_pii subscriptions.");

/** Every lead.* event: spec 01, "Lead events carry data lead_id, contact_id, conversation_id, version". */
const leadRef = {
  lead_id: id(),
  contact_id: nullableId(),
  conversation_id: nullableId(),
  version: Joi.number().integer().min(1).required().description("The lead's version after the change."),
};
const leadPii = { contact: EventContactSchema.description('Absent when the lead has no contact.'), lead: EventLeadSchema };
const contactPii = { contact: EventContactSchema.required() };

const evidence = Joi.alternatives().try(
  Joi.object({ type: Joi.string().valid('message').required(), id: id('A customer message the scorer read.') }),
  Joi.object({ type: Joi.string().valid('score').required(), score: Joi.number().integer().min(0).max(100).required(), flags: Joi.array().items(Joi.string()).required() }),
);

/** One entry per event type: the document cannot miss one (`satisfies`). */
export const EVENT_SHAPES = {
  'conversation.created': {
    summary: 'A conversation started.',
    data: { conversation_id: id(), contact_id: nullableId(), channel: Joi.string().allow(null).required().description('The channel type: website, api, a messenger.') },
    pii: contactPii,
  },
  'conversation.handoff_requested': {
    summary: 'The conversation asks for an operator (the only operator-handoff event).',
    data: { conversation_id: id(), lead_id: Joi.string().description("The conversation's lead, when it has one."), reason: Joi.string().description('Why: ai_handoff, ai_reply_failed, a skip reason, or what the caller said.') },
    pii: contactPii,
  },
  'conversation.summary_ready': {
    summary: "The conversation's summary can be read (GET /conversations/{id}); the summary itself quotes the customer and is never in the event.",
    data: { conversation_id: id() },
  },
  'message.created': {
    summary: 'A customer, AI or operator message was stored; the message text is never in the event.',
    data: {
      message_id: id(),
      conversation_id: id(),
      sender: Joi.string().valid(...MESSAGE_SENDERS).required(),
      ai_reply: Joi.object({
        status: Joi.string().valid('queued', 'skipped').required(),
        reason: Joi.string().description('skipped only: ai_not_permitted, operator_mode, handoff_pending, or why the paid work was refused.'),
      }).description('A customer message only: whether the AI answers it.'),
    },
  },
  'lead.created': { summary: 'A lead opened.', data: leadRef, pii: leadPii },
  'lead.updated': {
    summary: 'A lead changed: the changed fields and the new version.',
    data: { ...leadRef, changed_fields: Joi.array().items(Joi.string()).required().description('The Lead fields that changed.') },
    pii: leadPii,
  },
  'lead.scored': {
    summary: 'A lead got a new score, level or flags.',
    data: {
      ...leadRef,
      score: Joi.number().integer().min(0).max(100).required(),
      level: Joi.string().valid(...LEAD_LEVELS).required(),
      reason: Joi.string().allow(null).required(),
      flags: Joi.array().items(Joi.string()).required().description('Signals the scorer saw (contact_left, product_named, price_asked, ...).'),
    },
    pii: leadPii,
  },
  'lead.status_changed': {
    summary: 'A lead moved to another pipeline stage.',
    data: { ...leadRef, from: Joi.string().valid(...LEAD_STATUSES).required(), to: Joi.string().valid(...LEAD_STATUSES).required() },
    pii: leadPii,
  },
  'lead.action_requested': {
    summary: 'A lead became hot and the tenant works leads in an external CRM: that CRM is asked to act (then PATCH the lead back).',
    data: {
      ...leadRef,
      reason: Joi.string().required(),
      evidence: Joi.array().items(evidence).required().description('The customer messages the scorer read (the latest) and the score.'),
    },
    pii: leadPii,
  },
  'task.created': { summary: 'A lead task was created.', data: { task_id: id(), lead_id: nullableId() } },
  'task.completed': { summary: 'A lead task was completed.', data: { task_id: id(), lead_id: nullableId() } },
  'contact.merged': {
    summary: 'Contacts were merged into one.',
    data: { contact_id: id('The contact that remains.'), merged_contact_ids: Joi.array().items(Joi.string()).required().description('The contacts merged into it (they no longer exist).') },
    pii: contactPii,
  },
  'crm.mode_changed': {
    summary: "The tenant's CRM mode changed.",
    data: { crm_mode: Joi.string().required(), previous_crm_mode: Joi.string().required() },
  },
  'article.ready': { summary: 'An article was generated and is ready for review.', data: { article_id: id() } },
  'article.published': {
    summary: 'An article was published: the site module answered applied with an address, or published_url was confirmed.',
    data: { article_id: id(), published_url: Joi.string().allow(null).required() },
  },
  'article.generation.failed': {
    summary: 'An article generation failed.',
    data: {
      operation_id: id(),
      topic_id: nullableId(),
      error: Joi.object({ code: Joi.string().required(), message: Joi.string().required() }).required(),
    },
  },
  'strategist.report.ready': {
    summary: 'A strategist report can be read.',
    data: { report_id: id(), report_type: Joi.string().valid(...REPORT_TYPES).required() },
  },
  'strategist.turn.completed': { summary: 'The strategist answered a turn of a session.', data: { session_id: id(), turn_id: id() } },
  'operation.completed': {
    summary: 'An asynchronous operation ended (succeeded, failed, canceled): its operation envelope.',
    data: { operation: OperationSchema.required() },
  },
  'api_key.expiring': {
    summary: 'An API key expires soon.',
    data: {
      key_id: id(),
      integration_id: id(),
      expires_at: IsoDate.required(),
      threshold_days: Joi.number().integer().min(0).required().description('The notice threshold crossed (days before expiry).'),
      days_left: Joi.number().integer().min(0).required(),
    },
  },
  'webhook.test': {
    summary: 'Sent by POST /webhooks/{id}/test to that subscription only, with livemode false.',
    data: { webhook_id: id(), message: Joi.string().valid('This is a test event.').required() },
  },
  'webhook.paused': {
    summary: 'The platform paused one of your subscriptions: every attempt to it failed for 5 days.',
    description: 'Goes to your integration\'s other subscriptions whose events name it (never to the one paused). Deliveries to the paused subscription are held, not lost: '
      + 'PATCH /webhooks/{id} with status active resumes it, and its held deliveries go out.',
    data: {
      webhook_id: id('The subscription paused.'),
      paused_reason: Joi.string().valid('failing').required().description('failing: the platform paused it (its paused_reason).'),
      failing_since: IsoDate.required().description('The first failed attempt of the unbroken run of failures.'),
    },
    release: 'beta',
  },
} satisfies Record<EventType, EventShape> as Record<EventType, EventShape>;

/** `article.generation.failed` -> `ArticleGenerationFailed`. */
export const eventSchemaName = (type: string): string => type.split(/[._]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/** The `data` of an event: the thin payload, or (types with content) either payload mode. */
export function eventDataSchema(type: EventType): Joi.Schema {
  const shape = EVENT_SHAPES[type];
  const name = eventSchemaName(type);
  const thin = Joi.object(shape.data).meta({ ref: `${name}Data` });
  if (!shape.pii) return thin.required();
  const withPii = Joi.object({ ...shape.data, ...shape.pii }).meta({ ref: `${name}DataWithPii` });
  return Joi.alternatives().try(thin, withPii).required()
    .description('The thin payload; to an include_pii subscription the content too (when the event has any).');
}

/** The envelope of spec 01 ("Event envelope"), the body of every delivery of `type`. */
export function eventEnvelopeSchema(type: EventType): Joi.ObjectSchema {
  return Joi.object({
    id: Joi.string().pattern(/^evt_[0-9A-Za-z]+$/).required().description('Event id; equals the Svc-Event-Id header, identical across retries.'),
    type: Joi.string().valid(type).required().description('Equals the Svc-Event-Type header.'),
    api_version: Joi.string().valid(EVENT_API_VERSION).required().description('Event schema version.'),
    created_at: IsoDate.required().description('Event time, UTC.'),
    livemode: Joi.boolean().required().description('true for production data; false for webhook.test and sandbox data.'),
    data: eventDataSchema(type),
  }).meta({ ref: `${eventSchemaName(type)}Event` });
}
