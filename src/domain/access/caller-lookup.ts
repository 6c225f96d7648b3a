import type { Orm } from '../../db/em.js';
import { queryPrepared } from '../../db/prepared.js';
import type { ApiKey } from '../../entities/api-key.js';
import type { Integration } from '../../entities/integration.js';
import type { Tenant } from '../../entities/tenant.js';
import { walletColumns, walletViewOf, withinWalletDeadline, type WalletRow, type WalletView } from '../wallet/wallet-reader.js';

/** What authentication needs to know about a key, its integration and tenant. */
export interface Caller {
  key: Pick<ApiKey, 'keyId' | 'secretHash' | 'mode' | 'expiresAt' | 'ipAllowlist' | 'revokedAt'>;
  integration: Pick<Integration, 'id' | 'name' | 'status' | 'scopes' | 'ownerPermissions' | 'ownerActive' | 'ipAllowlist' | 'hostingCountry' | 'transferBasis' | 'dailySpendLimitRub'>;
  tenant: Pick<Tenant, 'id' | 'name' | 'status' | 'features' | 'crmMode'>;
  channelId: string | null;
  /** The live tenant and integration a test key's shadows stand for (src/domain/sandbox/shadows.ts); a live key's own. */
  owners: { tenantId: string; integrationId: string };
}

/** A caller as looked up, with its wallet when the lookup read it too. */
export interface FoundCaller {
  caller: Caller;
  wallet: WalletView | null;
}

interface CallerRow extends Partial<WalletRow> {
  key_id: string; secret_hash: string; mode: 'live' | 'test'; expires_at: string; key_ip_allowlist: string[] | null; revoked_at: string | null;
  integration_id: string; integration_name: string; integration_status: Integration['status']; scopes: string[]; owner_permissions: string[];
  owner_active: boolean; ip_allowlist: string[] | null; hosting_country: string | null; transfer_basis: string | null; daily_spend_limit_rub: string | null;
  tenant_id: string; tenant_name: string; tenant_status: Tenant['status']; features: string[]; crm_mode: string;
  channel_id: string | null; live_tenant_id: string; live_integration_id: string;
}

/**
 * Key ($1), integration, tenant, the api channel and the live owners, and with `withWallet`
 * the tenant's wallet and today's spend of the integration (now: $2), in one statement. The
 * live owners are read through to_jsonb only for test keys: a live key's are its own rows.
 */
function callerSql(withWallet: boolean): string {
  return `select k.key_id, k.secret_hash, k.mode, k.expires_at, k.ip_allowlist as key_ip_allowlist, k.revoked_at,
            i.id as integration_id, i.name as integration_name, i.status as integration_status, i.scopes, i.owner_permissions,
            i.owner_active, i.ip_allowlist, i.hosting_country, i.transfer_basis, i.daily_spend_limit_rub,
            t.id as tenant_id, t.name as tenant_name, t.status as tenant_status, t.features, t.crm_mode,
            (select c.id from channels c where c.integration_id = i.id and c.type = 'api') as channel_id,
            case when k.mode = 'test' then coalesce(to_jsonb(t) ->> 'live_tenant_id', t.id::text) else t.id::text end as live_tenant_id,
            case when k.mode = 'test' then coalesce(to_jsonb(i) ->> 'live_integration_id', i.id::text) else i.id::text end as live_integration_id
            ${withWallet ? `, ${walletColumns('k.tenant_id', 'k.integration_id', '$2::timestamptz')}` : ''}
       from api_keys k
       join integrations i on i.id = k.integration_id
       join tenants t on t.id = k.tenant_id
       ${withWallet ? 'left join wallets w on w.tenant_id = k.tenant_id' : ''}
      where k.key_id = $1`;
}

function callerOf(r: CallerRow): Caller {
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
    owners: { tenantId: r.live_tenant_id, integrationId: r.live_integration_id },
  };
}

const CALLER_SQL = callerSql(false);
const CALLER_WITH_WALLET_SQL = callerSql(true);

/** Key, integration, tenant and the api channel in one round trip (a prepared statement: it runs on every cold request). */
export async function findCaller(orm: Orm, keyId: string): Promise<Caller | null> {
  const [row] = await queryPrepared<CallerRow>(orm, 'caller', CALLER_SQL, [keyId]);
  return row ? callerOf(row) : null;
}

export interface WalletReading {
  now: Date;
  /** WALLET_READ_TIMEOUT_MS: a wallet not read by then is `unknown`. */
  timeoutMs: number;
}

/**
 * The cold path of every request: the caller and its wallet in one round trip. When that
 * statement does not answer within the wallet's deadline (the wallets table locked, the
 * database slow) the caller alone is read in a second one and the wallet is `unknown`, as a
 * late wallet read is anywhere else (src/domain/wallet/wallet-reader.ts).
 */
export async function findCallerWithWallet(orm: Orm, keyId: string, reading: WalletReading): Promise<FoundCaller | null> {
  const query = queryPrepared<CallerRow>(orm, 'caller-with-wallet', CALLER_WITH_WALLET_SQL, [keyId, reading.now.toISOString()]).then((rows) => ({ row: rows[0] }));
  const answered = await withinWalletDeadline(query, reading.timeoutMs);
  if (answered) return answered.row ? { caller: callerOf(answered.row), wallet: walletViewOf(answered.row as WalletRow) } : null;
  const caller = await findCaller(orm, keyId);
  return caller ? { caller, wallet: walletViewOf(undefined) } : null;
}
