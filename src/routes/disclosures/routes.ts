import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { cursorParam, limitParam, pageOf, zonedTimeParam } from '../../http/schemas/common.js';
import { keysetPage } from '../../http/keyset-page.js';
import { pageWhere, type KeysetOrder } from '../../db/keyset.js';
import { DisclosureLogEntry } from '../../entities/disclosure.js';
import { presentDisclosure, DisclosureSchema } from './presenter.js';

interface Query {
  limit: number;
  cursor?: string;
  created_after?: Date;
  resource_type?: string;
  channel?: 'api' | 'webhook';
}

const OLDEST_FIRST: KeysetOrder = { keys: [['occurredAt', 'time'], ['id', 'uuid']], direction: 'asc' };

/**
 * GET /disclosures (Planned in spec 01): the personal-data disclosure log of the calling
 * integration, oldest first by (occurred_at, id), for its own audit.
 */
export const listDisclosures = defineRoute<Query>({
  release: 'planned', method: 'GET', path: '/disclosures', family: 'disclosures', migration: 'Migration20261121000200Disclosures',
  summary: 'The personal-data disclosure log of this integration',
  rateClass: 'read',
  query: Joi.object({
    limit: limitParam(),
    cursor: cursorParam(),
    created_after: zonedTimeParam(),
    resource_type: Joi.string().max(64),
    channel: Joi.string().valid('api', 'webhook'),
  }),
  responses: { 200: { description: 'DisclosurePage', schema: pageOf(DisclosureSchema, 'DisclosurePage') } },
  errors: ['validation_failed'],
  handler: async ({ query, auth, em, services }) => {
    const filters = { created_after: query.created_after, resource_type: query.resource_type, channel: query.channel };
    const body = await keysetPage(services, auth.integration.id, 'GET /disclosures', filters, query, OLDEST_FIRST, (window) => {
      const where: Record<string, unknown> = { integrationId: auth.integration.id };
      if (query.resource_type) where.resourceType = query.resource_type;
      if (query.channel) where.channel = query.channel;
      const conditions: Record<string, unknown>[] = [where];
      if (query.created_after) conditions.push({ occurredAt: { $gt: query.created_after } });
      return em.find(DisclosureLogEntry, pageWhere(conditions, window) as never, { orderBy: window.orderBy as never, limit: window.take });
    }, presentDisclosure);
    return { status: 200, body };
  },
});

export const disclosureRoutes = [listDisclosures];
