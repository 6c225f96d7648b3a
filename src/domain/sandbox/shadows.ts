import type { Em } from '../../db/em.js';
import { newId } from '../../ids.js';
import { ProvisioningError, findTenant } from '../provisioning/tenants.js';
import { findIntegration } from '../provisioning/integrations.js';
import { postToLedger } from '../wallet/ledger.js';

/**
 * The test money a new sandbox starts with, in RUB: as in Stripe's test mode, trying a paid
 * call never needs a top-up first. A 402 is tried on purpose with `bin/ctl wallet set-balance --sandbox`.
 */
export const SANDBOX_TEST_MONEY_RUB = '10000.00';

/**
 * Test mode as a shadow tenant (docs/decisions.md, "Test mode"): a live tenant's sandbox is a
 * tenant row of its own (`live_tenant_id` names the live one), and a test key belongs to a
 * shadow of its live integration in it. A test key authenticates into the shadow tenant, so
 * every tenant- or integration-scoped query, limit, idempotency key, wallet and webhook is the
 * sandbox's without a filter of its own. The migration's triggers keep the shadows' access
 * fields the live rows'.
 */

/** The sandbox (shadow) tenant of a live tenant, or null when none was made yet. */
export async function sandboxOf(em: Em, liveTenantId: string): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>('select id from tenants where live_tenant_id = ?', [liveTenantId]);
  return row?.id ?? null;
}

/** True when the tenant is a sandbox (its rows are test data). */
export async function isSandbox(em: Em, tenantId: string): Promise<boolean> {
  const [row] = await em.execute<{ sandbox: boolean }[]>('select live_tenant_id is not null as sandbox from tenants where id = ?', [tenantId]);
  return row?.sandbox ?? false;
}

/** True when the operation is a sandbox's (its work uses the sandbox's model). */
export async function operationInSandbox(em: Em, operationId: string): Promise<boolean> {
  const [row] = await em.execute<{ sandbox: boolean }[]>(
    'select t.live_tenant_id is not null as sandbox from operations o join tenants t on t.id = o.tenant_id where o.id = ?', [operationId]);
  return row?.sandbox ?? false;
}

/** Refuses a sandbox row where a live one is meant (they are reached through the live one). */
export async function refuseShadow(em: Em, table: 'tenants' | 'integrations', id: string): Promise<void> {
  const column = table === 'tenants' ? 'live_tenant_id' : 'live_integration_id';
  // Read through to_jsonb: a live key is still issued where the migration has not run yet.
  const [row] = await em.execute<{ live: string | null }[]>(`select to_jsonb(r) ->> '${column}' as live from ${table} r where id = ?`, [id]);
  if (row?.live) throw new ProvisioningError(`${id} is a sandbox ${table === 'tenants' ? 'tenant' : 'integration'}; name the live one (${row.live})`);
}

/** The live tenant's sandbox, made on first use with SANDBOX_TEST_MONEY_RUB in its wallet of test money (a ledger top-up). */
export async function ensureSandbox(em: Em, liveTenantId: string, now: Date): Promise<string> {
  const live = await findTenant(em, liveTenantId);
  await refuseShadow(em, 'tenants', live.id);
  const existing = await sandboxOf(em, live.id);
  if (existing) return existing;
  const id = newId();
  await em.execute(
    `insert into tenants (id, name, status, features, crm_mode, spend_limits, primary_domain, live_tenant_id, created_at, updated_at)
     select ?, name, status, features, crm_mode, spend_limits, primary_domain, id, ?, ? from tenants where id = ?`,
    [id, now, now, live.id],
  );
  await em.execute(
    `insert into wallets (tenant_id, balance_rub, blocked, low_threshold_rub, updated_at)
     select ?, 0, false, low_threshold_rub, ? from wallets where tenant_id = ?`,
    [id, now, live.id],
  );
  await postToLedger(em, { tenantId: id, kind: 'topup', amountRub: SANDBOX_TEST_MONEY_RUB, description: 'test money of a new sandbox' }, now);
  return id;
}

/** The shadow of a live integration in its tenant's sandbox (with its own api channel), made on first use. */
export async function ensureShadowIntegration(em: Em, liveIntegrationId: string, now: Date): Promise<{ integrationId: string; tenantId: string }> {
  const live = await findIntegration(em, liveIntegrationId);
  await refuseShadow(em, 'integrations', live.id);
  const tenantId = await ensureSandbox(em, live.tenantId, now);
  const [existing] = await em.execute<{ id: string }[]>('select id from integrations where live_integration_id = ?', [live.id]);
  if (existing) return { integrationId: existing.id, tenantId };
  const integrationId = newId();
  await em.execute(
    `insert into integrations (id, tenant_id, name, status, scopes, owner_permissions, owner_active, ip_allowlist, hosting_country,
                               transfer_basis, daily_spend_limit_rub, live_integration_id, created_at, updated_at)
     select ?, ?, name, status, scopes, owner_permissions, owner_active, ip_allowlist, hosting_country,
            transfer_basis, daily_spend_limit_rub, id, ?, ? from integrations where id = ?`,
    [integrationId, tenantId, now, now, live.id],
  );
  await em.execute(
    `insert into channels (id, tenant_id, integration_id, type, name, settings, created_at)
     select ?, ?, ?, type, name, settings, ? from channels where integration_id = ? and type = 'api'`,
    [newId(), tenantId, integrationId, now, live.id],
  );
  return { integrationId, tenantId };
}
