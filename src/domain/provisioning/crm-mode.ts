import type { Em } from '../../db/em.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { ProvisioningError, findTenant } from './tenants.js';

/** `internal` (the platform works hot leads itself) or the name of an external CRM (hubspot, amocrm, ...). */
export const CRM_MODE = /^[a-z0-9_-]{1,40}$/;

export function parseCrmMode(text: string): string {
  const mode = text.trim().toLowerCase();
  if (!CRM_MODE.test(mode)) throw new ProvisioningError('--mode is internal or the name of an external CRM: lowercase latin letters, digits, _ and -, at most 40');
  return mode;
}

/** Sets the tenant's CRM mode (spec 01 Me.crm_mode); a real change raises crm.mode_changed. */
export async function setCrmMode(em: Em, tenantId: string, mode: string, now: Date): Promise<{ id: string; crm_mode: string; previous_crm_mode: string; changed: boolean }> {
  const tenant = await findTenant(em, tenantId);
  const previous = tenant.crmMode;
  if (previous === mode) return { id: tenant.id, crm_mode: mode, previous_crm_mode: previous, changed: false };
  tenant.crmMode = mode;
  tenant.updatedAt = now;
  recordEvent(em, { tenantId: tenant.id, type: 'crm.mode_changed', ...EVENTS['crm.mode_changed']({ crm_mode: mode, previous_crm_mode: previous }) }, now);
  await em.flush();
  return { id: tenant.id, crm_mode: mode, previous_crm_mode: previous, changed: true };
}
