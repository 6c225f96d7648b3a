import Joi from 'joi';
import { IsoDate, MoneySchema } from '../../http/schemas/common.js';
import { LEAD_STATUSES } from '../../entities/lead.js';
import { LEAD_INTENTS } from '../../domain/leads/lead-intent.js';

/** Wire shapes of spec 02 "Lead": validation and the OpenAPI document. */

export const LeadContactSchema = Joi.object({
  id: Joi.string().uuid().required(),
  name: Joi.string().allow(null).required(),
  email: Joi.string().allow(null).required().description('Lower-cased.'),
  phone: Joi.string().allow(null).required().description('E.164 (+79123456789) when it can be read as a phone number.'),
}).meta({ ref: 'LeadContact' }).description('The customer; personal data.');

export const LeadAttributionSchema = Joi.object({
  landing_page: Joi.string().allow(null),
  page_title: Joi.string().allow(null),
  referrer: Joi.string().allow(null),
  utm_source: Joi.string().allow(null),
  utm_medium: Joi.string().allow(null),
  utm_campaign: Joi.string().allow(null),
  utm_term: Joi.string().allow(null),
  utm_content: Joi.string().allow(null),
}).meta({ ref: 'LeadAttribution' }).description('Where the lead came from: the page the conversation started on, its referrer and UTM parameters.');

const time = (description?: string) => (description ? IsoDate.allow(null).required().description(description) : IsoDate.allow(null).required());

export const LeadSchema = Joi.object({
  id: Joi.string().uuid().required(),
  external_id: Joi.string().allow(null).required().description("The lead's id in an external CRM."),
  external_url: Joi.string().allow(null).required().description("The lead's page in an external CRM."),
  version: Joi.number().integer().min(1).required().description('Grows by one with every change.'),
  etag: Joi.string().required().description('The quoted version (for example "3"): send it as If-Match to change the lead.'),
  status: Joi.string().valid(...LEAD_STATUSES).required().description('Pipeline stage, in order: new, contacted, qualified, proposal, then won or lost.'),
  archived: Joi.boolean().required(),
  archived_reason: Joi.string().allow(null).required(),
  owner: Joi.string().allow(null).required().description('Who owns the lead on the tenant side (free text, e.g. an e-mail).'),
  title: Joi.string().allow(null).required().description('Derived when the lead opens ("Runner X sneakers — Anna"); changeable.'),
  source: Joi.string().allow(null).required().description('The channel the lead came through: website, api, messenger types; the set may grow.'),
  assigned_to: Joi.string().allow(null).required(),
  value: MoneySchema.allow(null).required().description('Expected deal value, in the cell currency.'),
  product_id: Joi.string().allow(null).required().description('The product (card) the customer named.'),
  course_slug: Joi.string().allow(null).required(),
  contact: LeadContactSchema.allow(null).required(),
  conversation_id: Joi.string().uuid().allow(null).required(),
  attribution: LeadAttributionSchema.allow(null).required(),
  score: Joi.number().integer().min(0).max(100).allow(null).required().description('0 to 100; null until scored.'),
  level: Joi.string().allow(null).required().description('cold, warm or hot; null until scored.'),
  score_source: Joi.string().allow(null).required().description('builtin (the platform\'s scorer) or integrator (POST /leads/{id}/score); null until scored.'),
  flags: Joi.array().items(Joi.string()).required().description('Signals the scorer saw (contact_left, product_named, price_asked, ...).'),
  intent: Joi.string().valid(...LEAD_INTENTS).allow(null).required()
    .description('What the customer wants, from their messages in the lead\'s conversation: buy, price, availability, delivery, support or other; '
      + 'null until the conversation has a customer message. Refreshed with the score.'),
  ai_summary: Joi.string().allow(null).required()
    .description('A short summary of what the customer wants, written by the AI model from the customer\'s messages (e-mail addresses, phone numbers, '
      + 'card and account numbers and addresses replaced by placeholders such as [email]; names kept); refreshed with the score. Personal data: only with leads:read, '
      + 'recorded in the disclosure log; in lead.* events only to include_pii subscriptions.'),
  next_action: Joi.string().allow(null).required(),
  next_action_at: time(),
  lost_reason: Joi.string().allow(null).required(),
  qualified_at: time('When the lead last moved to qualified.'),
  won_at: time(),
  lost_at: time(),
  last_activity_at: time("The conversation's last message."),
  created_at: IsoDate.required(),
  updated_at: IsoDate.required().description('Last change; traversal order.'),
}).meta({ ref: 'Lead' });
