import type { Em } from '../../db/em.js';
import { DisclosureLogEntry, type Disclosure } from '../../entities/disclosure.js';
import { newId } from '../../ids.js';

export type { Disclosure };

export interface DisclosureContext {
  tenantId: string;
  integrationId: string;
  keyId: string | null;
  channel: 'api' | 'webhook';
  requestId: string | null;
  route: string;
  recipientCountry: string | null;
}

/**
 * Writes disclosure rows in the caller's transaction; a failure must fail the read. A log
 * that cannot take the rows within two seconds (locked, full) counts as not writable.
 */
export async function logDisclosures(em: Em, context: DisclosureContext, disclosures: Disclosure[], now: Date): Promise<void> {
  await em.execute(`set local lock_timeout = '2s'`);
  for (const d of disclosures) {
    em.create(DisclosureLogEntry, {
      id: newId(),
      tenantId: context.tenantId,
      integrationId: context.integrationId,
      keyId: context.keyId,
      channel: context.channel,
      requestId: context.requestId,
      route: context.route,
      resourceType: d.resourceType,
      resourceIds: d.resourceIds,
      recipientCountry: context.recipientCountry,
      occurredAt: now,
    });
  }
  await em.flush();
}
