import Joi from 'joi';
import { UNZONED_TIME_RULE, cursorParam, dayOrTimeParam, limitParam, pageOf, zonedTimeParam } from '../../http/schemas/common.js';
import { LEAD_LEVELS, LEAD_STATUSES } from '../../entities/lead.js';
import { LeadSchema } from './schemas.js';

/** Requests and pages of the lead routes: validation and the OpenAPI document. */

export const LeadParams = Joi.object({ id: Joi.string().guid().required() });

export interface LeadIdParams {
  id: string;
}

export const LeadListQuery = Joi.object({
  limit: limitParam(),
  cursor: cursorParam(),
  status: Joi.string().valid(...LEAD_STATUSES).description('One canonical status; anything else is 422 at /status.'),
  archived: Joi.boolean().default(false).description('false (default): non-archived leads only; true: archived only.'),
  updated_since: dayOrTimeParam().description(`Inclusive: updated at or after. ${UNZONED_TIME_RULE} Not with updated_after.`),
  updated_after: dayOrTimeParam().description(`Strictly later. ${UNZONED_TIME_RULE} Not with updated_since.`),
  source: Joi.string().max(64).description('Exact source (channel) value.'),
  include_deleted: Joi.boolean().valid(false).default(false).description('Leads are never deleted: true is 422 not_supported.'),
});

export const LeadPageSchema = pageOf(LeadSchema, 'LeadPage');

const text = (max: number) => Joi.string().max(max).pattern(/\S/, 'non-blank text').allow(null);

export const MoneyInputSchema = Joi.object({
  amount: Joi.string().pattern(/^\d{1,16}(\.\d{1,2})?$/, 'decimal text').required().description('Decimal text, at most two places, not negative.'),
  currency: Joi.string().pattern(/^[A-Z]{3}$/, 'ISO 4217 code').required().description('The cell currency (RUB on ru, GBP on en, IDR on id).'),
}).meta({ ref: 'MoneyInput' });

/** The fields an integrator may change (PATCH) or set (POST). */
const changeableFields = {
  status: Joi.string().valid(...LEAD_STATUSES).description('Any canonical status; lost needs lost_reason (sent now or already set).'),
  archived: Joi.boolean(),
  archived_reason: text(500).description('Kept while archived; unarchiving clears it.'),
  owner: text(200),
  assigned_to: text(200),
  value: MoneyInputSchema.allow(null),
  next_action: text(500),
  next_action_at: zonedTimeParam().allow(null).description('ISO 8601 date-time with zone.'),
  lost_reason: text(500),
  external_id: text(255).description("The lead's id in the external CRM."),
  external_url: Joi.string().uri({ scheme: ['https', 'http'] }).max(2048).allow(null).description("The lead's page in the external CRM."),
  title: text(200),
};

export const LeadUpdateSchema = Joi.object(changeableFields)
  .meta({ ref: 'LeadUpdate' }).description('Any of the changeable fields; at least one must be sent.');

export const LeadContactInputSchema = Joi.object({
  name: Joi.string().max(200),
  email: Joi.string().email().max(254),
  phone: Joi.string().max(32).pattern(/^\+?[0-9 ().-]{3,32}$/, 'phone number'),
}).meta({ ref: 'LeadContactInput' }).description('A new contact; merged into the account\'s contact with the same e-mail or phone when there is one.');

export const LeadCreateSchema = Joi.object({
  ...changeableFields,
  contact: LeadContactInputSchema,
  contact_id: Joi.string().uuid().description('An existing contact (not with contact).'),
  conversation_id: Joi.string().uuid().description("A conversation of the account; the lead becomes its open lead (409 invalid_state when it has one)."),
  source: Joi.string().max(64).description('Default api.'),
  product_id: text(255),
  course_slug: text(255),
  attribution: Joi.object({
    landing_page: Joi.string().max(2048).allow(null), page_title: Joi.string().max(500).allow(null), referrer: Joi.string().max(2048).allow(null),
    utm_source: Joi.string().max(255).allow(null), utm_medium: Joi.string().max(255).allow(null), utm_campaign: Joi.string().max(255).allow(null),
    utm_term: Joi.string().max(255).allow(null), utm_content: Joi.string().max(255).allow(null),
  }).allow(null).meta({ ref: 'LeadAttributionInput' }),
}).meta({ ref: 'LeadCreate' });

export const LeadScoreSchema = Joi.object({
  score: Joi.number().integer().min(0).max(100).required(),
  level: Joi.string().valid(...LEAD_LEVELS).description('Default: from the score (60+ hot, 30+ warm, else cold).'),
  reason: Joi.string().max(500).allow(null).description('Carried by lead.scored.'),
  flags: Joi.array().items(Joi.string().max(64).pattern(/^[a-z0-9_]+$/, 'flag')).max(20).unique(),
}).meta({ ref: 'LeadScoreSet' });
