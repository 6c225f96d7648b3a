import type { Em } from '../../db/em.js';
import type { Config } from '../../config.js';
import { ApiKey, type KeyMode } from '../../entities/api-key.js';
import { Integration } from '../../entities/integration.js';
import { Tenant } from '../../entities/tenant.js';
import type { ErrorCode } from '../../errors/catalogue.js';
import { effectiveScopes } from '../access/scopes.js';
import { refusalOfIssuedKey, refusalOfKeyText, refusalOfOwners } from '../access/key-standing.js';

/**
 * What support is given for a key: its key id (`key_` and 20 letters or digits) or its
 * visible prefix (`sk_live_ru_` and the same 20: the key without its secret). A whole key
 * pasted by mistake is read as its prefix: its secret is neither kept nor shown.
 */
const KEY_ID = /^key_([0-9A-Za-z]{20})$/;
const KEY_PREFIX = /^sk_(live|test)_(ru|en|id)_([0-9A-Za-z]{20})(?:_[0-9A-Za-z]*)?$/;

export interface KeyReference {
  keyId: string;
  /** Mode and cell as the prefix says (a key id alone says neither). */
  prefix: { mode: KeyMode; cell: string } | null;
}

export function keyReferenceOf(text: string): KeyReference | null {
  const q = text.trim();
  const byId = KEY_ID.exec(q);
  if (byId) return { keyId: q, prefix: null };
  const byPrefix = KEY_PREFIX.exec(q);
  if (byPrefix) return { keyId: `key_${byPrefix[3]}`, prefix: { mode: byPrefix[1] as KeyMode, cell: byPrefix[2]! } };
  return null;
}

/** Why a caller with this key is refused: the api's reasons (src/domain/access/key-standing.ts), without the secret's. */
export type KeyVerdict =
  | { accepted: true }
  | { accepted: false; reason: 'unknown' | 'revoked' | 'expired' | 'wrong_cell' | 'test_keys_off' | 'integration_inactive' | 'tenant_inactive' | 'feature_not_in_plan'; code: ErrorCode; text: string };

export interface KeyStory {
  reference: KeyReference;
  key: ApiKey | null;
  integration: Integration | null;
  tenant: Tenant | null;
  /** The scopes the key's calls carry (the integration's, within its owner's permissions and the plan). */
  scopes: string[];
  verdict: KeyVerdict;
}

/**
 * A key as the api sees it, in the api's order: its text (test keys off, wrong cell), whether
 * it was issued here (unknown), revoked, expired, then its integration and tenant. A wrong
 * secret is the one reason support cannot see: it shows as accepted, with the request log
 * (refused `wrong_secret`) to tell.
 */
export async function keyStory(em: Em, config: Pick<Config, 'cell' | 'releasedLabels'>, reference: KeyReference, now: Date): Promise<KeyStory> {
  const key = await em.findOne(ApiKey, { keyId: reference.keyId });
  const integration = key ? await em.findOne(Integration, { id: key.integrationId }) : null;
  const tenant = key ? await em.findOne(Tenant, { id: key.tenantId }) : null;
  const scopes = integration && tenant ? effectiveScopes(integration.scopes, integration.ownerPermissions, tenant.features) : [];
  return { reference, key, integration, tenant, scopes, verdict: verdictOf(config, reference, key, integration, tenant, now) };
}

function verdictOf(config: Pick<Config, 'cell' | 'releasedLabels'>, ref: KeyReference, key: ApiKey | null, integration: Integration | null, tenant: Tenant | null, now: Date): KeyVerdict {
  const text = key ? { mode: key.mode, cell: key.cell } : ref.prefix;
  const byText = text ? refusalOfKeyText(text, config) : null;
  if (byText === 'test_keys_off') return { accepted: false, reason: byText, code: 'invalid_api_key', text: 'A test key, and test keys are off in this cell (RELEASED_LABELS has no planned): every test key is refused.' };
  if (byText === 'wrong_cell') return { accepted: false, reason: byText, code: 'wrong_cell', text: `The key belongs to the ${text!.cell} cell, not this one (${config.cell}): the api answers wrong_cell with that cell's base URL.` };
  if (!key || !integration || !tenant) return { accepted: false, reason: 'unknown', code: 'invalid_api_key', text: `No key ${ref.keyId} was issued in this cell (or it was removed).` };
  const standing = refusalOfIssuedKey(key, now);
  if (standing === 'revoked') return { accepted: false, reason: standing, code: 'invalid_api_key', text: `Revoked at ${key.revokedAt!.toISOString()} (who revoked it is not recorded).` };
  if (standing === 'expired') return { accepted: false, reason: standing, code: 'invalid_api_key', text: `Expired at ${key.expiresAt.toISOString()}. The integration needs a new key.` };
  const owners = refusalOfOwners(integration, tenant);
  if (owners) return { accepted: false, reason: owners.code as 'integration_inactive', code: owners.code, text: owners.detail };
  return { accepted: true };
}
