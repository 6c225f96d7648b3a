import type { Context } from 'koa';
import type { Services } from '../services.js';
import { apiKeyMatches, parseApiKey } from '../domain/access/api-key-format.js';
import { effectiveScopes, type Scope } from '../domain/access/scopes.js';
import { refusalOfIssuedKey, refusalOfKeyText, refusalOfOwners, type KeyRefusal } from '../domain/access/key-standing.js';
import { addressAllowed, clientAddress } from '../domain/access/ip-rules.js';
import type { RateLimits } from '../domain/access/rate-limits.js';
import type { Payer } from '../domain/operations/paid-admission.js';
import type { WalletView } from '../domain/wallet/wallet-reader.js';
import { domainError } from '../errors/domain-error.js';
import type { Logger } from '../logger.js';
import { invalidKey, refusedKey } from './refused-keys.js';

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

export type { KeyRefusal };

/** The key a request presented, as the request log keeps it (src/domain/support/request-log.ts): set once its key id is readable. */
export interface PresentedKey {
  keyId: string;
  refusal: KeyRefusal | null;
  integrationId?: string;
  tenantId?: string;
}

/**
 * Key -> integration -> tenant from services.callers (a test key's are the sandbox shadows,
 * see src/domain/sandbox/shadows.ts) (cached for AUTH_CACHE_MS; an announced
 * access change drops it at once). A key id that was never issued (services.issuedKeys, no
 * database lookup) is refused before any lookup. The secret is compared against the stored hash
 * on every request, cached or not; only a wrong secret of an issued key counts against the
 * client address (src/http/refused-keys.ts), so a valid key is limited by its rate classes alone.
 * A lookup reads the wallet in the same statement (src/domain/access/caller-lookup.ts).
 * Each refusal writes one log line with its reason and key id (refused()).
 */
export class Authenticator {
  constructor(private readonly services: Services) {}

  async authenticate(ctx: Context): Promise<Authenticated> {
    const { config, clock } = this.services;
    const header = ctx.get('authorization');
    // The scheme name is case-insensitive (RFC 9110 §11.1).
    const match = /^Bearer +(\S+)$/i.exec(header);
    if (!match) throw refused(ctx, header ? 'malformed' : 'missing', null);
    const apiKey = match[1]!;
    const parsed = parseApiKey(apiKey);
    if (!parsed) throw refused(ctx, 'malformed', null);
    const { keyId } = parsed;
    ctx.state.presentedKey = { keyId, refusal: null } satisfies PresentedKey;
    const byText = refusalOfKeyText(parsed, config);
    if (byText === 'test_keys_off') throw refused(ctx, byText, keyId);
    if (byText === 'wrong_cell') {
      logRefusal(ctx, 'wrong_cell', keyId);
      throw domainError('wrong_cell', `This key belongs to the ${parsed.cell} cell; send it to that cell's base URL.`, {
        correct_base_url: config.cellBaseUrls[parsed.cell],
      });
    }
    const address = clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, config.trustedProxies);
    const found = await this.services.callers.get(keyId, async () => {
      if (!(await this.services.issuedKeys.has(keyId))) throw refused(ctx, 'unknown', keyId);
    });
    if (!found) throw refused(ctx, 'unknown', keyId);
    const { caller } = found;
    if (!apiKeyMatches(apiKey, caller.key.secretHash, config.secrets.apiKeyPepper)) {
      logRefusal(ctx, 'wrong_secret', keyId);
      throw await refusedKey(this.services, address);
    }
    const { key, integration, tenant } = caller;
    Object.assign(ctx.state.presentedKey as PresentedKey, { integrationId: integration.id, tenantId: tenant.id });
    const standing = refusalOfIssuedKey(key, clock.now());
    if (standing) throw refused(ctx, standing, keyId);
    const owners = refusalOfOwners(integration, tenant);
    if (owners) throw owners;

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
    return { auth, wallet: found.wallet };
  }
}

/** The api's log line of a refused key: why, and which key id (null when none was readable). */
function logRefusal(ctx: Context, reason: KeyRefusal, keyId: string | null): void {
  if (ctx.state.presentedKey) (ctx.state.presentedKey as PresentedKey).refusal = reason;
  (ctx.state.log as Logger).info({ reason, key_id: keyId }, 'api key refused');
}

/** A refusal that counts nothing: logged with its reason, answered as every refused key is (401 invalid_api_key). */
function refused(ctx: Context, reason: KeyRefusal, keyId: string | null) {
  logRefusal(ctx, reason, keyId);
  return invalidKey();
}
