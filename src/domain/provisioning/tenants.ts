import type { Em } from '../../db/em.js';
import { Tenant } from '../../entities/tenant.js';
import { Wallet } from '../../entities/wallet.js';
import { newId } from '../../ids.js';
import { PLAN_FEATURES } from '../access/scopes.js';

export class ProvisioningError extends Error {}

/** `none` -> no features; undefined -> the full plan (api_access and every module). */
export function parseFeatures(text: string | undefined): string[] {
  if (text === undefined) return [...PLAN_FEATURES];
  if (text.trim() === 'none') return [];
  const features = text.split(',').map((f) => f.trim()).filter(Boolean);
  const unknown = features.filter((f) => !PLAN_FEATURES.includes(f));
  if (unknown.length) throw new ProvisioningError(`unknown feature(s) ${unknown.join(', ')}; known: ${PLAN_FEATURES.join(', ')}, or none`);
  return [...new Set(features)];
}

export async function createTenant(em: Em, input: { name: string; features: string[]; lowThresholdRub: string }, now: Date): Promise<Tenant> {
  if (!input.name.trim()) throw new ProvisioningError('a tenant needs a name');
  const tenant = em.create(Tenant, {
    id: newId(), name: input.name.trim(), status: 'active', features: input.features, crmMode: 'internal', createdAt: now, updatedAt: now,
  });
  em.create(Wallet, { tenantId: tenant.id, balanceRub: '0.00', blocked: false, lowThresholdRub: input.lowThresholdRub, updatedAt: now });
  await em.flush();
  return tenant;
}

export async function findTenant(em: Em, id: string): Promise<Tenant> {
  const tenant = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Tenant, { id }) : null;
  if (!tenant) throw new ProvisioningError(`no tenant ${id}`);
  return tenant;
}

export async function setTenantStatus(em: Em, id: string, status: 'active' | 'inactive', now: Date): Promise<Tenant> {
  const tenant = await findTenant(em, id);
  tenant.status = status;
  tenant.updatedAt = now;
  await em.flush();
  return tenant;
}
