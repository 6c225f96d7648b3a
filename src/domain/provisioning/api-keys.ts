import type { Em } from '../../db/em.js';
import type { Cell } from '../../config.js';
import { ApiKey, type KeyMode } from '../../entities/api-key.js';
import { generateApiKey, hashApiKey } from '../access/api-key-format.js';
import type { IssuedKeys } from '../access/issued-keys.js';
import { ProvisioningError } from './tenants.js';
import { findIntegration } from './integrations.js';
import { ensureShadowIntegration, refuseShadow } from '../sandbox/shadows.js';

export const DEFAULT_KEY_DAYS = 365;

export interface IssueKeyInput {
  integrationId: string;
  mode: KeyMode;
  cell: Cell;
  expiresInDays: number;
  ipAllowlist: string[] | null;
}

export interface IssuedKey {
  key_id: string;
  api_key: string;
  expires_at: string;
}

/**
 * Issues a key; the whole key is returned once and only its hash is stored. A test key belongs
 * to the integration's shadow in the tenant's sandbox (made on first use): it works there only.
 * Its key id joins the index of issued keys before the row is written (src/domain/access/issued-keys.ts).
 */
export async function issueApiKey(em: Em, input: IssueKeyInput, pepper: string, now: Date, issued: Pick<IssuedKeys, 'add'>): Promise<IssuedKey> {
  const live = await findIntegration(em, input.integrationId);
  await refuseShadow(em, 'integrations', live.id);
  if (!Number.isInteger(input.expiresInDays) || input.expiresInDays < 1 || input.expiresInDays > 3650) {
    throw new ProvisioningError('expires-in-days is a whole number from 1 to 3650');
  }
  const integration = input.mode === 'test'
    ? await ensureShadowIntegration(em, live.id, now).then((shadow) => ({ id: shadow.integrationId, tenantId: shadow.tenantId }))
    : live;
  const { apiKey, keyId } = generateApiKey(input.mode, input.cell);
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  await issued.add(keyId);
  em.create(ApiKey, {
    keyId,
    integrationId: integration.id,
    tenantId: integration.tenantId,
    secretHash: hashApiKey(apiKey, pepper),
    mode: input.mode,
    cell: input.cell,
    expiresAt,
    ipAllowlist: input.ipAllowlist,
    revokedAt: null,
    createdAt: now,
  });
  await em.flush();
  return { key_id: keyId, api_key: apiKey, expires_at: expiresAt.toISOString() };
}

export async function revokeApiKey(em: Em, keyId: string, now: Date): Promise<{ key_id: string; revoked_at: string }> {
  const key = await em.findOne(ApiKey, { keyId });
  if (!key) throw new ProvisioningError(`no key ${keyId}`);
  key.revokedAt ??= now;
  await em.flush();
  return { key_id: key.keyId, revoked_at: key.revokedAt.toISOString() };
}
