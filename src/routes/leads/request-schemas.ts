import Joi from 'joi';
import { cursorParam, limitParam, pageOf, zonedTimeParam } from '../../http/schemas/common.js';
import { LEAD_STATUSES } from '../../entities/lead.js';
import { LeadSchema } from './schemas.js';

/** Requests and pages of the lead routes: validation and the OpenAPI document. */

export const LeadParams = Joi.object({ id: Joi.string().guid().required() });

export const LeadListQuery = Joi.object({
  limit: limitParam(),
  cursor: cursorParam(),
  status: Joi.string().valid(...LEAD_STATUSES).description('One canonical status; anything else is 422 at /status.'),
  archived: Joi.boolean().default(false).description('false (default): non-archived leads only; true: archived only.'),
  updated_since: zonedTimeParam({ dateOnly: true })
    .description('Inclusive: updated at or after. ISO 8601 date (the day\'s start in UTC) or date-time with zone. Not with updated_after.'),
  updated_after: zonedTimeParam().description('Strictly later. ISO 8601 date-time with zone. Not with updated_since.'),
  source: Joi.string().max(64).description('Exact source (channel) value.'),
  include_deleted: Joi.boolean().valid(false).default(false).description('Leads are never deleted: true is 422 not_supported.'),
});

export const LeadPageSchema = pageOf(LeadSchema, 'LeadPage');
