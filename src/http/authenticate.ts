import type { Context } from 'koa';
import type { Services } from '../services.js';
import { apiKeyMatches, parseApiKey } from '../domain/access/api-key-format.js';
import { API_ACCESS, effectiveScopes, type Scope } from '../domain/access/scopes.js';
import { addressAllowed, clientAddress } from '../domain/access/ip-rules.js';
import type { RateLimits } from '../domain/access/rate-limits.js';
import type { Payer } from '../domain/operations/paid-admission.js';
import type { WalletView } from '../domain/wallet/wallet-reader.js';
import { domainError } from '../errors/domain-error.js';
import { admitKeyLookup, invalidKey, refusedKey, refusedKeysGate } from './refused-keys.js';
import type { WindowGate } from './rate-limit.js';

/** The caller of a request, as GET /me shows it. */
export interface AuthContext {
  key: { keyId: string; mode: 'live' | 'test'; expiresAt: Date; ipAllowlist: string[] | null };
  /** A test key's tenant is the live tenant's sandbox (a shadow tenant): livemode false. */
  tenant: { id: string; name: string; features: string[]; crmMode: string; livemode: boolean };
  integration: {
    id: string;
    name: string;
    ipAllowlist: string[] | null;
    hostingCountry: string | null;
    transferBasis: string | null;
    dailySpendLimitRub: string | null;
  };
  channelId: string | null;
  /** The live tenant and integration: a test key's shadows stand for them (GET /me shows them); a live key's are its own. */
  owners: { tenantId: string; integrationId: string };
  scopes: Scope[];
  limits: RateLimits;
  clientAddress: string;
}

/** An authenticated request: its caller, and its wallet when the caller's lookup read it just now. */
export interface Authenticated {
  auth: AuthContext;
  wallet: WalletView | null;
  /**
   * When this request looked its key up: its address's refused keys, asked in the round trip
   * that counts its rate class (src/http/refused-keys.ts); null for a key the process held.
   */
  gate: WindowGate | null;
}

/** The payer of an API caller's paid work: its integration, within its limits. */
export function payerOfApiCaller(auth: AuthContext): Payer {
  return {
    tenantId: auth.tenant.id,
    integrationId: auth.integration.id,
    channelId: null,
    visitorAddress: null,
    limits: auth.limits,
    aiAllowed: auth.scopes.includes('ai_seller:invoke'),
    livemode: auth.tenant.livemode,
  };
}

/**
 * Key -> integration -> tenant from services.callers (a test key's are the sandbox shadows,
 * see src/domain/sandbox/shadows.ts) (cached for AUTH_CACHE_MS; an announced
 * access change drops it at once). The secret is compared against the stored hash on every
 * request, cached or not. A well-formed key that is refused counts against the client address
 * (src/http/refused-keys.ts): beyond its limit the address waits (429): before the lookup
 * when this process knows it, else with the rate-limit count (the returned gate).
 * A lookup reads the wallet in the same statement (src/domain/access/caller-lookup.ts).
 */
export class Authenticator {
  constructor(private readonly services: Services) {}

  async authenticate(ctx: Context): Promise<Authenticated> {
    const { config, clock } = this.services;
    const header = ctx.get('authorization');
    // The scheme name is case-insensitive (RFC 9110 §11.1).
    const match = /^Bearer +(\S+)$/i.exec(header);
    if (!match) throw invalidKey();
    const apiKey = match[1]!;
    const parsed = parseApiKey(apiKey);
    if (!parsed) throw invalidKey();
    // Test keys and the sandbox are Planned in the spec: where planned is off, a test key is no key.
    if (parsed.mode === 'test' && !config.releasedLabels.includes('planned')) throw invalidKey();
    if (parsed.cell !== config.cell) {
      throw domainError('wrong_cell', `This key belongs to the ${parsed.cell} cell; send it to that cell's base URL.`, {
        correct_base_url: config.cellBaseUrls[parsed.cell],
      });
    }
    const address = clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, config.trustedProxies);
    let lookedUp = false;
    const found = await this.services.callers.get(parsed.keyId, () => {
      lookedUp = true;
      return admitKeyLookup(this.services, address);
    });
    const caller = found?.caller;
    if (!caller || !apiKeyMatches(apiKey, caller.key.secretHash, config.secrets.apiKeyPepper)) throw await refusedKey(this.services, address);
    const { key, integration, tenant } = caller;
    if (key.revokedAt || key.expiresAt.getTime() <= clock.now().getTime()) throw await refusedKey(this.services, address);
    if (integration.status !== 'active' || !integration.ownerActive) {
      throw domainError('integration_inactive', `The integration is ${integration.ownerActive ? integration.status : 'inactive: its owner lost access'}.`);
    }
    if (tenant.status !== 'active') throw domainError('tenant_inactive', 'The account is not active.');
    if (!tenant.features.includes(API_ACCESS)) throw domainError('feature_not_in_plan', 'The plan does not include API access.');

    for (const [list, owner] of [[key.ipAllowlist, 'key'], [integration.ipAllowlist, 'integration']] as const) {
      if (list && list.length && !addressAllowed(address, list)) {
        throw domainError('ip_not_allowed', `The address ${address} is not in the ${owner}'s IP allowlist.`);
      }
    }
    const { limits } = config;
    const auth: AuthContext = {
      key: { keyId: key.keyId, mode: key.mode, expiresAt: key.expiresAt, ipAllowlist: key.ipAllowlist ?? null },
      tenant: { id: tenant.id, name: tenant.name, features: tenant.features, crmMode: tenant.crmMode, livemode: key.mode === 'live' },
      integration: {
        id: integration.id,
        name: integration.name,
        ipAllowlist: integration.ipAllowlist ?? null,
        hostingCountry: integration.hostingCountry ?? null,
        transferBasis: integration.transferBasis ?? null,
        dailySpendLimitRub: integration.dailySpendLimitRub ?? null,
      },
      channelId: caller.channelId,
      owners: caller.owners,
      scopes: effectiveScopes(integration.scopes, integration.ownerPermissions, tenant.features),
      limits: {
        read_per_min: limits.readPerMin,
        write_per_min: limits.writePerMin,
        paid_per_min: limits.paidPerMin,
        paid_concurrency: limits.paidConcurrency,
      },
      clientAddress: address,
    };
    return { auth, wallet: found.wallet, gate: lookedUp ? refusedKeysGate(this.services, address) : null };
  }
}
