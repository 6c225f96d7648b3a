import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { cursorParam, limitParam, pageOf } from '../../http/schemas/common.js';
import { keysetPage } from '../../http/keyset-page.js';
import { DisclosureLogEntry } from '../../entities/disclosure.js';
import { presentDisclosure, DisclosureSchema } from './presenter.js';

interface Query {
  limit: number;
  cursor?: string;
  created_after?: Date;
  resource_type?: string;
  channel?: 'api' | 'webhook';
}

/**
 * GET /disclosures (Planned in spec 01): the personal-data disclosure log of the calling
 * integration, oldest first by (occurred_at, id), for its own audit.
 */
export const listDisclosures = defineRoute<Query>({
  method: 'GET', path: '/disclosures', family: 'disclosures', migration: 'Migration20261121000200Disclosures',
  summary: 'The personal-data disclosure log of this integration',
  rateClass: 'read',
  query: Joi.object({
    limit: limitParam(),
    cursor: cursorParam(),
    created_after: Joi.date().iso().raw(false).description('ISO 8601 with zone; strictly later.'),
    resource_type: Joi.string().max(64),
    channel: Joi.string().valid('api', 'webhook'),
  }),
  responses: { 200: { description: 'DisclosurePage', schema: pageOf(DisclosureSchema, 'DisclosurePage') } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const filters = { created_after: query.created_after, resource_type: query.resource_type, channel: query.channel };
    const body = await keysetPage(services, auth.integration.id, 'GET /disclosures', filters, query, (after, take) => {
      const where: Record<string, unknown> = { integrationId: auth.integration.id };
      if (query.resource_type) where.resourceType = query.resource_type;
      if (query.channel) where.channel = query.channel;
      const conditions: Record<string, unknown>[] = [where];
      if (query.created_after) conditions.push({ occurredAt: { $gt: query.created_after } });
      if (after) conditions.push({ $or: [{ occurredAt: { $gt: new Date(after[0]) } }, { occurredAt: new Date(after[0]), id: { $gt: after[1] } }] });
      return em.find(DisclosureLogEntry, { $and: conditions } as never, { orderBy: { occurredAt: 'asc', id: 'asc' }, limit: take });
    }, (d) => d.occurredAt, presentDisclosure);
    return { status: 200, body };
  },
});

export const disclosureRoutes = [listDisclosures];
