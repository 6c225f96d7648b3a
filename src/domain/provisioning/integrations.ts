import type { Em } from '../../db/em.js';
import { Integration, type IntegrationStatus } from '../../entities/integration.js';
import { Channel } from '../../entities/channel.js';
import { newId } from '../../ids.js';
import { SCOPES, isScope } from '../access/scopes.js';
import { isValidAllowlistEntry } from '../access/ip-rules.js';
import { ProvisioningError, findTenant } from './tenants.js';

export function parseScopes(text: string): string[] {
  if (text.trim() === 'all') return [...SCOPES];
  const scopes = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length) throw new ProvisioningError(`unknown scope(s) ${unknown.join(', ')}; known: ${SCOPES.join(', ')}, or all`);
  return [...new Set(scopes)];
}

export function parseAllowlist(text: string | undefined): string[] | null {
  if (text === undefined) return null;
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isValidAllowlistEntry(e));
  if (bad.length) throw new ProvisioningError(`not an IP address or CIDR network: ${bad.join(', ')}`);
  // An empty list would read as "any address" while looking like "none": store no list.
  return entries.length ? entries : null;
}

export interface IntegrationInput {
  /** Only for fixed demo data; otherwise a new id. */
  id?: string;
  tenantId: string;
  name: string;
  scopes: string[];
  /** The owner's permissions; by default the owner holds every scope. */
  ownerPermissions?: string[];
  ipAllowlist?: string[] | null;
  hostingCountry?: string | null;
  transferBasis?: string | null;
  dailySpendLimitRub?: string | null;
}

/** Creates an integration and its `api` chat channel. */
export async function createIntegration(em: Em, input: IntegrationInput, now: Date): Promise<{ integration: Integration; channel: Channel }> {
  await findTenant(em, input.tenantId);
  if (!input.name.trim()) throw new ProvisioningError('an integration needs a name');
  if (input.hostingCountry && !/^[A-Z]{2}$/.test(input.hostingCountry)) throw new ProvisioningError('hosting country is an ISO 3166 alpha-2 code such as RU');
  const integration = em.create(Integration, {
    id: input.id ?? newId(),
    tenantId: input.tenantId,
    name: input.name.trim(),
    status: 'active',
    scopes: input.scopes,
    ownerPermissions: input.ownerPermissions ?? [...SCOPES],
    ownerActive: true,
    ipAllowlist: input.ipAllowlist ?? null,
    hostingCountry: input.hostingCountry ?? null,
    transferBasis: input.transferBasis ?? null,
    dailySpendLimitRub: input.dailySpendLimitRub ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const channel = em.create(Channel, {
    id: newId(), tenantId: input.tenantId, integrationId: integration.id, type: 'api', name: `${integration.name} (API)`, settings: {}, createdAt: now,
  });
  await em.flush();
  return { integration, channel };
}

export async function findIntegration(em: Em, id: string): Promise<Integration> {
  const integration = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Integration, { id }) : null;
  if (!integration) throw new ProvisioningError(`no integration ${id}`);
  return integration;
}

export async function setIntegrationStatus(em: Em, id: string, status: IntegrationStatus, now: Date): Promise<Integration> {
  const integration = await findIntegration(em, id);
  integration.status = status;
  integration.updatedAt = now;
  await em.flush();
  return integration;
}

/**
 * Replaces an integration's scopes (issue 9 item 1: narrowing them stops what they no longer
 * cover, webhooks included, at the next look).
 */
export async function setIntegrationScopes(em: Em, id: string, scopes: string[], now: Date): Promise<Integration> {
  if (!scopes.length) throw new ProvisioningError('an integration needs at least one scope');
  const integration = await findIntegration(em, id);
  integration.scopes = scopes;
  integration.updatedAt = now;
  await em.flush();
  return integration;
}
