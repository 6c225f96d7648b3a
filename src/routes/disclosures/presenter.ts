import Joi from 'joi';
import type { DisclosureLogEntry } from '../../entities/disclosure.js';

export const DisclosureSchema = Joi.object({
  id: Joi.string().required(),
  occurred_at: Joi.string().isoDate().required(),
  channel: Joi.string().valid('api', 'webhook').required(),
  route: Joi.string().required().description('"GET /conversations" for an API read, the event type for a webhook.'),
  resource_type: Joi.string().required(),
  resource_ids: Joi.array().items(Joi.string()).required(),
  request_id: Joi.string().allow(null).required(),
  key_id: Joi.string().allow(null).required(),
  recipient_country: Joi.string().allow(null).required(),
}).meta({ ref: 'Disclosure' });

export function presentDisclosure(d: DisclosureLogEntry) {
  return {
    id: d.id,
    occurred_at: d.occurredAt.toISOString(),
    channel: d.channel,
    route: d.route,
    resource_type: d.resourceType,
    resource_ids: d.resourceIds,
    request_id: d.requestId ?? null,
    key_id: d.keyId ?? null,
    recipient_country: d.recipientCountry ?? null,
  };
}
