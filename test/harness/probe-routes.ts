import Joi from 'joi';
import { defineRoute, type RouteDefinition } from '../../src/http/route.js';
import type { Scope } from '../../src/domain/access/scopes.js';

/** Ids the personal-data probe route discloses on every read. */
export const PROBE_CONTACT_IDS = ['contact-1', 'contact-2'];

/** What a probe route saw: one entry per handler run, so a test can tell "refused before reading". */
export interface ProbeReads {
  count: number;
}

/**
 * GET /test/contacts: a personal-data read (scope conversations:read, pii) through the real
 * pipeline, standing in for the conversation routes that do not exist yet. It discloses
 * PROBE_CONTACT_IDS and answers them as data.
 */
export function contactsProbe(reads: ProbeReads = { count: 0 }): RouteDefinition {
  return defineRoute({
    release: 'available', method: 'GET', path: '/test/contacts', family: 'test', migration: 'Migration20261121000200Disclosures',
    summary: 'Test: a read carrying personal data', rateClass: 'read', scope: 'conversations:read', pii: true,
    responses: { 200: { description: 'contacts', schema: Joi.object() } },
    handler: async ({ disclose }) => {
      reads.count += 1;
      disclose({ resourceType: 'contact', resourceIds: PROBE_CONTACT_IDS });
      return { status: 200, body: { data: PROBE_CONTACT_IDS.map((id) => ({ id, name: `Name of ${id}` })) } };
    },
  });
}

/** GET /test/<family>: a read needing `scope` that carries no personal data. */
export function scopedProbe(scope: Scope): RouteDefinition {
  const family = scope.split(':')[0]!;
  return defineRoute({
    release: 'available', method: 'GET', path: `/test/${family}`, family: 'test', migration: 'Migration20261121000100Foundation',
    summary: `Test: a read needing ${scope}`, rateClass: 'read', scope,
    responses: { 200: { description: 'ok', schema: Joi.object() } },
    handler: async () => ({ status: 200, body: { data: [] } }),
  });
}

/** GET /test/peer: the socket peer as Node saw it and the client address auth settled on. */
export function peerProbe(): RouteDefinition {
  return defineRoute({
    release: 'available', method: 'GET', path: '/test/peer', family: 'test', migration: 'Migration20261121000100Foundation',
    summary: 'Test: the caller address', rateClass: 'read', walletGate: false,
    responses: { 200: { description: 'addresses', schema: Joi.object() } },
    handler: async ({ ctx, auth }) => ({ status: 200, body: { socket: ctx.req.socket.remoteAddress, client: auth.clientAddress } }),
  });
}
