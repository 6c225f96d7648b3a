import type { Em } from '../../db/orm.js';
import type { ApiKey } from '../../entities/api-key.js';
import type { Integration } from '../../entities/integration.js';
import type { Tenant } from '../../entities/tenant.js';

/** What authentication needs to know about a key, its integration and tenant. */
export interface Caller {
  key: Pick<ApiKey, 'keyId' | 'secretHash' | 'mode' | 'expiresAt' | 'ipAllowlist' | 'revokedAt'>;
  integration: Pick<Integration, 'id' | 'name' | 'status' | 'scopes' | 'ownerPermissions' | 'ownerActive' | 'ipAllowlist' | 'hostingCountry' | 'transferBasis' | 'dailySpendLimitRub'>;
  tenant: Pick<Tenant, 'id' | 'name' | 'status' | 'features' | 'crmMode'>;
  channelId: string | null;
}

interface CallerRow {
  key_id: string; secret_hash: string; mode: 'live' | 'test'; expires_at: string; key_ip_allowlist: string[] | null; revoked_at: string | null;
  integration_id: string; integration_name: string; integration_status: Integration['status']; scopes: string[]; owner_permissions: string[];
  owner_active: boolean; ip_allowlist: string[] | null; hosting_country: string | null; transfer_basis: string | null; daily_spend_limit_rub: string | null;
  tenant_id: string; tenant_name: string; tenant_status: Tenant['status']; features: string[]; crm_mode: string;
  channel_id: string | null;
}

/** Key, integration, tenant and the api channel in one round trip (the cold path of every request). */
export async function findCaller(em: Em, keyId: string): Promise<Caller | null> {
  const [r] = await em.execute<CallerRow[]>(
    `select k.key_id, k.secret_hash, k.mode, k.expires_at, k.ip_allowlist as key_ip_allowlist, k.revoked_at,
            i.id as integration_id, i.name as integration_name, i.status as integration_status, i.scopes, i.owner_permissions,
            i.owner_active, i.ip_allowlist, i.hosting_country, i.transfer_basis, i.daily_spend_limit_rub,
            t.id as tenant_id, t.name as tenant_name, t.status as tenant_status, t.features, t.crm_mode,
            (select c.id from channels c where c.integration_id = i.id and c.type = 'api') as channel_id
       from api_keys k
       join integrations i on i.id = k.integration_id
       join tenants t on t.id = k.tenant_id
      where k.key_id = ?`,
    [keyId],
  );
  if (!r) return null;
  return {
    key: {
      keyId: r.key_id, secretHash: r.secret_hash, mode: r.mode, expiresAt: new Date(r.expires_at),
      ipAllowlist: r.key_ip_allowlist, revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
    },
    integration: {
      id: r.integration_id, name: r.integration_name, status: r.integration_status, scopes: r.scopes, ownerPermissions: r.owner_permissions,
      ownerActive: r.owner_active, ipAllowlist: r.ip_allowlist, hostingCountry: r.hosting_country, transferBasis: r.transfer_basis,
      dailySpendLimitRub: r.daily_spend_limit_rub,
    },
    tenant: { id: r.tenant_id, name: r.tenant_name, status: r.tenant_status, features: r.features, crmMode: r.crm_mode },
    channelId: r.channel_id,
  };
}
